/**
 * What the admin Settings page may do, in process: read the settings as the form starts
 * from them, and save any subset. Both check on the server that an admin is signed in,
 * as GET and PUT /api/admin/operations/settings do; a refused save throws
 * `{ statusCode, message, errors }` as the API's 4xx does.
 */
import type { MailSettings, MailSettingsUpdate, MailSettingsUpdateInput, MailTestSent } from "./mail-settings.schema";
import type { ShopSettings, ShopSettingsUpdateInput } from "./shop-settings.schema";

export interface SettingsActions {
  get(): Promise<ShopSettings>;
  update(body: ShopSettingsUpdateInput): Promise<ShopSettings>;
  /** Sends the shop's e-mail a new confirmation link (the Owner's); answers where it went. */
  resendEmailLink(): Promise<{ email: string }>;
  /** The mail server the shop sends through, never its password (the Owner's). */
  mail(): Promise<MailSettings>;
  /** Sets the mail server, or `{ server: null }` to send as the server's SMTP_URL says again (the Owner's). */
  updateMail(body: MailSettingsUpdate | MailSettingsUpdateInput): Promise<MailSettings>;
  /** Sends the signed-in Owner a test e-mail through the mail server in force; answers what happened. */
  sendTestMail(): Promise<MailTestSent>;
}

/** What the link sent to a new shop e-mail may do, for whoever holds it. */
export interface ShopEmailLinkActions {
  /** The address a live confirmation link is for, or null when it is used, expired or made up. */
  read(token: string): Promise<{ email: string } | null>;
  /** Confirms the shop's e-mail by its link; a used, expired or stale link is a 400. */
  confirm(token: string): Promise<{ email: string }>;
}
