/**
 * Runs a form's values through its shared schema (domain/accounts) and returns the first
 * message for each field, as the server would answer them.
 */
import type { output, ZodType } from "zod";

export type FieldErrors = Partial<Record<string, string>>;

export function checkForm<S extends ZodType>(
  schema: S,
  values: unknown,
): { ok: true; data: output<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data as output<S> };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Moves focus to the first field (in the form's order) that has an error. */
export function focusFirstError(idPrefix: string, order: readonly string[], errors: FieldErrors) {
  const first = order.find((field) => errors[field]);
  if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
}
