/**
 * The bodies of the account calls (/api/auth), with the forms' messages. The forms
 * and the server parse with the same schemas, so a message means the same everywhere.
 */
import { z } from "zod";
import { ReminderConsentSchema } from "../today/reminder-consent.schema";
import { EmailSchema, NameSchema, PasswordSchema, PhoneSchema } from "./account-fields.schema";

export const PASSWORDS_DO_NOT_MATCH = "New passwords do not match.";
export const BOTH_PASSWORDS_REQUIRED = "Please fill in both password fields.";
export const CURRENT_PASSWORD_REQUIRED = "Current password is required.";
export const EMAIL_CHANGE_NEEDS_PASSWORD = "Enter your current password to change your email.";
/** A call that needs an account, made without one (or by a session whose account is gone). */
export const NOT_SIGNED_IN = "Please log in to continue.";

/** The signed-in person's password, asked again before a change that could hand the account over. */
const CurrentPasswordSchema = z
  .string({ error: CURRENT_PASSWORD_REQUIRED })
  .min(1, { error: CURRENT_PASSWORD_REQUIRED })
  .max(200, { error: "Password must be at most 200 characters." });

/** Whether a profile edit changes the account's e-mail (which then needs the current password). */
export const changesEmail = (saved: string, typed: string) => saved.trim().toLowerCase() !== typed.trim().toLowerCase();

export const SignupSchema = z.object({
  fullName: NameSchema("Name"),
  email: EmailSchema,
  phoneNumber: PhoneSchema,
  password: PasswordSchema,
  /** Sent empty by the sign-up form; the guest's lists are found by their cookie. */
  anonymousId: z.string().max(200).optional(),
  /** Yes to e-mail reminders of quotes and payments waiting; the order sheet's box starts from it. */
  emailReminders: ReminderConsentSchema,
});

/** Any stored password may be tried: the strength rules apply when one is chosen. */
export const LoginSchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: "Password is required." })
    .min(1, { error: "Password is required." })
    .max(200, { error: "Password must be at most 200 characters." }),
});

/**
 * The login forms hold a password to the rules for choosing one (8+ characters, a digit, a
 * lowercase and an uppercase letter), so a mistyped one is told at once; the API accepts
 * any stored one.
 */
export const LoginFormSchema = z.object({ email: EmailSchema, password: PasswordSchema });

export const UpdateProfileSchema = z.object({
  username: NameSchema("Username"),
  email: EmailSchema,
  /** Optional on the profile: an admin made from the command line has none. */
  phoneNumber: z.union([z.literal("").transform(() => null), z.null(), PhoneSchema]).optional(),
  /** Needed only when the e-mail changes: the account's links and notices go there. */
  currentPassword: z.string().max(200, { error: "Password must be at most 200 characters." }).optional(),
});

/** The profile form asks for the current password as soon as the e-mail typed differs from the saved one. */
export const UpdateProfileFormSchema = (savedEmail: string) =>
  UpdateProfileSchema.superRefine((form, context) => {
    if (changesEmail(savedEmail, form.email) && !form.currentPassword) {
      context.addIssue({ code: "custom", message: EMAIL_CHANGE_NEEDS_PASSWORD, path: ["currentPassword"] });
    }
  });

/** A body-less request (an older page) is asked for the password rather than refused as malformed. */
export const DeleteAccountSchema = z.preprocess(
  (body) => body ?? {},
  z.object({ currentPassword: CurrentPasswordSchema }),
);

/** The confirmation's one field, as a form sends it. */
export const DeleteAccountFormSchema = z.object({ currentPassword: CurrentPasswordSchema });

export const ForgotPasswordSchema = z.object({ email: EmailSchema });

export const ResetPasswordSchema = z.object({ newPassword: PasswordSchema });

export const ChangePasswordSchema = z.object({ oldPassword: CurrentPasswordSchema, newPassword: PasswordSchema });

/** The forms add a confirmation field; the API takes the new password once. */
export const ChangePasswordFormSchema = ChangePasswordSchema.extend({
  confirmPassword: z.string({ error: PASSWORDS_DO_NOT_MATCH }),
}).refine((form) => form.newPassword === form.confirmPassword, {
  error: PASSWORDS_DO_NOT_MATCH,
  path: ["confirmPassword"],
});

export const ResetPasswordFormSchema = z
  // A field left empty arrives without a value.
  .object({
    newPassword: z.string({ error: BOTH_PASSWORDS_REQUIRED }),
    confirmPassword: z.string({ error: BOTH_PASSWORDS_REQUIRED }),
  })
  .refine((form) => form.newPassword !== "" && form.confirmPassword !== "", {
    error: BOTH_PASSWORDS_REQUIRED,
    path: ["newPassword"],
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    error: PASSWORDS_DO_NOT_MATCH,
    path: ["confirmPassword"],
  })
  .pipe(z.object({ newPassword: PasswordSchema, confirmPassword: z.string() }));

/** An e-mailed link's token (a reset or a sign-in link), as the path or the body carries it. */
const LinkTokenSchema = z.string().max(100);

export const ResetPasswordParamsSchema = z.object({ token: LinkTokenSchema });

/** POST /api/auth/sign-in-link: the token travels in the body, so request logs never hold it. */
export const SignInLinkSchema = z.object({ token: LinkTokenSchema });

export type SignupInput = z.input<typeof SignupSchema>;
export type LoginInput = z.input<typeof LoginSchema>;
export type UpdateProfileInput = z.input<typeof UpdateProfileSchema>;
