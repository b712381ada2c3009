/**
 * The settings' door (server/door.ts): every member of staff reads them (`settings.read`),
 * only the Owner changes them (`settings.write`); a change is journaled with each field
 * before → after (pictures as "changed", never their ids). A new shop e-mail is sent its
 * confirmation link once the save is committed; whoever holds the link confirms it, and
 * that too is journaled.
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
import type { ShopDetailsSource, ShopSettingsStore } from "./settings.service";
import { ALREADY_CONFIRMED, confirmShopEmail, readShopEmailLink, sendShopEmailLink } from "./shop-email.service";

/** The settings as the journal compares them; the pictures only say that they changed. */
const PICTURES = ["heroImages", "ecatalogImage"];

export function createSettingsActions(
  parts: WriteParts & { settings: ShopSettingsStore; mailer: Mailer; shop: ShopDetailsSource },
) {
  const { settings, mailer, shop } = parts;
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
