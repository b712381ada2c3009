import { getFormProps } from "@conform-to/react";
import { Link, redirect, useFetcher } from "react-router";
import { PASSWORD_HINT } from "../../../domain/accounts/account-fields.schema";
import { SignupSchema } from "../../../domain/accounts/auth.schema";
import { REMINDER_CONSENT_LABEL } from "../../../domain/today/reminder-consent";
import { Field, FormErrors, PasswordField, SubmitButton } from "../../components/form/fields";
import { useSchemaForm } from "../../components/form/use-schema-form";
import { readSubmission, redirectWithFlash } from "../../lib/page-actions.server";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/signup";
import { invalid, refused, type FormAnswer } from "./account-answers.server";
import { AuthScreen, textLink } from "./auth-screen";

/** A signed-in visitor is sent home (docs/product.md, Accounts). */
export function loader({ context }: Route.LoaderArgs) {
  if (context.viewer) throw redirect("/");
  return null;
}

/** The new account is signed in, with the guest's cart and wishlist, and shown its profile. */
export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await readSubmission(request, SignupSchema);
  if (submission.status !== "success") return invalid(submission);
  try {
    await context.accounts.signUp(submission.value);
    return redirectWithFlash("/profile", { kind: "success", message: "account created" });
  } catch (error) {
    return refused(submission, error);
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Sign up",
    description: "Create an account to keep your cart and wishlist on every device and order faster.",
    path: "/signup",
    noindex: true,
  });

export default function Signup({ actionData }: Route.ComponentProps) {
  const fetcher = useFetcher<FormAnswer>();
  const [form, fields] = useSchemaForm({
    id: "signup",
    schema: SignupSchema,
    lastResult: (fetcher.data ?? (actionData as FormAnswer | undefined))?.result,
  });
  const pending = fetcher.state !== "idle";

  return (
    <AuthScreen
      eyebrow="Create an account"
      title="Welcome!"
      intro="Save your cart and wishlist across devices and order in a few taps."
      footer={
        <>
          Already have an account?{" "}
          <Link to="/profile" className={textLink}>
            Login
          </Link>
        </>
      }
    >
      <fetcher.Form method="post" action="/signup" {...getFormProps(form)} aria-busy={pending} className="space-y-5">
        <FormErrors form={form} />
        <Field meta={fields.fullName} label="Name" autoComplete="name" required />
        <Field meta={fields.email} label="Email" type="email" autoComplete="email" inputMode="email" required />
        <Field meta={fields.phoneNumber} label="Phone number" type="tel" autoComplete="tel" inputMode="tel" required />
        <PasswordField
          meta={fields.password}
          label="Password"
          autoComplete="new-password"
          required
          hint={PASSWORD_HINT}
        />
        <label className="flex items-start gap-3 text-sm">
          <input type="checkbox" name={fields.emailReminders.name} className="mt-0.5 size-4" />
          {REMINDER_CONSENT_LABEL}
        </label>
        <p className="text-sm text-stone">
          By signing up you agree to our{" "}
          <Link to="/privacy" className={textLink}>
            privacy policy
          </Link>
          .
        </p>
        <SubmitButton pending={pending} pendingLabel="Creating your account...">
          Sign Up
        </SubmitButton>
      </fetcher.Form>
    </AuthScreen>
  );
}
