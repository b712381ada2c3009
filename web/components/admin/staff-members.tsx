/**
 * The Staff page's parts (/admin/staff): the form that invites a member, and each member
 * with what the owner may do to them (change their roles, set their WhatsApp number,
 * suspend or reactivate, send the invitation again, remove after one confirmation). Every form is a plain post to the
 * page's action, so all of it works before the page's scripts do.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { displayPhone } from "../../../domain/accounts/phone";
import { ROLE_DUTIES, ROLE_LABELS, STAFF_ROLES, type StaffRole } from "../../../domain/staff/permissions";
import { StaffInviteSchema, type StaffMember } from "../../../domain/staff/staff.schema";
import { ConfirmDialog } from "../form/confirm-dialog";
import { Field, FormErrors, inputClass, SubmitButton } from "../form/fields";
import { useSchemaForm } from "../form/use-schema-form";
import { formatMoment } from "../../../domain/dates";

export type StaffIntent = "invite" | "roles" | "whatsapp" | "suspend" | "reactivate" | "reinvite" | "remove";

const STATUS_LABELS: Record<StaffMember["status"], string> = {
  invited: "Invited",
  active: "Active",
  suspended: "Suspended",
};

const STATUS_TONES: Record<StaffMember["status"], string> = {
  invited: "bg-sand text-ink",
  active: "bg-emerald-50 text-emerald-800",
  suspended: "bg-promo/10 text-promo",
};

const smallButton =
  "inline-flex h-10 items-center justify-center rounded-full border border-line px-4 text-sm hover:border-ink aria-disabled:opacity-60";

/** One checkbox per role, each with its duty; `checked` are ticked to begin with. */
function RoleChoices({
  idPrefix,
  checked,
  error,
  form,
}: {
  idPrefix: string;
  checked: readonly string[];
  error?: string | undefined;
  form?: string;
}) {
  const errorId = `${idPrefix}-roles-error`;
  return (
    <fieldset className="min-w-0" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium">Roles</legend>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2">
        {STAFF_ROLES.map((role) => {
          const id = `${idPrefix}-role-${role}`;
          return (
            <li key={role}>
              <label
                htmlFor={id}
                className="flex h-full min-h-12 cursor-pointer items-start gap-3 rounded-2xl border border-line px-4 py-3 hover:border-stone has-checked:border-ink has-checked:bg-sand/60"
              >
                <input
                  id={id}
                  type="checkbox"
                  name="roles"
                  value={role}
                  form={form}
                  defaultChecked={checked.includes(role)}
                  // Named by the role alone; its duty is its description.
                  aria-labelledby={`${id}-label`}
                  aria-describedby={`${id}-duty`}
                  className="mt-0.5 size-5 shrink-0 accent-ink"
                />
                <span className="min-w-0">
                  <span id={`${id}-label`} className="block text-sm font-medium">
                    {ROLE_LABELS[role]}
                  </span>
                  <span id={`${id}-duty`} className="mt-0.5 block text-sm text-stone">
                    {ROLE_DUTIES[role]}
                  </span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-promo">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The invitation: e-mail, name and roles; the person gets a link to choose their password. */
export function InviteForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useSchemaForm({ id: "invite", schema: StaffInviteSchema, lastResult });
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "invite";
  const initialRoles = fields.roles.initialValue;
  const checked = Array.isArray(initialRoles)
    ? initialRoles.filter((role): role is string => typeof role === "string")
    : typeof initialRoles === "string"
      ? [initialRoles]
      : [];
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <input type="hidden" name="intent" value="invite" />
      <FormErrors form={form} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field meta={fields.email} label="E-mail" type="email" autoComplete="off" markRequired />
        <Field meta={fields.name} label="Name" autoComplete="off" maxLength={80} markRequired />
      </div>
      <RoleChoices idPrefix="invite" checked={checked} error={fields.roles.errors?.[0]} />
      <div className="flex justify-end">
        <SubmitButton pending={sending} pendingLabel="Sending..." wide={false}>
          Send invitation
        </SubmitButton>
      </div>
    </Form>
  );
}

/** A hidden intent and member, and one button: a change that needs nothing else. */
function ActionButton({ member, intent, children }: { member: StaffMember; intent: StaffIntent; children: string }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData.get("id") === member._id;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={member._id} />
      <button type="submit" aria-disabled={busy || undefined} className={smallButton}>
        {children}
      </button>
    </Form>
  );
}

export function MemberRow({ member, isYou }: { member: StaffMember; isYou: boolean }) {
  const rolesFormId = `roles-${member._id}`;
  const whatsappId = `whatsapp-${member._id}`;
  return (
    <li className="border-b border-line px-4 py-4 last:border-0 sm:px-5" data-testid="staff-member">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <p className="font-medium">
            {member.name}
            {isYou && <span className="text-stone"> (you)</span>}
          </p>
          <p className="truncate text-sm text-stone">{member.email}</p>
        </div>
        <span
          className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs ${STATUS_TONES[member.status]}`}
        >
          {STATUS_LABELS[member.status]}
        </span>
      </div>
      <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Roles">
        {member.roles.map((role: StaffRole) => (
          <li key={role} className="rounded-full border border-line px-2.5 py-0.5 text-xs">
            {ROLE_LABELS[role]}
          </li>
        ))}
      </ul>
      {member.whatsappNumber && (
        <p className="mt-2 text-sm">
          <span className="text-stone">WhatsApp:</span> {displayPhone(member.whatsappNumber)}
        </p>
      )}
      <p className="mt-2 text-xs text-stone">
        {member.lastSeenAt
          ? `Last seen ${formatMoment(member.lastSeenAt)}`
          : member.status === "invited"
            ? "Has not joined yet"
            : "Not seen since joining"}
      </p>

      <details className="group mt-3">
        <summary className="inline-flex h-10 cursor-pointer items-center rounded-full px-1 text-sm underline underline-offset-4 hover:text-stone">
          Change roles
        </summary>
        <Form method="post" id={rolesFormId} className="mt-3 space-y-4 rounded-2xl bg-sand/40 p-4">
          <input type="hidden" name="intent" value="roles" />
          <input type="hidden" name="id" value={member._id} />
          <RoleChoices idPrefix={rolesFormId} checked={member.roles} />
          <div className="flex justify-end">
            <button type="submit" className={`${smallButton} bg-white`}>
              Save roles
            </button>
          </div>
        </Form>
      </details>

      <details className="group mt-1">
        <summary className="inline-flex h-10 cursor-pointer items-center rounded-full px-1 text-sm underline underline-offset-4 hover:text-stone">
          WhatsApp number
        </summary>
        <Form method="post" className="mt-3 space-y-3 rounded-2xl bg-sand/40 p-4">
          <input type="hidden" name="intent" value="whatsapp" />
          <input type="hidden" name="id" value={member._id} />
          <div>
            <label htmlFor={`${whatsappId}-number`} className="block text-sm font-medium">
              {`${member.name}'s WhatsApp number`}
            </label>
            <input
              id={`${whatsappId}-number`}
              name="whatsappNumber"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              defaultValue={member.whatsappNumber ? displayPhone(member.whatsappNumber) : ""}
              aria-describedby={`${whatsappId}-hint`}
              className={inputClass(false)}
            />
            <p id={`${whatsappId}-hint`} className="mt-1.5 text-sm text-stone">
              The customers of the orders assigned to them write here; blank for the shop&apos;s number.
            </p>
          </div>
          <div className="flex justify-end">
            <button type="submit" className={`${smallButton} bg-white`}>
              Save number
            </button>
          </div>
        </Form>
      </details>

      <div className="mt-3 flex flex-wrap gap-2">
        {member.status === "invited" && (
          <ActionButton member={member} intent="reinvite">
            Send invitation again
          </ActionButton>
        )}
        {!isYou && member.status === "active" && (
          <ActionButton member={member} intent="suspend">
            Suspend
          </ActionButton>
        )}
        {member.status === "suspended" && (
          <ActionButton member={member} intent="reactivate">
            Reactivate
          </ActionButton>
        )}
        {!isYou && (
          <ConfirmDialog
            name={`remove-${member._id}`}
            trigger="Remove"
            triggerClassName={`${smallButton} text-promo`}
            question={`Remove ${member.name} from the staff? Their sessions end at once and they can no longer sign in to the admin.`}
            confirmLabel="Remove"
            pendingLabel="Removing..."
            form={({ children, className }) => (
              <Form method="post" className={className}>
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="id" value={member._id} />
                {children}
              </Form>
            )}
          />
        )}
      </div>
    </li>
  );
}
