import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { changesEmail, EMAIL_CHANGE_NEEDS_PASSWORD, UpdateProfileSchema } from "../../../domain/accounts/auth.schema";
import type { Viewer } from "../../../domain/load-context";
import { useViewerChanged } from "../../features/accounts/session";
import { api, ApiError } from "../../lib/api-client";
import { checkForm, focusFirstError, type FieldErrors } from "./check-form";
import { PasswordField, SubmitButton } from "./form-fields";

type Field = "username" | "email" | "phoneNumber";
const ORDER = ["username", "email", "phoneNumber", "currentPassword"] as const;
const FIELDS: Array<{ name: Field; label: string; type: string; autoComplete: string; inputMode?: "email" | "tel" }> = [
  { name: "username", label: "Username", type: "text", autoComplete: "name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email", inputMode: "email" },
  { name: "phoneNumber", label: "Phone number", type: "tel", autoComplete: "tel", inputMode: "tel" },
];

const valuesOf = (account: Viewer): Record<Field, string> => ({
  username: account.username,
  email: account.email,
  phoneNumber: account.phoneNumber ?? "",
});

/**
 * The profile's details: read-only until Edit Profile, which becomes Cancel Edit; Save
 * Changes returns to read-only. The fields stay where they are in both
 * states, so nothing jumps when editing starts. A new e-mail address takes the current
 * password (the server asks for it), so its field appears as soon as the e-mail typed
 * differs from the saved one.
 */
export function ProfileDetailsForm({ account, onSaved }: { account: Viewer; onSaved(account: Viewer): void }) {
  const viewerChanged = useViewerChanged();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState(() => valuesOf(account));
  const [currentPassword, setCurrentPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const emailChanges = editing && changesEmail(account.email, values.email);

  const toggle = () => {
    if (editing) {
      setValues(valuesOf(account));
      setCurrentPassword("");
      setErrors({});
      setEditing(false);
    } else {
      setEditing(true);
      // The field becomes editable on this render; focus it once it is.
      requestAnimationFrame(() => document.getElementById("profile-username")?.focus());
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const checked = checkForm(UpdateProfileSchema, values);
    const found = checked.ok ? {} : checked.errors;
    if (emailChanges && !currentPassword) found.currentPassword = EMAIL_CHANGE_NEEDS_PASSWORD;
    if (!checked.ok || found.currentPassword) {
      setErrors(found);
      focusFirstError("profile", ORDER, found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await api<Viewer>("/auth/update", {
        method: "PUT",
        body: {
          ...checked.data,
          phoneNumber: checked.data.phoneNumber ?? null,
          ...(emailChanges ? { currentPassword } : {}),
        },
      });
      onSaved(saved);
      setValues(valuesOf(saved));
      setCurrentPassword("");
      setEditing(false);
      toast.success("Profile updated successfully");
      // The header and the contact form's prefill show the new details too.
      await viewerChanged();
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      const found = apiError?.errors ?? {};
      setErrors(found);
      focusFirstError("profile", ORDER, found);
      toast.error(apiError?.message || "Failed to update profile. Please try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="details" className="font-serif text-2xl">
          Your details
        </h2>
        <button
          type="button"
          onClick={toggle}
          className="h-10 rounded-full border border-ink px-5 text-sm hover:bg-sand"
        >
          {editing ? "Cancel Edit" : "Edit Profile"}
        </button>
      </div>
      <div className="mt-6 space-y-5">
        {FIELDS.map((field) => {
          const id = `profile-${field.name}`;
          const error = errors[field.name];
          return (
            <div key={field.name}>
              <label htmlFor={id} className="text-sm font-medium">
                {field.label}
              </label>
              <input
                id={id}
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                inputMode={field.inputMode}
                readOnly={!editing}
                required={field.name !== "phoneNumber"}
                placeholder={!editing && field.name === "phoneNumber" ? "Not given" : undefined}
                value={values[field.name]}
                onChange={(event) => setValues((v) => ({ ...v, [field.name]: event.target.value }))}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                className={`mt-1.5 h-12 w-full rounded-xl border px-4 text-[15px] focus:outline-none ${
                  editing
                    ? `bg-white focus:border-ink ${error ? "border-promo" : "border-line"}`
                    : "border-transparent bg-sand/70 text-ink"
                }`}
              />
              {error && (
                <p id={`${id}-error`} className="mt-1.5 text-sm text-promo">
                  {error}
                </p>
              )}
            </div>
          );
        })}
        {emailChanges && (
          <PasswordField
            id="profile-currentPassword"
            label="Current password"
            name="currentPassword"
            autoComplete="current-password"
            required
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
            error={errors.currentPassword}
            hint="Needed to change your email address."
          />
        )}
      </div>
      {editing && (
        <div className="mt-6">
          <SubmitButton busy={busy} busyLabel="Saving..." wide={false}>
            Save Changes
          </SubmitButton>
        </div>
      )}
    </form>
  );
}
