import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCookie } from "../../../tests/support/admin-session";
import { Browser } from "../../../tests/support/api-browser";
import { insertProduct } from "../../../tests/support/catalog-factory";
import { confirmShopEmail } from "../../../tests/support/shop-email";
import { createTestApp, TEST_SITE, useTestApp, type TestApp } from "../../../tests/support/test-app";
import { buildApp } from "../../app";
import { connectDatabase, type DatabaseConnection } from "../../db/client";
import { createMailer } from "../mail/mailer";
import { DEMO_VALUES } from "../../../domain/setup/demo-values";

const t = useTestApp({ pages: true });
const SETTINGS = "/api/admin/operations/settings";

let admin: string;
let sofa: { id: string };
beforeAll(async () => {
  admin = await adminCookie(t);
  sofa = await insertProduct(t.db, { name: "Velvet Sofa", priceKobo: 450_000_00 });
});

const put = (payload: object) =>
  t.app.inject({
    method: "PUT",
    url: SETTINGS,
    payload,
    headers: { cookie: admin, origin: TEST_SITE.PUBLIC_URL },
  });
const settings = async () =>
  (await t.app.inject({ method: "GET", url: SETTINGS, headers: { cookie: admin } })).json<{
    email: string;
    emailConfirmed: boolean;
    referencePrefix: string;
  }>();

async function mails(): Promise<string[]> {
  const files = (await readdir(t.outboxDir).catch(() => [])).sort();
  return Promise.all(files.map((file) => readFile(path.join(t.outboxDir, file), "utf8")));
}
const mailsTo = async (address: string) => (await mails()).filter((mail) => mail.includes(`To: ${address}`));

/** The confirmation link in the latest mail to `address`, as its path. */
async function linkSentTo(address: string): Promise<string> {
  const sent = (await mailsTo(address)).filter((mail) => mail.includes("/shop-email/confirm/"));
  const last = sent.at(-1);
  expect(last, `a confirmation link to ${address}`).toBeDefined();
  const url = /https?:\/\/\S+\/shop-email\/confirm\/[A-Za-z0-9_-]+/.exec(last!.replace(/=\n/g, ""))![0];
  return new URL(url).pathname;
}

async function placeOrder() {
  const response = await new Browser(t.app).call("POST", "/api/orders", {
    kind: "item",
    itemType: "Product",
    itemId: sofa.id,
    customer: { name: "Chidi", area: "Lekki" },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ order: { _id: string; reference: string } }>().order;
}

async function contactUs(subject: string) {
  const response = await new Browser(t.app).call("POST", "/api/contact", {
    name: "Ada Obi",
    email: "ada@example.com",
    phoneNumber: "08012345678",
    subject,
    message: "Do you deliver to Abuja?",
  });
  expect(response.statusCode, response.body).toBe(201);
}

/** Mail goes out after the answer: poll until the outbox settles on what is expected. */
const newOrderMailsFor = async (reference: string) =>
  (await mails()).filter((mail) => mail.includes(`New order ${reference}`));

describe("the shop's e-mail, confirmed by a link", () => {
  it("withholds new-order mail until the link is opened, once, then sends it", async () => {
    const owner = "orders@adaeze-interiors.ng";
    expect((await settings()).emailConfirmed).toBe(false);

    // Before the owner's address: an order's details go to nobody, not to the environment's address.
    const early = await placeOrder();

    const saved = await put({ email: owner, mailSenderName: "Adaeze Interiors" });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ email: owner, emailConfirmed: false });
    const link = await linkSentTo(owner);
    const confirmMail = (await mailsTo(owner)).at(-1)!;
    expect(confirmMail).toMatch(/^From: Adaeze Interiors <[^>]+>$/m);

    const before = await placeOrder();
    await contactUs("Before the link");
    // The page itself names the address and asks for the click; opening it spends nothing.
    const browser = new Browser(t.app);
    const page = await browser.call("GET", link, undefined, { accept: "text/html" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(owner);
    expect(page.body).toContain("Confirm this e-mail");
    expect(page.body).toMatch(/<meta name="robots" content="[^"]*noindex/);
    expect((await settings()).emailConfirmed).toBe(false);

    const confirmed = await browser.form(link, {});
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain("E-mail confirmed");
    expect((await settings()).emailConfirmed).toBe(true);

    // A second use, and a made-up token, say the link does not work.
    const again = await browser.form(link, {});
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain("This confirmation link is invalid, used or expired.");
    const madeUp = await browser.call("GET", "/shop-email/confirm/not-a-real-token", undefined, {
      accept: "text/html",
    });
    expect(madeUp.body).toContain("This link does not work");

    const after = await placeOrder();
    await contactUs("After the link");
    await expect.poll(async () => (await newOrderMailsFor(after.reference)).length).toBe(1);
    const [notice] = await newOrderMailsFor(after.reference);
    expect(notice).toContain(`To: ${owner}`);
    expect(notice).toMatch(/^From: Adaeze Interiors </m);
    await expect
      .poll(async () => (await mailsTo(owner)).filter((m) => m.includes("Contact form: After")).length)
      .toBe(1);
    // The order and the message sent before the confirmation were never e-mailed, to anyone.
    expect((await mails()).filter((mail) => mail.includes("Contact form: Before"))).toEqual([]);
    expect(await newOrderMailsFor(before.reference)).toEqual([]);
    expect(await newOrderMailsFor(early.reference)).toEqual([]);
    expect(await mailsTo(TEST_SITE.SHOP_EMAIL)).toEqual([]);
  });

  it("asks again for a new address, voiding the old link, and never sends one to the demo address", async () => {
    const first = "first@adaeze-interiors.ng";
    const second = "second@adaeze-interiors.ng";
    expect((await put({ email: first })).statusCode).toBe(200);
    const firstLink = await linkSentTo(first);
    expect((await put({ email: second })).statusCode).toBe(200);
    const secondLink = await linkSentTo(second);

    const browser = new Browser(t.app);
    expect((await browser.form(firstLink, {})).statusCode).toBe(400);
    expect((await settings()).emailConfirmed).toBe(false);

    // Resent from Settings (a plain form post), the newest link is the one that works.
    const resend = await t.app.inject({
      method: "POST",
      url: "/admin/settings",
      payload: "intent=resend-email-link",
      headers: {
        cookie: admin,
        origin: TEST_SITE.PUBLIC_URL,
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-mode": "navigate",
      },
    });
    expect(resend.statusCode).toBe(303);
    const resent = await linkSentTo(second);
    expect(resent).not.toBe(secondLink);
    expect((await browser.form(secondLink, {})).statusCode).toBe(400);
    expect((await browser.form(resent, {})).statusCode).toBe(200);
    expect(await settings()).toMatchObject({ email: second, emailConfirmed: true });

    const before = (await mails()).length;
    expect((await put({ email: DEMO_VALUES.email })).statusCode).toBe(200);
    expect(await settings()).toMatchObject({ email: DEMO_VALUES.email, emailConfirmed: false });
    expect((await mails()).length).toBe(before);
    const order = await placeOrder();
    // Given time to go out, nothing does: the order's own tracking is the only trace.
    expect((await settings()).emailConfirmed).toBe(false);
    expect(await newOrderMailsFor(order.reference)).toEqual([]);
  });
});

