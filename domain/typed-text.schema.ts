/**
 * Text as people type it into a form. PostgreSQL cannot store or compare a NUL
 * character in text: it fails the query instead of refusing the value, so a stray NUL
 * would become a 500. No form field can hold other control characters either unless a
 * request was made by hand, and in a one-line field they break mail headers and page
 * layout. So every text field refuses them here, with a message naming the field.
 * Multi-line fields (a message, a description) keep tabs and line breaks.
 */
import type { z } from "zod";

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const DELETE = 0x7f;

const controlCharactersMessage = (label: string) => `${label} cannot contain control characters.`;

/** True when the text holds no character a person could not have typed into such a field. */
export function hasNoControlCharacters(text: string, lines: "one" | "many" = "one"): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === DELETE) return false;
    if (code < 0x20 && !(lines === "many" && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN))) {
      return false;
    }
  }
  return true;
}

/** The string schema refusing control characters, with the message for this field. */
export function refuseControlCharacters<T extends z.ZodString>(
  schema: T,
  label: string,
  lines: "one" | "many" = "one",
): T {
  return schema.refine((text) => hasNoControlCharacters(text, lines), { error: controlCharactersMessage(label) });
}
