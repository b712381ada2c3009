/**
 * Payments against the stand-in provider (tests/standins/payment-provider), a real process
 * speaking Paystack's and Flutterwave's shapes, with the shop listening on a real port for
 * its webhooks: money is credited once whatever arrives, in whatever order, on however
 * many instances; what does not match is held; a bad signature writes nothing.
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { Writable } from "node:stream";
import { gunzipSync } from "node:zlib";
import { pino } from "pino";
import path from "node:path";
import { createHmac, randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminCookie, staffCookie } from "../../../tests/support/admin-session";
import { Browser } from "../../../tests/support/api-browser";
import { insertProduct } from "../../../tests/support/catalog-factory";
import { startPaymentStandin, type PaymentStandin } from "../../../tests/support/payment-standin";
import { createTestApp, TEST_SITE, type TestApp } from "../../../tests/support/test-app";
import { createMailer } from "../mail/mailer";
import { buildApp } from "../../app";
import { orderPayments, orders } from "../../db/schema/orders";
import { paymentEvents, paymentRequests, paymentSettings } from "../../db/schema/payments";
import { sweepOnce } from "../../plugins/payment-sweep";
import { PAYMENT_MESSAGES } from "../../../domain/payments/payments.schema";
import { takeBackup } from "../backups/backups.service";
import { freePort } from "../../../tests/support/free-port";

const SECRETS_KEY = randomBytes(32).toString("hex");
const PAYSTACK_SECRET = `sk_test_${randomBytes(12).toString("hex")}`;
const FLUTTERWAVE_SECRET = `FLWSECK_TEST-${randomBytes(12).toString("hex")}-X`;
const FLUTTERWAVE_HASH = `hash-${randomBytes(8).toString("hex")}`;
const DESK = "/api/admin/operations";
const SECRETS = [PAYSTACK_SECRET, FLUTTERWAVE_SECRET, FLUTTERWAVE_HASH];

/** Every line the shop logged, as the log's reader would see it. */
const logLines: string[] = [];
const logger = pino(
  { level: "debug" },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  }),
);

let t: TestApp;
let standin: PaymentStandin;
let owner: string;
let port: number;

