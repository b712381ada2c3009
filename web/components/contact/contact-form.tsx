import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import type { Viewer } from "../../../domain/load-context";
import { api, ApiError } from "../../lib/api-client";
import { useShell } from "../../lib/use-shell";

type Field = "name" | "email" | "phoneNumber" | "subject" | "message";

const FIELDS: Array<{ name: Field; label: string; type?: string; autoComplete?: string; inputMode?: "tel" | "email" }> =
  [
    { name: "name", label: "Name", autoComplete: "name" },
    { name: "email", label: "Email", type: "email", autoComplete: "email", inputMode: "email" },
    { name: "phoneNumber", label: "Phone number", type: "tel", autoComplete: "tel", inputMode: "tel" },
    { name: "subject", label: "Subject" },
  ];

/**
 * The contact form (SPEC.md §2, §5). The server checks every field with the shared
 * schema and its messages, shown beside the fields. On success the subject and message
 * clear, and the personal fields go back to the signed-in profile's details (blank for
 * a guest, or where the profile has none).
 */
export function ContactForm({ idPrefix = "contact" }: { idPrefix?: string }) {
  const { viewer } = useShell();
  const profile = viewer && !viewer.isAdmin ? viewer : null;
  // Signing in or out, or editing the profile, starts the form again from the new details.
  const key = profile ? `${profile._id}:${profile.username}:${profile.email}:${profile.phoneNumber}` : "guest";
  return <ContactFormFields key={key} idPrefix={idPrefix} profile={profile} />;
}

function ContactFormFields({ idPrefix, profile }: { idPrefix: string; profile: Viewer | null }) {
  // What came from the profile stays after sending; the rest clears (PRODUCT.md).
  const initial: Record<Field, string> = {
    name: profile?.username ?? "",
    email: profile?.email ?? "",
    phoneNumber: profile?.phoneNumber ?? "",
    subject: "",
    message: "",
  };
  const [values, setValues] = useState<Record<Field, string>>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const result = await api<{ message?: string }>("/contact", { method: "POST", body: values });
      toast.success(result.message || "Message sent successfully!");
      setErrors({});
      setValues(initial);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      setErrors((apiError?.errors as Partial<Record<Field, string>>) ?? {});
      toast.error(apiError?.message || "Failed to send message. Please try again.");
    } finally {
      setBusy(false);
    }
  };

  const input = (invalid: boolean) =>
    `mt-1.5 w-full rounded-xl border bg-white px-4 text-[15px] focus:border-ink focus:outline-none ${invalid ? "border-promo" : "border-line"}`;
  const id = (field: Field) => `${idPrefix}-${field}`;
  const errorFor = (field: Field) =>
    errors[field] ? (
      <p id={`${id(field)}-error`} className="mt-1 text-sm text-promo">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form onSubmit={submit} noValidate aria-busy={busy} className="grid gap-5 sm:grid-cols-2">
      {FIELDS.map((field) => (
        <div key={field.name}>
          <label htmlFor={id(field.name)} className="text-sm font-medium">
            {field.label}
          </label>
          <input
            id={id(field.name)}
            name={field.name}
            type={field.type ?? "text"}
            autoComplete={field.autoComplete}
            inputMode={field.inputMode}
            required
            value={values[field.name]}
            onChange={(event) => setValues((v) => ({ ...v, [field.name]: event.target.value }))}
            aria-invalid={errors[field.name] ? true : undefined}
            aria-describedby={errors[field.name] ? `${id(field.name)}-error` : undefined}
            className={`${input(Boolean(errors[field.name]))} h-12`}
          />
          {errorFor(field.name)}
        </div>
      ))}
      <div className="sm:col-span-2">
        <label htmlFor={id("message")} className="text-sm font-medium">
          Message
        </label>
        <textarea
          id={id("message")}
          name="message"
          required
          rows={5}
          value={values.message}
          onChange={(event) => setValues((v) => ({ ...v, message: event.target.value }))}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${id("message")}-error` : undefined}
          className={`${input(Boolean(errors.message))} py-3`}
        />
        {errorFor("message")}
      </div>
      <div className="sm:col-span-2">
        <button
          type="submit"
          disabled={busy}
          className="h-12 w-full rounded-full bg-ink px-8 text-sm text-white hover:bg-ink/90 disabled:opacity-60 sm:w-auto"
        >
          {busy ? "Sending..." : "Send Message"}
        </button>
      </div>
    </form>
  );
}
