/**
 * Customer accounts: sign-up, sign-in, profile, password change,
 * deletion. E-mail addresses are unique whatever their case. Whoever holds a session
 * may edit the name and phone, but changing the e-mail or the password, or deleting the
 * account, takes the current password too: a session left open on a shared phone must
 * not let its finder take the account over or erase it. A call that cannot be done throws
 * a refusal (domain/refusal.ts) with the message the person sees; what it did comes back
 * as plain values, which the account calls (account.actions.ts) turn into cookies,
 * e-mails and live events.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  changesEmail,
  EMAIL_CHANGE_NEEDS_PASSWORD,
  NOT_SIGNED_IN,
  type ChangePasswordSchema,
  type LoginSchema,
  type SignupSchema,
  type UpdateProfileSchema,
} from "../../../domain/accounts/auth.schema";
import type { Viewer } from "../../../domain/load-context";
import { refuse } from "../../../domain/refusal";
import type { Database } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { mergeGuestLists } from "../carts/guest-lists.service";
import { linkAccount } from "../customers/customer-links.service";
import { claimGuestOrders } from "../orders/orders.service";
import type { Mailer } from "../mail/mailer";
import { voidEmailedLinks } from "./emailed-links.service";
import { hashPassword, verifyPassword } from "./passwords";
import { endOtherSessions, mayHaveSession, rotateSession, toViewer, viewerColumns } from "./sessions.service";

export const EMAIL_TAKEN = "An account with this email already exists.";
export const WRONG_CREDENTIALS = "Invalid email or password.";
export const WRONG_OLD_PASSWORD = "Current password is incorrect.";
export const ADMIN_NOT_DELETABLE = "An administrator account cannot be deleted here.";

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === "object" && error !== null && "cause" in error
    ? isUniqueViolation((error as { cause: unknown }).cause)
    : (error as { code?: string } | null)?.code === "23505";

/**
 * A hash of a password nobody has, checked when the e-mail is unknown, so that a wrong
 * e-mail costs the same time as a wrong password and the two cannot be told apart.
 */
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword("decoy-Password-0"));

/** The new account; a conflict when an account already has this e-mail. */
export async function signUp(
  db: Database,
  input: Omit<z.output<typeof SignupSchema>, "emailReminders"> & { emailReminders?: boolean },
): Promise<Viewer> {
  const passwordHash = await hashPassword(input.password);
  try {
    const [user] = await db
      .insert(users)
      .values({
        username: input.fullName,
        email: input.email,
        phoneNumber: input.phoneNumber,
        passwordHash,
        emailReminders: input.emailReminders ?? false,
      })
      .returning(viewerColumns);
    await linkAccount(db, user!.id);
    return toViewer(user!);
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse("conflict", EMAIL_TAKEN);
    throw error;
  }
}

/**
 * The account with this e-mail and password; signed-out (401) when there is none, as slow
 * for an unknown e-mail as for a wrong password, and in the same words.
 */
export async function authenticate(db: Database, input: z.output<typeof LoginSchema>): Promise<Viewer> {
  const [user] = await db
    .select({ ...viewerColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, input.email), mayHaveSession))
    .limit(1);
  const right = await verifyPassword(user?.passwordHash ?? (await decoy()), input.password);
  if (!user || !right) throw refuse("signed-out", WRONG_CREDENTIALS);
  return toViewer(user);
}

/** Whether this is the account's password; false for an account that is gone. */
async function isCurrentPassword(db: Database, userId: string, password: string): Promise<boolean> {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return !!user && verifyPassword(user.passwordHash, password);
}

export interface UpdatedProfile {
  viewer: Viewer;
  emailChangedFrom: string | null;
}

/** A wrong current password, told beside the form's field for it. */
const wrongCurrentPassword = () => refuse("invalid", WRONG_OLD_PASSWORD, { currentPassword: WRONG_OLD_PASSWORD });

/**
 * Saves the name, e-mail and phone. A new e-mail needs the current password (refused
 * beside that field when missing or wrong), and voids every reset and sign-in link sent
 * to the old one; `emailChangedFrom` names that old address, which the caller tells of
 * the change. An e-mail another account has is a conflict.
 */
