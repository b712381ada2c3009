/**
 * The Flutterwave client against the payment stand-in running as its own process (real
 * HTTP, Flutterwave's v3 shapes): naira on the wire and kobo for the shop, verifying by
 * our reference, its verif-hash webhook, and what the shop gets when Flutterwave errs or
 * never answers.
 */
import { createServer } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  closedAddress,
  startPaymentStandin,
  startWebhookReceiver,
  type PaymentStandin,
  type WebhookReceiver,
} from "../../../../tests/support/payment-standin";
import { flutterwaveProvider, koboOf, nairaOf } from "./flutterwave";
import { ProviderUnavailable, type CheckoutStart } from "./provider";

const secretHash = "owner-chosen-hash-7f3a";
const keys = { secretKey: "FLWSECK_TEST-flutterwave-client-0123", secretHash };
let shop: WebhookReceiver;
let standin: PaymentStandin;
let serial = 0;

beforeAll(async () => {
  shop = await startWebhookReceiver();
  standin = await startPaymentStandin({ shopUrl: shop.url, flutterwaveHash: secretHash });
});
afterAll(async () => {
  await standin?.stop();
  await shop?.close();
});
afterEach(() => standin.resetSwitches());

function start(amountKobo: number): CheckoutStart {
  return {
    reference: `FN-FW${++serial}-B1`,
    amountKobo,
    currency: "NGN",
    email: "ada@example.ng",
    customerName: "Ada Obi",
    customerPhone: null,
    returnUrl: `https://shop.example.ng/payments/return?ref=FN-FW${serial}-B1`,
    description: "Balance on a three-seater sofa",
  };
}

describe("naira and kobo at Flutterwave's edge", () => {
  it("converts exactly both ways, to the kobo", () => {
    expect(nairaOf(150_050)).toBe(1500.5);
    expect(nairaOf(1)).toBe(0.01);
    expect(JSON.stringify(nairaOf(123_456_789))).toBe("1234567.89");
    expect(koboOf(1500.5)).toBe(150_050);
    expect(koboOf(0.1 + 0.2)).toBe(30);
    const changed = Array.from({ length: 100_000 }, (_, kobo) => kobo).filter((kobo) => koboOf(nairaOf(kobo)) !== kobo);
    expect(changed).toEqual([]);
  });
});

