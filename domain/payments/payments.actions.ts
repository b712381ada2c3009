/**
 * What pages may do with payments, in process, for the request at hand (docs/product.md,
 * Payments). The API's payment routes call the same server functions. A refusal is thrown
 * as a 4xx error with its message: nothing due (409), a provider not answering (503), a
 * role that may not (403).
 */
import type { AdminOrder } from "../orders/order-answers.schema";
import type {
  Checkout,
  MoneyAtAGlance,
  PartRequestInput,
  PaymentSettings,
  PaymentSettingsUpdate,
  PayReferenceInput,
  PayRequestInput,
  Receipt,
  ReturnOutcome,
  TransferNoticeInput,
} from "./payments.schema";

/** The customer's side: by the order's tracking token, no account needed. */
export interface PaymentActions {
  /** A checkout for the deposit or the balance (or a request the owner made, by its reference). */
  pay(token: string, body: PayRequestInput | PayReferenceInput): Promise<Checkout>;
  /** "I have paid" by bank transfer: the amount, a note, a picture of the receipt. */
  tellTransfer(token: string, body: TransferNoticeInput): Promise<{ _id: string }>;
  /** The return from a checkout: verified with the provider, settled; where to send the customer. */
  returned(query: Record<string, string | undefined>): Promise<{ trackingUrl: string | null; outcome: ReturnOutcome }>;
  /** A payment's receipt, by its receipt token; null when there is none. */
  receipt(receiptToken: string): Promise<Receipt | null>;
}

/** The staff's side; every call checks the member's roles on the server. */
export interface PaymentDeskActions {
  /** Owner and Accounts. */
  settings(): Promise<PaymentSettings>;
  updateSettings(body: PaymentSettingsUpdate): Promise<PaymentSettings>;
  /** A part payment asked of the customer, up to the balance. */
  requestPart(orderId: string, body: PartRequestInput): Promise<AdminOrder>;
  cancelRequest(orderId: string, reference: string): Promise<AdminOrder>;
  confirmTransfer(orderId: string, transferId: string): Promise<AdminOrder>;
  rejectTransfer(orderId: string, transferId: string, body: { reason: string }): Promise<AdminOrder>;
  /** A held payment credited as the provider reported it (in naira only). */
  releaseHeld(orderId: string, requestId: string): Promise<AdminOrder>;
  /** A held payment left uncredited, with what was done about it (refunded at the provider…). */
  refundNote(orderId: string, requestId: string, body: { note: string }): Promise<AdminOrder>;
  /** The dashboard's money; null for a member who may not read money. */
  atAGlance(): Promise<MoneyAtAGlance | null>;
}
