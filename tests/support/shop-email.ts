/**
 * The shop's e-mail confirmed as its owner would, by a link: for tests of the mail that
 * goes to the shop only once it is confirmed (docs/product.md, Shop settings).
 */
import type { FastifyInstance } from "fastify";
import type { Database } from "../../server/db/client";
import { shopEmailLinks } from "../../server/db/schema/settings";
import { newLinkToken } from "../../server/modules/accounts/emailed-links.service";

export async function confirmShopEmail(app: FastifyInstance, db: Database): Promise<void> {
  const { email } = await app.shopSettings.read();
  const { token, tokenHash } = newLinkToken();
  await db.insert(shopEmailLinks).values({ tokenHash, email, expiresAt: new Date(Date.now() + 60_000) });
  // Whoever holds the link confirms it: no session is asked for.
  await app.doors.shopEmail.confirm(token);
}
