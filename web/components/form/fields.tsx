/**
 * The one set of form fields (docs/architecture.md, Forms): the label above, a hint or the
 * field's message below (announced with the field), wired to Conform's field state so the
 * value, the message and aria-invalid come from one place.
 */
import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { Eye, EyeOff } from "lucide-react";
import {
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { errorSummaryId } from "./use-server-form";

// Any field's state: the forms' values are strings, numbers, flags and lists of them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Meta = FieldMetadata<any, any, string[]>;

// A read-only field (a profile before Edit) reads as text on sand rather than a box to type in.
export const inputClass = (invalid: boolean) =>
  `mt-1.5 block h-12 w-full min-w-0 rounded-xl border bg-white px-4 text-[15px] focus:border-ink focus:outline-none [&[readonly]]:border-transparent [&[readonly]]:bg-sand/70 ${
    invalid ? "border-promo" : "border-line"
  }`;

const noteId = (meta: Meta) => `${meta.id}-note`;
export const firstError = (meta: Meta) => meta.errors?.[0];

/** What every control shares: name, id, its form, its first value, and how it is described. */
export function controlProps(meta: Meta, hint: string | undefined) {
  const error = firstError(meta);
  return {
    id: meta.id,
    name: meta.name,
    form: meta.formId,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error || hint ? noteId(meta) : undefined,
  } as const;
}

export const initialText = (meta: Meta) => (typeof meta.initialValue === "string" ? meta.initialValue : undefined);

/** A field's message, else its hint. */
export function FieldNote({ meta, hint }: { meta: Meta; hint?: string | undefined }) {
  const error = firstError(meta);
  if (!error && !hint) return null;
  return (
    <p id={noteId(meta)} className={`mt-1.5 text-sm ${error ? "text-promo" : "text-stone"}`}>
      {error ?? hint}
    </p>
  );
}

export function Label({ meta, label, required }: { meta: Meta; label: string; required?: boolean | undefined }) {
  return (
    <label htmlFor={meta.id} className="text-sm font-medium">
      {label}
      {required && (
        <span className="text-promo" aria-hidden="true">
          {" "}
          *
        </span>
      )}
    </label>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "form" | "className" | "defaultValue">;

export interface FieldProps extends InputProps {
  meta: Meta;
  label: string;
  hint?: string | undefined;
  /** Marks the label with an asterisk (admin forms, where some fields may stay blank). */
  markRequired?: boolean;
  /** A sign shown inside the field before the value (₦). */
  sign?: string;
}

/** A one-line field. */
export function Field({ meta, label, hint, markRequired, sign, type = "text", ...input }: FieldProps) {
  const control = (
    <input
      {...input}
      {...controlProps(meta, hint)}
      key={meta.key}
      type={type}
      defaultValue={initialText(meta)}
      className={`${inputClass(Boolean(firstError(meta)))} ${sign ? "pl-9" : ""}`}
    />
  );
  return (
    <div className="min-w-0">
      <Label meta={meta} label={label} required={markRequired} />
      {sign ? (
        <div className="relative">
          <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-stone">
            {sign}
          </span>
          {control}
        </div>
      ) : (
        control
      )}
      <FieldNote meta={meta} hint={hint} />
    </div>
  );
}

/**
 * A password (or another secret, such as a payment provider's key), with its own show/hide
 * button. Never filled in from a server's answer.
 */
export function PasswordField({
  meta,
  label,
  hint,
  secretName = "password",
  ...input
}: Omit<FieldProps, "type" | "sign"> & {
  /** What the show/hide button names: "Show password", "Show key". */
  secretName?: string;
}) {
  const [shown, setShown] = useState(false);
  return (
    <div className="min-w-0">
      <Label meta={meta} label={label} />
      <div className="relative">
        <input
          {...input}
          {...controlProps(meta, hint)}
          key={meta.key}
          type={shown ? "text" : "password"}
          data-secret=""
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          className={`${inputClass(Boolean(firstError(meta)))} pr-14`}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-label={`${shown ? "Hide" : "Show"} ${secretName}`}
          aria-controls={meta.id}
          className="absolute top-1.5 right-1 inline-flex size-11 items-center justify-center rounded-full text-stone hover:text-ink [html:not([data-hydrated])_&]:hidden"
        >
          {shown ? <EyeOff className="size-5" aria-hidden="true" /> : <Eye className="size-5" aria-hidden="true" />}
        </button>
      </div>
      <FieldNote meta={meta} hint={hint} />
    </div>
  );
}

type TextAreaProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  "id" | "name" | "form" | "className" | "defaultValue"
>;

/** Several lines of plain text. */
export function TextAreaField({
  meta,
  label,
  hint,
  markRequired,
  ...textarea
}: TextAreaProps & { meta: Meta; label: string; hint?: string; markRequired?: boolean }) {
  return (
    <div className="min-w-0">
      <Label meta={meta} label={label} required={markRequired} />
      <textarea
        rows={5}
        {...textarea}
        {...controlProps(meta, hint)}
        key={meta.key}
        defaultValue={initialText(meta)}
        className={`${inputClass(Boolean(firstError(meta)))} h-auto py-3`}
      />
      <FieldNote meta={meta} hint={hint} />
    </div>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "name" | "form" | "className" | "defaultValue">;

/** One choice of a few. */
export function SelectField({
  meta,
  label,
  hint,
  markRequired,
  options,
  placeholder,
  ...select
}: SelectProps & {
  meta: Meta;
  label: string;
  hint?: string;
  markRequired?: boolean;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The empty first choice ("Select a category"). */
  placeholder?: string;
}) {
  return (
    <div className="min-w-0">
      <Label meta={meta} label={label} required={markRequired} />
      <select
        {...select}
        {...controlProps(meta, hint)}
        key={meta.key}
        defaultValue={initialText(meta) ?? ""}
        className={`${inputClass(Boolean(firstError(meta)))} pr-11`}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldNote meta={meta} hint={hint} />
    </div>
  );
}

/**
 * The messages of a whole form, at its top: the server's word on the form ("That e-mail
 * is already in use") and, after a post without scripts, every field's message as a link
 * to its field. Focused when a server's answer brings messages, so they are read first.
 */
export function ErrorSummary({
  id,
  formErrors,
  fieldErrors = {},
  focusOnLoad = false,
}: {
  id: string;
  formErrors?: readonly string[] | undefined;
  /** Field id → message, listed as links. */
  fieldErrors?: Record<string, string>;
  /** The page came from a post the browser sent itself: put the reader here first. */
  focusOnLoad?: boolean;
}) {
  const links = Object.entries(fieldErrors);
  const count = (formErrors?.length ?? 0) + links.length;
  return (
    <div id={id} role="alert" tabIndex={-1} autoFocus={focusOnLoad && count > 0} className="focus:outline-none">
      {count > 0 && (
        <div className="rounded-2xl border border-promo/30 bg-promo/5 px-4 py-3 text-sm text-promo">
          <ul className="space-y-0.5">
            {formErrors?.map((message) => (
              <li key={message}>{message}</li>
            ))}
            {links.map(([fieldId, message]) => (
              <li key={fieldId}>
                <a href={`#${fieldId}`} className="underline underline-offset-2">
                  {message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** The summary of a Conform form's messages (its own, and each field's as a link). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function FormErrors({ form }: { form: FormMetadata<any, string[]> }) {
  const fieldErrors: Record<string, string> = {};
  for (const [name, messages] of Object.entries(form.allErrors)) {
    if (name && messages[0]) fieldErrors[`${form.id}-${name}`] = messages[0];
  }
  return <ErrorSummary id={errorSummaryId(form.id)} formErrors={form.errors} fieldErrors={fieldErrors} focusOnLoad />;
}

/**
 * The form's button; says what it is doing while the form is on its way, and ignores taps
 * meanwhile. `pending` blocks it whichever button sent the form; `busy` (default: pending)
 * says whether this one shows its pending label.
 */
export function SubmitButton({
  pending,
  busy = pending,
  pendingLabel,
  children,
  wide = true,
  colors = "bg-ink text-white hover:bg-ink/90",
  name,
  value,
  form,
}: {
  pending: boolean;
  busy?: boolean;
  pendingLabel: string;
  children: ReactNode;
  wide?: boolean;
  /** Its colours, when not the usual ink. */
  colors?: string;
  name?: string;
  value?: string;
  /** The id of the form it sends, when it stands outside that form. */
  form?: string;
}) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      form={form}
      aria-disabled={pending || undefined}
      onClick={(event) => pending && event.preventDefault()}
      className={`inline-flex h-12 items-center justify-center gap-2 rounded-full px-8 text-sm aria-disabled:opacity-60 ${colors} ${wide ? "w-full" : "w-full sm:w-auto"}`}
    >
      {busy ? pendingLabel : children}
    </button>
  );
}
