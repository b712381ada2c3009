import { getFormProps } from "@conform-to/react";
import { useState, type MouseEvent } from "react";
import { Link, redirect, useFetcher } from "react-router";
import { ForgotPasswordSchema } from "../../../domain/accounts/auth.schema";
import { Field, FormErrors, SubmitButton } from "../../components/form/fields";
import { useSchemaForm } from "../../components/form/use-schema-form";
import { readSubmission, redirectWithFlash } from "../../lib/page-actions.server";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/login";
import { invalid, logInAction, refused, type FormAnswer } from "./account-answers.server";
import { AuthScreen, textLink } from "./auth-screen";
import { LoginForm } from "./login-form";

/** `/login?forgot` is the Forgot Password form, so the swap works before (or without) scripts. */
const FORGOT = "forgot";
const FAILED_TO_SEND = "Failed to send reset link. Please try again.";

/** Someone already signed in has nothing to do here (docs/product.md, Accounts). */
export function loader({ context, request }: Route.LoaderArgs) {
  const viewer = context.viewer;
  if (viewer) throw redirect(viewer.isAdmin ? "/admin/dashboard" : "/profile");
  return { forgot: new URL(request.url).searchParams.has(FORGOT) };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!new URL(request.url).searchParams.has(FORGOT)) return logInAction(request, context, "shop");
  const { submission } = await readSubmission(request, ForgotPasswordSchema);
  if (submission.status !== "success") return invalid(submission);
  try {
    const message = await context.accounts.requestPasswordReset(submission.value);
    return redirectWithFlash("/login", { kind: "success", message });
  } catch (error) {
    // A rate limit says when to try again; any other refusal gets the form's own words.
    return refused(submission, error, (refusal) => (refusal.status === 429 ? refusal.message : FAILED_TO_SEND));
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Login",
    description: "Log in to see your profile and keep your cart and wishlist on every device.",
    path: "/login",
    noindex: true,
  });

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  // With scripts the forms swap in place, carrying the e-mail typed (and the cursor with
  // it: an empty field left for a click elsewhere would be told off, moving the click's
  // target); without scripts, the links load them.
  const [swap, setSwap] = useState<{ forgot: boolean; email: string } | null>(null);
  const forgot = swap?.forgot ?? loaderData.forgot;
  const answered = swap ? undefined : (actionData as FormAnswer | undefined);

  // Swapping leaves the field without checking it (the mouse press keeps the focus): a
  // message appearing there would move the link from under the pointer.
  const keepFocus = (event: MouseEvent) => event.preventDefault();
  const swapTo = (toForgot: boolean) => (event: MouseEvent) => {
    event.preventDefault();
    const typed = document.querySelector<HTMLInputElement>(toForgot ? "#login-email" : "#forgot-email")?.value;
    setSwap({ forgot: toForgot, email: typed ?? "" });
  };

  if (forgot)
    return (
      <AuthScreen
        eyebrow="Account"
        title="Reset your password"
        intro="Enter the e-mail address of your account and we will send you a link to choose a new password."
      >
        <ForgotPasswordForm
          answered={answered}
          defaultEmail={swap?.email}
          autoFocus={Boolean(swap?.email)}
          onCancel={swapTo(false)}
          onCancelPress={keepFocus}
        />
      </AuthScreen>
    );

  return (
    <AuthScreen
      eyebrow="Account"
      title="Welcome back"
      intro="Log in to see your profile and keep your cart and wishlist on every device."
      footer={
        <>
          New here?{" "}
          <Link to="/signup" className={textLink}>
            Sign Up
          </Link>
        </>
      }
    >
      <LoginForm
        id="login"
        action="/login"
        answered={answered}
        {...(swap?.email ? { defaultEmail: swap.email } : {})}
        autoFocus={Boolean(swap?.email)}
        extra={
          <div className="-mt-2 flex justify-end">
            <Link
              to={`/login?${FORGOT}`}
              onMouseDown={keepFocus}
              onClick={swapTo(true)}
              className={`${textLink} py-2 text-sm`}
            >
              Forgot Password
            </Link>
          </div>
        }
      />
    </AuthScreen>
  );
}

function ForgotPasswordForm({
  answered,
  defaultEmail,
  autoFocus,
  onCancel,
  onCancelPress,
}: {
  answered: FormAnswer | undefined;
  defaultEmail: string | undefined;
  autoFocus: boolean;
  onCancel(event: MouseEvent): void;
  onCancelPress(event: MouseEvent): void;
}) {
  const fetcher = useFetcher<FormAnswer>();
  const [form, fields] = useSchemaForm({
    id: "forgot",
    schema: ForgotPasswordSchema,
    lastResult: (fetcher.data ?? answered)?.result,
    ...(defaultEmail ? { defaultValue: { email: defaultEmail } } : {}),
  });
  const pending = fetcher.state !== "idle";

  return (
    <fetcher.Form
      method="post"
      action={`/login?${FORGOT}`}
      {...getFormProps(form)}
      aria-busy={pending}
      className="space-y-5"
    >
      <FormErrors form={form} />
      <Field
        meta={fields.email}
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        autoFocus={autoFocus}
      />
      <div className="grid gap-3">
        <SubmitButton pending={pending} pendingLabel="Sending...">
          Send Reset Link
        </SubmitButton>
        <Link
          to="/login"
          onMouseDown={onCancelPress}
          onClick={onCancel}
          className="inline-flex h-12 w-full items-center justify-center rounded-full border border-ink px-8 text-sm hover:bg-sand"
        >
          Cancel
        </Link>
      </div>
    </fetcher.Form>
  );
}
