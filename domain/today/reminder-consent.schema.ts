/**
 * A customer's yes to e-mail reminders (docs/product.md, E-mail reminders): a checkbox on
 * the order sheet and at sign-up, off unless ticked. Apart from Today's rules, so the
 * forms that send it check only this.
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
