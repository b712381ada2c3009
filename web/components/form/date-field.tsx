/**
 * The form kit's date field, in a module of its own: the calendar input and the date
 * reading it brings ship only with the forms that ask for a day, not with every form.
 */
import { DateInput } from "./date-input";
import { controlProps, FieldNote, firstError, initialText, inputClass, Label, type FieldProps } from "./fields";

/**
 * A calendar day, typed day first or chosen on the phone's calendar, and said back as it
 * was read ("Reads as 12 Jan 2027"); the schema's DateSchema reads it the same way.
 */
export function DateField({
  meta,
  label,
  hint = "Day first, such as 12 Jan 2027 or 12/01/2027.",
  markRequired,
  ...input
}: Omit<FieldProps, "type" | "sign" | "placeholder">) {
  return (
    <div className="min-w-0">
      <Label meta={meta} label={label} required={markRequired} />
      <DateInput
        {...input}
        {...controlProps(meta, hint)}
        key={meta.key}
        defaultValue={initialText(meta)}
        className={inputClass(Boolean(firstError(meta)))}
      />
      <FieldNote meta={meta} hint={hint} />
    </div>
  );
}