describe("the words and prefix in Settings", () => {
  it("refuses each bad value at its field, changing nothing", async () => {
    for (const [field, value, message] of [
      ["referencePrefix", "F1", "Use 2 to 4 capital letters, such as FN."],
      ["referencePrefix", "ABCDE", "Use 2 to 4 capital letters, such as FN."],
      ["referencePrefix", "", "Use 2 to 4 capital letters, such as FN."],
      ["slogan", "  ", "Slogan is required."],
      ["cityLine", "x".repeat(61), "The line above the slogan must be at most 60 characters."],
      ["mailSenderName", "Shop <evil@example.com>", 'Sender name cannot contain <, >, " or @.'],
    ] as const) {
      const response = await put({ [field]: value });
      expect(response.statusCode, `${field} ${value}`).toBe(400);
      expect(response.json().errors, `${field} ${value}`).toMatchObject({ [field]: message });
    }
    expect((await settings()).referencePrefix).toBe("FN");
  });

  it("names new orders with a new prefix; an order placed before keeps its reference and is still found", async () => {
    const old = await placeOrder();
    expect(old.reference).toMatch(/^FN-/);
    expect((await put({ referencePrefix: "ADZE" })).statusCode).toBe(200);
    const fresh = await placeOrder();
    expect(fresh.reference).toMatch(/^ADZE-[2-9A-Z]{5}$/);

    const search = async (text: string) => {
      const response = await t.app.inject({
        method: "GET",
        url: `/api/admin/operations/orders?search=${encodeURIComponent(text)}`,
        headers: { cookie: admin },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ orders: { reference: string }[] }>().orders.map((order) => order.reference);
    };
    expect(await search(old.reference.toLowerCase())).toEqual([old.reference]);
    expect(await search(old.reference.slice(3))).toEqual([old.reference]);
    expect(await search(fresh.reference.replace("-", " "))).toEqual([fresh.reference]);
  });
});

describe("a second instance on the same database", () => {
  let second: FastifyInstance;
  let mine: TestApp;
  let connection: DatabaseConnection;
  beforeAll(async () => {
    mine = await createTestApp();
    // Its own pool and its own listening connection, as another process would have.
    connection = connectDatabase(mine.url, { max: 2 });
    second = await buildApp({
      database: connection,
      env: TEST_SITE,
      mediaDir: mine.mediaDir,
      mailer: createMailer({ from: "x <x@furnish.test>", outboxDir: mine.outboxDir, log: { info: () => {} } }),
    });
  });
  afterAll(async () => {
    await second?.close();
    await connection?.pool.end();
    await mine?.close();
  });

  it("sends the shop its orders as soon as the e-mail is confirmed on the other", async () => {
    const chair = await insertProduct(mine.db, { name: "Shared Chair" });
    const order = async () => {
      const response = await new Browser(second).call("POST", "/api/orders", {
        kind: "item",
        itemType: "Product",
        itemId: chair.id,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ order: { reference: string } }>().order.reference;
    };
    const toShop = async () =>
      (
        await Promise.all(
          (await readdir(mine.outboxDir)).map((file) => readFile(path.join(mine.outboxDir, file), "utf8")),
        )
      ).filter((mail) => mail.includes(`To: ${TEST_SITE.SHOP_EMAIL}`) && mail.includes("New order"));

    // The second instance reads the settings (and keeps them) while the e-mail is unconfirmed.
    await order();
    await confirmShopEmail(mine.app, mine.db);
    // It hears of the confirmation from PostgreSQL's notification, a moment after the commit.
    await expect
      .poll(async () => {
        await order();
        return (await toShop()).length;
      })
      .toBeGreaterThan(0);
  });
});
