import { useEffect, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { useNavigate } from "react-router";
import { PASSWORD_HINT } from "../../../domain/accounts/account-fields.schema";
import { ResetPasswordFormSchema } from "../../../domain/accounts/auth.schema";
import { useViewerChanged } from "../../features/accounts/session";
import { api, ApiError } from "../../lib/api-client";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/reset-password";
import { AuthScreen } from "./auth-screen";
import { checkForm, focusFirstError, type FieldErrors } from "./check-form";
import { PasswordField, SubmitButton } from "./form-fields";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seoMeta(matches, {
    title: "Reset password",
    description: "Choose a new password for your account.",
    // Never the token: it must not end up in a canonical link or a preview.
    path: "/reset-password",
    noindex: true,
  }),
  // Nor in the Referer header of anything this page loads or links to.
  { name: "referrer", content: "no-referrer" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

type Field = "newPassword" | "confirmPassword";
const ORDER: Field[] = ["newPassword", "confirmPassword"];

export default function ResetPassword({ params }: Route.ComponentProps) {
  const token = params.token;
  const navigate = useNavigate();

  // A link without its token cannot reset anything (SPEC.md §4).
  useEffect(() => {
    if (token) return;
    toast.error("Password reset token is missing.", { id: "reset-token-missing" });
    void navigate("/login", { replace: true });
  }, [token, navigate]);

  return (
    <AuthScreen
      eyebrow="Account"
      title="Choose a new password"
      intro="Enter your new password twice. You will be signed in once it is saved."
    >
      {token ? <ResetPasswordForm token={token} /> : <p className="text-stone">Taking you to the login page...</p>}
    </AuthScreen>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const viewerChanged = useViewerChanged();
  const [values, setValues] = useState<Record<Field, string>>({ newPassword: "", confirmPassword: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkForm(ResetPasswordFormSchema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstError("reset", ORDER, checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const result = await api<{ message?: string }>(`/auth/reset-password/${encodeURIComponent(token)}`, {
        method: "POST",
        body: { newPassword: checked.data.newPassword },
      });
      toast.success(result.message || "Password reset successfully.");
      await viewerChanged("/profile");
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      setErrors(apiError?.errors ?? {});
      toast.error(apiError?.message || "Failed to reset password. Please try again.");
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={busy} className="space-y-5">
      <PasswordField
        id="reset-newPassword"
        label="New password"
        name="newPassword"
        autoComplete="new-password"
        required
        value={values.newPassword}
        onChange={(event) => setValues((v) => ({ ...v, newPassword: event.target.value }))}
        error={errors.newPassword}
        hint={PASSWORD_HINT}
      />
      <PasswordField
        id="reset-confirmPassword"
        label="Confirm new password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={values.confirmPassword}
        onChange={(event) => setValues((v) => ({ ...v, confirmPassword: event.target.value }))}
        error={errors.confirmPassword}
      />
      <SubmitButton busy={busy} busyLabel="Saving...">
        Reset Password
      </SubmitButton>
    </form>
  );
}
