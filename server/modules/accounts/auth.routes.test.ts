import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance, InjectOptions } from "fastify";
import { describe, expect, it, vi } from "vitest";
import { TEST_SITE, useTestApp } from "../../../tests/support/test-app";
import { passwordResetTokens, sessions, signInTokens, users } from "../../db/schema/accounts";
import { SESSION_COOKIE } from "../../plugins/session";
import { hashToken, SESSION_DAYS } from "./sessions.service";
import { upsertAdmin } from "./admins.service";

const t = useTestApp();

let nextAddress = 1;
/** Each test speaks from its own address, so one test's rate-limit counts stay its own. */
const freshAddress = () => `10.2.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;
let nextEmail = 1;
const freshEmail = () => `shopper${nextEmail++}@example.com`;

const PASSWORD = "Str0ngPassword";

interface Caller {
  cookie?: string;
  remoteAddress?: string;
}

function call(app: FastifyInstance, method: InjectOptions["method"], url: string, body?: object, who: Caller = {}) {
  return app.inject({
    method,
    url,
    ...(body ? { payload: body } : {}),
    remoteAddress: who.remoteAddress ?? freshAddress(),
    headers: who.cookie ? { cookie: `${SESSION_COOKIE}=${who.cookie}` } : {},
  });
}

const sessionCookieOf = (response: { cookies: { name: string; value: string; maxAge?: number }[] }) =>
  response.cookies.find((c) => c.name === SESSION_COOKIE);

async function signUp(overrides: Record<string, string> = {}) {
  const body = {
    fullName: "Ada Obi",
    email: freshEmail(),
    phoneNumber: "08012345678",
    password: PASSWORD,
    ...overrides,
  };
  const response = await call(t.app, "POST", "/api/auth/signup", { ...body, anonymousId: "" });
  expect(response.statusCode, response.body).toBe(201);
  return { ...body, cookie: sessionCookieOf(response)!.value, id: response.json<{ _id: string }>()._id };
}

const check = (cookie: string) => call(t.app, "GET", "/api/auth/check", undefined, { cookie });

async function outbox(): Promise<string[]> {
  const files = (await readdir(t.outboxDir).catch(() => [])).sort();
  return Promise.all(files.map((file) => readFile(path.join(t.outboxDir, file), "utf8")));
}

/** The e-mails sent to `email` so far, oldest first, quoted-printable undone. */
async function mailsTo(email: string): Promise<string[]> {
  return (await outbox())
    .filter((mail) => mail.includes(`<${email}>`))
    .map((mail) =>
      mail
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
}

/** The link to `page` in the newest e-mail to `email` that holds one. */
async function linkFor(email: string, page: "reset-password" | "sign-in-link"): Promise<string> {
  return vi.waitFor(async () => {
    const pattern = new RegExp(`https?://\\S+/${page}/[\\w-]+`);
    const link = (await mailsTo(email))
      .reverse()
      .map((text) => pattern.exec(text)?.[0])
      .find(Boolean);
    if (!link) throw new Error(`no e-mail to ${email} with a ${page} link yet`);
    return link;
  });
}

const resetLinkFor = (email: string) => linkFor(email, "reset-password");

