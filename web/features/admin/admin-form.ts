/**
 * What the admin's add/edit forms share: checking a body with the server's own zod
 * schema (so the form shows SPEC.md §5's messages before sending), reading the server's
 * refusal onto the same fields, and reading chosen files as data strings.
 */
import type { ZodType } from "zod";
import { MAX_IMAGE_BYTES } from "../../../domain/catalog/input-fields";
import { ApiError } from "../../lib/api-client";

/** Field name → its first message. Nested paths ("images.2") count for their field. */
export type FieldErrors = Partial<Record<string, string>>;

export function checkBody(schema: ZodType, body: unknown): FieldErrors | null {
  const result = schema.safeParse(body);
  if (result.success) return null;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}

/** The server's answer to a refused save, as an alert message and per-field messages. */
export function refusalOf(failure: unknown, fallback: string): { message: string; errors: FieldErrors } {
  if (!(failure instanceof ApiError)) return { message: fallback, errors: {} };
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(failure.errors ?? {})) errors[path.split(".")[0]!] ??= message;
  return { message: failure.status >= 500 ? fallback : failure.message, errors };
}

/** The messages to list in the alert area, in the form's order, each once. */
export function alertMessages(errors: FieldErrors, order: readonly string[]): string[] {
  const keys = [...order.filter((key) => errors[key]), ...Object.keys(errors).filter((key) => !order.includes(key))];
  return [...new Set(keys.map((key) => errors[key]!).filter(Boolean))];
}

/** Focuses the first field with an error (ids are `${prefix}-${field}`); false when none. */
export function focusFirstError(prefix: string, order: readonly string[], errors: FieldErrors): boolean {
  for (const field of order) {
    if (!errors[field]) continue;
    const element = document.getElementById(`${prefix}-${field}`);
    if (element) {
      element.focus();
      return true;
    }
  }
  return false;
}

export interface ReadMessages {
  /** 'Failed to read image file.' or 'Failed to read cover image file.' (SPEC.md §5). */
  unreadable: string;
  tooLarge: string;
}

export class ImageReadError extends Error {}

/** A chosen file as a "data:image/...;base64,..." string, as the API takes new images. */
export function readImageFile(file: File, messages: ReadMessages): Promise<string> {
  if (file.size > MAX_IMAGE_BYTES) return Promise.reject(new ImageReadError(messages.tooLarge));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === "string" && reader.result.startsWith("data:")
        ? resolve(reader.result)
        : reject(new ImageReadError(messages.unreadable));
    reader.onerror = () => reject(new ImageReadError(messages.unreadable));
    reader.onabort = () => reject(new ImageReadError(messages.unreadable));
    reader.readAsDataURL(file);
  });
}

/** True when the browser's history has a page of this app to go back to. */
export function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === "number" && state.idx > 0;
}
