import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  PROVIDER_MODES,
  PROVIDER_NAMES,
  REQUEST_KINDS,
  REQUEST_STATUSES,
  TRANSFER_STATUSES,
} from "../../../domain/payments/payments.schema";
import { createdAt, id, updatedAt } from "./columns";
import { media } from "./media";
import { orderPayments, orders } from "./orders";

/**
 * Where customers pay (docs/product.md, Payments): one row. The providers' secrets are
 * kept encrypted with the deployment's SECRETS_KEY (server/modules/payments/secrets.ts),
 * never in clear, so a backup or a copy of the database holds no usable key.
 */
export const paymentSettings = pgTable(
  "payment_settings",
  {
    id: integer("id").primaryKey().default(1),
    bankName: text("bank_name"),
    accountName: text("account_name"),
    accountNumber: text("account_number"),
    paystackMode: text("paystack_mode", { enum: PROVIDER_MODES }),
    paystackPublicKey: text("paystack_public_key"),
    paystackSecret: text("paystack_secret"),
    flutterwaveMode: text("flutterwave_mode", { enum: PROVIDER_MODES }),
    flutterwaveSecret: text("flutterwave_secret"),
    flutterwaveHash: text("flutterwave_hash"),
    updatedAt: updatedAt(),
  },
  (t) => [check("payment_settings_one_row", sql`${t.id} = 1`)],
);

/**
 * What the shop asks a customer to pay: exactly the amount due when it was made, under a
 * reference of its own (FN-7K3M-D1). Online, it goes to one provider's checkout; it ends
 * paid (a payment credited), held (the provider's amount or currency differed: the owner
 * decides) or cancelled (failed, abandoned, or replaced by a newer one).
 */
export const paymentRequests = pgTable(
  "payment_requests",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    reference: text("reference").notNull(),
    kind: text("kind", { enum: REQUEST_KINDS }).notNull(),
    amountKobo: bigint("amount_kobo", { mode: "number" }).notNull(),
    /** Set when the customer first goes to a checkout; a request is paid through one provider only. */
    provider: text("provider", { enum: PROVIDER_NAMES }),
    /** Whether the provider's keys were test keys when the checkout began. */
    testMode: boolean("test_mode").notNull().default(false),
    checkoutUrl: text("checkout_url"),
    status: text("status", { enum: REQUEST_STATUSES }).notNull().default("pending"),
    note: text("note"),
    /** The staff member who asked for a part payment; null when the customer began it. */
    createdBy: text("created_by"),
    /** What the provider reported when it did not match: held for the owner. */
    heldAmountKobo: bigint("held_amount_kobo", { mode: "number" }),
    heldCurrency: text("held_currency"),
    heldReason: text("held_reason"),
    /** The owner's word on a held payment (released, or refunded with a note). */
    resolution: text("resolution"),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payment_requests_reference_key").on(t.reference),
    index("payment_requests_order_idx").on(t.orderId, t.createdAt),
    index("payment_requests_pending_idx")
      .on(t.lastCheckedAt)
      .where(sql`${t.status} = 'pending' and ${t.provider} is not null`),
    check("payment_requests_amount_positive", sql`${t.amountKobo} > 0`),
  ],
);

/**
 * A provider's webhook, kept before it is answered and crossed off once its reference
 * has been verified and settled: a process that stops in between settles it at its
 * next start or sweep.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: id(),
    provider: text("provider", { enum: PROVIDER_NAMES }).notNull(),
    reference: text("reference").notNull(),
    event: text("event").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [
    index("payment_events_waiting_idx")
      .on(t.receivedAt)
      .where(sql`${t.processedAt} is null`),
  ],
);

/** "I have paid": a customer's word that they paid by bank transfer, until staff confirm or reject it. */
export const transferNotices = pgTable(
  "transfer_notices",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountKobo: bigint("amount_kobo", { mode: "number" }).notNull(),
    note: text("note"),
    receiptMediaId: text("receipt_media_id").references(() => media.id, { onDelete: "set null" }),
    status: text("status", { enum: TRANSFER_STATUSES }).notNull().default("to_confirm"),
    reason: text("reason"),
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    paymentId: uuid("payment_id").references(() => orderPayments.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("transfer_notices_order_idx").on(t.orderId, t.createdAt),
    index("transfer_notices_waiting_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'to_confirm'`),
    check("transfer_notices_amount_positive", sql`${t.amountKobo} > 0`),
  ],
);
