/**
 * Flutterwave (its v3 API), as the shop uses it: start a hosted checkout ("Flutterwave
 * Standard"), ask what became of it by our reference, and read its `charge.completed`
 * webhook. Flutterwave counts in naira (1500.5), we in kobo (150050): we convert at the
 * edge, exactly, both ways.
 */
import {
  callProvider,
  DEFAULT_TIMEOUT_MS,
  finiteNumber,
  header,
  parseJson,
  record,
  sameSecret,
  text,
  unknownReference,
  type ProviderClientOptions,
} from "./http";
import { ProviderUnavailable, type PaymentProvider, type Verification } from "./provider";

/** Flutterwave's transaction statuses, in our words. One we do not know is still in progress. */
const STATUSES: Record<string, Verification["status"]> = {
  successful: "success",
  pending: "pending",
  failed: "failed",
  cancelled: "abandoned",
};

/** 150050 kobo → 1500.5 naira. Dividing a whole number by 100 gives the nearest double, which prints exactly. */
export function nairaOf(kobo: number): number {
  return kobo / 100;
}

/** 1500.5 naira → 150050 kobo (rounded, so 0.1 + 0.2 style noise never costs a kobo). */
export function koboOf(naira: number): number {
  return Math.round(naira * 100);
}

export function flutterwaveProvider({
  apiUrl,
  timeoutMs = DEFAULT_TIMEOUT_MS,
}: ProviderClientOptions): PaymentProvider {
  return {
    name: "flutterwave",

    async initialize(keys, start) {
      if (!Number.isSafeInteger(start.amountKobo) || start.amountKobo <= 0) {
        throw new RangeError("A checkout's amount is a positive whole number of kobo.");
      }
      // Flutterwave's "create payment" (Standard): amount in naira; it answers with the page's link.
      const { body } = await callProvider(apiUrl, {
        provider: "flutterwave",
        method: "POST",
        path: "/v3/payments",
        secretKey: keys.secretKey,
        timeoutMs,
        json: {
          tx_ref: start.reference,
          amount: nairaOf(start.amountKobo),
          currency: start.currency,
          redirect_url: start.returnUrl,
          customer: {
            email: start.email,
            ...(start.customerName ? { name: start.customerName } : {}),
            ...(start.customerPhone ? { phonenumber: start.customerPhone } : {}),
          },
          customizations: { title: "Payment", description: start.description },
        },
      });
      const link = text(record(record(body)?.data)?.link);
      if (!link) throw new ProviderUnavailable("flutterwave", "create payment answered without a checkout link");
      return { url: link };
    },

    async verify(keys, reference) {
      // Flutterwave's "verify by reference": a 404, or a 400 saying no transaction was found, when unknown.
      const { status, body } = await callProvider(apiUrl, {
        provider: "flutterwave",
        method: "GET",
        path: `/v3/transactions/verify_by_reference?tx_ref=${encodeURIComponent(reference)}`,
        secretKey: keys.secretKey,
        timeoutMs,
        alsoRead: (code) => code === 404 || code === 400,
      });
      const answer = record(body);
      if (status === 404 || (status === 400 && /no transaction|not found/i.test(text(answer?.message) ?? ""))) {
        return unknownReference(reference);
      }
      if (status < 200 || status >= 300) {
        throw new ProviderUnavailable("flutterwave", `verify answered HTTP ${status}`);
      }
      const data = record(answer?.data);
      const state = text(data?.status);
      const amount = finiteNumber(data?.amount);
      if (!data || !state || amount === null) {
        throw new ProviderUnavailable("flutterwave", "verify answered without a status and amount");
      }
      const fee = finiteNumber(data.app_fee);
      const id = data.id;
      return {
        reference,
        status: STATUSES[state] ?? "pending",
        amountKobo: koboOf(amount),
        currency: text(data.currency) ?? "NGN",
        feeKobo: fee === null ? null : koboOf(fee),
        providerId: typeof id === "number" || typeof id === "string" ? String(id) : null,
        paidAt: text(data.created_at),
        channel: text(data.payment_type),
      };
    },

    readWebhook(keys, raw, headers) {
      // Flutterwave sends the owner's own secret hash back, as is, in verif-hash.
      const given = header(headers, "verif-hash");
      if (!given || !keys.secretHash || !sameSecret(given, keys.secretHash)) return null;
      const body = parseJson(raw);
      const reference = text(record(body?.data)?.tx_ref);
      if (!reference) return null;
      // Its payment event is "charge.completed"; a body without an event name still names its tx_ref.
      const event = text(body?.event) ?? text(body?.["event.type"]) ?? "charge.completed";
      return { reference, event };
    },

    referenceFromReturn(query) {
      // Flutterwave sends the customer back with ?status=…&tx_ref=<ref>&transaction_id=<n>.
      return text(query.tx_ref);
    },
  };
}
