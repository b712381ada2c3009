import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { DeleteAccountFormSchema } from "../../../domain/accounts/auth.schema";
import { ConfirmDialog } from "../../components/form/confirm-dialog";
import { FormErrors, PasswordField } from "../../components/form/fields";
import { useSchemaForm } from "../../components/form/use-schema-form";
import type { FormAnswer } from "./account-answers.server";

/**
 * Asks before the account goes for good, with the current password inside the question
 * (the server wants it, so a session left open elsewhere cannot erase the account); then
 * deletes it, signs out and goes home.
 */
export function DeleteAccount({ answered, triggerIcon }: { answered: FormAnswer | undefined; triggerIcon: ReactNode }) {
  const fetcher = useFetcher<FormAnswer>();
  const [form, fields] = useSchemaForm({
    id: "delete",
    schema: DeleteAccountFormSchema,
    lastResult: (fetcher.data ?? answered)?.result,
  });
  return (
    <ConfirmDialog
      name="delete-account"
      trigger={
        <>
          {triggerIcon}
          Delete Account
        </>
      }
      triggerClassName="inline-flex h-11 items-center justify-center gap-2 rounded-full border border-promo px-5 text-sm text-promo hover:bg-promo/5"
      title="Delete your account?"
      question="Your profile, saved cart and wishlist will be removed for good. This cannot be undone. Enter your password to confirm."
      confirmLabel="Delete my account"
      pending={fetcher.state !== "idle"}
      pendingLabel="Deleting..."
      form={({ children, className }) => (
        <fetcher.Form method="post" {...getFormProps(form)} className={className}>
          <input type="hidden" name="intent" value="delete" />
          {/* The field first: opening the question puts the cursor in it. */}
          <PasswordField
            meta={fields.currentPassword}
            label="Current password"
            autoComplete="current-password"
            required
          />
          <div className="mt-3">
            <FormErrors form={form} />
          </div>
          {children}
        </fetcher.Form>
      )}
    />
  );
}
