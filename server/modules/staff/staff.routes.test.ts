/**
 * The staff over HTTP: the owner invites a member (the link goes to the outbox), the
 * member sets a password through the single-use, expiring link and is signed in with
 * their roles; a suspended or removed member's sessions end at once; the shop always
 * keeps an active owner.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { STAFF_MESSAGES, type StaffMember } from "../../../domain/staff/staff.schema";
import { adminCookie, freshAddress } from "../../../tests/support/admin-session";
import { invitationTokenTo } from "../../../tests/support/outbox";
import { useTestApp } from "../../../tests/support/test-app";
import { staffInvitations, users } from "../../db/schema/accounts";
import { WRONG_CREDENTIALS } from "../accounts/accounts.service";

const t = useTestApp();
let owner: string;

beforeAll(async () => {
  owner = await adminCookie(t);
});

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, cookie?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
    remoteAddress: freshAddress(),
  });

const sessionOf = (response: { cookies: { name: string; value: string }[] }) =>
  `furnish_session=${response.cookies.find((c) => c.name === "furnish_session")!.value}`;

/** The invitation link e-mailed to `email` last. */
async function invitationLinkTo(email: string): Promise<string> {
  const token = await invitationTokenTo(t.outboxDir, email);
  expect(token, "an invitation e-mail with its link").not.toBeNull();
  return token!;
}

async function invite(email: string, roles: string[], name = "Bola Sales"): Promise<StaffMember> {
  const response = await call("POST", "/api/admin/operations/staff", owner, { email, name, roles });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<StaffMember>();
}

async function join(email: string, roles: string[]): Promise<{ member: StaffMember; cookie: string }> {
  const member = await invite(email, roles);
  const token = await invitationLinkTo(email);
  const accepted = await call("POST", `/api/staff/invitations/${token}`, undefined, { password: "Sal3sPassword" });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { member, cookie: sessionOf(accepted) };
}

