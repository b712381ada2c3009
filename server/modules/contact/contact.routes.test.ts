import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_SITE, useTestApp, type TestApp } from "../../../tests/support/test-app";
import { contactMessages } from "../../db/schema/contact";
import { createMailer } from "../mail/mailer";

const t = useTestApp();

const valid = {
  name: "Ada Obi",
  email: "Ada@Example.com",
  phoneNumber: "08012345678",
  subject: "Dining set",
  message: "Do you deliver to Abuja?\nWe need it by December.",
};

let nextAddress = 1;
/** Each test posts from its own address, so the rate limit of one does not leak into another. */
const freshAddress = () => `10.1.0.${nextAddress++}`;

function post(app: TestApp["app"], body: unknown, remoteAddress = freshAddress(), headers = {}) {
  return app.inject({ method: "POST", url: "/api/contact", payload: body as object, remoteAddress, headers });
}

async function outbox(dir: string): Promise<string[]> {
  const files = (await readdir(dir).catch(() => [])).sort();
  return Promise.all(files.map((file) => readFile(path.join(dir, file), "utf8")));
}

describe("POST /api/contact", () => {
  it("stores the message, e-mails the shop with a reply-to of the sender, and thanks them", async () => {
    const response = await post(t.app, valid);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ message: "Message sent successfully!" });

    const rows = await t.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Ada Obi",
      email: "ada@example.com",
      phoneNumber: "08012345678",
      subject: "Dining set",
      message: valid.message,
      userId: null,
      readAt: null,
    });

    const mails = await outbox(t.outboxDir);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatch(new RegExp(`^To: ${TEST_SITE.SHOP_EMAIL}$`, "m"));
    expect(mail).toMatch(/^Reply-To: Ada Obi <ada@example\.com>$/m);
    expect(mail).toMatch(/^Subject: Contact form: Dining set$/m);
    expect(mail).toContain("Do you deliver to Abuja?");
    expect(mail).toContain("08012345678");
    await t.db.delete(contactMessages);
  });

  it("answers 400 with every field's message, the first one on top, and stores nothing", async () => {
    const response = await post(t.app, { name: " ", email: "nope", phoneNumber: "123", subject: "", message: "" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "Name is required.",
      errors: {
        name: "Name is required.",
        email: "Enter valid email address",
        phoneNumber: "Phone number must be between 10 and 14 digits",
        subject: "Subject is required.",
        message: "Message is required.",
      },
    });

    const phone = await post(t.app, { ...valid, phoneNumber: "+2348012345678" });
    expect(phone.statusCode).toBe(400);
    expect(phone.json()).toEqual({
      message: "Phone number must be between 10 and 14 digits",
      errors: { phoneNumber: "Phone number must be between 10 and 14 digits" },
    });

    expect(await t.db.$count(contactMessages)).toBe(0);
  });

  it("folds line breaks in the subject so it cannot add mail headers", async () => {
    const before = (await outbox(t.outboxDir)).length;
    const response = await post(t.app, { ...valid, subject: "Hi\r\nBcc: victim@example.com" });
    expect(response.statusCode).toBe(201);
    const mails = await outbox(t.outboxDir);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.find((m) => m.includes("victim@example.com"))!;
    expect(mail).toMatch(/^Subject: Contact form: Hi Bcc: victim@example\.com$/m);
    const headers = mail.split(/\r?\n\r?\n/, 1)[0]!;
    expect(headers).not.toMatch(/^Bcc:/im);
    await t.db.delete(contactMessages);
  });

  it("allows 5 messages per 10 minutes from one address, then answers 429 with Retry-After", async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i += 1) {
      expect((await post(t.app, valid, address)).statusCode).toBe(201);
    }
    const limited = await post(t.app, valid, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: "Too many messages. Please try again in 10 minutes." });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(590);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(600);
    // Invalid attempts count too, and nothing more was stored.
    expect((await post(t.app, {}, address)).statusCode).toBe(429);
    expect(await t.db.$count(contactMessages)).toBe(5);

    // Someone else is not held back.
    expect((await post(t.app, valid)).statusCode).toBe(201);
    await t.db.delete(contactMessages);
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY names the proxy", async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i += 1) {
      await post(t.app, valid, address, { "x-forwarded-for": `203.0.113.${i}` });
    }
    const spoofed = await post(t.app, valid, address, { "x-forwarded-for": "203.0.113.99" });
    expect(spoofed.statusCode).toBe(429);
    await t.db.delete(contactMessages);
  });
});

describe("POST /api/contact behind a trusted proxy", () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ trustProxy: ["127.0.0.1"] });
  });
  afterAll(() => proxied.close());

  it("limits each client the proxy names, not the proxy", async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await post(proxied.app, valid, "127.0.0.1", { "x-forwarded-for": "198.51.100.7" })).statusCode).toBe(201);
    }
    expect((await post(proxied.app, valid, "127.0.0.1", { "x-forwarded-for": "198.51.100.7" })).statusCode).toBe(429);
    expect((await post(proxied.app, valid, "127.0.0.1", { "x-forwarded-for": "198.51.100.8" })).statusCode).toBe(201);
  });
});

describe("POST /api/contact when mail cannot be sent", () => {
  let broken: TestApp;
  beforeAll(async () => {
    // Port 1 on localhost refuses connections at once.
    const mailer = createMailer({
      from: "x@furnish.test",
      smtpUrl: "smtp://127.0.0.1:1",
      outboxDir: "/nonexistent",
      log: { info: () => {} },
    });
    broken = await createTestApp({ mailer });
  });
  afterAll(() => broken.close());

  it("still keeps the message and thanks the sender", async () => {
    const response = await post(broken.app, valid);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: "Message sent successfully!" });
    const [row] = await broken.db.select().from(contactMessages).where(eq(contactMessages.email, "ada@example.com"));
    expect(row?.message).toBe(valid.message);
  });
});
