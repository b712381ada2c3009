import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, TEST_SITE, useTestApp, type TestApp } from "../../../tests/support/test-app";
import { confirmShopEmail } from "../../../tests/support/shop-email";
import { contactMessages } from "../../db/schema/contact";
import { CONTACT_RATE_LIMIT } from "../../plugins/rate-limits";
import { createMailer, type Mailer, type MailMessage } from "../mail/mailer";
import { receiveContactMessage } from "./contact.service";

const t = useTestApp();
beforeAll(() => confirmShopEmail(t.app, t.db));

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

/** The e-mail goes out after the answer: wait until the outbox holds `count` mails. */
async function outboxOf(dir: string, count: number): Promise<string[]> {
  return vi.waitFor(async () => {
    const mails = await outbox(dir);
    expect(mails).toHaveLength(count);
    return mails;
  });
}

const perAddress = CONTACT_RATE_LIMIT.max;
const windowMinutes = CONTACT_RATE_LIMIT.minutes;

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
      phoneNumber: "+2348012345678",
      subject: "Dining set",
      message: valid.message,
      userId: null,
      readAt: null,
    });

    const [mail] = await outboxOf(t.outboxDir, 1);
    expect(mail).toMatch(new RegExp(`^To: ${TEST_SITE.SHOP_EMAIL}$`, "m"));
    expect(mail).toMatch(/^Reply-To: Ada Obi <ada@example\.com>$/m);
    expect(mail).toMatch(/^Subject: Contact form: Dining set$/m);
    expect(mail).toContain("Do you deliver to Abuja?");
    expect(mail).toContain("Phone: +234 801 234 5678");
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

    for (const phoneNumber of ["12345", "0803 123 456", "+234 803 123 45678", "0803 CALL ADA"]) {
      const phone = await post(t.app, { ...valid, phoneNumber });
      expect(phone.statusCode, phoneNumber).toBe(400);
      expect(phone.json(), phoneNumber).toEqual({
        message: "Phone number must be between 10 and 14 digits",
        errors: { phoneNumber: "Phone number must be between 10 and 14 digits" },
      });
    }

    expect(await t.db.$count(contactMessages)).toBe(0);
  });

  it("accepts a phone number with spaces, dashes or a country code, and stores it in E.164", async () => {
    const before = (await outbox(t.outboxDir)).length;
    for (const phoneNumber of ["0803-123-4567", "0803 123 4567", "+234 803 123 4567", "2348031234567"]) {
      const response = await post(t.app, { ...valid, phoneNumber });
      expect(response.statusCode, response.body).toBe(201);
    }
    const stored = await t.db.select({ phoneNumber: contactMessages.phoneNumber }).from(contactMessages);
    expect(stored.map((row) => row.phoneNumber)).toEqual(Array(4).fill("+2348031234567"));
    await outboxOf(t.outboxDir, before + 4);
    await t.db.delete(contactMessages);
  });

  it("refuses text-direction controls and zero-width characters, so a message cannot pose as another", async () => {
    for (const [field, value, label] of [
      ["name", "Ada\u202EObi", "Name"],
      ["subject", "Refund\u200B", "Subject"],
      ["message", "Pay to\n\u2066account 0123\u2069", "Message"],
    ] as const) {
      const response = await post(t.app, { ...valid, [field]: value });
      const message = `${label} cannot contain invisible or text-direction characters.`;
      expect(response.statusCode, field).toBe(400);
      expect(response.json(), field).toEqual({ message, errors: { [field]: message } });
    }
    expect(await t.db.$count(contactMessages)).toBe(0);
  });

  it("refuses line breaks in the subject, so it cannot add mail headers, and stores and sends nothing", async () => {
    const before = (await outbox(t.outboxDir)).length;
    const response = await post(t.app, { ...valid, subject: "Hi\r\nBcc: victim@example.com" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "Subject cannot contain control characters.",
      errors: { subject: "Subject cannot contain control characters." },
    });
    expect(await t.db.$count(contactMessages)).toBe(0);
    expect(await outbox(t.outboxDir)).toHaveLength(before);
  });

  it("answers 400, not a server error, to a NUL character in any field, and stores nothing", async () => {
    for (const [field, value, message] of [
      ["name", "Ada\u0000", "Name cannot contain control characters."],
      ["subject", "\u0000", "Subject cannot contain control characters."],
      ["message", "Hello\u0000 there", "Message cannot contain control characters."],
      ["email", "ada\u0000@example.com", "Enter valid email address"],
      ["phoneNumber", "0801234567\u0000", "Phone number must be between 10 and 14 digits"],
    ] as const) {
      const response = await post(t.app, { ...valid, [field]: value });
      expect(response.statusCode, field).toBe(400);
      expect(response.json(), field).toEqual({ message, errors: { [field]: message } });
    }
    expect(await t.db.$count(contactMessages)).toBe(0);
  });

  it("keeps line breaks and tabs in the message", async () => {
    const response = await post(t.app, { ...valid, message: "Two rooms:\r\n\tliving\n\tdining" });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.db.select().from(contactMessages);
    expect(row!.message).toBe("Two rooms:\r\n\tliving\n\tdining");
    await t.db.delete(contactMessages);
  });

  it(`allows ${perAddress} messages per ${windowMinutes} minutes from one address, then answers 429 with Retry-After`, async () => {
    const address = freshAddress();
    for (let i = 0; i < perAddress; i += 1) {
      expect((await post(t.app, valid, address)).statusCode).toBe(201);
    }
    const limited = await post(t.app, valid, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: `Too many messages. Please try again in ${windowMinutes} minutes.`,
    });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(windowMinutes * 60 - 10);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(windowMinutes * 60);
    // Invalid attempts count too, and nothing more was stored.
    expect((await post(t.app, {}, address)).statusCode).toBe(429);
    expect(await t.db.$count(contactMessages)).toBe(perAddress);

    // Someone else is not held back.
    expect((await post(t.app, valid)).statusCode).toBe(201);
    await t.db.delete(contactMessages);
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY names the proxy", async () => {
    const address = freshAddress();
    for (let i = 0; i < perAddress; i += 1) {
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
    for (let i = 0; i < perAddress; i += 1) {
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
    await confirmShopEmail(broken.app, broken.db);
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

describe("POST /api/contact with a slow mail server", () => {
  let release: () => void = () => {};
  const sent: MailMessage[] = [];
  let asked = 0;
  let slow: TestApp;
  beforeAll(async () => {
    const mailer: Mailer = {
      delivery: async () => "smtp",
      send: (message) =>
        new Promise<void>((resolve) => {
          asked += 1;
          release = () => {
            sent.push(message);
            resolve();
          };
        }),
    };
    slow = await createTestApp({ mailer });
    await confirmShopEmail(slow.app, slow.db);
  });
  afterAll(() => {
    release();
    return slow.close();
  });

  it("thanks the sender as soon as the message is stored, without waiting for the e-mail", async () => {
    const response = await post(slow.app, valid);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: "Message sent successfully!" });
    expect(await slow.db.$count(contactMessages)).toBe(1);
    // The mail server has the message but has not answered yet; when it does, the e-mail goes out as usual.
    await vi.waitFor(() => expect(asked).toBe(1));
    expect(sent).toHaveLength(0);
    release();
    await vi.waitFor(() => expect(sent.map((mail) => mail.subject)).toEqual(["Contact form: Dining set"]));
  });
});

describe("receiveContactMessage", () => {
  it("logs an e-mail that could not be sent, naming the stored message", async () => {
    const errors: { details: object; message: string }[] = [];
    const { id, mailed } = await receiveContactMessage(
      t.db,
      { ...valid, email: "ada@example.com" },
      {
        mailer: { delivery: async () => "smtp", send: () => Promise.reject(new Error("connection refused")) },
        shop: { name: "Furnish", inbox: TEST_SITE.SHOP_EMAIL, publicUrl: TEST_SITE.PUBLIC_URL },
        log: { error: (details, message) => errors.push({ details, message }) },
      },
    );
    await mailed;
    expect(errors).toEqual([
      {
        details: { err: { message: "connection refused" }, contactMessageId: id },
        message: "could not e-mail the contact message; it is stored",
      },
    ]);
    expect(await t.db.$count(contactMessages, eq(contactMessages.id, id))).toBe(1);
    await t.db.delete(contactMessages);
  });
});
