/**
 * A customer's yes to e-mail reminders (docs/product.md, E-mail reminders): a checkbox on
 * the order sheet and at sign-up, off unless ticked. Apart from Today's rules, so the
 * shop's pages carry only these few words.
 */
import { z } from "zod";

/**
 * A customer's yes to e-mail reminders, as a checkbox sends it ("on") or the API (true);
 * left out, no: reminders are off unless the customer ticks the box.
 */
export const ReminderConsentSchema = z
  .union([z.boolean(), z.literal("on").transform(() => true), z.literal("").transform(() => false)], {
    error: "E-mail reminders are yes (true) or no (false).",
  })
  .optional()
  .transform((value) => value ?? false);

/** What the checkbox says, on the order sheet and at sign-up. */
export const REMINDER_CONSENT_LABEL =
  "E-mail me a reminder when a quote or a payment is waiting (at most every 3 days)";
