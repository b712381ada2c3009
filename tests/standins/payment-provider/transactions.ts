/**
 * What the stand-in remembers of each checkout, the switches that bend its next answers,
 * and the answers themselves in each provider's own shapes (verify bodies, webhook bodies,
 * the return address's query). Amounts are kept in kobo; Flutterwave's shapes say naira.
 */

export type ProviderName = "paystack" | "flutterwave";

/** Our words for where a checkout stands; each provider's shape names them its own way. */
export type Outcome = "open" | "success" | "failed" | "abandoned" | "pending";

export interface Transaction {
  provider: ProviderName;
  reference: string;
  /** The key the shop used to start it: verify must come with the same one, and Paystack signs webhooks with it. */
  secretKey: string;
  /** The provider's id for it (a number, as both providers give). */
  id: number;
  amountKobo: number;
  currency: string;
  email: string;
  customerName: string | null;
  description: string;
  returnUrl: string;
  outcome: Outcome;
  /** What verify and the webhook report, once the customer paid (switches may make it differ). */
  reportedAmountKobo: number;
  reportedCurrency: string;
  channel: string | null;
  paidAt: string | null;
  createdAt: string;
}

export interface Switches {
  /** Send each webhook this many times at once. */
  duplicates?: number;
  /** Send the webhook(s) and wait for the shop's answers before sending the customer back. */
  webhookBeforeReturn?: boolean;
  /** Keep the webhook until POST /__standin/webhooks/:reference/send. */
  holdWebhook?: boolean;
  /** Sign with the wrong key (Paystack) or send the wrong hash (Flutterwave). */
  badSignature?: boolean;
  /** Kobo added to what verify and the webhook report. */
  amountDelta?: number;
  /** The currency verify and the webhook report instead. */
  currency?: string;
  failInitialize?: 500 | "timeout";
  failVerify?: 500 | "timeout";
  /** Pay leaves the transaction pending (a bank transfer not yet arrived) until settled. */
  transferPending?: boolean;
}

/** Reads the switches a test posts; anything not understood is a 400, so typos do not pass silently. */
export function parseSwitches(value: unknown): Switches | string {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "expected a JSON object";
  const switches: Switches = {};
  for (const [name, setting] of Object.entries(value)) {
    switch (name) {
      case "duplicates":
        if (!Number.isInteger(setting) || (setting as number) < 1) return "duplicates: a whole number from 1";
        switches.duplicates = setting as number;
        break;
      case "webhookBeforeReturn":
      case "holdWebhook":
      case "badSignature":
      case "transferPending":
        if (typeof setting !== "boolean") return `${name}: true or false`;
        switches[name] = setting;
        break;
      case "amountDelta":
        if (!Number.isInteger(setting)) return "amountDelta: whole kobo";
        switches.amountDelta = setting as number;
        break;
      case "currency":
        if (typeof setting !== "string" || !/^[A-Z]{3}$/.test(setting)) return "currency: three capital letters";
        switches.currency = setting;
        break;
      case "failInitialize":
      case "failVerify":
        if (setting !== 500 && setting !== "timeout") return `${name}: 500 or "timeout"`;
        switches[name] = setting;
        break;
      default:
        return `unknown switch ${name}`;
    }
  }
  return switches;
}

/** Paystack's fee for a local card: 1.5%, plus ₦100 from ₦2,500 up, never more than ₦2,000. In kobo. */
export function paystackFeeKobo(amountKobo: number): number {
  const fee = Math.round((amountKobo * 15) / 1000) + (amountKobo >= 250_000 ? 10_000 : 0);
  return Math.min(fee, 200_000);
}

/** Flutterwave's fee for a local payment: 1.4%. In kobo (its shapes say naira). */
export function flutterwaveFeeKobo(amountKobo: number): number {
  return Math.round((amountKobo * 14) / 1000);
}

const naira = (kobo: number) => kobo / 100;

/** Paystack's words for an outcome; a checkout nobody acted on reads "abandoned" there, as on Paystack. */
const PAYSTACK_STATUS: Record<Outcome, string> = {
  open: "abandoned",
  success: "success",
  failed: "failed",
  abandoned: "abandoned",
  pending: "ongoing",
};

/** Flutterwave's words for an outcome ("open" never reaches it: Flutterwave knows no such transaction yet). */
const FLUTTERWAVE_STATUS: Record<Outcome, string> = {
  open: "pending",
  success: "successful",
  failed: "failed",
  abandoned: "cancelled",
  pending: "pending",
};

/** Paystack's "verify transaction" data. */
export function paystackTransaction(t: Transaction) {
  const paid = t.outcome === "success";
  return {
    id: t.id,
    domain: "test",
    status: PAYSTACK_STATUS[t.outcome],
    reference: t.reference,
    amount: t.outcome === "open" ? t.amountKobo : t.reportedAmountKobo,
    currency: t.outcome === "open" ? t.currency : t.reportedCurrency,
    gateway_response: paid ? "Successful" : t.outcome === "failed" ? "Declined" : "The transaction was not completed",
    paid_at: t.paidAt,
    created_at: t.createdAt,
    channel: t.channel,
    fees: paid ? paystackFeeKobo(t.reportedAmountKobo) : null,
    customer: { email: t.email },
  };
}

/** Flutterwave's "verify transaction" data (and its webhook's). */
export function flutterwaveTransaction(t: Transaction) {
  const paid = t.outcome === "success";
  return {
    id: t.id,
    tx_ref: t.reference,
    flw_ref: `STANDIN/FLW${t.id}`,
    amount: naira(t.reportedAmountKobo),
    currency: t.reportedCurrency,
    charged_amount: naira(t.reportedAmountKobo),
    app_fee: paid ? naira(flutterwaveFeeKobo(t.reportedAmountKobo)) : 0,
    status: FLUTTERWAVE_STATUS[t.outcome],
    payment_type: t.channel ?? "card",
    created_at: t.paidAt ?? t.createdAt,
    customer: { email: t.email, name: t.customerName },
  };
}

/** The webhook a provider sends for this transaction now, or null when it sends none. */
export function webhookBody(t: Transaction): { event: string; data: Record<string, unknown> } | null {
  if (t.provider === "paystack") {
    // Paystack tells the shop of a successful charge only.
    if (t.outcome !== "success") return null;
    const data = paystackTransaction(t);
    return {
      event: "charge.success",
      data: {
        id: data.id,
        status: data.status,
        reference: data.reference,
        amount: data.amount,
        currency: data.currency,
        fees: data.fees,
        paid_at: data.paid_at,
        channel: data.channel,
        customer: data.customer,
      },
    };
  }
  // Flutterwave tells the shop of every completed charge, successful or failed.
  if (t.outcome !== "success" && t.outcome !== "failed") return null;
  return { event: "charge.completed", data: flutterwaveTransaction(t) };
}

/** Where the customer goes back to, with the query each provider adds. */
export function returnAddress(t: Transaction): string {
  const url = new URL(t.returnUrl);
  if (t.provider === "paystack") {
    url.searchParams.set("trxref", t.reference);
    url.searchParams.set("reference", t.reference);
  } else {
    url.searchParams.set("status", t.outcome === "success" ? "successful" : FLUTTERWAVE_STATUS[t.outcome]);
    url.searchParams.set("tx_ref", t.reference);
    // Flutterwave gives no transaction id when the customer cancelled.
    if (t.outcome !== "abandoned") url.searchParams.set("transaction_id", String(t.id));
  }
  return url.toString();
}
