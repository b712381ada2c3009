import { getFormProps } from "@conform-to/react";
import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { changesEmail, UpdateProfileFormSchema } from "../../../domain/accounts/auth.schema";
import type { Viewer } from "../../../domain/load-context";
import { Field, FormErrors, PasswordField, SubmitButton } from "../../components/form/fields";
import { useSchemaForm } from "../../components/form/use-schema-form";
import { useFlashToast } from "../../lib/use-flash-toast";
import { useHydrated } from "../../lib/use-hydrated";
import type { FormAnswer } from "./account-answers.server";
import { displayPhone } from "../../../domain/accounts/phone";

const toggleClass = "inline-flex h-10 items-center rounded-full border border-ink px-5 text-sm hover:bg-sand";

/**
 * The profile's details: read-only until Edit Profile, which becomes Cancel Edit; Save
 * Changes returns to read-only. The fields stay where they are in both states, so nothing
 * jumps when editing starts. A new e-mail address takes the current password (the server
 * asks for it): with scripts its field appears as soon as the e-mail typed differs from
 * the saved one; without, it is there whenever the details are being edited.
 */
export function ProfileDetailsForm({
  account,
  editingAtFirst,
  answered,
}: {
  account: Viewer;
  editingAtFirst: boolean;
  answered: FormAnswer | undefined;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<FormAnswer>();
  const [editing, setEditing] = useState(editingAtFirst);
  // Cancel Edit starts the form again from the saved details.
  const [round, setRound] = useState(0);
  const [toggled, setToggled] = useState(false);
  useFlashToast(fetcher.data);

  // Saved: back to reading, once per answer (React's "adjust state when a value changes").
  const [seenAnswer, setSeenAnswer] = useState(fetcher.data);
  if (fetcher.data !== seenAnswer) {
    setSeenAnswer(fetcher.data);
    if (fetcher.data?.flash?.kind === "success") setEditing(false);
  }

  // Edit Profile puts the cursor in the first field once it can be typed in.
  useEffect(() => {
    if (toggled && editing) document.getElementById("profile-username")?.focus();
  }, [toggled, editing]);

  const toggle = () => {
    if (editing) setRound((r) => r + 1);
    setEditing(!editing);
    setToggled(true);
  };

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="details" className="font-serif text-2xl">
          Your details
        </h2>
        {hydrated ? (
          <button
            type="button"
            // Cancel Edit leaves the field without checking it (see confirm-dialog.tsx).
            onMouseDown={(event) => event.preventDefault()}
            onClick={toggle}
            className={toggleClass}
          >
            {editing ? "Cancel Edit" : "Edit Profile"}
          </button>
        ) : (
          <Link to={editing ? "/profile" : "/profile?edit"} className={toggleClass}>
            {editing ? "Cancel Edit" : "Edit Profile"}
          </Link>
        )}
      </div>
      <DetailsFields
        key={round}
        account={account}
        editing={editing}
        fetcher={fetcher}
        answered={fetcher.data ?? answered}
        hydrated={hydrated}
      />
    </div>
  );
}

function DetailsFields({
  account,
  editing,
  fetcher,
  answered,
  hydrated,
}: {
  account: Viewer;
  editing: boolean;
  fetcher: ReturnType<typeof useFetcher<FormAnswer>>;
  answered: FormAnswer | undefined;
  hydrated: boolean;
}) {
  const [form, fields] = useSchemaForm({
    id: "profile",
    schema: UpdateProfileFormSchema(account.email),
    lastResult: answered?.result,
    defaultValue: {
      username: account.username,
      email: account.email,
      phoneNumber: account.phoneNumber ? displayPhone(account.phoneNumber) : "",
    },
  });
  const pending = fetcher.state !== "idle";
  const typedEmail = typeof fields.email.value === "string" ? fields.email.value : account.email;
  const askPassword =
    editing && (!hydrated || changesEmail(account.email, typedEmail) || Boolean(fields.currentPassword.errors));

  return (
    <fetcher.Form method="post" {...getFormProps(form)} aria-busy={pending} className="mt-6 space-y-5">
      <input type="hidden" name="intent" value="update" />
      <FormErrors form={form} />
      <Field meta={fields.username} label="Username" autoComplete="name" readOnly={!editing} required />
      <Field
        meta={fields.email}
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        readOnly={!editing}
        required
      />
      <Field
        meta={fields.phoneNumber}
        label="Phone number"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        readOnly={!editing}
        placeholder={editing ? undefined : "Not given"}
      />
      {askPassword && (
        <PasswordField
          meta={fields.currentPassword}
          label="Current password"
          autoComplete="current-password"
          hint="Needed to change your email address."
        />
      )}
      {editing && (
        <div className="pt-1">
          <SubmitButton pending={pending} pendingLabel="Saving..." wide={false}>
            Save Changes
          </SubmitButton>
        </div>
      )}
    </fetcher.Form>
  );
}
