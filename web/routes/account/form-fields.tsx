/**
 * The labelled fields of the account screens, in the contact form's style: the label
 * above, a hint or the field's error below (announced with the field), a busy button.
 * Kept beside the account routes rather than in components/: public pages never load them.
 */
import { Eye, EyeOff } from "lucide-react";
import { useState, type InputHTMLAttributes, type ReactNode } from "react";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className" | "type">;

interface FieldProps extends InputProps {
  id: string;
  label: string;
  error?: string;
  /** Shown under the field until an error takes its place. */
  hint?: string;
}

export const fieldClass = (invalid: boolean) =>
  `mt-1.5 h-12 w-full rounded-xl border bg-white px-4 text-[15px] focus:border-ink focus:outline-none ${invalid ? "border-promo" : "border-line"}`;

function Note({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  if (error)
    return (
      <p id={`${id}-note`} className="mt-1.5 text-sm text-promo">
        {error}
      </p>
    );
  if (hint)
    return (
      <p id={`${id}-note`} className="mt-1.5 text-sm text-stone">
        {hint}
      </p>
    );
  return null;
}

const describedBy = (id: string, error?: string, hint?: string) => (error || hint ? `${id}-note` : undefined);

export function TextField({ id, label, error, hint, type = "text", ...input }: FieldProps & { type?: string }) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        {...input}
        id={id}
        type={type}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={fieldClass(Boolean(error))}
      />
      <Note id={id} error={error} hint={hint} />
    </div>
  );
}

/** A password field with its own show/hide button. */
export function PasswordField({ id, label, error, hint, ...input }: FieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          {...input}
          id={id}
          type={shown ? "text" : "password"}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={`${fieldClass(Boolean(error))} pr-14`}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-label={shown ? "Hide password" : "Show password"}
          aria-controls={id}
          className="absolute top-1.5 right-1 inline-flex size-11 items-center justify-center rounded-full text-stone hover:text-ink"
        >
          {shown ? <EyeOff className="size-5" aria-hidden="true" /> : <Eye className="size-5" aria-hidden="true" />}
        </button>
      </div>
      <Note id={id} error={error} hint={hint} />
    </div>
  );
}

export function SubmitButton({
  busy,
  busyLabel,
  children,
  wide = true,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      className={`h-12 rounded-full bg-ink px-8 text-sm text-white hover:bg-ink/90 disabled:opacity-60 ${wide ? "w-full" : "w-full sm:w-auto"}`}
    >
      {busy ? busyLabel : children}
    </button>
  );
}