describe("sign-up", () => {
  it("creates the account, signs it in with a fresh httpOnly SameSite=Lax Secure cookie, and answers 201", async () => {
    const email = freshEmail();
    const response = await call(t.app, "POST", "/api/auth/signup", {
      fullName: "  Ada Obi ",
      email: email.toUpperCase(),
      phoneNumber: "08012345678",
      password: PASSWORD,
      anonymousId: "",
    });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toEqual({
      _id: expect.any(String),
      username: "Ada Obi",
      email,
      phoneNumber: "+2348012345678",
      role: "customer",
      isAdmin: false,
      roles: [],
    });
    const cookie = sessionCookieOf(response)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: true, path: "/" });
    expect(cookie.value).toMatch(/^[\w-]{43}$/);

    const checked = await check(cookie.value);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual(user);

    // Only the token's hash is stored; the password only as an argon2id hash.
    const [stored] = await t.db.select().from(users).where(eq(users.id, user._id));
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$/);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(cookie.value);
  });

  it("answers 400 with the form's message for each field, and creates nothing", async () => {
    const email = freshEmail();
    const response = await call(t.app, "POST", "/api/auth/signup", {
      fullName: " ",
      email: "not-an-email",
      phoneNumber: "12345",
      password: "short",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "Name is required.",
      errors: {
        fullName: "Name is required.",
        email: "Enter valid email address",
        phoneNumber: "Must be at least 10 digits",
        password: "Must be more than 8 characters, including number, lowercase letter, uppercase letter",
      },
    });
    const weak = await call(t.app, "POST", "/api/auth/signup", {
      fullName: "Ada",
      email,
      phoneNumber: "08012345678",
      password: "alllowercase1",
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual({
      password: "Must be more than 8 characters, including number, lowercase letter, uppercase letter",
    });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it("takes the phone number as Nigerians write it and stores and returns it in E.164", async () => {
    const response = await call(t.app, "POST", "/api/auth/signup", {
      fullName: "Ada Obi",
      email: freshEmail(),
      phoneNumber: "+234 803 123 4567",
      password: PASSWORD,
      anonymousId: "",
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().phoneNumber).toBe("+2348031234567");
    const [stored] = await t.db.select().from(users).where(eq(users.id, response.json()._id));
    expect(stored!.phoneNumber).toBe("+2348031234567");
    expect((await check(sessionCookieOf(response)!.value)).json().phoneNumber).toBe("+2348031234567");
  });

  it("refuses a name that holds text-direction controls or zero-width characters", async () => {
    for (const fullName of ["Ada\u202EnimdA", "Ad\u200Bmin", "\u2067Ada"]) {
      const response = await call(t.app, "POST", "/api/auth/signup", {
        fullName,
        email: freshEmail(),
        phoneNumber: "08031234567",
        password: PASSWORD,
      });
      expect(response.statusCode, fullName).toBe(400);
      expect(response.json(), fullName).toEqual({
        message: "Name cannot contain invisible or text-direction characters.",
        errors: { fullName: "Name cannot contain invisible or text-direction characters." },
      });
    }
  });

  it("answers 409 when the e-mail already has an account, whatever its case", async () => {
    const first = await signUp();
    const again = await call(t.app, "POST", "/api/auth/signup", {
      fullName: "Someone Else",
      email: first.email.toUpperCase(),
      phoneNumber: "08099999999",
      password: PASSWORD,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: "An account with this email already exists." });
    expect(sessionCookieOf(again)).toBeUndefined();
  });

  it("allows 30 sign-ups an hour from one address (a carrier's shared one), then answers 429 with Retry-After", async () => {
    const remoteAddress = freshAddress();
    const attempt = () =>
      call(
        t.app,
        "POST",
        "/api/auth/signup",
        { fullName: "Ada", email: freshEmail(), phoneNumber: "08012345678", password: PASSWORD },
        { remoteAddress },
      );
    for (let i = 0; i < 30; i++) expect((await attempt()).statusCode).toBe(201);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/^Too many sign-ups\. Please try again in \d+ minutes?\.$/);
    expect(sessionCookieOf(limited)).toBeUndefined();
  });
});

describe("login, check and logout", () => {
  it("signs in with a new token each time, ending the session the browser had", async () => {
    const account = await signUp();
    const login = await call(
      t.app,
      "POST",
      "/api/auth/login",
      { email: account.email, password: PASSWORD },
      { cookie: account.cookie },
    );
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ email: account.email, role: "customer", isAdmin: false });
    const fresh = sessionCookieOf(login)!.value;
    expect(fresh).not.toBe(account.cookie);
    expect((await check(fresh)).statusCode).toBe(200);
    expect((await check(account.cookie)).statusCode).toBe(401);
  });

  it("answers a wrong password and an unknown e-mail with the same 401", async () => {
    const account = await signUp();
    const wrong = await call(t.app, "POST", "/api/auth/login", { email: account.email, password: "Wrong-Pass1" });
    const unknown = await call(t.app, "POST", "/api/auth/login", { email: freshEmail(), password: PASSWORD });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: "Invalid email or password." });
    expect(unknown.json()).toEqual(wrong.json());
    expect(sessionCookieOf(wrong)).toBeUndefined();
  });

  it("answers 400 for a login without a password or with a bad e-mail", async () => {
    const response = await call(t.app, "POST", "/api/auth/login", { email: "nope", password: "" });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ email: "Enter valid email address", password: "Password is required." });
  });

  it("answers 401 to check without a session, with an unknown token, and after logout", async () => {
    expect((await call(t.app, "GET", "/api/auth/check")).statusCode).toBe(401);
    expect((await check("x".repeat(43))).json()).toEqual({ message: "Please log in to continue." });

    const account = await signUp();
    const logout = await call(t.app, "POST", "/api/auth/logout", undefined, { cookie: account.cookie });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ message: "Logged out successfully" });
    expect(sessionCookieOf(logout)).toMatchObject({ value: "" });
    // The old cookie is dead on the server, not only forgotten by the browser.
    expect((await check(account.cookie)).statusCode).toBe(401);
  });

  it("locks a stranger out after 10 wrong passwords from their address, while the owner still signs in", async () => {
    const email = `owner-${nextEmail++}@furnish.test`;
    await upsertAdmin(t.db, { email, password: "0wnerPassword" });
    const stranger = { remoteAddress: freshAddress() };
    for (let i = 0; i < 10; i++) {
      const guess = await call(t.app, "POST", "/api/admin/login", { email, password: `Guess-Pass${i}` }, stranger);
      expect(guess.statusCode).toBe(401);
    }
    // Even the right password, and the customer login form, are closed to that address now.
    for (const url of ["/api/admin/login", "/api/auth/login"]) {
      const limited = await call(t.app, "POST", url, { email, password: "0wnerPassword" }, stranger);
      expect(limited.statusCode, url).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(limited.json().message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/);
      expect(sessionCookieOf(limited)).toBeUndefined();
    }

    const owner = await call(t.app, "POST", "/api/admin/login", { email, password: "0wnerPassword" });
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ isAdmin: true });
  });

  it("counts only failures: signing in again and again never locks the account", async () => {
    const account = await signUp();
    const phone = { remoteAddress: freshAddress() };
    for (let i = 0; i < 15; i++) {
      const login = await call(t.app, "POST", "/api/auth/login", { email: account.email, password: PASSWORD }, phone);
      expect(login.statusCode).toBe(200);
    }
    // A few typos, then the right password: still let in.
    for (let i = 0; i < 9; i++) {
      const typo = await call(
        t.app,
        "POST",
        "/api/auth/login",
        { email: account.email, password: "Typo-Pass1" },
        phone,
      );
      expect(typo.statusCode).toBe(401);
    }
    const login = await call(t.app, "POST", "/api/auth/login", { email: account.email, password: PASSWORD }, phone);
    expect(login.statusCode).toBe(200);
  });

  it(
    "below 100 wrong passwords from all addresses, the owner signs in directly and takes nothing from the count",
    // 99 real password checks, as below.
    { timeout: 90_000 },
    async () => {
      const account = await signUp();
      await guessFromTenAddresses("/api/auth/login", account.email, 90);
      const owner = await call(t.app, "POST", "/api/auth/login", { email: account.email, password: PASSWORD });
      expect(owner.statusCode).toBe(200);
      expect(sessionCookieOf(owner)).toBeDefined();
      // Still below the cap: a success took no place in it.
      await guessFromTenAddresses("/api/auth/login", account.email, 9);
      expect(
        (await call(t.app, "POST", "/api/auth/login", { email: account.email, password: "Guess-Pass" })).statusCode,
      ).toBe(401);
    },
  );
  it("limits one address to 30 sign-in attempts per 15 minutes across accounts", async () => {
    const remoteAddress = freshAddress();
    for (let i = 0; i < 30; i++) {
      const response = await call(
        t.app,
        "POST",
        "/api/auth/login",
        { email: freshEmail(), password: PASSWORD },
        { remoteAddress },
      );
      expect(response.statusCode).toBe(401);
    }
    const limited = await call(
      t.app,
      "POST",
      "/api/auth/login",
      { email: freshEmail(), password: PASSWORD },
      { remoteAddress },
    );
    expect(limited.statusCode).toBe(429);
  });
});

