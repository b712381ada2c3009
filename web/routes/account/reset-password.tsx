import { getFormProps } from "@conform-to/react";
import { useFetcher } from "react-router";
import { PASSWORD_HINT } from "../../../domain/accounts/account-fields.schema";
import { ResetPasswordFormSchema } from "../../../domain/accounts/auth.schema";
import { FormErrors, PasswordField, SubmitButton } from "../../components/form/fields";
import { useSchemaForm } from "../../components/form/use-schema-form";
import { readSubmission, redirectWithFlash } from "../../lib/page-actions.server";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/reset-password";
import { invalid, refused, type FormAnswer } from "./account-answers.server";
import { AuthScreen } from "./auth-screen";

const TOKEN_MISSING = "Password reset token is missing.";

/** A link without its token cannot reset anything: the login page says so. */
export async function loader({ params }: Route.LoaderArgs) {
  if (!params.token) throw await redirectWithFlash("/login", { kind: "error", message: TOKEN_MISSING });
  return null;
}

/** The new password is saved, every session of the account ends, and this browser is signed in. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (!params.token) return redirectWithFlash("/login", { kind: "error", message: TOKEN_MISSING });
  const { submission } = await readSubmission(request, ResetPasswordFormSchema);
  if (submission.status !== "success") return invalid(submission);
  try {
    await context.accounts.resetPassword(params.token, submission.value.newPassword);
    return redirectWithFlash("/profile", { kind: "success", message: "Password reset successfully." });
  } catch (error) {
    return refused(submission, error, (refusal) => refusal.message || "Failed to reset password. Please try again.");
  }
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seoMeta(matches, {
    title: "Reset password",
    description: "Choose a new password for your account.",
    // Never the token: it must not end up in a canonical link or a preview.
    path: "/reset-password",
    noindex: true,
  }),
  // Nor in the Referer header of anything this page loads or links to: only the origin
  // goes. Not "no-referrer", which would also blank the form's Origin header, and the
  // server refuses a write whose origin it cannot tell from another site's.
  { name: "referrer", content: "strict-origin" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const fetcher = useFetcher<FormAnswer>();
  const [form, fields] = useSchemaForm({
    id: "reset",
    schema: ResetPasswordFormSchema,
    lastResult: (fetcher.data ?? (actionData as FormAnswer | undefined))?.result,
  });
  const pending = fetcher.state !== "idle";

  return (
    <AuthScreen
      eyebrow="Account"
      title="Choose a new password"
      intro="Enter your new password twice. You will be signed in once it is saved."
    >
      <fetcher.Form method="post" {...getFormProps(form)} aria-busy={pending} className="space-y-5">
        <FormErrors form={form} />
        <PasswordField
          meta={fields.newPassword}
          label="New password"
          autoComplete="new-password"
          required
          hint={PASSWORD_HINT}
        />
        <PasswordField
          meta={fields.confirmPassword}
          label="Confirm new password"
          autoComplete="new-password"
          required
        />
        <SubmitButton pending={pending} pendingLabel="Saving...">
          Reset Password
        </SubmitButton>
      </fetcher.Form>
    </AuthScreen>
  );
}
