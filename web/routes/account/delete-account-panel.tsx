import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import toast from "react-hot-toast";
import { useViewerChanged } from "../../features/accounts/session";
import { api, ApiError } from "../../lib/api-client";
import type { DeferredPanelProps } from "../../components/ui/deferred-dialog";

/** Asks before the account goes for good; then deletes it, signs out and goes home. */
export default function DeleteAccountPanel({ open, onOpenChange, returnFocusTo }: DeferredPanelProps) {
  const viewerChanged = useViewerChanged();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await api("/auth/delete", { method: "DELETE" });
      toast.success("Account deleted");
      onOpenChange(false);
      await viewerChanged("/");
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.message ? error.message : "Failed to delete account. Please try again.",
      );
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <Dialog.Content
          role="alertdialog"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-white p-6 shadow-xl focus:outline-none sm:p-8"
        >
          <Dialog.Title className="font-serif text-2xl">Delete your account?</Dialog.Title>
          <Dialog.Description className="mt-3 text-stone">
            Your profile, saved cart and wishlist will be removed for good. This cannot be undone.
          </Dialog.Description>
          <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Dialog.Close
              disabled={busy}
              className="h-12 rounded-full border border-ink px-6 text-sm hover:bg-sand disabled:opacity-60"
            >
              Keep my account
            </Dialog.Close>
            <button
              type="button"
              onClick={confirm}
              disabled={busy}
              className="h-12 rounded-full bg-promo px-6 text-sm text-white hover:bg-promo/90 disabled:opacity-60"
            >
              {busy ? "Deleting..." : "Delete my account"}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