/**
 * `count` wrong passwords for `email`, spread over 10 addresses (each within its own 10),
 * as a guesser with many addresses would send them; every one answered 401.
 */
async function guessFromTenAddresses(url: string, email: string, count: number) {
  const addresses = Array.from({ length: 10 }, () => freshAddress());
  for (let i = 0; i < count; i++) {
    const remoteAddress = addresses[i % 10]!;
    const guess = await call(t.app, "POST", url, { email, password: `Guess-Pass${i}` }, { remoteAddress });
    expect(guess.statusCode, `guess ${i}`).toBe(401);
  }
  return addresses;
}

const SIGN_IN_BY_EMAIL = {
  message:
    "For your security we've e-mailed you a sign-in link if your password was right. Open it on this device to finish signing in.",
};

/** Uses a sign-in link as its page's plain HTML form does: a form post, answered with a redirect. */
function postSignInForm(token: string, who: Caller = {}) {
  return t.app.inject({
    method: "POST",
    url: "/api/auth/sign-in-link",
    payload: `token=${encodeURIComponent(token)}`,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: TEST_SITE.PUBLIC_URL },
    remoteAddress: who.remoteAddress ?? freshAddress(),
  });
}

// 100 guesses are 100 real password checks (argon2, slow by design), one after another:
// about 5 s on an idle 2-core machine, far more while other work shares it.
describe("many wrong passwords for one account, from many addresses", { timeout: 90_000 }, () => {
  it("never refuse the owner: past 100, every attempt gets one answer and the right password an e-mailed sign-in link", async () => {
    const account = await signUp();
    const guessers = await guessFromTenAddresses("/api/auth/login", account.email, 100);

    // From an 11th address a wrong and the right password get the same answer, and no session.
    const owner = { remoteAddress: freshAddress() };
    const wrong = await call(t.app, "POST", "/api/auth/login", { email: account.email, password: "Guess-Pass" }, owner);
    const right = await call(t.app, "POST", "/api/auth/login", { email: account.email, password: PASSWORD }, owner);
    for (const response of [wrong, right]) {
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual(SIGN_IN_BY_EMAIL);
      expect(response.headers["set-cookie"]).toBeUndefined();
    }
    // An address that is itself failing is still refused, right password or not.
    const refused = await call(
      t.app,
      "POST",
      "/api/auth/login",
      { email: account.email, password: PASSWORD },
      { remoteAddress: guessers[0] },
    );
    expect(refused.statusCode).toBe(429);

    // Only the right password was sent a link: one e-mail, built from PUBLIC_URL.
    const link = await linkFor(account.email, "sign-in-link");
    expect(link.startsWith(`${TEST_SITE.PUBLIC_URL}/sign-in-link/`)).toBe(true);
    expect((await mailsTo(account.email)).filter((mail) => mail.includes("/sign-in-link/"))).toHaveLength(1);
    const token = link.split("/").pop()!;
    const [stored] = await t.db
      .select()
      .from(signInTokens)
      .where(eq(signInTokens.tokenHash, hashToken(token)));
    expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);

    // The link's page posts its form: the owner is signed in and sent to their profile, once.
    const used = await postSignInForm(token, owner);
    expect(used.statusCode).toBe(303);
    expect(used.headers.location).toBe("/profile");
    const cookie = sessionCookieOf(used)!.value;
    expect((await check(cookie)).json()).toMatchObject({ email: account.email });
    const again = await postSignInForm(token, owner);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe("/sign-in-link");
    expect(sessionCookieOf(again)).toBeUndefined();

    // Other accounts are not affected.
    const other = await signUp();
    expect((await call(t.app, "POST", "/api/auth/login", { email: other.email, password: PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it("never refuse the admin either: the admin form answers the same and the link leads to the dashboard", async () => {
    const email = `owner-${nextEmail++}@furnish.test`;
    await upsertAdmin(t.db, { email, password: "0wnerPassword" });
    await guessFromTenAddresses("/api/admin/login", email, 100);

    const owner = { remoteAddress: freshAddress() };
    // The sign-in links each answer's e-mail carries, once it has arrived (the e-mail goes
    // after the answer, so each is awaited before the next request: outbox files written in
    // the same millisecond do not say which came first).
    const sentLinks = () =>
      vi.waitFor(async (): Promise<string[]> => {
        const links = (await mailsTo(email)).flatMap((mail) => /\/sign-in-link\/([\w-]+)/.exec(mail)?.[1] ?? []);
        if (links.length === 0) throw new Error("no sign-in e-mail has arrived yet");
        return links;
      });
    const right = await call(t.app, "POST", "/api/admin/login", { email, password: "0wnerPassword" }, owner);
    expect(right.statusCode).toBe(202);
    expect(right.json()).toEqual(SIGN_IN_BY_EMAIL);
    const [older] = (await sentLinks()) as [string];
    // The customer form shares the count and the answer.
    const viaCustomerForm = await call(t.app, "POST", "/api/auth/login", { email, password: "0wnerPassword" }, owner);
    expect(viaCustomerForm.json()).toEqual(SIGN_IN_BY_EMAIL);
    const newer = await vi.waitFor(async () => {
      const link = (await sentLinks()).find((sent) => sent !== older);
      if (!link) throw new Error("the second sign-in e-mail has not arrived yet");
      return link;
    });

    // A newer link voids the older: only the latest e-mail's link signs in.
    const stale = await call(t.app, "POST", "/api/auth/sign-in-link", { token: older }, owner);
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ message: "This sign-in link is invalid or has expired." });

    const used = await postSignInForm(newer, owner);
    expect(used.statusCode).toBe(303);
    expect(used.headers.location).toBe("/admin/dashboard");
    expect((await check(sessionCookieOf(used)!.value)).json()).toMatchObject({ email, isAdmin: true });
  });

  it("refuse an expired or made-up sign-in link, over the API and from the page's form", async () => {
    const account = await signUp();
    await t.db.insert(signInTokens).values({
      tokenHash: hashToken("expired-token-of-the-right-form-00000000000"),
      userId: account.id,
      expiresAt: new Date(Date.now() - 1000),
    });
    for (const token of ["expired-token-of-the-right-form-00000000000", "c".repeat(43)]) {
      const api = await call(t.app, "POST", "/api/auth/sign-in-link", { token });
      expect(api.statusCode).toBe(400);
      expect(api.json()).toEqual({ message: "This sign-in link is invalid or has expired." });
      const form = await postSignInForm(token);
      expect(form.headers.location).toBe("/sign-in-link");
      expect(sessionCookieOf(form)).toBeUndefined();
    }
  });
});

describe("sliding sessions", () => {
  const DAY_MS = 86_400_000;
  const SESSION_SECONDS = SESSION_DAYS * 86_400;

  /** As if the session had last been used two days ago. */
  async function ageSession(userId: string) {
    await t.db
      .update(sessions)
      .set({ lastUsedAt: new Date(Date.now() - 2 * DAY_MS), expiresAt: new Date(Date.now() + 28 * DAY_MS) })
      .where(eq(sessions.userId, userId));
  }

  const sessionCookiesOf = (response: { cookies: { name: string; value: string; maxAge?: number }[] }) =>
    response.cookies.filter((c) => c.name === SESSION_COOKIE);

  it("re-issues the cookie for another 30 days when a day-old session is used, and not on every request", async () => {
    const account = await signUp();
    await ageSession(account.id);

    const used = await check(account.cookie);
    expect(used.statusCode).toBe(200);
    const renewed = sessionCookieOf(used)!;
    expect(renewed).toMatchObject({ value: account.cookie, httpOnly: true, sameSite: "Lax", secure: true, path: "/" });
    expect(renewed.maxAge).toBeGreaterThan(SESSION_SECONDS - 60);
    expect(renewed.maxAge).toBeLessThanOrEqual(SESSION_SECONDS);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, account.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_SECONDS * 1000 - 60_000);

    // Used again the same day: the expiry did not move, so neither does the cookie.
    const again = await check(account.cookie);
    expect(again.statusCode).toBe(200);
    expect(sessionCookieOf(again)).toBeUndefined();
  });

  it("never re-issues the old token over a logout or a new sign-in", async () => {
    const account = await signUp();
    await ageSession(account.id);
    const login = await call(
      t.app,
      "POST",
      "/api/auth/login",
      { email: account.email, password: PASSWORD },
      { cookie: account.cookie },
    );
    expect(login.statusCode).toBe(200);
    const [fresh] = sessionCookiesOf(login);
    expect(sessionCookiesOf(login)).toHaveLength(1);
    expect(fresh!.value).not.toBe(account.cookie);
    expect(fresh!.maxAge).toBeGreaterThan(SESSION_SECONDS - 60);

    await ageSession(account.id);
    const logout = await call(t.app, "POST", "/api/auth/logout", undefined, { cookie: fresh!.value });
    expect(sessionCookiesOf(logout)).toEqual([expect.objectContaining({ value: "" })]);
    expect((await check(fresh!.value)).statusCode).toBe(401);
  });
});

describe("profile", () => {
  it("updates the name and phone with the session alone, and refuses an e-mail another account has", async () => {
    const account = await signUp();
    const other = await signUp();
    const update = await call(
      t.app,
      "PUT",
      "/api/auth/update",
      // The same e-mail in other capitals is no change of e-mail.
      { username: "Ada O.", email: account.email.toUpperCase(), phoneNumber: "08011112222" },
      { cookie: account.cookie },
    );
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({ username: "Ada O.", email: account.email, phoneNumber: "+2348011112222" });
    expect((await check(account.cookie)).json()).toMatchObject({ username: "Ada O.", email: account.email });

    const taken = await call(
      t.app,
      "PUT",
      "/api/auth/update",
      { username: "Ada", email: other.email, currentPassword: PASSWORD },
      { cookie: account.cookie },
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: "An account with this email already exists.",
      errors: { email: "An account with this email already exists." },
    });
    expect((await check(account.cookie)).json()).toMatchObject({ email: account.email });

    const blank = await call(t.app, "PUT", "/api/auth/update", { username: "", email: "" }, { cookie: account.cookie });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ username: "Username is required.", email: "Enter valid email address" });
  });

  it("takes the phone number with dashes and stores it in E.164; a wrong one gets the hint", async () => {
    const account = await signUp();
    const body = { username: "Ada Obi", email: account.email };
    const update = await call(
      t.app,
      "PUT",
      "/api/auth/update",
      { ...body, phoneNumber: "0803-123-4567" },
      { cookie: account.cookie },
    );
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json().phoneNumber).toBe("+2348031234567");
    const [stored] = await t.db.select().from(users).where(eq(users.id, account.id));
    expect(stored!.phoneNumber).toBe("+2348031234567");

    for (const phoneNumber of ["12345", "0803 123 45678"]) {
      const wrong = await call(t.app, "PUT", "/api/auth/update", { ...body, phoneNumber }, { cookie: account.cookie });
      expect(wrong.statusCode, phoneNumber).toBe(400);
      expect(wrong.json(), phoneNumber).toEqual({
        message: "Must be at least 10 digits",
        errors: { phoneNumber: "Must be at least 10 digits" },
      });
    }
    expect((await check(account.cookie)).json().phoneNumber).toBe("+2348031234567");
  });

  it("changes the e-mail only with the current password, and tells the old address", async () => {
    const account = await signUp();
    const newEmail = freshEmail();
    const change = (body: object) =>
      call(
        t.app,
        "PUT",
        "/api/auth/update",
        { username: "Ada Obi", email: newEmail, ...body },
        { cookie: account.cookie },
      );

    const without = await change({});
    expect(without.statusCode).toBe(400);
    expect(without.json()).toEqual({
      message: "Enter your current password to change your email.",
      errors: { currentPassword: "Enter your current password to change your email." },
    });
    const wrong = await change({ currentPassword: "Wrong-Pass1" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: "Current password is incorrect.",
      errors: { currentPassword: "Current password is incorrect." },
    });
    expect((await check(account.cookie)).json()).toMatchObject({ email: account.email });

    const changed = await change({ currentPassword: PASSWORD });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ email: newEmail });
    expect((await check(account.cookie)).json()).toMatchObject({ email: newEmail });

    const notice = await vi.waitFor(async () => {
      const mail = (await mailsTo(account.email)).find((m) => m.includes("e-mail address of your Furnish account"));
      if (!mail) throw new Error("no notice to the old address yet");
      return mail;
    });
    expect(notice).toContain(`changed from ${account.email} to ${newEmail}`);
    expect(await mailsTo(newEmail)).toEqual([]);
  });

  it("answers 401 to every account call without a session", async () => {
    for (const [method, url, body] of [
      ["PUT", "/api/auth/update", { username: "A", email: "a@example.com" }],
      ["DELETE", "/api/auth/delete", undefined],
      ["DELETE", "/api/auth/delete", { currentPassword: PASSWORD }],
      ["PUT", "/api/auth/change-password", { oldPassword: PASSWORD, newPassword: "N3wPassword" }],
    ] as const) {
      const response = await call(t.app, method, url, body);
      expect(response.statusCode, url).toBe(401);
    }
  });

  it("deletes the account only with the current password, and ends all of its sessions", async () => {
    const account = await signUp();
    const second = await call(t.app, "POST", "/api/auth/login", { email: account.email, password: PASSWORD });
    const remove = (body?: object) => call(t.app, "DELETE", "/api/auth/delete", body, { cookie: account.cookie });

    const without = await remove();
    expect(without.statusCode).toBe(400);
    expect(without.json()).toEqual({
      message: "Current password is required.",
      errors: { currentPassword: "Current password is required." },
    });
    const wrong = await remove({ currentPassword: "Wrong-Pass1" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: "Current password is incorrect.",
      errors: { currentPassword: "Current password is incorrect." },
    });
    expect((await check(account.cookie)).statusCode).toBe(200);

    const deleted = await remove({ currentPassword: PASSWORD });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: "Account deleted" });
    expect((await check(account.cookie)).statusCode).toBe(401);
    expect((await check(sessionCookieOf(second)!.value)).statusCode).toBe(401);
    const login = await call(t.app, "POST", "/api/auth/login", { email: account.email, password: PASSWORD });
    expect(login.statusCode).toBe(401);
  });

  it("counts wrong passwords for a new e-mail, a deletion and a password change together: 5 per 15 minutes", async () => {
    const account = await signUp();
    const who = { cookie: account.cookie };
    const attempts = [
      () =>
        call(
          t.app,
          "PUT",
          "/api/auth/update",
          { username: "Ada", email: freshEmail(), currentPassword: "Wrong-Pass1" },
          who,
        ),
      () => call(t.app, "DELETE", "/api/auth/delete", { currentPassword: "Wrong-Pass2" }, who),
      () =>
        call(
          t.app,
          "PUT",
          "/api/auth/change-password",
          { oldPassword: "Wrong-Pass3", newPassword: "N3wPassword" },
          who,
        ),
    ];
    for (let i = 0; i < 5; i++) expect((await attempts[i % 3]!()).statusCode).toBe(400);
    const limited = await call(t.app, "DELETE", "/api/auth/delete", { currentPassword: PASSWORD }, who);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many password attempts\. Please try again in \d+ minutes?\.$/);
    expect((await check(account.cookie)).statusCode).toBe(200);
    // Editing the name and phone checks no password, so it is not held back.
    const rename = await call(t.app, "PUT", "/api/auth/update", { username: "Ada O.", email: account.email }, who);
    expect(rename.statusCode).toBe(200);
  });
});

