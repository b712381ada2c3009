/**
 * The payment stand-in's switches that the shop's own tests lean on, seen from a tiny
 * "shop" that records the webhooks it receives: a webhook sent several times at once, one
 * held back and sent late, a transfer that stays pending until it settles, and amounts
 * that differ from what was asked.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  startPaymentStandin,
  startWebhookReceiver,
  type PaymentStandin,
  type WebhookReceiver,
} from "../../../../tests/support/payment-standin";
import { flutterwaveProvider } from "./flutterwave";
import { paystackProvider } from "./paystack";
import type { CheckoutStart, PaymentProvider } from "./provider";

const keys = { secretKey: "sk_test_standin_switches", secretHash: "standin-hash" };
let shop: WebhookReceiver;
let standin: PaymentStandin;
let paystack: PaymentProvider;
let flutterwave: PaymentProvider;
let serial = 0;

beforeAll(async () => {
  shop = await startWebhookReceiver();
  standin = await startPaymentStandin({ shopUrl: shop.url });
  paystack = paystackProvider({ apiUrl: standin.url });
  flutterwave = flutterwaveProvider({ apiUrl: standin.url });
});
afterAll(async () => {
  await standin?.stop();
  await shop?.close();
});
afterEach(() => standin.resetSwitches());

async function started(provider: PaymentProvider, amountKobo = 1_000_000): Promise<CheckoutStart> {
  const checkout: CheckoutStart = {
    reference: `FN-SW${++serial}-D1`,
    amountKobo,
    currency: "NGN",
    email: "ada@example.ng",
    customerName: null,
    customerPhone: null,
    returnUrl: "https://shop.example.ng/payments/return",
    description: "Deposit",
  };
  await provider.initialize(keys, checkout);
  return checkout;
}

describe("the payment stand-in", () => {
  it("sends the customer back first and the webhook right after, by default", async () => {
    const checkout = await started(paystack);
    const back = await standin.checkout(checkout.reference, "pay");

    expect(back).toBe(
      `https://shop.example.ng/payments/return?trxref=${checkout.reference}&reference=${checkout.reference}`,
    );
    expect(await shop.waitFor(checkout.reference)).toHaveLength(1);
    expect((await standin.deliveries()).filter((d) => d.reference === checkout.reference)).toMatchObject([
      { provider: "paystack", event: "charge.success", status: 200 },
    ]);
  });

  it("sends one webhook several times at once with duplicates", async () => {
    const checkout = await started(flutterwave);
    await standin.setSwitches({ duplicates: 3, webhookBeforeReturn: true });
    await standin.checkout(checkout.reference, "pay");

    const copies = shop.about(checkout.reference);
    expect(copies).toHaveLength(3);
    expect(new Set(copies.map((c) => c.raw.toString())).size).toBe(1);
    for (const copy of copies)
      expect(flutterwave.readWebhook(keys, copy.raw, copy.headers)?.reference).toBe(checkout.reference);
  });

  it("holds a webhook back until told to send it, late", async () => {
    const checkout = await started(paystack);
    await standin.setSwitches({ holdWebhook: true });
    await standin.checkout(checkout.reference, "pay");

    expect(await standin.transaction(checkout.reference)).toMatchObject({ outcome: "success", heldWebhooks: 1 });
    expect(shop.about(checkout.reference)).toHaveLength(0);
    const sent = await standin.sendHeldWebhook(checkout.reference);
    expect(sent).toMatchObject([{ reference: checkout.reference, status: 200 }]);
    const [late] = shop.about(checkout.reference);
    expect(paystack.readWebhook(keys, late!.raw, late!.headers)).toEqual({
      reference: checkout.reference,
      event: "charge.success",
    });
  });

  it("leaves a transfer pending, with no webhook, until it settles", async () => {
    for (const provider of [paystack, flutterwave]) {
      const checkout = await started(provider);
      await standin.setSwitches({ transferPending: true, webhookBeforeReturn: true });
      await standin.checkout(checkout.reference, "pay");

      expect(await provider.verify(keys, checkout.reference)).toMatchObject({
        status: "pending",
        channel: "bank_transfer",
      });
      expect(shop.about(checkout.reference)).toHaveLength(0);

      const delivered = await standin.settle(checkout.reference);
      expect(delivered).toMatchObject([{ reference: checkout.reference, status: 200 }]);
      expect(await provider.verify(keys, checkout.reference)).toMatchObject({
        status: "success",
        amountKobo: checkout.amountKobo,
      });
    }
  });

  it("reports another amount or currency than was asked, when told to", async () => {
    const short = await started(paystack, 2_000_000);
    await standin.setSwitches({ amountDelta: -100_000 });
    await standin.checkout(short.reference, "pay");
    const dollars = await started(flutterwave, 2_000_000);
    await standin.setSwitches({ currency: "USD" });
    await standin.checkout(dollars.reference, "pay");

    expect(await paystack.verify(keys, short.reference)).toMatchObject({ status: "success", amountKobo: 1_900_000 });
    expect(await flutterwave.verify(keys, dollars.reference)).toMatchObject({
      status: "success",
      amountKobo: 2_000_000,
      currency: "USD",
    });
  });

  it("knows a checkout only by the key that started it", async () => {
    const checkout = await started(paystack);
    await standin.checkout(checkout.reference, "pay");

    expect(await paystack.verify({ secretKey: "sk_test_someone_else" }, checkout.reference)).toMatchObject({
      status: "failed",
      amountKobo: 0,
    });
  });
});
