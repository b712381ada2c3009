/**
 * What password-reset links and sign-in links share: a token of 256 random bits that
 * only the e-mail holds (the database keeps its SHA-256), and the rule that every link
 * an account was sent dies when its password or e-mail address changes. A link was
 * meant for the account as it was when it left: one sent to an address the account no
 * longer uses, or one that would let its holder past a password just changed, must not
 * outlive the change.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { passwordResetTokens, signInTokens } from "../../db/schema/accounts";
import { hashToken } from "./sessions.service";

/** A new link token, and the hash to store for it. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token) };
}

/** Every reset and sign-in link of the account stops working. */
export async function voidEmailedLinks(db: Database, userId: string): Promise<void> {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await db.delete(signInTokens).where(eq(signInTokens.userId, userId));
}
