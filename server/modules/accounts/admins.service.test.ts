import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/test-database";
import { sessions, users } from "../../db/schema/accounts";
import { upsertAdmin } from "./admins.service";
import { verifyPassword } from "./passwords";

const database = useTestDatabase();

async function findUser(email: string) {
  const [user] = await database.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return user!;
}

async function addSession(userId: string) {
  await database.db.insert(sessions).values({
    tokenHash: `hash-${Math.random()}`,
    userId,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
}

describe("upsertAdmin", () => {
  it("creates an admin whose password is hashed with argon2id", async () => {
    expect(await upsertAdmin(database.db, { email: "Owner@Furnish.NG", password: "Owner1234", name: "Ada Obi" })).toBe(
      "created",
    );
    const user = await findUser("owner@furnish.ng");
    expect(user).toMatchObject({ email: "owner@furnish.ng", username: "Ada Obi", role: "admin" });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user.passwordHash, "Owner1234")).toBe(true);
    expect(await verifyPassword(user.passwordHash, "owner1234")).toBe(false);
  });

  it("leaves the admin and their sessions alone when nothing changed", async () => {
    const user = await findUser("owner@furnish.ng");
    await addSession(user.id);
    expect(await upsertAdmin(database.db, { email: "owner@furnish.ng", password: "Owner1234" })).toBe("unchanged");
    expect(await database.db.$count(sessions, eq(sessions.userId, user.id))).toBe(1);
  });

  it("resets the password and ends the admin's sessions", async () => {
    const user = await findUser("owner@furnish.ng");
    expect(await upsertAdmin(database.db, { email: "OWNER@furnish.ng", password: "NewSecret99" })).toBe("updated");
    const updated = await findUser("owner@furnish.ng");
    expect(await verifyPassword(updated.passwordHash, "NewSecret99")).toBe(true);
    expect(updated.username).toBe("Ada Obi");
    expect(await database.db.$count(sessions, eq(sessions.userId, user.id))).toBe(0);
    expect(await database.db.$count(users)).toBe(1);
  });

  it("promotes an existing customer with that e-mail", async () => {
    await database.db.insert(users).values({ email: "chidi@example.com", username: "Chidi", passwordHash: "x" });
    expect(await upsertAdmin(database.db, { email: "chidi@example.com", password: "Chidi12345" })).toBe("updated");
    expect((await findUser("chidi@example.com")).role).toBe("admin");
  });
});