describe("e-mailed links die with the password or e-mail they were sent for", () => {
  /** A live reset link and a live sign-in link of the account, as their e-mails hold them. */
  async function liveLinks(userId: string) {
    const reset = `reset-${userId}`.padEnd(43, "0");
    const signIn = `sign-in-${userId}`.padEnd(43, "0");
    const expiresAt = new Date(Date.now() + 10 * 60_000);
    await t.db.insert(passwordResetTokens).values({ tokenHash: hashToken(reset), userId, expiresAt });
    await t.db.insert(signInTokens).values({ tokenHash: hashToken(signIn), userId, expiresAt });
    return { reset, signIn };
  }

  async function expectDead(links: { reset: string; signIn: string }) {
    const reset = await call(t.app, "POST", `/api/auth/reset-password/${links.reset}`, { newPassword: "Att4ckerPass" });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toEqual({ message: "This reset link is invalid or has expired." });
    const signIn = await call(t.app, "POST", "/api/auth/sign-in-link", { token: links.signIn });
    expect(signIn.statusCode).toBe(400);
  }

  it("after a password change", async () => {
    const account = await signUp();
    await call(t.app, "POST", "/api/auth/forgot-password", { email: account.email });
    const mailed = (await resetLinkFor(account.email)).split("/").pop()!;
    const links = await liveLinks(account.id);
    const changed = await call(
      t.app,
      "PUT",
      "/api/auth/change-password",
      { oldPassword: PASSWORD, newPassword: "N3wPassword" },
      { cookie: account.cookie },
    );
    expect(changed.statusCode).toBe(200);
    await expectDead(links);
    await expectDead({ ...links, reset: mailed });
    expect(
      (await call(t.app, "POST", "/api/auth/login", { email: account.email, password: "N3wPassword" })).statusCode,
    ).toBe(200);
  });

  it("after a reset with another link (two requests at once, say)", async () => {
    const account = await signUp();
    await call(t.app, "POST", "/api/auth/forgot-password", { email: account.email });
    const used = (await resetLinkFor(account.email)).split("/").pop()!;
    const links = await liveLinks(account.id);
    const reset = await call(t.app, "POST", `/api/auth/reset-password/${used}`, { newPassword: "Res3tPassword" });
    expect(reset.statusCode).toBe(200);
    await expectDead(links);
  });

  it("after a reset from the command line", async () => {
    const email = `owner-${nextEmail++}@furnish.test`;
    await upsertAdmin(t.db, { email, password: "0wnerPassword" });
    const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const links = await liveLinks(admin!.id);
    await upsertAdmin(t.db, { email, password: "N3wOwnerPassword" });
    await expectDead(links);
  });

  it("after an e-mail change", async () => {
    const account = await signUp();
    await call(t.app, "POST", "/api/auth/forgot-password", { email: account.email });
    const mailed = (await resetLinkFor(account.email)).split("/").pop()!;
    const links = await liveLinks(account.id);
    const changed = await call(
      t.app,
      "PUT",
      "/api/auth/update",
      { username: "Ada Obi", email: freshEmail(), currentPassword: PASSWORD },
      { cookie: account.cookie },
    );
    expect(changed.statusCode).toBe(200);
    await expectDead(links);
    await expectDead({ ...links, reset: mailed });
  });
});

