import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { LoginFormSchema } from "../../../domain/accounts/auth.schema";
import { Field, FormErrors, PasswordField, SubmitButton } from "../../components/form/fields";
import { useSchemaForm } from "../../components/form/use-schema-form";
import type { FormAnswer } from "./account-answers.server";

/**
 * E-mail and password, for shoppers (/login) and for the team (/admin/login), posted to
 * the screen's own action (`action`). While the account draws many wrong passwords the
 * server signs nobody in directly and answers that a sign-in link was e-mailed, which the
 * form shows where it stays readable, since the person must now go to their inbox.
 */
export function LoginForm({
  id,
  action,
  answered,
  defaultEmail,
  autoFocus = false,
  extra,
}: {
  id: string;
  action: string;
  /** The action's answer to a post the browser made itself (without scripts). */
  answered?: FormAnswer | undefined;
  defaultEmail?: string;
  autoFocus?: boolean;
  /** Shown between the fields and the button (the Forgot Password link). */
  extra?: ReactNode;
}) {
  const fetcher = useFetcher<FormAnswer>();
  const answer = fetcher.data ?? answered;
  const [form, fields] = useSchemaForm({
    id,
    schema: LoginFormSchema,
    lastResult: answer?.result,
    ...(defaultEmail ? { defaultValue: { email: defaultEmail } } : {}),
  });
  const pending = fetcher.state !== "idle";

  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} aria-busy={pending} className="space-y-5">
      <FormErrors form={form} />
      <Field
        meta={fields.email}
        label="Email"
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        autoFocus={autoFocus}
      />
      <PasswordField meta={fields.password} label="Password" autoComplete="current-password" required />
      {extra}
      <p role="status" className={answer?.linkSent ? "rounded-2xl bg-sand px-4 py-3 text-sm text-ink" : "sr-only"}>
        {answer?.linkSent}
      </p>
      <SubmitButton pending={pending} pendingLabel="Logging in...">
        Login
      </SubmitButton>
    </fetcher.Form>
  );
}