describe("inviting a member of staff", () => {
  it("e-mails a single-use link that sets their password and signs them in with their roles", async () => {
    const member = await invite("bola@furnish.test", ["sales"]);
    expect(member).toMatchObject({ email: "bola@furnish.test", roles: ["sales"], status: "invited", lastSeenAt: null });
    // Invited, not yet a member: no password signs in.
    const early = await call("POST", "/api/admin/login", undefined, {
      email: "bola@furnish.test",
      password: "Sal3sPassword",
    });
    expect(early.statusCode).toBe(401);
    expect(early.json().message).toBe(WRONG_CREDENTIALS);

    const token = await invitationLinkTo("bola@furnish.test");
    const shown = await call("GET", `/api/staff/invitations/${token}`);
    expect(shown.json()).toMatchObject({ email: "bola@furnish.test", name: "Bola Sales", roles: ["sales"] });

    const weak = await call("POST", `/api/staff/invitations/${token}`, undefined, { password: "short" });
    expect(weak.statusCode).toBe(400);
    const accepted = await call("POST", `/api/staff/invitations/${token}`, undefined, {
      name: "Bola Adeyemi",
      password: "Sal3sPassword",
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().user).toMatchObject({ username: "Bola Adeyemi", isAdmin: true, roles: ["sales"] });
    const check = await call("GET", "/api/auth/check", sessionOf(accepted));
    expect(check.json()).toMatchObject({ isAdmin: true, roles: ["sales"] });

    // The link worked once.
    const again = await call("POST", `/api/staff/invitations/${token}`, undefined, { password: "An0therPassword" });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(STAFF_MESSAGES.invitationGone);
    expect((await call("GET", `/api/staff/invitations/${token}`)).statusCode).toBe(404);

    // And the member signs in at the admin login like the owner.
    const login = await call("POST", "/api/admin/login", undefined, {
      email: "bola@furnish.test",
      password: "Sal3sPassword",
    });
    expect(login.statusCode, login.body).toBe(200);
    const list = await call("GET", "/api/admin/operations/staff", owner);
    const joined = list.json().staff.find((m: StaffMember) => m.email === "bola@furnish.test");
    expect(joined).toMatchObject({ status: "active", name: "Bola Adeyemi" });
    expect(Date.now() - Date.parse(joined.lastSeenAt)).toBeLessThan(60_000);
  });

  it("refuses an expired link, and an address that already has an account", async () => {
    await invite("late@furnish.test", ["workshop"]);
    const token = await invitationLinkTo("late@furnish.test");
    const [member] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, "late@furnish.test"));
    await t.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.userId, member!.id));
    const late = await call("POST", `/api/staff/invitations/${token}`, undefined, { password: "W0rkshopPassword" });
    expect(late.statusCode).toBe(400);

    const twice = await call("POST", "/api/admin/operations/staff", owner, {
      email: "LATE@furnish.test",
      name: "Again",
      roles: ["sales"],
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors).toEqual({ email: STAFF_MESSAGES.emailTaken });
  });

  it("refuses a body without a role, or with a role the shop does not have", async () => {
    const none = await call("POST", "/api/admin/operations/staff", owner, {
      email: "x@furnish.test",
      name: "X",
      roles: [],
    });
    expect(none.statusCode).toBe(400);
    const unknown = await call("POST", "/api/admin/operations/staff", owner, {
      email: "x@furnish.test",
      name: "X",
      roles: ["manager"],
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe("suspending and removing", () => {
  it("ends a suspended member's sessions at once and keeps them out until reactivated", async () => {
    const { member, cookie } = await join("tunde@furnish.test", ["workshop"]);
    expect((await call("GET", "/api/admin/operations/orders", cookie)).statusCode).toBe(200);

    const suspended = await call("PUT", `/api/admin/operations/staff/${member._id}`, owner, { status: "suspended" });
    expect(suspended.json()).toMatchObject({ status: "suspended" });
    expect((await call("GET", "/api/admin/operations/orders", cookie)).statusCode).toBe(401);
    const login = await call("POST", "/api/admin/login", undefined, {
      email: "tunde@furnish.test",
      password: "Sal3sPassword",
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().message).toBe(WRONG_CREDENTIALS);

    await call("PUT", `/api/admin/operations/staff/${member._id}`, owner, { status: "active" });
    const back = await call("POST", "/api/admin/login", undefined, {
      email: "tunde@furnish.test",
      password: "Sal3sPassword",
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it("changes roles for the member's very next request", async () => {
    const { member, cookie } = await join("kemi@furnish.test", ["catalogue"]);
    expect((await call("GET", "/api/admin/operations/orders", cookie)).statusCode).toBe(403);
    await call("PUT", `/api/admin/operations/staff/${member._id}`, owner, { roles: ["catalogue", "accounts"] });
    expect((await call("GET", "/api/admin/operations/orders", cookie)).statusCode).toBe(200);
  });

  it("ends a removed member's sessions, and their account", async () => {
    const { member, cookie } = await join("gone@furnish.test", ["sales"]);
    const removed = await call("DELETE", `/api/admin/operations/staff/${member._id}`, owner);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call("GET", "/api/auth/check", cookie)).statusCode).toBe(401);
    expect((await call("DELETE", `/api/admin/operations/staff/${member._id}`, owner)).statusCode).toBe(404);
  });
});

describe("the last owner", () => {
  it("cannot be demoted, suspended or removed while no other active owner exists", async () => {
    const staff = (await call("GET", "/api/admin/operations/staff", owner)).json<{ staff: StaffMember[] }>().staff;
    const me = staff.find((member) => member.email === "owner@furnish.test")!;
    for (const change of [{ roles: ["sales"] }, { status: "suspended" }]) {
      const refused = await call("PUT", `/api/admin/operations/staff/${me._id}`, owner, change);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(STAFF_MESSAGES.lastOwner);
    }
    const removal = await call("DELETE", `/api/admin/operations/staff/${me._id}`, owner);
    expect(removal.statusCode).toBe(409);

    // With a second owner, the first may step down.
    const { member: second } = await join("second-owner@furnish.test", ["owner"]);
    const stepDown = await call("PUT", `/api/admin/operations/staff/${me._id}`, owner, { roles: ["owner", "sales"] });
    expect(stepDown.statusCode).toBe(200);
    const secondCookie = await adminCookie(t, "second-owner@furnish.test");
    const demote = await call("PUT", `/api/admin/operations/staff/${me._id}`, secondCookie, { roles: ["sales"] });
    expect(demote.statusCode, demote.body).toBe(200);
    // Now the second is the last one.
    const last = await call("DELETE", `/api/admin/operations/staff/${second._id}`, secondCookie);
    expect(last.statusCode).toBe(409);
    // `npm run admin` makes the first an owner again (adminCookie runs the same upsert).
    owner = await adminCookie(t);
    expect((await call("GET", "/api/admin/operations/staff", owner)).statusCode).toBe(200);
  });
});
