import { useEffect, useRef, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Link, redirect } from "react-router";
import { ForgotPasswordSchema } from "../../../domain/accounts/auth.schema";
import { api, ApiError } from "../../lib/api-client";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/login";
import { AuthScreen, textLink } from "./auth-screen";
import { checkForm, type FieldErrors } from "./check-form";
import { LoginForm } from "./login-form";
import { SubmitButton, TextField } from "./form-fields";

/** Someone already signed in has nothing to do here (SPEC.md §6). */
export function loader({ context }: Route.LoaderArgs) {
  const viewer = context.viewer;
  if (viewer) throw redirect(viewer.isAdmin ? "/admin/dashboard" : "/profile");
  return null;
}

// After a login the root's viewer is reloaded before leaving; this loader must not run
// again then, or its redirect would race the form's own navigation.
export const shouldRevalidate = () => false;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Login",
    description: "Log in to see your profile and keep your cart and wishlist on every device.",
    path: "/login",
    noindex: true,
  });

export default function Login() {
  const [mode, setMode] = useState<"login" | "forgot">("login");
  const [email, setEmail] = useState("");
  const swapped = useRef(false);

  // After a swap, focus the e-mail field of the form that just appeared.
  useEffect(() => {
    if (!swapped.current) return;
    document.getElementById(mode === "login" ? "login-email" : "forgot-email")?.focus();
  }, [mode]);

  const swap = (next: "login" | "forgot") => {
    swapped.current = true;
    setMode(next);
  };

  if (mode === "forgot")
    return (
      <AuthScreen
        eyebrow="Account"
        title="Reset your password"
        intro="Enter the e-mail address of your account and we will send you a link to choose a new password."
      >
        <ForgotPasswordForm email={email} onEmailChange={setEmail} onDone={() => swap("login")} />
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
        endpoint="/auth/login"
        idPrefix="login"
        email={email}
        onEmailChange={setEmail}
        extra={
          <div className="-mt-2 flex justify-end">
            <button type="button" onClick={() => swap("forgot")} className={`${textLink} py-2 text-sm`}>
              Forgot Password
            </button>
          </div>
        }
      />
    </AuthScreen>
  );
}

function ForgotPasswordForm({
  email,
  onEmailChange,
  onDone,
}: {
  email: string;
  onEmailChange(email: string): void;
  onDone(): void;
}) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkForm(ForgotPasswordSchema, { email });
    if (!checked.ok) {
      setErrors(checked.errors);
      document.getElementById("forgot-email")?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const result = await api<{ message?: string }>("/auth/forgot-password", { method: "POST", body: checked.data });
      toast.success(result.message || "If an account uses that e-mail, a reset link is on its way.");
      onDone();
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      setErrors(apiError?.errors ?? {});
      // A rate limit says when to try again; anything else gets SPEC.md §8's text.
      toast.error(apiError?.status === 429 ? apiError.message : "Failed to send reset link. Please try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={busy} className="space-y-5">
      <TextField
        id="forgot-email"
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
        error={errors.email}
      />
      <div className="grid gap-3">
        <SubmitButton busy={busy} busyLabel="Sending...">
          Send Reset Link
        </SubmitButton>
        <button
          type="button"
          onClick={onDone}
          className="h-12 w-full rounded-full border border-ink px-8 text-sm hover:bg-sand"
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
