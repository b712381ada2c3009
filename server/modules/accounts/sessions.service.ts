/**
 * Sessions (docs/product.md, Accounts): a random 256-bit token lives only in the visitor's cookie; the
 * database keeps its SHA-256, so a leaked table signs nobody in. A session lasts 30 days
 * from its last use: the expiry moves forward at most once a day, and each time it does
 * the caller re-issues the cookie, whose own Max-Age would otherwise end the session on
 * day 30 however active the visitor is. Every sign-in makes a new token; logout deletes
 * it on the server.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, ne, or } from "drizzle-orm";
import type { StaffRole, StaffStatus } from "../../../domain/staff/permissions";
import type { Viewer } from "../../../domain/load-context";
import type { Database } from "../../db/client";
import { sessions, users } from "../../db/schema/accounts";

export const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A session used again after this long is extended; more often would write on every request. */
const EXTEND_AFTER_MS = DAY_MS;

export interface SignedIn {
  /** The SHA-256 of the cookie's token: names this session without holding the secret. */
  sessionHash: string;
  viewer: Viewer;
  /** Set when this lookup moved the session's expiry: the cookie must be re-issued to last as long. */
  renewedUntil: Date | null;
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

const expiryFrom = (now: Date) => new Date(now.getTime() + SESSION_DAYS * DAY_MS);

/** The columns a Viewer is made from. */
export const viewerColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  phoneNumber: users.phoneNumber,
  role: users.role,
  staffRoles: users.staffRoles,
  staffStatus: users.staffStatus,
};

/**
 * Who may sign in and keep a session: every customer, and a staff member only while
 * active (an invited one has set no password yet; a suspended one is shut out).
 */
export const mayHaveSession = or(ne(users.role, "admin"), eq(users.staffStatus, "active"))!;

export function toViewer(user: {
  id: string;
  username: string;
  email: string;
  phoneNumber: string | null;
  role: "admin" | "customer";
  staffRoles: StaffRole[];
  staffStatus: StaffStatus | null;
}): Viewer {
  const activeStaff = user.role === "admin" && user.staffStatus === "active";
  return {
    _id: user.id,
    username: user.username,
    email: user.email,
    phoneNumber: user.phoneNumber,
    role: user.role,
    isAdmin: activeStaff,
    roles: activeStaff ? user.staffRoles : [],
  };
}

/** Starts a session for the user and returns the token for their cookie. */
async function startSession(db: Database, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = expiryFrom(new Date());
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  // "Last seen" on the staff list: a sign-in, or a day a session was used (renewed below).
  await db.update(users).set({ lastSeenAt: new Date() }).where(eq(users.id, userId));
  return { token, expiresAt };
}

/** The account behind a cookie's token, or null when the session is unknown or expired. */
export async function findSession(db: Database, token: string): Promise<SignedIn | null> {
  const sessionHash = hashToken(token);
  const now = new Date();
  const [row] = await db
    .select({ lastUsedAt: sessions.lastUsedAt, ...viewerColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sessionHash), gt(sessions.expiresAt, now), mayHaveSession))
    .limit(1);
  if (!row) return null;
  let renewedUntil: Date | null = null;
  if (now.getTime() - row.lastUsedAt.getTime() > EXTEND_AFTER_MS) {
    // Only while still stale, so of two requests arriving together one renews and the
    // cookie is re-issued once.
    const [renewed] = await db
      .update(sessions)
      .set({ lastUsedAt: now, expiresAt: expiryFrom(now) })
      .where(
        and(eq(sessions.tokenHash, sessionHash), lt(sessions.lastUsedAt, new Date(now.getTime() - EXTEND_AFTER_MS))),
      )
      .returning({ expiresAt: sessions.expiresAt });
    renewedUntil = renewed?.expiresAt ?? null;
    if (renewed) await db.update(users).set({ lastSeenAt: now }).where(eq(users.id, row.id));
  }
  return { sessionHash, viewer: toViewer(row), renewedUntil };
}

/**
 * Every sign-in: the session the browser had (if any) ends and a new one starts, so a
 * token planted before login is worth nothing after it. Returns the new token.
 */
export async function rotateSession(
  db: Database,
  userId: string,
  previousSessionHash: string | null,
): Promise<{ token: string; expiresAt: Date; endedSessionHash: string | null }> {
  const ended = previousSessionHash
    ? await db
        .delete(sessions)
        .where(eq(sessions.tokenHash, previousSessionHash))
        .returning({ hash: sessions.tokenHash })
    : [];
  return { ...(await startSession(db, userId)), endedSessionHash: ended[0]?.hash ?? null };
}

export async function endSession(db: Database, sessionHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, sessionHash));
}

/** After a password change: every other browser signed in as this user is signed out. Returns the ended sessions. */
export async function endOtherSessions(db: Database, userId: string, keepSessionHash: string): Promise<string[]> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepSessionHash)))
    .returning({ hash: sessions.tokenHash });
  return ended.map((row) => row.hash);
}

export async function endAllSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Database, now = new Date()): Promise<number> {
  const gone = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ hash: sessions.tokenHash });
  return gone.length;
}
