import * as Dialog from "@radix-ui/react-dialog";
import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { DeleteAccountSchema } from "../../../domain/accounts/auth.schema";
import { useViewerChanged } from "../../features/accounts/session";
import { api, ApiError } from "../../lib/api-client";
import type { DeferredPanelProps } from "../../components/ui/deferred-dialog";
import { checkForm, type FieldErrors } from "./check-form";
import { PasswordField } from "./form-fields";

/**
 * Asks before the account goes for good, with the current password (the server wants
 * it, so a session left open elsewhere cannot erase the account); then deletes it, signs
 * out and goes home.
 */
export default function DeleteAccountPanel({ open, onOpenChange, returnFocusTo }: DeferredPanelProps) {
  const viewerChanged = useViewerChanged();
  const [currentPassword, setCurrentPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const focusPassword = () => document.getElementById("delete-currentPassword")?.focus();

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setCurrentPassword("");
      setErrors({});
    }
    onOpenChange(next);
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkForm(DeleteAccountSchema, { currentPassword });
    if (!checked.ok) {
      setErrors(checked.errors);
      focusPassword();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await api("/auth/delete", { method: "DELETE", body: checked.data });
      toast.success("Account deleted");
      onOpenChange(false);
      await viewerChanged("/");
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      setErrors(apiError?.errors ?? {});
      if (apiError?.errors?.currentPassword) focusPassword();
      toast.error(apiError?.message || "Failed to delete account. Please try again.");
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={close}>
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
            Your profile, saved cart and wishlist will be removed for good. This cannot be undone. Enter your password
            to confirm.
          </Dialog.Description>
          <form onSubmit={confirm} noValidate aria-busy={busy} className="mt-6">
            <PasswordField
              id="delete-currentPassword"
              label="Current password"
              name="currentPassword"
              autoComplete="current-password"
              required
              value={currentPassword}
              onChange={(event) => setCurrentPassword(event.target.value)}
              error={errors.currentPassword}
            />
            <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Dialog.Close
                type="button"
                disabled={busy}
                className="h-12 rounded-full border border-ink px-6 text-sm hover:bg-sand disabled:opacity-60"
              >
                Keep my account
              </Dialog.Close>
              <button
                type="submit"
                disabled={busy}
                className="h-12 rounded-full bg-promo px-6 text-sm text-white hover:bg-promo/90 disabled:opacity-60"
              >
                {busy ? "Deleting..." : "Delete my account"}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
