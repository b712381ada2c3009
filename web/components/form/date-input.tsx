/**
 * A date as a Nigerian types it (docs/product.md, Dates and numbers): a text box that takes
 * "12 Jan 2027", "12/01/2027" (the day always first) or "2027-01-12", and says back the day
 * it read, so 12/01 can never be taken for 1 December. A browser's own date box shows its
 * value in the phone's language, which on many phones is US English (month first); a text
 * box shows what was typed. Once scripts run, a calendar button beside it opens the phone's
 * own picker and writes the day chosen into the box. The server reads the box with the same
 * parser (domain/dates.ts), so the field works without scripts too.
 */
import { CalendarDays } from "lucide-react";
import { useRef, useState, type InputHTMLAttributes } from "react";
import { dayFieldText, formatDay, parseDay } from "../../../domain/dates";

type DateInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "defaultValue" | "value" | "onChange"> & {
  /** The day to begin with, "2027-01-12" (or what was typed and sent back). */
  defaultValue?: string | undefined;
  className: string;
};

/** What the box read, said beside it while it differs from what is typed. */
const readBack = (typed: string) => {
  const day = parseDay(typed);
  return day && formatDay(day) !== typed.trim() ? `Reads as ${formatDay(day)}` : null;
};

export function DateInput({ defaultValue, className, id, ...input }: DateInputProps) {
  const box = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState(() => dayFieldText(defaultValue));
  const read = readBack(typed);
  const readId = `${id ?? input.name}-read`;

  const choose = (iso: string) => {
    const target = box.current;
    if (!target || !parseDay(iso)) return;
    // Set the value as typing would, so the form's own state hears of it.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(target, formatDay(iso));
    target.dispatchEvent(new Event("input", { bubbles: true }));
    target.dispatchEvent(new Event("change", { bubbles: true }));
  };

  return (
    <>
      <span className="relative block">
        <input
          {...input}
          ref={box}
          id={id}
          type="text"
          inputMode="text"
          autoComplete="off"
          placeholder="12 Jan 2027"
          defaultValue={dayFieldText(defaultValue)}
          onInput={(event) => setTyped(event.currentTarget.value)}
          aria-describedby={[input["aria-describedby"], read ? readId : null].filter(Boolean).join(" ") || undefined}
          className={`${className} pr-12`}
        />
        <span className="absolute top-1/2 right-1 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full text-stone hover:text-ink [html:not([data-hydrated])_&]:hidden">
          <CalendarDays className="size-5" aria-hidden="true" />
          <input
            type="date"
            tabIndex={-1}
            aria-label="Choose the day on a calendar"
            min="2000-01-01"
            max="2099-12-31"
            value={parseDay(typed) ?? ""}
            onChange={(event) => choose(event.currentTarget.value)}
            onClick={(event) => {
              try {
                event.currentTarget.showPicker();
              } catch {
                // Older browsers open the picker on a tap by themselves.
              }
            }}
            className="absolute inset-0 size-full cursor-pointer opacity-0"
          />
        </span>
      </span>
      <span id={readId} className={read ? "mt-1 block text-sm font-medium text-ink" : "sr-only"} aria-live="polite">
        {read}
      </span>
    </>
  );
}
