/**
 * The mail server the owner set in Settings → E-mail (docs/product.md, Outgoing mail).
 * The password is sealed with the deployment's SECRETS_KEY before it is stored, as the
 * payment providers' keys are (modules/payments/secrets.ts), and opened only to send;
 * what any answer shows is whether one is kept, never the password.
 */
import { eq } from "drizzle-orm";
import {
  MAIL_MESSAGES,
  type MailSettings,
  type MailSettingsUpdate,
} from "../../../domain/settings/mail-settings.schema";
import { refuse } from "../../../domain/refusal";
import type { Database } from "../../db/client";
import { mailSettings } from "../../db/schema/settings";
import type { MailServer } from "../mail/mailer";
import type { SecretBox } from "../payments/secrets";

export type MailSettingsRow = typeof mailSettings.$inferSelect;

export async function readMailRow(db: Database): Promise<MailSettingsRow | null> {
  const [row] = await db.select().from(mailSettings).where(eq(mailSettings.id, 1));
  return row ?? null;
}

/** What the settings answer: the server without its password, and where mail goes without one. */
export function mailSettingsView(
  row: MailSettingsRow | null,
  { box, serverDefault }: { box: SecretBox | null; serverDefault: MailSettings["serverDefault"] },
): MailSettings {
  return {
    server: row
      ? {
          host: row.host,
          port: row.port,
          username: row.username,
          fromAddress: row.fromAddress,
          hasPassword: row.passwordSealed !== null,
        }
      : null,
    serverDefault,
    canKeepPassword: box !== null,
  };
}

/** The server to send through, its password opened; null while the owner has set none. */
export function mailServerOf(row: MailSettingsRow | null, box: SecretBox | null): MailServer | null {
  if (!row) return null;
  return {
    host: row.host,
    port: row.port,
    username: row.username,
    // A password sealed under another SECRETS_KEY (a backup restored elsewhere) does not open:
    // the server then refuses the sign-in, and the owner types it again.
    password: row.passwordSealed && box ? box.open(row.passwordSealed) : null,
    fromAddress: row.fromAddress,
  };
}

/**
 * Saves the server, or removes it (the server's SMTP_URL holds again). A password left
 * blank keeps the one kept for the same username; one is needed with a username, and is
 * refused without a SECRETS_KEY to seal it.
 */
export async function saveMailSettings(
  db: Database,
  box: SecretBox | null,
  { server }: MailSettingsUpdate,
): Promise<void> {
  if (!server) {
    await db.delete(mailSettings).where(eq(mailSettings.id, 1));
    return;
  }
  if (server.password && !box) throw refuse("invalid", MAIL_MESSAGES.noKey, { password: MAIL_MESSAGES.noKey });
  const kept = await readMailRow(db);
  const passwordSealed = !server.username
    ? null
    : server.password && box
      ? box.seal(server.password)
      : kept?.username === server.username
        ? kept.passwordSealed
        : null;
  if (server.username && !passwordSealed) {
    const message = box ? MAIL_MESSAGES.password : MAIL_MESSAGES.noKey;
    throw refuse("invalid", message, { password: message });
  }
  const values = {
    host: server.host,
    port: server.port,
    username: server.username,
    passwordSealed,
    fromAddress: server.fromAddress,
  };
  await db
    .insert(mailSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: mailSettings.id, set: values });
}