describe("change password", () => {
  it("needs the current password, then ends the other sessions but keeps this one", async () => {
    const account = await signUp();
    const elsewhere = sessionCookieOf(
      await call(t.app, "POST", "/api/auth/login", { email: account.email, password: PASSWORD }),
    )!.value;

    const wrong = await call(
      t.app,
      "PUT",
      "/api/auth/change-password",
      { oldPassword: "Wrong-Pass1", newPassword: "N3wPassword" },
      { cookie: account.cookie },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: "Current password is incorrect." });

    const weak = await call(
      t.app,
      "PUT",
      "/api/auth/change-password",
      { oldPassword: PASSWORD, newPassword: "weak" },
      { cookie: account.cookie },
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.newPassword).toBe(
      "Must be more than 8 characters, including number, lowercase letter, uppercase letter",
    );

    const changed = await call(
      t.app,
      "PUT",
      "/api/auth/change-password",
      { oldPassword: PASSWORD, newPassword: "N3wPassword" },
      { cookie: account.cookie },
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: "Password changed successfully." });
    expect((await check(account.cookie)).statusCode).toBe(200);
    expect((await check(elsewhere)).statusCode).toBe(401);

    const oldLogin = await call(t.app, "POST", "/api/auth/login", { email: account.email, password: PASSWORD });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await call(t.app, "POST", "/api/auth/login", { email: account.email, password: "N3wPassword" });
    expect(newLogin.statusCode).toBe(200);
  });

  it("limits wrong current passwords to 5 per 15 minutes for one account", async () => {
    const account = await signUp();
    for (let i = 0; i < 5; i++) {
      const response = await call(
        t.app,
        "PUT",
        "/api/auth/change-password",
        { oldPassword: `Wrong-Pass${i}`, newPassword: "N3wPassword" },
        { cookie: account.cookie },
      );
      expect(response.statusCode).toBe(400);
    }
    const limited = await call(
      t.app,
      "PUT",
      "/api/auth/change-password",
      { oldPassword: PASSWORD, newPassword: "N3wPassword" },
      { cookie: account.cookie },
    );
    expect(limited.statusCode).toBe(429);
  });
});

