/**
 * The shop's staff (docs/product.md, Staff and roles): members are accounts with the
 * admin role, their roles and a status. The owner invites one (a single-use link that
 * expires, stored only as its SHA-256), changes roles, suspends and removes; a suspended
 * or removed member's sessions end at once. There is always at least one active owner:
 * every change that could take the last one away is refused, under a lock so that two
 * owners demoting each other at once cannot both succeed.
 */
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Viewer } from "../../../domain/load-context";
import { refuse } from "../../../domain/refusal";
import type { StaffRole } from "../../../domain/staff/permissions";
import {
  INVITATION_DAYS,
  STAFF_MESSAGES,
  type Invitation,
  type StaffChange,
  type StaffInvite,
  type StaffMember,
} from "../../../domain/staff/staff.schema";
import { isUuidText } from "../../../domain/ids.schema";
import type { Database } from "../../db/client";
import { sessions, staffInvitations, users } from "../../db/schema/accounts";
import { newLinkToken, voidEmailedLinks } from "../accounts/emailed-links.service";
import { hashPassword } from "../accounts/passwords";
import { hashToken, toViewer, viewerColumns } from "../accounts/sessions.service";
import { writeJournalEntries } from "../journal/journal.service";

const memberColumns = {
  id: users.id,
  name: users.username,
  email: users.email,
  roles: users.staffRoles,
  status: users.staffStatus,
  whatsappNumber: users.whatsappNumber,
  lastSeenAt: users.lastSeenAt,
};

type MemberRow = {
  id: string;
  name: string;
  email: string;
  roles: StaffRole[];
  status: string | null;
  whatsappNumber: string | null;
  lastSeenAt: Date | null;
};

const toMember = (row: MemberRow): StaffMember => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  roles: row.roles,
  status: (row.status ?? "active") as StaffMember["status"],
  whatsappNumber: row.whatsappNumber,
  lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
});

const isStaff = eq(users.role, "admin");

export async function listStaff(db: Database): Promise<StaffMember[]> {
  const rows = await db.select(memberColumns).from(users).where(isStaff).orderBy(asc(users.username), asc(users.email));
  return rows.map(toMember);
}

export async function findMember(db: Database, id: string): Promise<StaffMember | null> {
  if (!isUuidText(id)) return null;
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.id, id), isStaff));
  return row ? toMember(row) : null;
}

/** Held while the owners are counted and changed, so two changes cannot each leave the other as the last. */
const OWNERS_LOCK = 0x6f776e657273; // "owners"

