/** Account fields with their rules and the forms' exact hints, shared by forms and server. */
import { z } from "zod";
import { refuseControlCharacters } from "../typed-text.schema";
import { phoneNumberSchema } from "./phone.schema";

export const PASSWORD_HINT = "Must be more than 8 characters, including number, lowercase letter, uppercase letter";
export const EMAIL_HINT = "Enter valid email address";

export const EmailSchema = z
  .string({ error: EMAIL_HINT })
  .trim()
  .min(1, { error: EMAIL_HINT })
  .max(254, { error: EMAIL_HINT })
  .pipe(z.email({ error: EMAIL_HINT }))
  .transform((email) => email.toLowerCase());

/** At least 8 characters with a digit, a lowercase and an uppercase letter, everywhere (forms and server alike). */
export const PasswordSchema = z
  .string({ error: PASSWORD_HINT })
  // argon2 hashes any length, but a megabyte "password" is a denial-of-service attempt.
  .max(200, { error: "Password must be at most 200 characters." })
  .refine(
    (password) => password.length >= 8 && /\d/.test(password) && /[a-z]/.test(password) && /[A-Z]/.test(password),
    {
      error: PASSWORD_HINT,
    },
  );

export const PHONE_HINT = "Must be at least 10 digits";

/** A phone number as people write it, read as E.164 (see phone.ts). */
export const PhoneSchema = phoneNumberSchema(PHONE_HINT);

/** A display name: required, without control characters, of a sane length. */
export const NameSchema = (label: string) =>
  refuseControlCharacters(z.string({ error: `${label} is required.` }).trim(), label)
    .min(1, { error: `${label} is required.` })
    .max(100, { error: `${label} must be at most 100 characters.` });
