import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { sessions, users } from "../../db/schema/accounts";
import { hashPassword, verifyPassword } from "./passwords";

export interface AdminInput {
  email: string;
  password: string;
  name?: string | undefined;
}

export type AdminUpsertResult = "created" | "updated" | "unchanged";

/**
 * Creates the admin, or makes the account with that e-mail an admin with this password.
 * The only way an admin comes to exist: there is no admin sign-up over HTTP. A changed
 * password ends the account's sessions; an unchanged one (ADMIN_PASSWORD at every
 * start) keeps them.
 */
export async function upsertAdmin(db: Database, input: AdminInput): Promise<AdminUpsertResult> {
  const name = input.name?.trim();
  const [existing] = await db
    .select({ id: users.id, role: users.role, username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()))
    .limit(1);

  if (!existing) {
    await db.insert(users).values({
      email: input.email.toLowerCase(),
      username: name || input.email.split("@")[0] || "Admin",
      passwordHash: await hashPassword(input.password),
      role: "admin",
    });
    return "created";
  }

  const samePassword = await verifyPassword(existing.passwordHash, input.password);
  if (samePassword && existing.role === "admin" && (!name || name === existing.username)) return "unchanged";

  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        role: "admin",
        ...(samePassword ? {} : { passwordHash: await hashPassword(input.password) }),
        ...(name ? { username: name } : {}),
      })
      .where(eq(users.id, existing.id));
    if (!samePassword || existing.role !== "admin") await tx.delete(sessions).where(eq(sessions.userId, existing.id));
  });
  return "updated";
}
