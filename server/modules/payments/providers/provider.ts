/**
 * What the shop needs from a payment provider (docs/architecture.md, Payments): start a
 * hosted checkout for one request, ask what became of a reference, and read a webhook
 * whose signature holds. Each provider is a typed client on `fetch` whose base URL comes
 * from configuration, so a local stand-in can answer in its place.
 */
import { Refusal } from "../../../../domain/refusal";

export const PROVIDERS = ["paystack", "flutterwave"] as const;
export type ProviderName = (typeof PROVIDERS)[number];

/** The keys the owner saved for one provider, decrypted for the call at hand. */
export interface ProviderKeys {
  secretKey: string;
  /** Flutterwave's webhook secret hash (the `verif-hash` header); Paystack signs with the secret key. */
  secretHash?: string | null;
}

export interface CheckoutStart {
  /** Ours, unique per request: `<order reference>-D1`, `-B1`, `-P1`… */
  reference: string;
  amountKobo: number;
  currency: "NGN";
  /** The customer's e-mail, or a placeholder at the shop's domain when they gave none. */
  email: string;
  customerName: string | null;
  customerPhone: string | null;
  /** Where the provider sends the customer back (our return route, with the reference). */
  returnUrl: string;
  /** Shown on the provider's page. */
  description: string;
}

/** What the provider says of a reference, in our words. Amounts in kobo. */
export interface Verification {
  reference: string;
  status: "success" | "pending" | "failed" | "abandoned";
  amountKobo: number;
  currency: string;
  /** The provider's fee, when it says. */
  feeKobo: number | null;
  /** The provider's own id for the transaction. */
  providerId: string | null;
  paidAt: string | null;
  /** card, bank_transfer, ussd… as the provider names it. */
  channel: string | null;
}

/** A webhook whose signature held: the reference it is about, and the event's name. */
export interface WebhookNotice {
  reference: string;
  event: string;
}

/**
 * The provider could not be reached, timed out or answered with an error: a service the
 * shop needs is down for a moment. The checkout tells the customer in its own words.
 */
export class ProviderUnavailable extends Refusal {
  constructor(
    readonly provider: ProviderName,
    detail: string,
  ) {
    super("unavailable", `${provider} is not answering: ${detail}`);
    this.name = "ProviderUnavailable";
  }
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Starts a hosted checkout; the customer goes to `url`. */
  initialize(keys: ProviderKeys, start: CheckoutStart): Promise<{ url: string }>;
  /** Asks the provider what became of the reference. Unknown to it → status "failed". */
  verify(keys: ProviderKeys, reference: string): Promise<Verification>;
  /**
   * Checks the signature over the raw bytes as received and reads the reference; null when
   * the signature does not hold or the body is not one of the provider's events.
   */
  readWebhook(
    keys: ProviderKeys,
    raw: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): WebhookNotice | null;
  /** Reads the reference from the query of the customer's return, or null. */
  referenceFromReturn(query: Record<string, string | undefined>): string | null;
}
