/**
 * The settings' door (server/door.ts): every member of staff reads them (`settings.read`),
 * only the Owner changes them (`settings.write`); a change is journaled with each field
 * before → after (pictures as "changed", never their ids). A new shop e-mail is sent its
 * confirmation link once the save is committed; whoever holds the link confirms it, and
 * that too is journaled. The mail server (Settings → E-mail) is the Owner's alone, to
 * read, change and try with a test e-mail; its password is never read back nor journaled.
 */
import type { FastifyRequest } from "fastify";
import type { ShopSettings } from "../../../domain/settings/shop-settings.schema";
import { ShopSettingsUpdateSchema } from "../../../domain/settings/shop-settings.schema";
import { changesBetween, journaled, staffMember, type WriteParts } from "../../door";
import { readBody } from "../catalog/admin-writes";
import { isDemoEmail } from "../../../domain/setup/demo-values";
import { refuse } from "../../../domain/refusal";
import type { ShopEmailLinkActions } from "../../../domain/settings/settings.actions";
import type { Mailer } from "../mail/mailer";
import type { SecretBox } from "../payments/secrets";
import {
  MailSettingsUpdateSchema,
  type MailSettings,
  type MailTestSent,
} from "../../../domain/settings/mail-settings.schema";
import { mailSettingsView, readMailRow, saveMailSettings } from "./mail-settings.service";
import type { ShopDetailsSource, ShopSettingsStore } from "./settings.service";
import { ALREADY_CONFIRMED, confirmShopEmail, readShopEmailLink, sendShopEmailLink } from "./shop-email.service";

/** The settings as the journal compares them; the pictures only say that they changed. */
const PICTURES = ["heroImages", "ecatalogImage"];

/** What the mail server's answer says when it did not take the test e-mail; never the password. */
function mailFailure(error: unknown, where: { host: string; port: number } | null) {
  const code = (error as { code?: string }).code ?? "";
  const server = where ? `${where.host} on port ${where.port}` : "The mail server";
  if (code === "EAUTH")
    return refuse(
      "invalid",
      "The mail server did not accept the username and password. Check them, and whether your mail provider asks for an app password.",
    );
  if (code === "EDNS")
    return refuse("invalid", `There is no mail server called ${where?.host ?? "that"}. Check its name.`);
  if (code === "ETLS") return refuse("invalid", `${server} offers no secure connection. Try port 465 or 587.`);
  if (["ECONNECTION", "ETIMEDOUT", "ESOCKET"].includes(code))
    return refuse(
      "unavailable",
      `${server} did not answer. Check the server's name and the port (587 and 465 are the usual ones), then try again.`,
    );
  return refuse("unavailable", "The mail server did not take the test e-mail. Check the settings and try again.");
}

/** The mail server's parts: the box that seals its password, and where mail goes without one (SMTP_URL or files). */
export interface MailParts {
  box: SecretBox | null;
  fallback: Pick<Mailer, "delivery">;
}

