/**
 * The admin forms' pieces, in the account screens' style: the label above, the field's
 * error below (announced with the field), an alert area for the form, a busy Save button.
 */
import { ArrowLeft, ChevronDown } from "lucide-react";
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";
import { Link } from "react-router";

export const inputClass = (invalid: boolean) =>
  `mt-1.5 block h-12 w-full min-w-0 rounded-xl border bg-white px-4 text-[15px] focus:border-ink focus:outline-none ${
    invalid ? "border-promo" : "border-line"
  }`;

export const noteId = (id: string) => `${id}-note`;

/** A field's error, else its hint; `id` is the field's. */
export function FieldNote({ id, error, hint }: { id: string; error?: string | undefined; hint?: string | undefined }) {
  if (!error && !hint) return null;
  return (
    <p id={noteId(id)} className={`mt-1.5 text-sm ${error ? "text-promo" : "text-stone"}`}>
      {error ?? hint}
    </p>
  );
}

const describedBy = (id: string, error?: string, hint?: string) => (error || hint ? noteId(id) : undefined);

function Label({ id, label, required }: { id: string; label: string; required?: boolean | undefined }) {
  return (
    <label htmlFor={id} className="text-sm font-medium">
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

interface TextInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "id" | "className" | "onChange" | "value"
> {
  id: string;
  label: string;
  value: string;
  onValueChange(value: string): void;
  error?: string | undefined;
  hint?: string | undefined;
  /** A sign shown inside the field before the value (₦). */
  sign?: string;
}

export function TextInput({ id, label, value, onValueChange, error, hint, required, sign, ...input }: TextInputProps) {
  const field = (
    <input
      {...input}
      id={id}
      required={required}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, error, hint)}
      className={`${inputClass(Boolean(error))} ${sign ? "pl-9" : ""}`}
    />
  );
  return (
    <div className="min-w-0">
      <Label id={id} label={label} required={required} />
      {sign ? (
        <div className="relative">
          <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-stone">
            {sign}
          </span>
          {field}
        </div>
      ) : (
        field
      )}
      <FieldNote id={id} error={error} hint={hint} />
    </div>
  );
}

/** A naira amount: a number field with 2 decimals (SPEC.md §9: step 0.01). */
export function PriceInput(props: Omit<TextInputProps, "type" | "step" | "min" | "inputMode" | "sign">) {
  return <TextInput {...props} type="number" step="0.01" min="0" inputMode="decimal" placeholder="0.00" sign="₦" />;
}

interface SelectInputProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "className" | "onChange"> {
  id: string;
  label: string;
  value: string;
  onValueChange(value: string): void;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The empty first choice ("Select a category"); omit when every choice is an option. */
  placeholder?: string;
  error?: string | undefined;
  hint?: string | undefined;
}

export function SelectInput({
  id,
  label,
  value,
  onValueChange,
  options,
  placeholder,
  error,
  hint,
  required,
  ...select
}: SelectInputProps) {
  return (
    <div className="min-w-0">
      <Label id={id} label={label} required={required} />
      <div className="relative">
        <select
          {...select}
          id={id}
          required={required}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={`${inputClass(Boolean(error))} appearance-none pr-11`}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-4 size-4 -translate-y-1/2 text-stone"
          aria-hidden="true"
        />
      </div>
      <FieldNote id={id} error={error} hint={hint} />
    </div>
  );
}

/**
 * A yes/no flag as a checkbox card with a short explanation; `children` (the field the
 * flag needs, such as the discounted price) show inside the card while it is on.
 */
export function FlagInput({
  id,
  label,
  description,
  checked,
  onCheckedChange,
  children,
}: {
  id: string;
  label: string;
  description?: string;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  children?: ReactNode;
}) {
  return (
    <div
      className={`min-w-0 rounded-2xl border transition-colors ${
        checked ? "border-ink bg-sand/60" : "border-line bg-white hover:border-stone"
      }`}
    >
      <label htmlFor={id} className="flex min-h-12 cursor-pointer items-start gap-3 px-4 py-3">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onCheckedChange(event.target.checked)}
          // Named by its label alone; the explanation is its description.
          aria-labelledby={`${id}-label`}
          aria-describedby={description ? `${id}-description` : undefined}
          className="mt-0.5 size-5 shrink-0 accent-ink"
        />
        <span className="min-w-0">
          <span id={`${id}-label`} className="block text-sm font-medium">
            {label}
          </span>
          {description && (
            <span id={`${id}-description`} className="block text-sm text-stone">
              {description}
            </span>
          )}
        </span>
      </label>
      {checked && children && <div className="px-4 pb-4">{children}</div>}
    </div>
  );
}

/** A titled part of a form. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 space-y-5 border-t border-line pt-6 first:border-t-0 first:pt-0"
    >
      <h2 id={headingId} className="font-serif text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The form's alert area (SPEC.md §2: "Form errors appear in an alert area"). Always in the
 * page, so screen readers announce what appears in it.
 */
export function FormAlert({ id, messages }: { id: string; messages: readonly string[] }) {
  return (
    <div id={id} role="alert" tabIndex={-1} className="focus:outline-none">
      {messages.length > 0 && (
        <div className="rounded-2xl border border-promo/30 bg-promo/5 px-4 py-3 text-sm text-promo">
          <p className="font-medium">
            {messages.length === 1 ? "Please fix this before saving:" : "Please fix these before saving:"}
          </p>
          <ul className="mt-1.5 list-disc space-y-0.5 pl-5">
            {messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

export function FormActions({
  busy,
  label,
  busyLabel,
  cancelHref,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  cancelHref: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 border-t border-line pt-6 sm:flex-row sm:justify-end">
      <Link
        to={cancelHref}
        className="inline-flex h-12 items-center justify-center rounded-full border border-line px-8 text-sm hover:border-ink"
      >
        Cancel
      </Link>
      <button
        type="submit"
        disabled={busy}
        aria-disabled={busy}
        className="inline-flex h-12 items-center justify-center rounded-full bg-ink px-10 text-sm text-white hover:bg-ink/90 disabled:opacity-60"
      >
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}

/** The page around a form: a way back, the heading and a short line under it. */
export function FormPage({
  title,
  intro,
  backHref,
  backLabel,
  children,
}: {
  title: string;
  intro: string;
  backHref: string;
  backLabel: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-5 md:px-8 lg:py-10">
      <Link to={backHref} className="inline-flex items-center gap-2 text-sm text-stone hover:text-ink">
        <ArrowLeft className="size-4" aria-hidden="true" /> {backLabel}
      </Link>
      <h1 className="mt-3 font-serif text-3xl md:text-4xl">{title}</h1>
      <p className="mt-2 text-stone">{intro}</p>
      <div className="mt-6 rounded-3xl border border-line bg-white p-5 sm:p-8">{children}</div>
    </div>
  );
}

/** What an edit form shows while its item loads. */
export function FormLoading() {
  return (
    <p role="status" className="py-16 text-center text-stone">
      Loading...
    </p>
  );
}
