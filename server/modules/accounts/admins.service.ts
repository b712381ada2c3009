/**
 * How owners come to exist: there is no admin sign-up over HTTP. `npm run admin` creates
 * or resets an owner (upsertAdmin), an active staff member with the Owner role, so a shop
 * locked out of its last owner always has a way back in; other staff are invited by an
 * owner in the app. ADMIN_EMAIL and ADMIN_PASSWORD create an owner at start when
 * that e-mail has no account yet (createAdminFromEnv), and never touch it afterwards, so
 * a password the owner changed in the app survives the next restart.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { sessions, users } from "../../db/schema/accounts";
import { voidEmailedLinks } from "./emailed-links.service";
import { hashPassword, verifyPassword } from "./passwords";

export interface AdminInput {
  email: string;
  password: string;
  name?: string | undefined;
}

/** An active member with the Owner role. */
const OWNER = { role: "admin" as const, staffRoles: ["owner" as const], staffStatus: "active" as const };

const isActiveOwner = (user: { role: string; staffRoles: string[]; staffStatus: string | null }) =>
  user.role === "admin" && user.staffStatus === "active" && user.staffRoles.includes("owner");

export type AdminUpsertResult = "created" | "updated" | "unchanged";

const findByEmail = (db: Database, email: string) =>
  db
    .select({
      id: users.id,
      role: users.role,
      username: users.username,
      passwordHash: users.passwordHash,
      staffRoles: users.staffRoles,
      staffStatus: users.staffStatus,
    })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);

async function insertAdmin(db: Database, input: AdminInput): Promise<void> {
  const name = input.name?.trim();
  await db.insert(users).values({
    email: input.email.toLowerCase(),
    username: name || input.email.split("@")[0] || "Admin",
    passwordHash: await hashPassword(input.password),
    ...OWNER,
  });
}

/**
 * Creates the owner, or makes the account with that e-mail an active owner with this
 * password (a suspended or invited member included; roles they had are kept).
 * A changed password ends the account's sessions and voids its reset and sign-in links;
 * an unchanged one keeps them.
 */
export async function upsertAdmin(db: Database, input: AdminInput): Promise<AdminUpsertResult> {
  const name = input.name?.trim();
  const [existing] = await findByEmail(db, input.email);
  if (!existing) {
    await insertAdmin(db, input);
    return "created";
  }

  const samePassword = await verifyPassword(existing.passwordHash, input.password);
  if (samePassword && isActiveOwner(existing) && (!name || name === existing.username)) return "unchanged";

  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        ...OWNER,
        staffRoles: [...new Set([...(existing.role === "admin" ? existing.staffRoles : []), "owner" as const])],
        ...(samePassword ? {} : { passwordHash: await hashPassword(input.password) }),
        ...(name ? { username: name } : {}),
      })
      .where(eq(users.id, existing.id));
    if (!samePassword) await voidEmailedLinks(tx, existing.id);
    if (!samePassword || existing.role !== "admin") await tx.delete(sessions).where(eq(sessions.userId, existing.id));
  });
  return "updated";
}

interface StartLog {
  info(message: string): void;
  warn(message: string): void;
}

export type AdminFromEnvResult = "created" | "kept" | "password-differs" | "not-an-admin";

/**
 * ADMIN_EMAIL and ADMIN_PASSWORD at start: the admin is created when that e-mail has no
 * account, and an existing account is left exactly as it is. Its password may have been
 * changed in the app since, which must not be undone by a restart; a warning says when
 * the environment's password is no longer the account's. An existing customer account
 * is not promoted: whoever signed up with that address chose its password, and
 * `npm run admin` is the deliberate way to make it an admin. Log lines name the e-mail,
 * never a password.
 */
export async function createAdminFromEnv(db: Database, input: AdminInput, log: StartLog): Promise<AdminFromEnvResult> {
  const email = input.email.toLowerCase();
  const [existing] = await findByEmail(db, email);
  if (!existing) {
    await insertAdmin(db, input);
    log.info(`Admin ${email}: created from ADMIN_EMAIL and ADMIN_PASSWORD`);
    return "created";
  }
  if (existing.role !== "admin") {
    log.warn(
      `ADMIN_EMAIL ${email} belongs to a customer account, which was left as it is; make it an admin with npm run admin if it is yours`,
    );
    return "not-an-admin";
  }
  if (!(await verifyPassword(existing.passwordHash, input.password))) {
    log.warn(
      `Admin ${email}: ADMIN_PASSWORD is not this admin's password any more (changed in the app?); the stored password was kept. Reset it with npm run admin, or update or remove ADMIN_PASSWORD`,
    );
    return "password-differs";
  }
  log.info(`Admin ${email}: already set up`);
  return "kept";
}
