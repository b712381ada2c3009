/**
 * Payments as the API reads and answers them (docs/product.md, Payments): amounts in
 * naira at the API, integer kobo inside. A shopper never sends an amount to pay: the
 * server works out what is due. Secrets are written, never read back.
 */
import { z } from "zod";
import { nairaPrice, optionalImage, optionalText } from "../catalog/input-fields";

export const PROVIDER_NAMES = ["paystack", "flutterwave"] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];
export const PROVIDER_LABELS: Record<ProviderName, string> = { paystack: "Paystack", flutterwave: "Flutterwave" };

export const PROVIDER_MODES = ["test", "live"] as const;
export type ProviderMode = (typeof PROVIDER_MODES)[number];

/** What a request asks for: the deposit, the balance, or a part the owner chose. */
/** "visit": a service request's measurement visit fee, asked once its visit is proposed or booked. */
export const REQUEST_KINDS = ["deposit", "balance", "part", "visit"] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
export const REQUEST_KIND_LABELS: Record<RequestKind, string> = {
  deposit: "Deposit",
  balance: "Balance",
  part: "Part payment",
  visit: "Visit fee",
};
/** The letter of a request's reference: FN-7K3M-D1, -B1, -P1. */
export const REQUEST_LETTERS: Record<RequestKind, string> = { deposit: "D", balance: "B", part: "P", visit: "V" };

export const REQUEST_STATUSES = ["pending", "paid", "held", "cancelled"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const TRANSFER_STATUSES = ["to_confirm", "confirmed", "rejected"] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export const PAYMENT_MESSAGES = {
  accountNumber: "Enter the 10-digit account number (NUBAN).",
  bankName: "Enter the bank's name.",
  accountName: "Enter the account's name.",
  amount: "Enter an amount in naira, such as 250000.",
  noKey:
    "Payment keys cannot be saved until the server has a SECRETS_KEY: set it to 32 random bytes (for example the output of `openssl rand -hex 32`) where the shop is deployed, and restart it.",
  nothingDue: "Nothing is due on this order now.",
  partOverBalance: "This part payment is more than the order still owes: ask the shop for a new one.",
  noProvider: "This shop does not take payments online yet. Pay by bank transfer, then tell us below.",
  reason: "Say why, so the customer can be told.",
  note: "Write a note saying why.",
} as const;

const BankSchema = z.object({
  bankName: z.string().trim().min(1, { error: PAYMENT_MESSAGES.bankName }).max(80),
  accountName: z.string().trim().min(1, { error: PAYMENT_MESSAGES.accountName }).max(120),
  accountNumber: z
    .string({ error: PAYMENT_MESSAGES.accountNumber })
    .transform((text) => text.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{10}$/, { error: PAYMENT_MESSAGES.accountNumber })),
});

/** GET /api/admin/operations/settings/payments: never a secret, only whether one is kept. */
export const PaymentSettingsSchema = z.object({
  bank: z.object({ bankName: z.string(), accountName: z.string(), accountNumber: z.string() }).nullable(),
  paystack: z.object({ mode: z.enum(PROVIDER_MODES), publicKey: z.string(), hasSecretKey: z.boolean() }).nullable(),
  flutterwave: z
    .object({ mode: z.enum(PROVIDER_MODES), hasSecretKey: z.boolean(), hasSecretHash: z.boolean() })
    .nullable(),
  /** Whether the server can keep keys (it has a SECRETS_KEY). */
  canKeepKeys: z.boolean(),
});
export type PaymentSettings = z.output<typeof PaymentSettingsSchema>;

const secret = (label: string) =>
  z
    .string()
    .trim()
    .max(300, { error: `${label} is at most 300 characters.` })
    .optional()
    .transform((text) => (text ? text : undefined));

/**
 * PUT: each part left out stays as it is; null removes it. A secret left empty keeps the
 * one saved (the form never shows it back).
 */
export const PaymentSettingsUpdateSchema = z.object({
  bank: BankSchema.nullable().optional(),
  paystack: z
    .object({
      mode: z.enum(PROVIDER_MODES, { error: "Choose test or live." }),
      publicKey: z.string().trim().max(300).default(""),
      secretKey: secret("The secret key"),
    })
    .nullable()
    .optional(),
  flutterwave: z
    .object({
      mode: z.enum(PROVIDER_MODES, { error: "Choose test or live." }),
      secretKey: secret("The secret key"),
      secretHash: secret("The secret hash"),
    })
    .nullable()
    .optional(),
});
export type PaymentSettingsUpdate = z.input<typeof PaymentSettingsUpdateSchema>;

/** POST /api/orders/track/:token/payments: what to pay; the amount is the server's. */
export const PayRequestSchema = z.object({
  kind: z.enum(["deposit", "balance"], { error: "Choose the deposit or the balance." }),
  provider: z.enum(PROVIDER_NAMES, { error: "Choose Paystack or Flutterwave." }).optional(),
});

