import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { PASSWORD_HINT } from "../../../domain/accounts/account-fields.schema";
import { ChangePasswordFormSchema } from "../../../domain/accounts/auth.schema";
import { api, ApiError } from "../../lib/api-client";
import { checkForm, focusFirstError, type FieldErrors } from "./check-form";
import { PasswordField, SubmitButton } from "./form-fields";

type Field = "oldPassword" | "newPassword" | "confirmPassword";
const ORDER: Field[] = ["oldPassword", "newPassword", "confirmPassword"];
const EMPTY: Record<Field, string> = { oldPassword: "", newPassword: "", confirmPassword: "" };

/** Old, new and confirmation; on success the fields clear and the panel closes (SPEC.md §4). */
export function ChangePasswordForm({ onClose }: { onClose(): void }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkForm(ChangePasswordFormSchema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstError("password", ORDER, checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const result = await api<{ message?: string }>("/auth/change-password", {
        method: "PUT",
        body: { oldPassword: checked.data.oldPassword, newPassword: checked.data.newPassword },
      });
      toast.success(result.message || "Password changed successfully.");
      setValues(EMPTY);
      setBusy(false);
      onClose();
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      setErrors(apiError?.errors ?? {});
      toast.error(apiError?.message || "Failed to change password. Please try again.");
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={busy} className="space-y-5">
      <PasswordField
        id="password-oldPassword"
        label="Current password"
        name="oldPassword"
        autoComplete="current-password"
        required
        value={values.oldPassword}
        onChange={set("oldPassword")}
        error={errors.oldPassword}
      />
      <PasswordField
        id="password-newPassword"
        label="New password"
        name="newPassword"
        autoComplete="new-password"
        required
        value={values.newPassword}
        onChange={set("newPassword")}
        error={errors.newPassword}
        hint={PASSWORD_HINT}
      />
      <PasswordField
        id="password-confirmPassword"
        label="Confirm new password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={values.confirmPassword}
        onChange={set("confirmPassword")}
        error={errors.confirmPassword}
      />
      <SubmitButton busy={busy} busyLabel="Updating...">
        Update Password
      </SubmitButton>
    </form>
  );
}
