/**
 * Forgotten passwords: a single-use token of 256 random bits, e-mailed as a link built
 * from PUBLIC_URL (never from the request's Host header, which a caller chooses), stored
 * only as its SHA-256, valid for an hour. A newer token voids the older ones; using one
 * voids every link the account was sent, ends every session of the account and starts
 * a new one.
 */
import { and, eq, gt, lt, or, sql } from "drizzle-orm";
import type { Viewer } from "../../../domain/load-context";
import { refuse } from "../../../domain/refusal";
import type { Database } from "../../db/client";
import { passwordResetTokens, users } from "../../db/schema/accounts";
import type { Mailer } from "../mail/mailer";
import { newLinkToken, voidEmailedLinks } from "./emailed-links.service";
import { hashPassword } from "./passwords";
import { endAllSessions, hashToken, toViewer, viewerColumns } from "./sessions.service";

export const RESET_TOKEN_MINUTES = 60;
export const FORGOT_PASSWORD_ANSWER = "If an account exists for that email, a password reset link is on its way.";
export const RESET_LINK_INVALID = "This reset link is invalid or has expired.";

interface ResetMailDeps {
  mailer: Mailer;
  shop: { name: string; publicUrl: string };
}

/**
 * E-mails a reset link when the address has an account, and does nothing otherwise: the
 * caller answers the same either way, so the form cannot be used to find accounts.
 */
export async function requestPasswordReset(db: Database, email: string, { mailer, shop }: ResetMailDeps) {
  const { token, tokenHash } = newLinkToken();
  const now = new Date();
  const user = await db.transaction(async (tx) => {
    // The account's row is locked, so two requests at once cannot leave two live links.
    const [found] = await tx
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
      .limit(1)
      .for("update");
    if (!found) return null;
    // Older links of this account stop working; long-dead ones of anybody are swept.
    await tx
      .delete(passwordResetTokens)
      .where(or(eq(passwordResetTokens.userId, found.id), lt(passwordResetTokens.expiresAt, now)));
    await tx.insert(passwordResetTokens).values({
      tokenHash,
      userId: found.id,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000),
    });
    return found;
  });
  if (!user) return;

  const link = `${shop.publicUrl}/reset-password/${token}`;
  await mailer.send({
    to: { name: user.username, address: user.email },
    subject: `Reset your ${shop.name} password`,
    text: [
      `Hello ${user.username},`,
      "",
      `Someone (we hope you) asked to reset the password of your ${shop.name} account.`,
      `Open this link within ${RESET_TOKEN_MINUTES} minutes to choose a new one:`,
      "",
      link,
      "",
      "If you did not ask, ignore this e-mail: your password stays as it is.",
    ].join("\n"),
  });
}

/**
 * Sets the new password if the token is live, using it up with every other link the
 * account was sent; every session of the account ends. A used, expired or made-up token
 * is refused (400), and so is one whose account is gone.
 */
export async function resetPassword(db: Database, token: string, newPassword: string): Promise<Viewer> {
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.tokenHash, hashToken(token)), gt(passwordResetTokens.expiresAt, new Date())))
      .returning({ userId: passwordResetTokens.userId });
    if (!used) throw refuse("invalid", RESET_LINK_INVALID);
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(eq(users.id, used.userId))
      .returning(viewerColumns);
    if (!user) throw refuse("invalid", RESET_LINK_INVALID);
    await voidEmailedLinks(tx, used.userId);
    await endAllSessions(tx, used.userId);
    return toViewer(user);
  });
}
