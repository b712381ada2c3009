/**
 * The shop's outgoing mail server (docs/product.md, Outgoing mail), as a mail provider's
 * help page describes it: the server's name, its port, the username and password, and
 * the address mail is sent from. The password is written, never read back: answers say
 * only whether one is kept.
 */
import { z } from "zod";

export const MAIL_MESSAGES = {
  host: "Enter the mail server's name, such as smtp.gmail.com.",
  port: "Enter the port, a number such as 587 or 465.",
  fromAddress: "Enter the address e-mails are sent from, such as hello@yourshop.ng.",
  password: "Type the password for this username.",
  noKey:
    "The mail server's password cannot be saved until the server has a SECRETS_KEY: set it to 32 random bytes (for example the output of `openssl rand -hex 32`) where the shop is deployed, and restart it.",
} as const;

/** A host name or an IP address: letters, digits, dots, hyphens (and colons for IPv6). */
const HOST = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$|^\[?[0-9a-f:]+\]?$/i;

export const MailServerInputSchema = z.object({
  host: z
    .string({ error: MAIL_MESSAGES.host })
    .trim()
    .min(1, { error: MAIL_MESSAGES.host })
    .regex(HOST, { error: MAIL_MESSAGES.host })
    .transform((host) => host.toLowerCase()),
  port: z.coerce
    .number({ error: MAIL_MESSAGES.port })
    .int({ error: MAIL_MESSAGES.port })
    .min(1, { error: MAIL_MESSAGES.port })
    .max(65535, { error: MAIL_MESSAGES.port }),
  /** Blank: the server takes mail without signing in (a relay on the same machine). */
  username: z
    .string()
    .trim()
    .max(254)
    .optional()
    .transform((name) => name || null),
  /** Blank keeps the password kept; only sent to change it. */
  password: z
    .string()
    .max(500)
    .optional()
    .transform((password) => password || undefined),
  fromAddress: z
    .string({ error: MAIL_MESSAGES.fromAddress })
    .trim()
    .min(1, { error: MAIL_MESSAGES.fromAddress })
    .max(254, { error: MAIL_MESSAGES.fromAddress })
    .pipe(z.email({ error: MAIL_MESSAGES.fromAddress })),
});

/**
 * PUT /api/admin/operations/settings/email: the server to send through, or null to send
 * as the server's SMTP_URL says again (or to the outbox folder without one).
 */
export const MailSettingsUpdateSchema = z.object({ server: MailServerInputSchema.nullable() });
export type MailSettingsUpdate = z.output<typeof MailSettingsUpdateSchema>;
export type MailSettingsUpdateInput = z.input<typeof MailSettingsUpdateSchema>;

/** GET /api/admin/operations/settings/email: never the password, only whether one is kept. */
export const MailSettingsSchema = z.object({
  /** The server the owner set; null while the server's own setting holds. */
  server: z
    .object({
      host: z.string(),
      port: z.number().int(),
      username: z.string().nullable(),
      fromAddress: z.string(),
      hasPassword: z.boolean(),
    })
    .nullable(),
  /** Where mail goes without one: the server's SMTP_URL, or files in the outbox folder. */
  serverDefault: z.enum(["smtp", "files"]),
  /** Whether a password can be kept (the server has a SECRETS_KEY). */
  canKeepPassword: z.boolean(),
});
export type MailSettings = z.output<typeof MailSettingsSchema>;

/** POST /api/admin/operations/settings/email/test: where the test e-mail went. */
export const MailTestSentSchema = z.object({ message: z.string() });
export type MailTestSent = z.output<typeof MailTestSentSchema>;
