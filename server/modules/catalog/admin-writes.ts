/** What the admin's product, collection and project writes have in common. */
import { HttpError } from "../../plugins/errors";
import { sanitizeRichTextForSaving } from "./rich-text";

/** A 400 naming the form field at fault, as the schemas' own errors do. */
export function invalid(field: string, message: string): HttpError {
  return new HttpError(400, message, { [field]: message });
}

/** A 400 for an update whose result breaks a rule, naming each field at fault. */
export function refusedUpdate(issues: { path: string; message: string }[]): HttpError {
  return new HttpError(400, issues[0]!.message, Object.fromEntries(issues.map((issue) => [issue.path, issue.message])));
}

/**
 * The description as stored: sanitised with the allowlist. The schema already refused
 * markup without text; this catches text that was only inside a script or a frame.
 */
export function safeDescription(html: string, emptyMessage: string): string {
  const description = sanitizeRichTextForSaving(html);
  if (description === null) throw invalid("description", emptyMessage);
  return description;
}