export async function updateProfile(
  db: Database,
  signedIn: Viewer,
  input: z.output<typeof UpdateProfileSchema>,
): Promise<UpdatedProfile> {
  const emailChanges = changesEmail(signedIn.email, input.email);
  if (emailChanges) {
    if (!input.currentPassword) {
      throw refuse("invalid", EMAIL_CHANGE_NEEDS_PASSWORD, { currentPassword: EMAIL_CHANGE_NEEDS_PASSWORD });
    }
    if (!(await isCurrentPassword(db, signedIn._id, input.currentPassword))) throw wrongCurrentPassword();
  }
  try {
    const user = await db.transaction(async (tx) => {
      const [saved] = await tx
        .update(users)
        .set({
          username: input.username,
          email: input.email,
          ...(input.phoneNumber === undefined ? {} : { phoneNumber: input.phoneNumber }),
        })
        .where(eq(users.id, signedIn._id))
        .returning(viewerColumns);
      if (emailChanges) await voidEmailedLinks(tx, signedIn._id);
      // A new phone number or e-mail joins the account's customer in the book.
      await linkAccount(tx, signedIn._id);
      return saved!;
    });
    return { viewer: toViewer(user), emailChangedFrom: emailChanges ? signedIn.email : null };
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse("conflict", EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw error;
  }
}

/**
 * Tells the address an account just left that it did: if the change was not the
 * owner's, this is how they learn of it while they can still act.
 */
export async function sendEmailChangedNotice(
  { mailer, shop }: { mailer: Mailer; shop: { name: string; publicUrl: string } },
  change: { username: string; from: string; to: string },
): Promise<void> {
  await mailer.send({
    to: { name: change.username, address: change.from },
    subject: `The e-mail address of your ${shop.name} account was changed`,
    text: [
      `Hello ${change.username},`,
      "",
      `The e-mail address of your ${shop.name} account was changed from ${change.from} to ${change.to}.`,
      "E-mails about your account, password reset links included, now go to the new address.",
      "",
      "If you made this change, there is nothing more to do.",
      `If you did not, contact us right away at ${shop.publicUrl}/contact.`,
    ].join("\n"),
  });
}

/**
 * Checks the current password (refused when wrong), stores the new one, voids every reset
 * and sign-in link, and signs out every other session; the sessions it ended come back.
 */
export async function changePassword(
  db: Database,
  signedIn: { userId: string; sessionHash: string },
  input: z.output<typeof ChangePasswordSchema>,
): Promise<{ endedSessions: string[] }> {
  if (!(await isCurrentPassword(db, signedIn.userId, input.oldPassword))) throw refuse("invalid", WRONG_OLD_PASSWORD);
  const passwordHash = await hashPassword(input.newPassword);
  const endedSessions = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, signedIn.userId));
    await voidEmailedLinks(tx, signedIn.userId);
    return endOtherSessions(tx, signedIn.userId, signedIn.sessionHash);
  });
  return { endedSessions };
}

export interface SignInResult {
  /** For the new session cookie. */
  token: string;
  expiresAt: Date;
  /** The session the browser had before, now ended: its live connections must close. */
  endedSessionHash: string | null;
  /** The guest's cart or wishlist moved into the account, so both lists changed. */
  guestListsMoved: boolean;
  /** The guest key was used up: its cookie can go. */
  guestKeyUsed: boolean;
}

/**
 * What every sign-in (login, admin login, sign-up, password reset) does, in one
 * transaction: the browser's previous session ends and a new one starts, and the guest's
 * cart, wishlist and the orders placed on this device become the account's. Admins have no lists, so theirs stay the guest's.
 */
export async function signInAccount(
  db: Database,
  input: { viewer: Viewer; previousSessionHash: string | null; guestKeyHash: string | null },
): Promise<SignInResult> {
  const { viewer, previousSessionHash, guestKeyHash } = input;
  return db.transaction(async (tx) => {
    const session = await rotateSession(tx, viewer._id, previousSessionHash);
    const guestKeyUsed = guestKeyHash !== null && !viewer.isAdmin;
    const guestListsMoved = guestKeyUsed && (await mergeGuestLists(tx, guestKeyHash, viewer._id));
    if (guestKeyUsed) await claimGuestOrders(tx, guestKeyHash, viewer._id);
    return { ...session, guestListsMoved, guestKeyUsed };
  });
}

/**
 * The account and everything that belongs only to it (sessions, cart, wishlist, links)
 * go, once its current password is given; its contact messages stay, unlinked. An admin
 * account stays (forbidden): the shop must keep a way in, and an admin is removed with
 * `npm run admin`, never over HTTP. An account already gone leaves its session signed out.
 */
export async function deleteAccount(db: Database, userId: string, currentPassword: string): Promise<void> {
  const [user] = await db
    .select({ role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw refuse("signed-out", NOT_SIGNED_IN);
  if (user.role === "admin") throw refuse("forbidden", ADMIN_NOT_DELETABLE);
  if (!(await verifyPassword(user.passwordHash, currentPassword))) throw wrongCurrentPassword();
  // Still a customer at the moment of deletion, should it have been promoted meanwhile.
  const [deleted] = await db
    .delete(users)
    .where(and(eq(users.id, userId), ne(users.role, "admin")))
    .returning({ id: users.id });
  if (!deleted) throw refuse("forbidden", ADMIN_NOT_DELETABLE);
}
