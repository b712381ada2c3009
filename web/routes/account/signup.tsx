import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Link, redirect } from "react-router";
import { PASSWORD_HINT } from "../../../domain/accounts/account-fields.schema";
import { SignupSchema } from "../../../domain/accounts/auth.schema";
import type { Viewer } from "../../../domain/load-context";
import { useViewerChanged } from "../../features/accounts/session";
import { api, ApiError } from "../../lib/api-client";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/signup";
import { AuthScreen, textLink } from "./auth-screen";
import { checkForm, focusFirstError, type FieldErrors } from "./check-form";
import { PasswordField, SubmitButton, TextField } from "./form-fields";

/** A signed-in visitor is sent home (SPEC.md §2). */
export function loader({ context }: Route.LoaderArgs) {
  if (context.viewer) throw redirect("/");
  return null;
}

// The new account's viewer is reloaded before the form leaves for /profile; this
// loader's redirect to / must not run in between.
export const shouldRevalidate = () => false;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Sign up",
    description: "Create an account to keep your cart and wishlist on every device and order faster.",
    path: "/signup",
    noindex: true,
  });

type Field = "fullName" | "email" | "phoneNumber" | "password";
const ORDER: Field[] = ["fullName", "email", "phoneNumber", "password"];

export default function Signup() {
  const viewerChanged = useViewerChanged();
  const [values, setValues] = useState<Record<Field, string>>({
    fullName: "",
    email: "",
    phoneNumber: "",
    password: "",
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkForm(SignupSchema, { ...values, anonymousId: "" });
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstError("signup", ORDER, checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await api<Viewer>("/auth/signup", { method: "POST", body: { ...checked.data, anonymousId: "" } });
      toast.success("account created");
      await viewerChanged("/profile");
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      setErrors(apiError?.errors ?? {});
      toast.error(apiError?.message || "Sign up failed. Please try again.");
      setBusy(false);
    }
  };

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
      <form onSubmit={submit} noValidate aria-busy={busy} className="space-y-5">
        <TextField
          id="signup-fullName"
          label="Name"
          name="fullName"
          autoComplete="name"
          required
          value={values.fullName}
          onChange={set("fullName")}
          error={errors.fullName}
        />
        <TextField
          id="signup-email"
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={values.email}
          onChange={set("email")}
          error={errors.email}
        />
        <TextField
          id="signup-phoneNumber"
          label="Phone number"
          type="tel"
          name="phoneNumber"
          autoComplete="tel"
          inputMode="tel"
          required
          value={values.phoneNumber}
          onChange={set("phoneNumber")}
          error={errors.phoneNumber}
        />
        <PasswordField
          id="signup-password"
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={set("password")}
          error={errors.password}
          hint={PASSWORD_HINT}
        />
        <p className="text-sm text-stone">
          By signing up you agree to our{" "}
          <Link to="/privacy" className={textLink}>
            privacy policy
          </Link>
          .
        </p>
        <SubmitButton busy={busy} busyLabel="Creating your account...">
          Sign Up
        </SubmitButton>
      </form>
    </AuthScreen>
  );
}
