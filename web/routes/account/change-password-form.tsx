import { getFormProps } from "@conform-to/react";
import { ChevronDown } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { PASSWORD_HINT } from "../../../domain/accounts/account-fields.schema";
import { ChangePasswordFormSchema } from "../../../domain/accounts/auth.schema";
import { FormErrors, PasswordField, SubmitButton } from "../../components/form/fields";
import { useSchemaForm } from "../../components/form/use-schema-form";
import { useFlashToast } from "../../lib/use-flash-toast";
import { useHydrated } from "../../lib/use-hydrated";
import type { FormAnswer } from "./account-answers.server";

const toggleClass =
  "mt-5 inline-flex h-11 items-center gap-2 rounded-full border border-ink px-5 text-sm hover:bg-sand";

/**
 * Change Password opens the form (old, new and confirmation); saved, the fields clear and
 * the panel closes. Before the page's scripts the toggle is a link to `/profile?password`.
 */
export function ChangePasswordPanel({
  openAtFirst,
  answered,
  toggleIcon,
}: {
  openAtFirst: boolean;
  answered: FormAnswer | undefined;
  toggleIcon: ReactNode;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(openAtFirst);
  const label = (
    <>
      {toggleIcon}
      Change Password
      <ChevronDown className={`size-4 transition-transform ${open ? "rotate-180" : ""}`} aria-hidden="true" />
    </>
  );
  return (
    <>
      {hydrated ? (
        <button
          type="button"
          aria-expanded={open}
          aria-controls="change-password"
          onClick={() => setOpen((o) => !o)}
          className={toggleClass}
        >
          {label}
        </button>
      ) : (
        <Link to={open ? "/profile" : "/profile?password"} className={toggleClass}>
          {label}
        </Link>
      )}
      <div id="change-password" hidden={!open} className="mt-6">
        {open && <ChangePasswordForm answered={answered} onChanged={() => setOpen(false)} />}
      </div>
    </>
  );
}

function ChangePasswordForm({ answered, onChanged }: { answered: FormAnswer | undefined; onChanged(): void }) {
  const fetcher = useFetcher<FormAnswer>();
  const [form, fields] = useSchemaForm({
    id: "change-password-form",
    schema: ChangePasswordFormSchema,
    lastResult: (fetcher.data ?? answered)?.result,
  });
  const pending = fetcher.state !== "idle";
  useFlashToast(fetcher.data);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.flash?.kind === "success") onChanged();
  }, [fetcher.state, fetcher.data, onChanged]);

  return (
    <fetcher.Form method="post" {...getFormProps(form)} aria-busy={pending} className="space-y-5">
      <input type="hidden" name="intent" value="password" />
      <FormErrors form={form} />
      <PasswordField meta={fields.oldPassword} label="Current password" autoComplete="current-password" required />
      <PasswordField
        meta={fields.newPassword}
        label="New password"
        autoComplete="new-password"
        required
        hint={PASSWORD_HINT}
      />
      <PasswordField meta={fields.confirmPassword} label="Confirm new password" autoComplete="new-password" required />
      <SubmitButton pending={pending} pendingLabel="Updating...">
        Update Password
      </SubmitButton>
    </fetcher.Form>
  );
}