beforeAll(async () => {
  port = await freePort();
  standin = await startPaymentStandin({ shopUrl: `http://127.0.0.1:${port}`, flutterwaveHash: FLUTTERWAVE_HASH });
  t = await createTestApp({
    env: { SECRETS_KEY, PAYSTACK_API_URL: standin.url, FLUTTERWAVE_API_URL: standin.url },
    logger,
  });
  await t.app.listen({ port, host: "127.0.0.1" });
  owner = await adminCookie(t);
  const saved = await desk("PUT", "/settings/payments", {
    bank: { bankName: "Zenith Bank", accountName: "Furnish Interiors Ltd", accountNumber: "1012 345 678" },
    paystack: { mode: "test", publicKey: "pk_test_abc", secretKey: PAYSTACK_SECRET },
    flutterwave: { mode: "test", secretKey: FLUTTERWAVE_SECRET, secretHash: FLUTTERWAVE_HASH },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}, 60_000);

afterAll(async () => {
  await standin?.stop();
  await t?.close();
});

beforeEach(() => standin.resetSwitches());

const desk = (method: "GET" | "PUT" | "POST" | "DELETE", url: string, payload?: object, cookie = owner) =>
  t.app.inject({
    method,
    url: `${DESK}${url}`,
    ...(payload ? { payload } : {}),
    headers: { cookie, origin: TEST_SITE.PUBLIC_URL },
  });

/** A guest's order of one ₦100,000 product, quoted by the owner with a 50% deposit. */
async function quotedOrder(app: FastifyInstance = t.app) {
  const product = await insertProduct(t.db, {
    name: `Teak Console ${randomBytes(3).toString("hex")}`,
    priceKobo: 100_000_00,
  });
  const guest = new Browser(app);
  const placed = await guest.call("POST", "/api/orders", { kind: "item", itemType: "Product", itemId: product.id });
  expect(placed.statusCode, placed.body).toBe(201);
  const { order } = placed.json<{ order: { _id: string; reference: string; trackingUrl: string } }>();
  const quoted = await desk("PUT", `/orders/${order._id}`, { status: "quoted", depositDue: 50_000 });
  expect(quoted.statusCode, quoted.body).toBe(200);
  return { ...order, token: order.trackingUrl.split("/").at(-1)!, guest };
}

async function pay(token: string, body: object, guest = new Browser(t.app)) {
  return guest.call("POST", `/api/orders/track/${token}/payments`, body);
}

async function startDeposit(token: string, provider: "paystack" | "flutterwave" = "paystack") {
  const response = await pay(token, { kind: "deposit", provider });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ url: string; reference: string }>();
}

/** Follows the checkout's way back into the shop, as the customer's browser does. */
async function returnFrom(location: string) {
  const back = new URL(location);
  return t.app.inject({ method: "GET", url: `${back.pathname}${back.search}` });
}

const paymentsOf = (orderId: string) => t.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
const statusOf = async (orderId: string) =>
  (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]!.status;
const track = async (token: string) =>
  (await t.app.inject({ method: "GET", url: `/api/orders/track/${token}` })).json<{
    status: string;
    paid: number;
    balance: number;
    payTo: { bank: { accountNumber: string } | null; online: { provider: string; testMode: boolean }[] } | null;
    payments: { amount: number; method: string; reference: string | null; receiptUrl: string }[];
    requests: { reference: string; status: string; amount: number }[];
    transfers: { status: string; amount: number }[];
  }>();

describe("paying the deposit through a provider's checkout", () => {
  it("pays exactly the deposit due, moves the order to Deposit paid by itself and shows it on the tracking page", async () => {
    const order = await quotedOrder();
    const before = await track(order.token);
    expect(before.payTo).toEqual({
      bank: { bankName: "Zenith Bank", accountName: "Furnish Interiors Ltd", accountNumber: "1012345678" },
      online: [
        { provider: "paystack", testMode: true },
        { provider: "flutterwave", testMode: true },
      ],
    });

    const checkout = await startDeposit(order.token);
    expect(checkout.reference).toBe(`${order.reference}-D1`);
    expect(checkout.url.startsWith(standin.url)).toBe(true);
    expect(await standin.transaction(checkout.reference)).toMatchObject({ amountKobo: 50_000_00 });

    const back = await returnFrom(await standin.checkout(checkout.reference, "pay"));
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/orders/t/${order.token}?payment=paid`);

    const view = await track(order.token);
    expect(view).toMatchObject({ status: "deposit_paid", paid: 50_000, balance: 50_000 });
    expect(view.payments).toMatchObject([{ amount: 50_000, method: "Paystack", reference: checkout.reference }]);
    expect(view.requests).toMatchObject([{ reference: checkout.reference, status: "paid", amount: 50_000 }]);
    const events = (await desk("GET", `/orders/${order._id}`)).json<{
      events: { status: string | null; by: string }[];
    }>().events;
    expect(events.find((event) => event.status === "deposit_paid")?.by).toBe(`payment ${checkout.reference}`);
  });

  it("a second tap on Pay goes to the same checkout; a changed amount makes a new request", async () => {
    const order = await quotedOrder();
    const first = await startDeposit(order.token);
    const again = await startDeposit(order.token);
    expect(again).toEqual(first);
    const other = await startDeposit(order.token, "flutterwave");
    expect(other.reference).toBe(`${order.reference}-D2`);
  });

  it("the same webhook ten times at once credits one payment", async () => {
    const order = await quotedOrder();
    const { reference } = await startDeposit(order.token);
    await standin.setSwitches({ duplicates: 10, webhookBeforeReturn: true });
    await standin.checkout(reference, "pay");
    await t.app.doors.webhooks.settled();
    expect((await standin.deliveries()).filter((d) => d.reference === reference).map((d) => d.status)).toEqual(
      Array(10).fill(200),
    );
    expect(await paymentsOf(order._id)).toHaveLength(1);
    expect(await statusOf(order._id)).toBe("deposit_paid");
  });

  it("a webhook before the return, then the return, credits one payment", async () => {
    const order = await quotedOrder();
    const { reference } = await startDeposit(order.token, "flutterwave");
    await standin.setSwitches({ webhookBeforeReturn: true });
    const location = await standin.checkout(reference, "pay");
    await t.app.doors.webhooks.settled();
    expect(await paymentsOf(order._id)).toHaveLength(1);
    const back = await returnFrom(location);
    expect(back.headers.location).toBe(`/orders/t/${order.token}?payment=paid`);
    expect(await paymentsOf(order._id)).toHaveLength(1);
  });

  it("a late webhook after the sweep confirmed the payment credits nothing more", async () => {
    const order = await quotedOrder();
    const { reference } = await startDeposit(order.token);
    await standin.setSwitches({ holdWebhook: true });
    await standin.checkout(reference, "pay");
    // The customer never came back; the sweep asks once the request is a minute old.
    await t.db
      .update(paymentRequests)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(paymentRequests.reference, reference));
    expect(await sweepOnce(t.pool, () => t.app.doors.webhooks.sweep())).toBe(true);
    expect(await paymentsOf(order._id)).toHaveLength(1);
    const late = await standin.sendHeldWebhook(reference);
    expect(late.map((d) => d.status)).toEqual([200]);
    await t.app.doors.webhooks.settled();
    expect(await paymentsOf(order._id)).toHaveLength(1);
  });

  it("a webhook with a bad signature is refused with 401 and writes nothing", async () => {
    const order = await quotedOrder();
    const { reference } = await startDeposit(order.token);
    await standin.setSwitches({ badSignature: true, webhookBeforeReturn: true });
    await standin.checkout(reference, "pay");
    expect((await standin.deliveries()).filter((d) => d.reference === reference).map((d) => d.status)).toEqual([401]);
    const [kept] = await t.db.select({ n: count() }).from(paymentEvents).where(eq(paymentEvents.reference, reference));
    expect(kept!.n).toBe(0);
    expect(await paymentsOf(order._id)).toHaveLength(0);
    // A body sent with no signature at all, straight at the shop, is refused the same way.
    const forged = await t.app.inject({
      method: "POST",
      url: "/api/payments/webhooks/paystack",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ event: "charge.success", data: { reference } }),
    });
    expect(forged.statusCode).toBe(401);
    expect(await paymentsOf(order._id)).toHaveLength(0);
  });

  it("a key changed in Settings signs the very next webhook; the old one no longer does", async () => {
    const signed = (secret: string) => {
      const raw = JSON.stringify({
        event: "charge.success",
        data: { reference: `FN-KEYS-${randomBytes(3).toString("hex")}` },
      });
      return t.app.inject({
        method: "POST",
        url: "/api/payments/webhooks/paystack",
        headers: {
          "content-type": "application/json",
          "x-paystack-signature": createHmac("sha512", secret).update(raw).digest("hex"),
        },
        payload: raw,
      });
    };
    const rotated = `sk_test_${randomBytes(12).toString("hex")}`;
    // The door has read the keys in use (and keeps them) before they change.
    expect((await signed(PAYSTACK_SECRET)).statusCode).toBe(200);
    const changed = await desk("PUT", "/settings/payments", {
      paystack: { mode: "test", publicKey: "pk_test_abc", secretKey: rotated },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    try {
      expect((await signed(rotated)).statusCode).toBe(200);
      expect((await signed(PAYSTACK_SECRET)).statusCode).toBe(401);
    } finally {
      const back = await desk("PUT", "/settings/payments", {
        paystack: { mode: "test", publicKey: "pk_test_abc", secretKey: PAYSTACK_SECRET },
      });
      expect(back.statusCode, back.body).toBe(200);
      await t.app.doors.webhooks.settled();
    }
  });

  it("a provider reporting another amount or currency is held for the owner, never credited", async () => {
    const order = await quotedOrder();
    const { reference } = await startDeposit(order.token);
    await standin.setSwitches({ amountDelta: -10_000_00 });
    const back = await returnFrom(await standin.checkout(reference, "pay"));
    expect(back.headers.location).toBe(`/orders/t/${order.token}?payment=held`);
    expect(await paymentsOf(order._id)).toHaveLength(0);
    expect(await statusOf(order._id)).toBe("quoted");
    const admin = (await desk("GET", `/orders/${order._id}`)).json<{
      requests: { _id: string; status: string; held: { amount: number; currency: string } | null }[];
    }>();
    expect(admin.requests[0]).toMatchObject({ status: "held", held: { amount: 40_000, currency: "NGN" } });

    // The owner credits it as reported, after review: one payment, of what was paid.
    const released = await desk("POST", `/orders/${order._id}/held/${admin.requests[0]!._id}/release`);
    expect(released.statusCode, released.body).toBe(200);
    expect((await paymentsOf(order._id)).map((p) => p.amountKobo)).toEqual([40_000_00]);
    expect(await statusOf(order._id)).toBe("quoted");

    const usd = await quotedOrder();
    const second = await startDeposit(usd.token);
    await standin.setSwitches({ currency: "USD" });
    await returnFrom(await standin.checkout(second.reference, "pay"));
    const held = (await desk("GET", `/orders/${usd._id}`)).json<{ requests: { _id: string; status: string }[] }>();
    expect(held.requests[0]!.status).toBe("held");
    const refused = await desk("POST", `/orders/${usd._id}/held/${held.requests[0]!._id}/release`);
    expect(refused.statusCode).toBe(409);
    const noted = await desk("POST", `/orders/${usd._id}/held/${held.requests[0]!._id}/refund-note`, {
      note: "Refunded at Paystack on the 3rd",
    });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(await paymentsOf(usd._id)).toHaveLength(0);
  });

  it("a provider down at the checkout's start says so, and leaves no request behind", async () => {
    const order = await quotedOrder();
    await standin.setSwitches({ failInitialize: 500 });
    const refused = await pay(order.token, { kind: "deposit", provider: "paystack" });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      message: "Paystack is not answering just now. Try again in a minute, or pay by bank transfer.",
    });
    const made = await t.db.select().from(paymentRequests).where(eq(paymentRequests.orderId, order._id));
    expect(made).toHaveLength(0);
  });

  it("an event kept by a process that stopped before crediting is credited once by the next sweep", async () => {
    const order = await quotedOrder();
    const { reference } = await startDeposit(order.token);
    await standin.setSwitches({ holdWebhook: true });
    await standin.checkout(reference, "pay");
    // As a process killed right after storing the event leaves it: kept, never processed.
    await t.db.insert(paymentEvents).values({ provider: "paystack", reference, event: "charge.success" });
    await sweepOnce(t.pool, () => t.app.doors.webhooks.sweep());
    await sweepOnce(t.pool, () => t.app.doors.webhooks.sweep());
    expect(await paymentsOf(order._id)).toHaveLength(1);
    const waiting = await t.db
      .select({ n: count() })
      .from(paymentEvents)
      .where(sql`${paymentEvents.reference} = ${reference} and ${paymentEvents.processedAt} is null`);
    expect(waiting[0]!.n).toBe(0);
  });

  it("a burst of webhooks is kept in a few commits, each answered once its event is stored, each order credited once", async () => {
    const started = [];
    for (let n = 0; n < 6; n += 1) {
      const order = await quotedOrder();
      started.push({ order, ...(await startDeposit(order.token)) });
    }
    await standin.setSwitches({ holdWebhook: true });
    for (const { reference } of started) await standin.checkout(reference, "pay");
    // The first webhook reads the keys; the other five arrive at once.
    await t.app.doors.webhooks.receive("paystack", ...(await signedEvent(started[0]!.reference)));
    const burst = await Promise.all(started.slice(1).map(({ reference }) => signedEvent(reference)));
    const storedWhenAnswered = await Promise.all(
      burst.map(async (event) => {
        const { id } = await t.app.doors.webhooks.receive("paystack", ...event);
        const [row] = await t.db.select({ n: count() }).from(paymentEvents).where(eq(paymentEvents.id, id));
        return row!.n;
      }),
    );
    expect(storedWhenAnswered).toEqual([1, 1, 1, 1, 1]);
    // Five events in at most two transactions (the first alone, the rest together), not five.
    const [commits] = await t.db
      .execute<{ n: number }>(
        sql`select count(distinct xmin::text)::int as n from payment_events
          where reference in (${sql.join(
            started.slice(1).map(({ reference }) => sql`${reference}`),
            sql`, `,
          )})`,
      )
      .then((result) => result.rows);
    expect(commits!.n).toBeLessThanOrEqual(2);
    await t.app.doors.webhooks.settled();
    for (const { order } of started) {
      expect(await paymentsOf(order._id)).toHaveLength(1);
      expect(await statusOf(order._id)).toBe("deposit_paid");
    }
  });

  it("two instances given the same event at once record one payment", async () => {
    const second = await buildApp({
      database: t,
      env: { ...TEST_SITE, SECRETS_KEY, PAYSTACK_API_URL: standin.url, FLUTTERWAVE_API_URL: standin.url },
      mediaDir: t.mediaDir,
      mailer: createMailer({ from: "x@furnish.test", outboxDir: t.outboxDir, log: { info: () => {} } }),
      paymentSweepEveryMs: null,
    });
    try {
      const order = await quotedOrder();
      const { reference } = await startDeposit(order.token);
      await standin.setSwitches({ holdWebhook: true });
      await standin.checkout(reference, "pay");
      await Promise.all([
        t.app.doors.webhooks.receive("paystack", ...(await signedEvent(reference))),
        second.doors.webhooks.receive("paystack", ...(await signedEvent(reference))),
      ]);
      await Promise.all([t.app.doors.webhooks.settled(), second.doors.webhooks.settled()]);
      expect(await paymentsOf(order._id)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

/** A Paystack event for `reference` as the provider signs it: HMAC-SHA512 of the raw body with the secret key. */
async function signedEvent(reference: string): Promise<[Buffer, Record<string, string>]> {
  const { createHmac } = await import("node:crypto");
  const raw = Buffer.from(JSON.stringify({ event: "charge.success", data: { reference, status: "success" } }));
  return [raw, { "x-paystack-signature": createHmac("sha512", PAYSTACK_SECRET).update(raw).digest("hex") }];
}

describe("the balance, a transfer notice and what staff decide", () => {
  it("a customer's 'I have paid' waits for Accounts, who confirm it into a payment with a receipt", async () => {
    const order = await quotedOrder();
    const noticed = await order.guest.call("POST", `/api/orders/track/${order.token}/transfers`, {
      amount: 50_000,
      note: "From GTBank, Ada O.",
    });
    expect(noticed.statusCode, noticed.body).toBe(201);
    expect((await track(order.token)).transfers).toMatchObject([{ status: "to_confirm", amount: 50_000 }]);

    const sales = await staffCookie(t, ["sales"]);
    const { _id: transferId } = noticed.json<{ _id: string }>();
    expect(
      (await desk("POST", `/orders/${order._id}/transfers/${transferId}/confirm`, undefined, sales)).statusCode,
    ).toBe(403);
    const accounts = await staffCookie(t, ["accounts"]);
    const confirmed = await desk("POST", `/orders/${order._id}/transfers/${transferId}/confirm`, undefined, accounts);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const view = await track(order.token);
    expect(view).toMatchObject({ status: "deposit_paid", paid: 50_000 });
    expect(view.transfers).toMatchObject([{ status: "confirmed" }]);
    expect(view.payments).toMatchObject([{ amount: 50_000, method: "Bank transfer", reference: null }]);

    expect(view.payments[0]!.receiptUrl).toMatch(new RegExp(`^${TEST_SITE.PUBLIC_URL}/receipts/[0-9a-f]{64}$`));

    // A second confirmation of the same notice records nothing more.
    const twice = await desk("POST", `/orders/${order._id}/transfers/${transferId}/confirm`, undefined, accounts);
    expect(twice.statusCode).toBe(409);
    expect(await paymentsOf(order._id)).toHaveLength(1);
  });

  it("a rejected notice says why, and pays nothing", async () => {
    const order = await quotedOrder();
    const noticed = await order.guest.call("POST", `/api/orders/track/${order.token}/transfers`, { amount: 10_000 });
    const { _id } = noticed.json<{ _id: string }>();
    const missingReason = await desk("POST", `/orders/${order._id}/transfers/${_id}/reject`, {});
    expect(missingReason.statusCode).toBe(400);
    const rejected = await desk("POST", `/orders/${order._id}/transfers/${_id}/reject`, {
      reason: "Nothing arrived from this name",
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await track(order.token)).transfers).toMatchObject([{ status: "rejected", amount: 10_000 }]);
    expect(await paymentsOf(order._id)).toHaveLength(0);
  });

  it("delivering with a balance asks the owner to confirm; closing needs the balance written off with a note", async () => {
    const order = await quotedOrder();
    const { reference } = await startDeposit(order.token);
    await returnFrom(await standin.checkout(reference, "pay"));
    const delivered = await desk("PUT", `/orders/${order._id}`, { status: "delivered" });
    expect(delivered.statusCode).toBe(409);
    expect(delivered.json()).toEqual({
      message: "This order still owes ₦50,000.00; confirm to deliver with a balance.",
    });
    const confirmed = await desk("PUT", `/orders/${order._id}`, { status: "delivered", confirmBalance: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<{ events: { note: string | null }[] }>().events.map((e) => e.note)).toContain(
      "Delivered with a balance of ₦50,000.00 still owed.",
    );
    expect((await desk("PUT", `/orders/${order._id}`, { status: "closed" })).statusCode).toBe(409);
    const short = await desk("PUT", `/orders/${order._id}`, {
      status: "closed",
      writeOff: { amount: 10_000, note: "Goodwill" },
    });
    expect(short.statusCode).toBe(409);
    const closed = await desk("PUT", `/orders/${order._id}`, {
      status: "closed",
      writeOff: { amount: 50_000, note: "Scratch on delivery, agreed with the customer" },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: "closed", balance: 0, writtenOff: 50_000 });
  });

  it("the owner asks for a part payment up to the balance, which the customer pays by its reference", async () => {
    const order = await quotedOrder();
    const tooMuch = await desk("POST", `/orders/${order._id}/requests`, { amount: 100_001 });
    expect(tooMuch.statusCode).toBe(400);
    const asked = await desk("POST", `/orders/${order._id}/requests`, { amount: 20_000, note: "First instalment" });
    expect(asked.statusCode, asked.body).toBe(200);
    const part = asked.json<{ requests: { reference: string; kind: string }[] }>().requests[0]!;
    expect(part).toMatchObject({ reference: `${order.reference}-P1`, kind: "part" });
    const checkout = await pay(order.token, { reference: part.reference, provider: "flutterwave" });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const { reference } = checkout.json<{ reference: string }>();
    await returnFrom(await standin.checkout(reference, "pay"));
    expect((await paymentsOf(order._id)).map((p) => p.amountKobo)).toEqual([20_000_00]);
  });

  it("a part payment asked for before the balance fell below it is not taken", async () => {
    const order = await quotedOrder();
    const asked = await desk("POST", `/orders/${order._id}/requests`, { amount: 80_000, note: "Most of it" });
    expect(asked.statusCode, asked.body).toBe(200);
    const part = asked.json<{ requests: { reference: string }[] }>().requests[0]!;
    // The deposit comes in first: ₦50,000 of ₦100,000 is left.
    const { reference } = await startDeposit(order.token);
    await returnFrom(await standin.checkout(reference, "pay"));
    const refused = await pay(order.token, { reference: part.reference, provider: "paystack" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: PAYMENT_MESSAGES.partOverBalance });
    expect((await paymentsOf(order._id)).map((p) => p.amountKobo)).toEqual([50_000_00]);
  });

  it("nothing is due before the quote: the order offers no payment, and asking is 409", async () => {
    const product = await insertProduct(t.db, { name: "Unquoted Stool", priceKobo: 10_000_00 });
    const guest = new Browser(t.app);
    const placed = await guest.call("POST", "/api/orders", { kind: "item", itemType: "Product", itemId: product.id });
    const { order } = placed.json<{ order: { trackingUrl: string } }>();
    const token = order.trackingUrl.split("/").at(-1)!;
    expect((await track(token)).payTo).toBeNull();
    const refused = await pay(token, { kind: "deposit" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: "Nothing is due on this order now." });
  });
});

describe("the payment settings", () => {
  it("never answer a secret, refuse an account number that is not 10 digits, and keep keys sealed", async () => {
    const settings = await desk("GET", "/settings/payments");
    expect(settings.json()).toEqual({
      bank: { bankName: "Zenith Bank", accountName: "Furnish Interiors Ltd", accountNumber: "1012345678" },
      paystack: { mode: "test", publicKey: "pk_test_abc", hasSecretKey: true },
      flutterwave: { mode: "test", hasSecretKey: true, hasSecretHash: true },
      canKeepKeys: true,
    });
    const bad = await desk("PUT", "/settings/payments", {
      bank: { bankName: "Zenith Bank", accountName: "Furnish", accountNumber: "12345" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe("Enter the 10-digit account number (NUBAN).");

    const [row] = await t.db.select().from(paymentSettings);
    const stored = JSON.stringify(row);
    for (const secret of [PAYSTACK_SECRET, FLUTTERWAVE_SECRET, FLUTTERWAVE_HASH]) expect(stored).not.toContain(secret);

    const journal = await desk("GET", "/journal?area=settings");
    for (const secret of [PAYSTACK_SECRET, FLUTTERWAVE_SECRET, FLUTTERWAVE_HASH]) {
      expect(journal.body).not.toContain(secret);
    }
    const sales = await staffCookie(t, ["sales"]);
    expect((await desk("GET", "/settings/payments", undefined, sales)).statusCode).toBe(403);
    const accounts = await staffCookie(t, ["accounts"]);
    expect((await desk("GET", "/settings/payments", undefined, accounts)).statusCode).toBe(200);
  });

  it("refuse keys on a server without a SECRETS_KEY, saying how to set one", async () => {
    const keyless = await createTestApp();
    try {
      const cookie = await adminCookie(keyless);
      const refused = await keyless.app.inject({
        method: "PUT",
        url: `${DESK}/settings/payments`,
        payload: { paystack: { mode: "live", secretKey: "sk_live_x" } },
        headers: { cookie, origin: TEST_SITE.PUBLIC_URL },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toContain("SECRETS_KEY");
    } finally {
      await keyless.close();
    }
  });

  it("no key reaches the log, or a backup's files", async () => {
    expect(logLines.length).toBeGreaterThan(0);
    for (const secret of SECRETS) expect(logLines.join("")).not.toContain(secret);
    const folder = await mkdtemp(path.join(tmpdir(), "furnish-payments-backup-"));
    const client = await t.pool.connect();
    try {
      const { file } = await takeBackup(client, { storage: t.storage, dir: folder });
      const archive = gunzipSync(await readFile(file)).toString("latin1");
      expect(archive).toContain("payment_settings");
      for (const secret of SECRETS) expect(archive).not.toContain(secret);
    } finally {
      client.release();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("no key reaches the outbox's e-mails either", async () => {
    const files = await readdir(t.outboxDir).catch(() => []);
    for (const file of files) {
      const text = await readFile(path.join(t.outboxDir, file), "utf8");
      for (const secret of [PAYSTACK_SECRET, FLUTTERWAVE_SECRET, FLUTTERWAVE_HASH]) expect(text).not.toContain(secret);
    }
  });
});
