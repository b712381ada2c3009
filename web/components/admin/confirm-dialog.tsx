/** Every admin deletion asks first (SPEC.md §4). */
import * as Dialog from "@radix-ui/react-dialog";

export function ConfirmDialog({
  open,
  question,
  confirmLabel = "Delete",
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  question: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-white p-6 shadow-xl">
          <Dialog.Title className="font-serif text-xl">Please confirm</Dialog.Title>
          <Dialog.Description className="mt-3 text-stone">{question}</Dialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <Dialog.Close asChild>
              <button type="button" className="rounded-full px-5 py-2.5 text-sm hover:bg-sand" disabled={busy}>
                Cancel
              </button>
            </Dialog.Close>
            <button
              type="button"
              className="rounded-full bg-promo px-5 py-2.5 text-sm text-white hover:bg-promo/90 disabled:opacity-60"
              disabled={busy}
              onClick={onConfirm}
            >
              {busy ? "Deleting..." : confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