async function lockOwners(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${OWNERS_LOCK})`);
}

const isActiveOwner = (member: Pick<StaffMember, "roles" | "status">) =>
  member.status === "active" && member.roles.includes("owner");

async function activeOwnersBesides(tx: Database, id: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(isStaff, eq(users.staffStatus, "active"), sql`'owner' = any(${users.staffRoles})`, sql`${users.id} <> ${id}`),
    );
  return row?.n ?? 0;
}

/** A new member, invited: the token for their link (shown once, in the e-mail). */
export async function inviteStaff(db: Database, invite: StaffInvite): Promise<{ member: StaffMember; token: string }> {
  const { token, tokenHash } = newLinkToken();
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, invite.email.toLowerCase()));
    if (taken) throw refuse("conflict", STAFF_MESSAGES.emailTaken, { email: STAFF_MESSAGES.emailTaken });
    const [row] = await tx
      .insert(users)
      .values({
        email: invite.email.toLowerCase(),
        username: invite.name,
        // No password until the invitation is accepted: nothing verifies against an empty hash.
        passwordHash: "",
        role: "admin",
        staffRoles: invite.roles,
        staffStatus: "invited",
      })
      .returning(memberColumns);
    await tx.insert(staffInvitations).values({
      tokenHash,
      userId: row!.id,
      expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
    });
    return { member: toMember(row!), token };
  });
}

/** A new link for a member still invited (the first was lost or expired): older links stop working. */
export async function renewInvitation(db: Database, id: string): Promise<{ member: StaffMember; token: string }> {
  const { token, tokenHash } = newLinkToken();
  return db.transaction(async (tx) => {
    const member = await findMember(tx, id);
    if (!member) throw refuse("missing", STAFF_MESSAGES.missing);
    if (member.status !== "invited") throw refuse("conflict", "This member has already accepted their invitation.");
    await tx.delete(staffInvitations).where(eq(staffInvitations.userId, id));
    await tx.insert(staffInvitations).values({
      tokenHash,
      userId: id,
      expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
    });
    return { member, token };
  });
}

/**
 * Changes a member's roles, status or WhatsApp number. Suspending ends every session of
 * theirs; a change that would leave no active owner is refused. Answers the member before
 * and after.
 */
export async function changeStaff(
  db: Database,
  id: string,
  change: StaffChange,
): Promise<{ before: StaffMember; after: StaffMember }> {
  return db.transaction(async (tx) => {
    await lockOwners(tx);
    const before = await findMember(tx, id);
    if (!before) throw refuse("missing", STAFF_MESSAGES.missing);
    if (change.status === "active" && before.status === "invited")
      throw refuse("conflict", "An invited member becomes active by accepting their invitation.");
    const status = before.status === "invited" ? "invited" : (change.status ?? before.status);
    const roles = change.roles ?? before.roles;
    if (isActiveOwner(before) && !isActiveOwner({ roles, status }) && (await activeOwnersBesides(tx, id)) === 0)
      throw refuse("conflict", STAFF_MESSAGES.lastOwner);
    const [row] = await tx
      .update(users)
      .set({
        staffRoles: roles,
        staffStatus: status,
        ...(change.whatsappNumber !== undefined ? { whatsappNumber: change.whatsappNumber } : {}),
      })
      .where(eq(users.id, id))
      .returning(memberColumns);
    if (status === "suspended") await tx.delete(sessions).where(eq(sessions.userId, id));
    return { before, after: toMember(row!) };
  });
}

/** Removes a member's account; their sessions go with it. The journal keeps their name. */
export async function removeStaff(db: Database, id: string): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    await lockOwners(tx);
    const member = await findMember(tx, id);
    if (!member) throw refuse("missing", STAFF_MESSAGES.missing);
    if (isActiveOwner(member) && (await activeOwnersBesides(tx, id)) === 0)
      throw refuse("conflict", STAFF_MESSAGES.lastOwner);
    await tx.delete(users).where(eq(users.id, id));
    return member;
  });
}

const liveInvitation = (token: string) =>
  and(eq(staffInvitations.tokenHash, hashToken(token)), gt(staffInvitations.expiresAt, new Date()));

/** What the invitation page shows, or null for a link that is not (or no longer) valid. */
export async function readInvitation(db: Database, token: string): Promise<Omit<Invitation, "shopName"> | null> {
  if (!/^[\w-]{43}$/.test(token)) return null;
  const [row] = await db
    .select({ email: users.email, name: users.username, roles: users.staffRoles, status: users.staffStatus })
    .from(staffInvitations)
    .innerJoin(users, eq(users.id, staffInvitations.userId))
    .where(liveInvitation(token));
  if (!row || row.status !== "invited") return null;
  return { email: row.email, name: row.name, roles: row.roles };
}

/**
 * Uses the invitation: the member's password is set, they become active and every link
 * they were sent stops working. A link that is not valid (made up, used, expired, or for
 * a member no longer invited) is refused (400). The caller signs them in.
 */
export async function acceptInvitation(
  db: Database,
  token: string,
  { name, password }: { name?: string | undefined; password: string },
): Promise<Viewer> {
  const invitationGone = () => refuse("invalid", STAFF_MESSAGES.invitationGone);
  if (!/^[\w-]{43}$/.test(token)) throw invitationGone();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .delete(staffInvitations)
      .where(liveInvitation(token))
      .returning({ userId: staffInvitations.userId });
    if (!used) throw invitationGone();
    const [user] = await tx
      .update(users)
      .set({ passwordHash, staffStatus: "active", ...(name ? { username: name } : {}) })
      .where(and(eq(users.id, used.userId), eq(users.staffStatus, "invited")))
      .returning(viewerColumns);
    if (!user) throw invitationGone();
    await tx.delete(staffInvitations).where(eq(staffInvitations.userId, used.userId));
    await voidEmailedLinks(tx, used.userId);
    await writeJournalEntries(tx, { id: user.id, name: user.username }, [
      { area: "staff", item: user.id, itemLabel: user.username, action: "Invitation accepted" },
    ]);
    return toViewer(user);
  });
}
