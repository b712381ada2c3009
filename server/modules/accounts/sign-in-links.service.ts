/**
 * Sign-in links: while one account draws wrong passwords from many addresses, the login
 * routes stop telling anyone whether a password was right (see limitLoginFailures), and
 * a right one earns a link in the account's inbox instead of a session. The link is
 * built from PUBLIC_URL, single-use, valid for SIGN_IN_LINK_MINUTES, and stored only as
 * its SHA-256; a newer one voids the older, and using one signs in the browser that
 * opened it.
 */
import { and, eq, gt, lt, or } from "drizzle-orm";
import type { Viewer } from "../../../domain/load-context";
import { refuse } from "../../../domain/refusal";
import type { Database } from "../../db/client";
import { signInTokens, users } from "../../db/schema/accounts";
import type { Mailer } from "../mail/mailer";
import { newLinkToken } from "./emailed-links.service";
import { hashToken, toViewer, viewerColumns } from "./sessions.service";

export const SIGN_IN_LINK_MINUTES = 15;
/** The one answer to every sign-in attempt while an account's sign-ins are confirmed by e-mail. */
export const SIGN_IN_LINK_SENT =
  "For your security we've e-mailed you a sign-in link if your password was right. Open it on this device to finish signing in.";
export const SIGN_IN_LINK_INVALID = "This sign-in link is invalid or has expired.";

interface LinkMailDeps {
  mailer: Mailer;
  shop: { name: string; publicUrl: string };
}

/** Mails the account a fresh sign-in link; the caller has checked its password. */
export async function sendSignInLink(db: Database, userId: string, { mailer, shop }: LinkMailDeps): Promise<void> {
  const { token, tokenHash } = newLinkToken();
  const now = new Date();
  const user = await db.transaction(async (tx) => {
    // The account's row is locked, so two links made at once cannot both stay live.
    const [found] = await tx
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!found) return null;
    // Older links of this account stop working; long-dead ones of anybody are swept.
    await tx.delete(signInTokens).where(or(eq(signInTokens.userId, userId), lt(signInTokens.expiresAt, now)));
    await tx
      .insert(signInTokens)
      .values({ tokenHash, userId, expiresAt: new Date(now.getTime() + SIGN_IN_LINK_MINUTES * 60_000) });
    return found;
  });
  if (!user) return;

  await mailer.send({
    to: { name: user.username, address: user.email },
    subject: `Your ${shop.name} sign-in link`,
    text: [
      `Hello ${user.username},`,
      "",
      `Your ${shop.name} password was entered correctly just now. Because many wrong passwords`,
      "have been tried on your account recently, we finish sign-ins by e-mail for a while.",
      `If it was you, open this link within ${SIGN_IN_LINK_MINUTES} minutes, on the device you want to use:`,
      "",
      `${shop.publicUrl}/sign-in-link/${token}`,
      "",
      "If it was not you, someone knows your password: choose a new one now with",
      `Forgot Password at ${shop.publicUrl}/login. Do not open the link above.`,
    ].join("\n"),
  });
}

/**
 * The account behind a live link, which is used up along with every other link it was
 * sent; a used, expired or made-up link is refused (400).
 */
export async function redeemSignInLink(db: Database, token: string): Promise<Viewer> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .delete(signInTokens)
      .where(and(eq(signInTokens.tokenHash, hashToken(token)), gt(signInTokens.expiresAt, new Date())))
      .returning({ userId: signInTokens.userId });
    if (!used) throw refuse("invalid", SIGN_IN_LINK_INVALID);
    await tx.delete(signInTokens).where(eq(signInTokens.userId, used.userId));
    const [user] = await tx.select(viewerColumns).from(users).where(eq(users.id, used.userId));
    if (!user) throw refuse("invalid", SIGN_IN_LINK_INVALID);
    return toViewer(user);
  });
}
