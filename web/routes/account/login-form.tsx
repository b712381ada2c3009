import { useState, type FormEvent, type ReactNode } from "react";
import toast from "react-hot-toast";
import { z } from "zod";
import { EmailSchema, PasswordSchema } from "../../../domain/accounts/account-fields.schema";
import type { Viewer } from "../../../domain/load-context";
import { useViewerChanged } from "../../features/accounts/session";
import { api, ApiError } from "../../lib/api-client";
import { checkForm, focusFirstError, type FieldErrors } from "./check-form";
import { PasswordField, SubmitButton, TextField } from "./form-fields";

/** The form's own rule for the password (8+ characters, a digit, a lowercase and an uppercase letter); the API accepts any stored one. */
const LoginFormSchema = z.object({ email: EmailSchema, password: PasswordSchema });
const ORDER = ["email", "password"] as const;

/**
 * E-mail and password, for shoppers (/login) and for the team (/admin/login). Once signed
 * in, admins go to the dashboard and everyone else to their profile. While
 * the account draws many wrong passwords the server signs nobody in directly: it answers
 * 202 with a message (a sign-in link was e-mailed if the password was right), which the
 * form shows where it stays readable, since the person must now go to their inbox.
 */
export function LoginForm({
  endpoint,
  idPrefix,
  email,
  onEmailChange,
  extra,
}: {
  endpoint: "/auth/login" | "/admin/login";
  idPrefix: string;
  email: string;
  onEmailChange(email: string): void;
  /** Shown between the fields and the button (the Forgot Password link). */
  extra?: ReactNode;
}) {
  const viewerChanged = useViewerChanged();
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [linkSent, setLinkSent] = useState<string | null>(null);
  const id = (field: string) => `${idPrefix}-${field}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkForm(LoginFormSchema, { email, password });
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstError(idPrefix, ORDER, checked.errors);
      return;
    }
    setErrors({});
    setLinkSent(null);
    setBusy(true);
    try {
      const viewer = await api<Viewer | { message: string }>(endpoint, { method: "POST", body: checked.data });
      if (!("_id" in viewer)) {
        setLinkSent(viewer.message);
        setPassword("");
        setBusy(false);
        return;
      }
      toast.success("Welcome Back!");
      await viewerChanged(viewer.isAdmin ? "/admin/dashboard" : "/profile");
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      setErrors(apiError?.errors ?? {});
      toast.error(apiError?.message || "Login failed. Please try again.");
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={busy} className="space-y-5">
      <TextField
        id={id("email")}
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        required
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
        error={errors.email}
      />
      <PasswordField
        id={id("password")}
        label="Password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      {extra}
      <p role="status" className={linkSent ? "rounded-2xl bg-sand px-4 py-3 text-sm text-ink" : "sr-only"}>
        {linkSent}
      </p>
      <SubmitButton busy={busy} busyLabel="Logging in...">
        Login
      </SubmitButton>
    </form>
  );
}