describe("change password, per address", () => {
  it("limits one address to 10 change attempts per 15 minutes across accounts", async () => {
    const cafe = { remoteAddress: freshAddress() };
    const attempt = (cookie: string, remoteAddress = cafe.remoteAddress) =>
      call(
        t.app,
        "PUT",
        "/api/auth/change-password",
        { oldPassword: "Wrong-Pass1", newPassword: "N3wPassword" },
        { cookie, remoteAddress },
      );
    // Two accounts, each within its own 5, fill the address's 10.
    for (const account of [await signUp(), await signUp()]) {
      for (let i = 0; i < 5; i++) expect((await attempt(account.cookie)).statusCode).toBe(400);
    }
    const third = await signUp();
    const limited = await attempt(third.cookie);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/^Too many password attempts\./);
    // The same account from another address is heard, and told its password is wrong.
    const elsewhere = await attempt(third.cookie, freshAddress());
    expect(elsewhere.statusCode).toBe(400);
  });
});

describe("password reset", () => {
  it("answers the same for known and unknown e-mails, and mails a PUBLIC_URL link only to the known one", async () => {
    const account = await signUp();
    const unknownEmail = freshEmail();
    const before = (await outbox()).length;
    const known = await t.app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: account.email },
      headers: { host: "evil.example" },
      remoteAddress: freshAddress(),
    });
    const unknown = await call(t.app, "POST", "/api/auth/forgot-password", { email: unknownEmail });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({
      message: "If an account exists for that email, a password reset link is on its way.",
    });

    const link = await resetLinkFor(account.email);
    expect(link.startsWith(`${TEST_SITE.PUBLIC_URL}/reset-password/`)).toBe(true);
    expect(link).not.toContain("evil.example");
    const mails = await outbox();
    expect(mails.length).toBe(before + 1);
    expect(mails.some((m) => m.includes(unknownEmail))).toBe(false);
    // Only the token's hash is stored.
    const token = link.split("/").pop()!;
    const rows = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, account.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(token);
  });

  it("resets once with a live token, signs in and ends every other session", async () => {
    const account = await signUp();
    await call(t.app, "POST", "/api/auth/forgot-password", { email: account.email });
    const token = (await resetLinkFor(account.email)).split("/").pop()!;

    const weak = await call(t.app, "POST", `/api/auth/reset-password/${token}`, { newPassword: "short" });
    expect(weak.statusCode).toBe(400);

    const reset = await call(t.app, "POST", `/api/auth/reset-password/${token}`, { newPassword: "Res3tPassword" });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ message: "Password reset successfully.", user: { email: account.email } });
    const cookie = sessionCookieOf(reset)!.value;
    expect((await check(cookie)).statusCode).toBe(200);
    expect((await check(account.cookie)).statusCode).toBe(401);

    const again = await call(t.app, "POST", `/api/auth/reset-password/${token}`, { newPassword: "Other1Password" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: "This reset link is invalid or has expired." });
    const login = await call(t.app, "POST", "/api/auth/login", { email: account.email, password: "Res3tPassword" });
    expect(login.statusCode).toBe(200);
  });

  it("voids older links when a newer one is sent, and refuses expired and made-up tokens", async () => {
    const account = await signUp();
    await call(t.app, "POST", "/api/auth/forgot-password", { email: account.email });
    const first = (await resetLinkFor(account.email)).split("/").pop()!;
    await call(t.app, "POST", "/api/auth/forgot-password", { email: account.email });
    const second = await vi.waitFor(async () => {
      const token = (await resetLinkFor(account.email)).split("/").pop()!;
      if (token === first) throw new Error("the second e-mail has not arrived yet");
      return token;
    });

    const old = await call(t.app, "POST", `/api/auth/reset-password/${first}`, { newPassword: "Res3tPassword" });
    expect(old.statusCode).toBe(400);

    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, account.id));
    const expired = await call(t.app, "POST", `/api/auth/reset-password/${second}`, { newPassword: "Res3tPassword" });
    expect(expired.statusCode).toBe(400);

    const madeUp = await call(t.app, "POST", `/api/auth/reset-password/${"a".repeat(43)}`, {
      newPassword: "Res3tPassword",
    });
    expect(madeUp.statusCode).toBe(400);
  });

  it("sends at most 3 reset e-mails an hour to one address", async () => {
    const account = await signUp();
    for (let i = 0; i < 3; i++) {
      const response = await call(t.app, "POST", "/api/auth/forgot-password", { email: account.email });
      expect(response.statusCode).toBe(200);
    }
    const limited = await call(t.app, "POST", "/api/auth/forgot-password", { email: account.email });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("password reset, per address", () => {
  it("limits one address to 10 reset attempts an hour, whatever the tokens", async () => {
    const remoteAddress = freshAddress();
    const attempt = (address = remoteAddress) =>
      call(
        t.app,
        "POST",
        `/api/auth/reset-password/${"b".repeat(43)}`,
        { newPassword: "Res3tPassword" },
        { remoteAddress: address },
      );
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(400);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/^Too many password reset requests\. Please try again in \d+ minutes?\.$/);
    expect((await attempt(freshAddress())).statusCode).toBe(400);
  });
});

describe("admin login", () => {
  it("signs an admin in, refuses a customer with 403, and logs out", async () => {
    await upsertAdmin(t.db, { email: "owner@furnish.test", password: "0wnerPassword", name: "Owner" });
    const customer = await signUp();

    const refused = await call(t.app, "POST", "/api/admin/login", { email: customer.email, password: PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: "This account is not an administrator." });
    expect(sessionCookieOf(refused)).toBeUndefined();

    const wrong = await call(t.app, "POST", "/api/admin/login", { email: "owner@furnish.test", password: PASSWORD });
    expect(wrong.statusCode).toBe(401);

    const admin = await call(t.app, "POST", "/api/admin/login", {
      email: "owner@furnish.test",
      password: "0wnerPassword",
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toMatchObject({ username: "Owner", role: "admin", isAdmin: true });
    const cookie = sessionCookieOf(admin)!.value;
    expect((await check(cookie)).json()).toMatchObject({ isAdmin: true });

    const deleteSelf = await call(
      t.app,
      "DELETE",
      "/api/auth/delete",
      { currentPassword: "0wnerPassword" },
      { cookie },
    );
    expect(deleteSelf.statusCode).toBe(403);

    const logout = await call(t.app, "POST", "/api/admin/logout", undefined, { cookie });
    expect(logout.json()).toEqual({ message: "Logged out successfully" });
    expect((await check(cookie)).statusCode).toBe(401);
  });
});

/** The nine admin catalogue operations, the contact inbox and the dashboard summary. */
const KNOWN_ADMIN_ROUTES = [
  "POST /api/admin/operations/addProduct",
  "PUT /api/admin/operations/updateProduct/:id",
  "DELETE /api/admin/operations/delProduct/:id",
  "POST /api/admin/operations/addCollection",
  "PUT /api/admin/operations/updateCollection/:id",
  "DELETE /api/admin/operations/delCollection/:id",
  "POST /api/admin/operations/addProject",
  "PUT /api/admin/operations/updateProject/:id",
  "DELETE /api/admin/operations/delProject/:id",
  "GET /api/admin/operations/messages",
  "PUT /api/admin/operations/messages/:id/read",
  "DELETE /api/admin/operations/messages/:id",
  "GET /api/admin/operations/summary",
];

describe("the admin guard", () => {
  it("answers every admin operation with 401 for a guest and 403 for a customer", async () => {
    const customer = await signUp();
    const adminRoutes = t.routes.filter(
      (route) => route.url.startsWith("/api/admin/") && !["/api/admin/login", "/api/admin/logout"].includes(route.url),
    );
    // The table is recorded from the app itself: a new route is checked without editing this test,
    // and the known ones prove the recording sees them all.
    expect(adminRoutes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(KNOWN_ADMIN_ROUTES),
    );
    expect(adminRoutes.every((route) => route.url.startsWith("/api/admin/operations/"))).toBe(true);
    for (const route of adminRoutes) {
      const url = route.url.replace(/:\w+/g, "00000000-0000-4000-8000-000000000000");
      const method = route.method as InjectOptions["method"];
      const body = ["POST", "PUT", "PATCH"].includes(route.method) ? {} : undefined;
      const guest = await call(t.app, method, url, body);
      expect(guest.statusCode, `${route.method} ${route.url} as a guest`).toBe(401);
      const asCustomer = await call(t.app, method, url, body, { cookie: customer.cookie });
      expect(asCustomer.statusCode, `${route.method} ${route.url} as a customer`).toBe(403);
    }
  });
});
