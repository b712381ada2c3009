/**
 * Paystack, as the shop uses it: start a hosted checkout (initialize a transaction), ask
 * what became of it (verify by our reference), and read its `charge.success` webhook.
 * Paystack counts naira in kobo, as we do, so amounts pass through unchanged.
 */
import { createHmac } from "node:crypto";
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

/** Paystack's transaction statuses, in our words. One we do not know is still in progress. */
const STATUSES: Record<string, Verification["status"]> = {
  success: "success",
  failed: "failed",
  reversed: "failed",
  abandoned: "abandoned",
  ongoing: "pending",
  pending: "pending",
  processing: "pending",
  queued: "pending",
};

export function paystackProvider({ apiUrl, timeoutMs = DEFAULT_TIMEOUT_MS }: ProviderClientOptions): PaymentProvider {
  return {
    name: "paystack",

    async initialize(keys, start) {
      if (!Number.isSafeInteger(start.amountKobo) || start.amountKobo <= 0) {
        throw new RangeError("A checkout's amount is a positive whole number of kobo.");
      }
      // Paystack's "initialize transaction": amount in kobo; it answers with the page's address.
      const customFields = [
        { display_name: "For", variable_name: "description", value: start.description },
        ...(start.customerName
          ? [{ display_name: "Customer", variable_name: "customer_name", value: start.customerName }]
          : []),
        ...(start.customerPhone
          ? [{ display_name: "Phone", variable_name: "customer_phone", value: start.customerPhone }]
          : []),
      ];
      const { body } = await callProvider(apiUrl, {
        provider: "paystack",
        method: "POST",
        path: "/transaction/initialize",
        secretKey: keys.secretKey,
        timeoutMs,
        json: {
          email: start.email,
          amount: start.amountKobo,
          reference: start.reference,
          currency: start.currency,
          callback_url: start.returnUrl,
          metadata: { custom_fields: customFields },
        },
      });
      const url = text(record(record(body)?.data)?.authorization_url);
      if (!url) throw new ProviderUnavailable("paystack", "initialize answered without a checkout address");
      return { url };
    },

    async verify(keys, reference) {
      // Paystack's "verify transaction": 404 (or a 400 saying so) when the reference is not its.
      const { status, body } = await callProvider(apiUrl, {
        provider: "paystack",
        method: "GET",
        path: `/transaction/verify/${encodeURIComponent(reference)}`,
        secretKey: keys.secretKey,
        timeoutMs,
        alsoRead: (code) => code === 404 || code === 400,
      });
      const answer = record(body);
      if (status === 404 || (status === 400 && /not found/i.test(text(answer?.message) ?? ""))) {
        return unknownReference(reference);
      }
      if (status !== 200 && status !== 201) {
        throw new ProviderUnavailable("paystack", `verify answered HTTP ${status}`);
      }
      const data = record(answer?.data);
      const state = text(data?.status);
      const amount = finiteNumber(data?.amount);
      if (!data || !state || amount === null || !Number.isInteger(amount)) {
        throw new ProviderUnavailable("paystack", "verify answered without a status and amount");
      }
      const fees = finiteNumber(data.fees);
      const id = data.id;
      return {
        reference,
        status: STATUSES[state] ?? "pending",
        amountKobo: amount,
        currency: text(data.currency) ?? "NGN",
        feeKobo: fees === null ? null : Math.round(fees),
        providerId: typeof id === "number" || typeof id === "string" ? String(id) : null,
        paidAt: text(data.paid_at) ?? text(data.paidAt),
        channel: text(data.channel),
      };
    },

    readWebhook(keys, raw, headers) {
      // Paystack signs the raw body: hex HMAC-SHA512 with the secret key, in x-paystack-signature.
      const signature = header(headers, "x-paystack-signature");
      if (!signature || !keys.secretKey) return null;
      const expected = createHmac("sha512", keys.secretKey).update(raw).digest("hex");
      if (!sameSecret(signature.toLowerCase(), expected)) return null;
      const body = parseJson(raw);
      const event = text(body?.event);
      const reference = text(record(body?.data)?.reference);
      return event && reference ? { reference, event } : null;
    },

    referenceFromReturn(query) {
      // Paystack sends the customer back with ?trxref=<ref>&reference=<ref>.
      return text(query.reference) ?? text(query.trxref);
    },
  };
}
