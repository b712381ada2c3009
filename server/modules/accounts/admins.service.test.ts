import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/test-database";
import { sessions, users } from "../../db/schema/accounts";
import { createAdminFromEnv, upsertAdmin } from "./admins.service";
import { hashPassword, verifyPassword } from "./passwords";

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

describe("upsertAdmin (npm run admin)", () => {
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

/** What main.ts hands createAdminFromEnv for its log lines, kept for the test to read. */
function startLog() {
  const lines: { level: "info" | "warn"; message: string }[] = [];
  return {
    lines,
    info: (message: string) => void lines.push({ level: "info", message }),
    warn: (message: string) => void lines.push({ level: "warn", message }),
  };
}

describe("createAdminFromEnv (ADMIN_EMAIL and ADMIN_PASSWORD at start)", () => {
  it("creates the admin when that e-mail has no account", async () => {
    const log = startLog();
    const input = { email: "Env@Furnish.NG", password: "EnvPassw0rd", name: "Env Owner" };
    expect(await createAdminFromEnv(database.db, input, log)).toBe("created");
    const user = await findUser("env@furnish.ng");
    expect(user).toMatchObject({ email: "env@furnish.ng", username: "Env Owner", role: "admin" });
    expect(await verifyPassword(user.passwordHash, "EnvPassw0rd")).toBe(true);
    expect(log.lines).toEqual([{ level: "info", message: expect.stringContaining("env@furnish.ng") }]);
  });

  it("keeps a password the owner changed in the app, warns without naming either password, and keeps the sessions", async () => {
    const user = await findUser("env@furnish.ng");
    // The owner changed their password in the app after the first start.
    const changedHash = await hashPassword("Ch4ngedInApp");
    await database.db.update(users).set({ passwordHash: changedHash }).where(eq(users.id, user.id));
    await addSession(user.id);

    const log = startLog();
    const input = { email: "env@furnish.ng", password: "EnvPassw0rd", name: "Someone Else" };
    expect(await createAdminFromEnv(database.db, input, log)).toBe("password-differs");
    const after = await findUser("env@furnish.ng");
    expect(after.passwordHash).toBe(changedHash);
    expect(after.username).toBe("Env Owner");
    expect(await database.db.$count(sessions, eq(sessions.userId, user.id))).toBe(1);
    expect(log.lines).toEqual([{ level: "warn", message: expect.stringContaining("ADMIN_PASSWORD") }]);
    const logged = JSON.stringify(log.lines);
    for (const secret of ["EnvPassw0rd", "Ch4ngedInApp", changedHash]) expect(logged).not.toContain(secret);

    // Signing in still takes the password the owner chose.
    expect(await verifyPassword(after.passwordHash, "Ch4ngedInApp")).toBe(true);
  });

  it("says nothing to worry about when the environment's password is still the admin's", async () => {
    const user = await findUser("env@furnish.ng");
    await database.db
      .update(users)
      .set({ passwordHash: await hashPassword("EnvPassw0rd") })
      .where(eq(users.id, user.id));
    const log = startLog();
    expect(await createAdminFromEnv(database.db, { email: "env@furnish.ng", password: "EnvPassw0rd" }, log)).toBe(
      "kept",
    );
    expect(log.lines.map((line) => line.level)).toEqual(["info"]);
  });

  it("does not promote a customer who holds that e-mail, nor change their password", async () => {
    await database.db
      .insert(users)
      .values({ email: "taken@furnish.ng", username: "Early Bird", passwordHash: await hashPassword("Cust0merPass") });
    const log = startLog();
    const input = { email: "taken@furnish.ng", password: "EnvPassw0rd" };
    expect(await createAdminFromEnv(database.db, input, log)).toBe("not-an-admin");
    const user = await findUser("taken@furnish.ng");
    expect(user.role).toBe("customer");
    expect(await verifyPassword(user.passwordHash, "Cust0merPass")).toBe(true);
    expect(log.lines).toEqual([{ level: "warn", message: expect.stringContaining("npm run admin") }]);
    expect(JSON.stringify(log.lines)).not.toContain("EnvPassw0rd");
  });
});
