import * as Dialog from "@radix-ui/react-dialog";
import type { ConfirmPanelProps } from "./use-confirm";

/** A yes-or-no question before something is removed (loaded the first time it is asked). */
export default function ConfirmPanel({ open, onOpenChange, request, returnFocusTo, fallbackFocus }: ConfirmPanelProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <Dialog.Content
          role="alertdialog"
          onCloseAutoFocus={(event) => {
            // Back to the button that asked, or (when its line is gone) to the list.
            event.preventDefault();
            const from = returnFocusTo.current;
            (from?.isConnected ? from : fallbackFocus.current)?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-white p-6 shadow-xl focus:outline-none sm:p-8"
        >
          <Dialog.Title className="font-serif text-2xl leading-snug">{request.title}</Dialog.Title>
          <Dialog.Description className="mt-3 text-stone">{request.description}</Dialog.Description>
          <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Dialog.Close className="h-12 rounded-full border border-ink px-6 text-sm hover:bg-sand">
              {request.cancelLabel}
            </Dialog.Close>
            <button
              type="button"
              onClick={() => {
                onOpenChange(false);
                request.onConfirm();
              }}
              className="h-12 rounded-full bg-ink px-6 text-sm text-white hover:bg-ink/90"
            >
              {request.confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
