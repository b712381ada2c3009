/**
 * What the e-mail reminders checkbox says, on the order sheet and at sign-up (docs/product.md,
 * E-mail reminders). Alone in its file, without zod: the order sheet loads no validation
 * library, and importing the schema's file would bring all of zod into its scripts.
 */
export const REMINDER_CONSENT_LABEL =
  "E-mail me a reminder when a quote or a payment is waiting (at most every 3 days)";