/** Pays a request the owner made (a part payment), by its reference. */
export const PayReferenceSchema = z.object({
  reference: z.string().max(40),
  provider: z.enum(PROVIDER_NAMES, { error: "Choose Paystack or Flutterwave." }).optional(),
});

export const CheckoutSchema = z.object({ url: z.string(), reference: z.string() });
export type Checkout = z.output<typeof CheckoutSchema>;
export type PayRequestInput = z.input<typeof PayRequestSchema>;
export type PayReferenceInput = z.input<typeof PayReferenceSchema>;
export type PartRequestInput = z.input<typeof PartRequestSchema>;

/** What the customer's return from a checkout found. */
export const RETURN_OUTCOMES = ["paid", "pending", "failed", "held"] as const;
export type ReturnOutcome = (typeof RETURN_OUTCOMES)[number];

/** A payment's receipt page (printable): the shop, the order and what this payment did. */
export const ReceiptSchema = z.object({
  shop: z.object({ name: z.string(), address: z.string(), phone: z.string(), email: z.string() }),
  orderReference: z.string(),
  trackingUrl: z.string(),
  customerName: z.string().nullable(),
  amount: z.number(),
  method: z.string(),
  /** Ours for an online payment (FN-7K3M-D1), else null. */
  reference: z.string().nullable(),
  paidOn: z.string(),
  orderTotal: z.number(),
  paidToDate: z.number(),
  balance: z.number(),
});
export type Receipt = z.output<typeof ReceiptSchema>;

/** The dashboard's money: what came in, what is asked for, what waits for a decision. */
export const MoneyAtAGlanceSchema = z.object({
  receivedToday: z.number(),
  receivedThisWeek: z.number(),
  requestsPending: z.number(),
  heldForReview: z.number(),
  transfersToConfirm: z.number(),
  /** Whether any provider is in test mode (the admin shows a banner). */
  testMode: z.boolean(),
});
export type MoneyAtAGlance = z.output<typeof MoneyAtAGlanceSchema>;

const NairaSchema = nairaPrice({ invalid: PAYMENT_MESSAGES.amount, positive: true });

/** POST /api/orders/track/:token/transfers: "I have paid", with the receipt's picture or without. */
export const TransferNoticeSchema = z.object({
  amount: NairaSchema,
  note: optionalText({ max: 200, label: "The note" }),
  /** A picture of the bank's receipt, as a data URL; checked by the media pipeline like any picture. */
  receiptImage: optionalImage({ unreadable: "The receipt must be a picture: a JPEG, PNG or WebP." }),
});
export type TransferNoticeInput = z.input<typeof TransferNoticeSchema>;

/** POST /api/admin/operations/orders/:id/requests: a part of what is owed. */
export const PartRequestSchema = z.object({ amount: NairaSchema, note: optionalText({ max: 200, label: "The note" }) });

export const RejectTransferSchema = z.object({
  reason: z.string({ error: PAYMENT_MESSAGES.reason }).trim().min(1, { error: PAYMENT_MESSAGES.reason }).max(200),
});
export const HeldNoteSchema = z.object({
  note: z.string({ error: PAYMENT_MESSAGES.note }).trim().min(1, { error: PAYMENT_MESSAGES.note }).max(300),
});

export const PublicPaymentSchema = z.object({
  amount: z.number(),
  method: z.string(),
  paidOn: z.string(),
  /** Ours (FN-7K3M-D1) for an online payment, else null. */
  reference: z.string().nullable(),
  receiptUrl: z.string(),
});

export const PaymentRequestViewSchema = z.object({
  reference: z.string(),
  kind: z.enum(REQUEST_KINDS),
  amount: z.number(),
  status: z.enum(REQUEST_STATUSES),
  provider: z.enum(PROVIDER_NAMES).nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});

export const TransferViewSchema = z.object({
  _id: z.string(),
  amount: z.number(),
  status: z.enum(TRANSFER_STATUSES),
  /** What the customer wrote with it. */
  note: z.string().nullable(),
  /** Why it was rejected. */
  reason: z.string().nullable(),
  /** The receipt's picture, for the owner; null on the public view and when none was sent. */
  receiptImage: z.string().nullable(),
  createdAt: z.string(),
});

export const PayToSchema = z.object({
  bank: z.object({ bankName: z.string(), accountName: z.string(), accountNumber: z.string() }).nullable(),
  /** The providers the shop takes payments through, in test mode or live. */
  online: z.array(z.object({ provider: z.enum(PROVIDER_NAMES), testMode: z.boolean() })),
});
export type PayTo = z.output<typeof PayToSchema>;