export function createSettingsActions(
  parts: WriteParts & { settings: ShopSettingsStore; mailer: Mailer; shop: ShopDetailsSource; mail: MailParts },
) {
  const { settings, mailer, shop, mail } = parts;
  const mailView = async (db = parts.db): Promise<MailSettings> =>
    mailSettingsView(await readMailRow(db), { box: mail.box, serverDefault: await mail.fallback.delivery() });
  const sendLink = async (email: string, log: FastifyRequest["log"]) => {
    const { name, publicUrl } = await shop();
    await sendShopEmailLink(parts.db, email, { mailer, shop: { name, publicUrl } }).catch((error: unknown) => {
      // The save stands; the owner resends the link from Settings.
      log.error(
        { err: { message: error instanceof Error ? error.message : String(error) } },
        "could not e-mail the shop's confirmation link",
      );
    });
  };
  return (request: FastifyRequest) => ({
    async get(): Promise<ShopSettings> {
      await staffMember(request, "settings.read");
      return settings.read();
    },
    async update(body: unknown): Promise<ShopSettings> {
      const by = await staffMember(request, "settings.write");
      const update = readBody(ShopSettingsUpdateSchema, body);
      const { before, after } = await journaled(
        parts,
        by,
        async (p) => ({ before: await settings.read(p.db), after: await settings.update(update, p) }),
        ({ before, after }) => ({
          area: "settings",
          item: "settings",
          itemLabel: "Shop settings",
          action: "Settings changed",
          changes: changesBetween(before, after, PICTURES),
        }),
      );
      if (
        after.email.toLowerCase() !== before.email.toLowerCase() &&
        !after.emailConfirmed &&
        !isDemoEmail(after.email)
      ) {
        await sendLink(after.email, request.log);
      }
      return after;
    },
    /** Sends the shop's e-mail a new confirmation link; the demo address and a confirmed one are refused. */
    async resendEmailLink(): Promise<{ email: string }> {
      await staffMember(request, "settings.write");
      const { email, emailConfirmed } = await settings.read();
      if (emailConfirmed) throw refuse("conflict", ALREADY_CONFIRMED);
      const { name, publicUrl } = await shop();
      await sendShopEmailLink(parts.db, email, { mailer, shop: { name, publicUrl } });
      return { email };
    },
    /** The mail server the shop sends through, without its password. */
    async mail(): Promise<MailSettings> {
      await staffMember(request, "settings.write");
      return mailView();
    },
    /** Sets the mail server (or goes back to the server's own); every instance sends through it at once. */
    async updateMail(body: unknown): Promise<MailSettings> {
      const by = await staffMember(request, "settings.write");
      const update = readBody(MailSettingsUpdateSchema, body);
      const { after } = await journaled(
        parts,
        by,
        async (p) => {
          const before = await mailView(p.db);
          await saveMailSettings(p.db, mail.box, update);
          // The trigger tells every instance once committed; this one hears it at once.
          p.cache.invalidate();
          return { before, after: await mailView(p.db) };
        },
        ({ before, after }) => ({
          area: "settings",
          item: "mail",
          itemLabel: "Mail server",
          action: "Mail server changed",
          // Whether a password is kept, and that a new one was typed; never the password.
          changes: [
            ...changesBetween(before.server, after.server),
            ...(update.server?.password ? [{ field: "password", before: null, after: "(changed)" }] : []),
          ],
        }),
      );
      return after;
    },
    /** Sends a test e-mail to the Owner who asks, through the mail server in force; a refusal says what went wrong. */
    async sendTestMail(): Promise<MailTestSent> {
      await staffMember(request, "settings.write");
      const email = (await request.signedIn())?.viewer.email;
      if (!email) throw refuse("invalid", "Your account has no e-mail address to send the test to.");
      const { name } = await shop();
      const server = (await mailView()).server;
      try {
        await mailer.send({
          to: email,
          subject: `Test e-mail from ${name}`,
          text: [
            "This is a test e-mail from your shop's admin panel (Settings → E-mail).",
            "",
            "It reached you, so your shop's e-mails reach people too: password resets, sign-in links, new orders and messages.",
          ].join("\n"),
        });
      } catch (error) {
        throw mailFailure(error, server);
      }
      if ((await mailer.delivery()) === "files")
        return {
          message: `The shop has no mail server yet: the test e-mail to ${email} was saved as a file on the server, not sent.`,
        };
      return {
        message: `Test e-mail sent to ${email}. If it is not in that inbox within a few minutes, look in its spam folder.`,
      };
    },
  });
}

/** Who confirms the shop's e-mail: whoever opened the link, signed in or not. */
const LINK_HOLDER = { id: null, name: "The e-mail's confirmation link" };

/**
 * The confirmation link's door: no permission, since holding the link sent to the address
 * is the proof asked for; the confirmation is journaled.
 */
export function createShopEmailLinkActions(parts: WriteParts): ShopEmailLinkActions {
  return {
    /** The address a live link would confirm, or null: the confirmation page shows it before the click. */
    read(token: string): Promise<{ email: string } | null> {
      return readShopEmailLink(parts.db, token);
    },
    /** Uses the link up and confirms its address; refused when the link is used, expired or stale. */
    async confirm(token: string): Promise<{ email: string }> {
      return journaled(
        parts,
        LINK_HOLDER,
        async (p) => {
          const confirmed = await confirmShopEmail(p.db, token);
          p.cache.invalidate();
          return confirmed;
        },
        ({ email }) => ({
          area: "settings",
          item: "settings",
          itemLabel: "Shop settings",
          action: "Shop e-mail confirmed",
          changes: [{ field: "emailConfirmed", before: "false", after: email }],
        }),
      );
    },
  };
}
