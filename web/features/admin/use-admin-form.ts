/**
 * The state every admin add/edit form keeps: per-field messages, the server's message,
 * the busy flag while saving, and the save itself — checked first with the server's own
 * schema, then sent; a refusal lands on the same fields and in the alert area
 * (`${prefix}-alert`), and focus moves to the first field at fault.
 */
import { useState } from "react";
import toast from "react-hot-toast";
import type { ZodType } from "zod";
import { alertMessages, checkBody, focusFirstError, refusalOf, type FieldErrors } from "./admin-form";

interface Save {
  schema: ZodType;
  body: unknown;
  send: () => Promise<unknown>;
  /** Where to go once saved (the form stays busy until the page changes). */
  then: () => Promise<void> | void;
  /** The alert text when the server gives no reason of its own. */
  fallback: string;
  /** How a refusal is announced besides the alert area; a toast unless told otherwise. */
  announce?: (message: string) => void;
}

export function useAdminForm(prefix: string, order: readonly string[]) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const clear = (field: string) =>
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _, ...rest } = current;
      return rest;
    });
  const fail = (field: string, message: string) => setErrors((current) => ({ ...current, [field]: message }));

  const show = (found: FieldErrors, message: string | null) => {
    setErrors(found);
    setServerMessage(message);
    if (!focusFirstError(prefix, order, found)) document.getElementById(`${prefix}-alert`)?.focus();
  };

  async function save({ schema, body, send, then, fallback, announce = (message) => toast.error(message) }: Save) {
    if (busy) return;
    const invalid = checkBody(schema, body);
    if (invalid) return show(invalid, null);
    setErrors({});
    setServerMessage(null);
    setBusy(true);
    try {
      await send();
      await then();
    } catch (failure) {
      const refusal = refusalOf(failure, fallback);
      announce(refusal.message);
      show(refusal.errors, refusal.message);
      setBusy(false);
    }
  }

  const messages = [...new Set([...(serverMessage ? [serverMessage] : []), ...alertMessages(errors, order)])];

  return { errors, busy, messages, alertId: `${prefix}-alert`, clear, fail, save };
}