describe("the Flutterwave client", () => {
  const flutterwave = () => flutterwaveProvider({ apiUrl: standin.url });

  it("sends naira and starts a checkout whose page shows the amount and what it is for", async () => {
    let sent: unknown;
    // A one-call listener in Flutterwave's place, to see the bytes the client sends.
    const spy = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        sent = JSON.parse(Buffer.concat(chunks).toString());
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ status: "success", data: { link: "https://checkout.example/x" } }));
      });
    });
    await new Promise<void>((resolve) => spy.listen(0, "127.0.0.1", resolve));
    const { port } = spy.address() as { port: number };
    await flutterwaveProvider({ apiUrl: `http://127.0.0.1:${port}` }).initialize(keys, start(150_050));
    await new Promise<void>((resolve) => spy.close(() => resolve()));
    expect(sent).toMatchObject({ amount: 1500.5, currency: "NGN", customer: { email: "ada@example.ng" } });

    const { url } = await flutterwave().initialize(keys, start(150_050));
    const html = await (await fetch(url)).text();
    expect(html).toContain("₦1,500.50");
    expect(html).toContain("Balance on a three-seater sofa");
  });

  it("verifies a paid checkout as a success, in kobo, with Flutterwave's fee", async () => {
    const checkout = start(4_500_075);
    await flutterwave().initialize(keys, checkout);
    const back = new URL(await standin.checkout(checkout.reference, "pay"));

    expect(back.searchParams.get("status")).toBe("successful");
    expect(flutterwave().referenceFromReturn(Object.fromEntries(back.searchParams))).toBe(checkout.reference);
    const verified = await flutterwave().verify(keys, checkout.reference);
    // 1.4% of ₦45,000.75 is ₦630.01.
    expect(verified).toMatchObject({
      reference: checkout.reference,
      status: "success",
      amountKobo: 4_500_075,
      currency: "NGN",
      feeKobo: 63_001,
      channel: "card",
    });
    expect(verified.providerId).toBe(back.searchParams.get("transaction_id"));
  });

  it("verifies a declined checkout as failed and a cancelled one as abandoned", async () => {
    const declined = start(200_000);
    const cancelled = start(200_000);
    await flutterwave().initialize(keys, declined);
    await flutterwave().initialize(keys, cancelled);
    await standin.checkout(declined.reference, "decline");
    const back = new URL(await standin.checkout(cancelled.reference, "abandon"));

    expect(back.searchParams.get("status")).toBe("cancelled");
    expect((await flutterwave().verify(keys, declined.reference)).status).toBe("failed");
    expect((await flutterwave().verify(keys, cancelled.reference)).status).toBe("abandoned");
  });

  it("calls a reference Flutterwave does not know failed, with nothing paid", async () => {
    expect(await flutterwave().verify(keys, "FN-NEVER-STARTED-B1")).toMatchObject({
      status: "failed",
      amountKobo: 0,
    });
  });

  it("reads the reference from a webhook with the owner's hash, and nothing from one without it", async () => {
    const good = start(300_000);
    const bad = start(300_000);
    await flutterwave().initialize(keys, good);
    await flutterwave().initialize(keys, bad);
    await standin.setSwitches({ webhookBeforeReturn: true });
    await standin.checkout(good.reference, "pay");
    await standin.setSwitches({ webhookBeforeReturn: true, badSignature: true });
    await standin.checkout(bad.reference, "pay");

    const [signed] = shop.about(good.reference);
    const [forged] = shop.about(bad.reference);
    expect(signed?.path).toBe("/api/payments/webhooks/flutterwave");
    expect(flutterwave().readWebhook(keys, signed!.raw, signed!.headers)).toEqual({
      reference: good.reference,
      event: "charge.completed",
    });
    expect(flutterwave().readWebhook(keys, forged!.raw, forged!.headers)).toBeNull();
    expect(flutterwave().readWebhook({ secretKey: keys.secretKey }, signed!.raw, signed!.headers)).toBeNull();
    // A body with no event name still names its reference.
    const bare = Buffer.from(JSON.stringify({ data: { tx_ref: good.reference, status: "successful" } }));
    expect(flutterwave().readWebhook(keys, bare, { "verif-hash": secretHash })).toEqual({
      reference: good.reference,
      event: "charge.completed",
    });
  });

  it("says Flutterwave is unavailable when it answers 500, without the key in the message", async () => {
    await standin.setSwitches({ failInitialize: 500, failVerify: 500 });
    const checkout = start(100_000);

    const error = await flutterwave()
      .initialize(keys, checkout)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect((error as Error).message).not.toContain(keys.secretKey);
    await expect(flutterwave().verify(keys, checkout.reference)).rejects.toThrow(/HTTP 500/);
  });

  it("says Flutterwave is unavailable when it does not answer in time, or is not there", async () => {
    await standin.setSwitches({ failInitialize: "timeout", failVerify: "timeout" });
    const impatient = flutterwaveProvider({ apiUrl: standin.url, timeoutMs: 300 });

    await expect(impatient.initialize(keys, start(100_000))).rejects.toThrow(ProviderUnavailable);
    await expect(impatient.verify(keys, "FN-ANY-B1")).rejects.toThrow(/no answer within 300 ms/);
    const apiUrl = await closedAddress();
    await expect(flutterwaveProvider({ apiUrl }).verify(keys, "FN-ANY-B1")).rejects.toThrow(ProviderUnavailable);
  });
});
