/**
 * The shop's e-mail is confirmed by a link (docs/product.md, Shop settings): mail with a
 * customer's details goes only to an address whose owner opened the link sent to it.
 * As with password resets, the token is 256 random bits that only the e-mail holds (the
 * database keeps its SHA-256), a newer link voids the older ones, and opening it uses it
 * up. A link confirms the address it was sent to, and only while that is still the
 * shop's e-mail. Confirming writes the settings' row, whose change notification empties
 * the settings cache on every instance, so every instance starts sending at once.
 */
import { and, eq, gt } from "drizzle-orm";
import { refuse } from "../../../domain/refusal";
import { isDemoEmail } from "../../../domain/setup/demo-values";
import type { Database } from "../../db/client";
import { shopEmailLinks, shopSettings } from "../../db/schema/settings";
import { newLinkToken } from "../accounts/emailed-links.service";
import { hashToken } from "../accounts/sessions.service";
import type { Mailer } from "../mail/mailer";

export const SHOP_EMAIL_LINK_HOURS = 48;
export const SHOP_EMAIL_LINK_INVALID = "This confirmation link is invalid, used or expired.";
export const SHOP_EMAIL_LINK_STALE = "This link was sent to an address that is no longer the shop's e-mail.";
export const DEMO_EMAIL_REFUSED = "Set your shop's own e-mail in Settings first: the demo address cannot be confirmed.";
export const ALREADY_CONFIRMED = "The shop's e-mail is already confirmed.";

/** The path of a confirmation link, after PUBLIC_URL. */
export const shopEmailLinkPath = (token: string) => `/shop-email/confirm/${token}`;

/**
 * Sends `email` a new confirmation link, voiding any link sent before (to it or to an
 * address the shop had before). The demo address is refused: nobody could open its link.
 */
export async function sendShopEmailLink(
  db: Database,
  email: string,
  { mailer, shop }: { mailer: Mailer; shop: { name: string; publicUrl: string } },
): Promise<void> {
  if (isDemoEmail(email)) throw refuse("invalid", DEMO_EMAIL_REFUSED);
  const { token, tokenHash } = newLinkToken();
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.delete(shopEmailLinks);
    await tx.insert(shopEmailLinks).values({
      tokenHash,
      email,
      expiresAt: new Date(now.getTime() + SHOP_EMAIL_LINK_HOURS * 3_600_000),
    });
  });
  await mailer.send({
    to: email,
    subject: `Confirm ${shop.name}'s e-mail address`,
    text: [
      "Hello,",
      "",
      `This address was set as the shop e-mail of ${shop.name} (${shop.publicUrl}).`,
      `New orders and contact messages, with the customers' details, will be e-mailed here once you confirm it.`,
      `Open this link within ${SHOP_EMAIL_LINK_HOURS} hours to confirm:`,
      "",
      `${shop.publicUrl}${shopEmailLinkPath(token)}`,
      "",
      "If you do not run this shop, ignore this e-mail: nothing will be sent here.",
    ].join("\n"),
  });
}

/** The address a live link would confirm, or null for a used, expired or made-up one. */
export async function readShopEmailLink(db: Database, token: string): Promise<{ email: string } | null> {
  const [link] = await db
    .select({ email: shopEmailLinks.email })
    .from(shopEmailLinks)
    .where(and(eq(shopEmailLinks.tokenHash, hashToken(token)), gt(shopEmailLinks.expiresAt, new Date())));
  return link ?? null;
}

/**
 * Uses the link up and records its address as confirmed: the address it confirmed. A
 * used, expired or made-up token is refused (400), and so is a link to an address the
 * shop no longer uses.
 */
export async function confirmShopEmail(db: Database, token: string): Promise<{ email: string }> {
  // An expired link goes too: either way it is spent.
  const [used] = await db
    .delete(shopEmailLinks)
    .where(eq(shopEmailLinks.tokenHash, hashToken(token)))
    .returning({ email: shopEmailLinks.email, expiresAt: shopEmailLinks.expiresAt });
  if (!used || used.expiresAt <= new Date()) throw refuse("invalid", SHOP_EMAIL_LINK_INVALID);
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1)).for("update");
  if (!row || row.value.email.toLowerCase() !== used.email.toLowerCase() || isDemoEmail(used.email)) {
    throw refuse("invalid", SHOP_EMAIL_LINK_STALE);
  }
  await db
    .update(shopSettings)
    .set({ value: { ...row.value, confirmedEmail: used.email } })
    .where(eq(shopSettings.id, 1));
  return { email: used.email };
}
