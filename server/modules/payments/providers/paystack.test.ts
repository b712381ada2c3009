/**
 * The Paystack client against the payment stand-in running as its own process (real HTTP,
 * Paystack's shapes): starting a checkout, verifying it after the customer paid, reading
 * its webhook, and what the shop gets when Paystack errs or never answers.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  closedAddress,
  startPaymentStandin,
  startWebhookReceiver,
  type PaymentStandin,
  type WebhookReceiver,
} from "../../../../tests/support/payment-standin";
import { paystackProvider } from "./paystack";
import { ProviderUnavailable, type CheckoutStart } from "./provider";

const keys = { secretKey: "sk_test_paystack_client_0123456789" };
let shop: WebhookReceiver;
let standin: PaymentStandin;
let serial = 0;

beforeAll(async () => {
  shop = await startWebhookReceiver();
  standin = await startPaymentStandin({ shopUrl: shop.url });
});
afterAll(async () => {
  await standin?.stop();
  await shop?.close();
});
afterEach(() => standin.resetSwitches());

function start(amountKobo: number): CheckoutStart {
  return {
    reference: `FN-PS${++serial}-D1`,
    amountKobo,
    currency: "NGN",
    email: "ada@example.ng",
    customerName: "Ada Obi",
    customerPhone: "+2348030000000",
    returnUrl: `https://shop.example.ng/payments/return?ref=FN-PS${serial}-D1`,
    description: "Deposit on a walnut dining table",
  };
}

describe("the Paystack client", () => {
  const paystack = () => paystackProvider({ apiUrl: standin.url });

  it("starts a checkout whose page shows the amount in naira and what it is for", async () => {
    const checkout = start(150_050);
    const { url } = await paystack().initialize(keys, checkout);

    const page = await fetch(url);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("₦1,500.50");
    expect(html).toContain("Deposit on a walnut dining table");
    expect(html).toContain("Test mode — stand-in provider");
  });

  it("verifies a paid checkout as a success, with the amount and Paystack's fee in kobo", async () => {
    const checkout = start(3_000_000);
    await paystack().initialize(keys, checkout);
    const back = await standin.checkout(checkout.reference, "pay");

    expect(paystack().referenceFromReturn(Object.fromEntries(new URL(back).searchParams))).toBe(checkout.reference);
    const verified = await paystack().verify(keys, checkout.reference);
    // 1.5% of ₦30,000 is ₦450, plus ₦100.
    expect(verified).toMatchObject({
      reference: checkout.reference,
      status: "success",
      amountKobo: 3_000_000,
      currency: "NGN",
      feeKobo: 55_000,
      channel: "card",
    });
    expect(verified.providerId).toMatch(/^\d+$/);
    expect(verified.paidAt).not.toBeNull();
  });

  it("verifies a declined checkout as failed and an abandoned one as abandoned", async () => {
    const declined = start(500_000);
    const abandoned = start(500_000);
    await paystack().initialize(keys, declined);
    await paystack().initialize(keys, abandoned);
    await standin.checkout(declined.reference, "decline");
    await standin.checkout(abandoned.reference, "abandon");

    expect((await paystack().verify(keys, declined.reference)).status).toBe("failed");
    expect((await paystack().verify(keys, abandoned.reference)).status).toBe("abandoned");
  });

  it("calls a reference Paystack does not know failed, with nothing paid", async () => {
    expect(await paystack().verify(keys, "FN-NEVER-STARTED-D1")).toMatchObject({
      status: "failed",
      amountKobo: 0,
      feeKobo: null,
    });
  });

  it("reads the reference from a webhook signed with the key, and nothing from one signed otherwise", async () => {
    const good = start(250_000);
    await paystack().initialize(keys, good);
    await standin.setSwitches({ webhookBeforeReturn: true });
    await standin.checkout(good.reference, "pay");
    const bad = start(250_000);
    await paystack().initialize(keys, bad);
    await standin.setSwitches({ webhookBeforeReturn: true, badSignature: true });
    await standin.checkout(bad.reference, "pay");

    const [signed] = shop.about(good.reference);
    const [forged] = shop.about(bad.reference);
    expect(signed?.path).toBe("/api/payments/webhooks/paystack");
    expect(paystack().readWebhook(keys, signed!.raw, signed!.headers)).toEqual({
      reference: good.reference,
      event: "charge.success",
    });
    expect(paystack().readWebhook(keys, forged!.raw, forged!.headers)).toBeNull();
    // The right signature over other bytes does not hold either.
    const altered = Buffer.from(signed!.raw.toString().replace('"success"', '"failed"'));
    expect(paystack().readWebhook(keys, altered, signed!.headers)).toBeNull();
    expect(paystack().readWebhook(keys, signed!.raw, {})).toBeNull();
  });

  it("says Paystack is unavailable when it answers 500, without the key in the message", async () => {
    await standin.setSwitches({ failInitialize: 500, failVerify: 500 });
    const checkout = start(100_000);

    const error = await paystack()
      .initialize(keys, checkout)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect((error as Error).message).not.toContain(keys.secretKey);
    await expect(paystack().verify(keys, checkout.reference)).rejects.toThrow(/HTTP 500/);
  });

  it("says Paystack is unavailable when it does not answer in time", async () => {
    await standin.setSwitches({ failInitialize: "timeout", failVerify: "timeout" });
    const impatient = paystackProvider({ apiUrl: standin.url, timeoutMs: 300 });

    await expect(impatient.initialize(keys, start(100_000))).rejects.toThrow(ProviderUnavailable);
    await expect(impatient.verify(keys, "FN-ANY-D1")).rejects.toThrow(/no answer within 300 ms/);
  });

  it("says Paystack is unavailable when nothing listens at its address", async () => {
    const apiUrl = await closedAddress();

    await expect(paystackProvider({ apiUrl }).verify(keys, "FN-ANY-D1")).rejects.toThrow(ProviderUnavailable);
  });
});
