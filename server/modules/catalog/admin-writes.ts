/** What the admin's product, collection and project writes have in common. */
import type { z } from "zod";
import { withUpdate } from "../../../domain/catalog/partial-input";
import { refuse, refuseField } from "../../../domain/refusal";
import { sanitizeRichTextForSaving } from "./rich-text";

/**
 * The stored item's form with the update laid over it, read by the form's whole schema.
 * When the result breaks a rule, a 400 in the shape a refused body gets: the first
 * message, and each field's first.
 */
export function readUpdated<S extends z.ZodType<unknown, object>>(
  schema: S,
  stored: z.input<S>,
  update: Partial<z.input<S>>,
): z.output<S> {
  return readBody(schema, withUpdate(stored, update));
}

/**
 * A body read by a form's schema, or a 400 in the shape the API gives a refused body:
 * the first message, and each field's first. The admin pages' writes come through here,
 * so they are refused as the API refuses them.
 */
export function readBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join(".") || "request"] ??= issue.message;
  throw refuse("invalid", result.error.issues[0]!.message, errors);
}

/**
 * The description as stored: sanitised with the allowlist. The schema already refused
 * markup without text; this catches text that was only inside a script or a frame.
 */
export function safeDescription(html: string, emptyMessage: string): string {
  const description = sanitizeRichTextForSaving(html);
  if (description === null) throw refuseField("description", emptyMessage);
  return description;
}
