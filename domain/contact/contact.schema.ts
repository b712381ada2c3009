/** The contact form: every field required, the phone number as phone.ts reads it. */
import { z } from "zod";
import { EMAIL_HINT } from "../accounts/account-fields.schema";
import { phoneNumberSchema } from "../accounts/phone.schema";
import { refuseControlCharacters } from "../typed-text.schema";

export const CONTACT_PHONE_MESSAGE = "Phone number must be between 10 and 14 digits";

/** The message is a text area; the other fields are one line (their text goes into mail headers). */
const required = (label: string, max: number, lines: "one" | "many" = "one") =>
  refuseControlCharacters(z.string({ error: `${label} is required.` }).trim(), label, lines)
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} must be at most ${max} characters.` });

export const ContactMessageSchema = z.object({
  name: required("Name", 100),
  email: z
    .string({ error: EMAIL_HINT })
    .trim()
    .pipe(z.email({ error: EMAIL_HINT }))
    .transform((email) => email.toLowerCase()),
  phoneNumber: phoneNumberSchema(CONTACT_PHONE_MESSAGE),
  subject: required("Subject", 150),
  message: required("Message", 5000, "many"),
});

export type ContactMessageInput = z.input<typeof ContactMessageSchema>;
export type ContactMessage = z.output<typeof ContactMessageSchema>;
