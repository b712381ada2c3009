import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { OrderDelivery } from "../../../domain/delivery/delivery.schema";
import { ORDER_KINDS, RECORDED_METHODS } from "../../../domain/orders/orders.schema";
import { ORDER_STATUSES } from "../../../domain/orders/order-status";
import { users } from "./accounts";
import { createdAt, id, updatedAt } from "./columns";
import { customers } from "./customers";
import { itemType } from "./shopping-lists";

/**
 * Orders (docs/product.md, Orders). Amounts are kobo. A line is a snapshot: its name,
 * price and link stay as ordered whatever becomes of the item, so a line names its item
 * by id without a foreign key. An order belongs to an account, or to the guest key of the
 * device it was placed on (stored as its SHA-256, like the guest's cart) until they sign in.
 */
export const orders = pgTable(
  "orders",
  {
    id: id(),
    reference: text("reference").notNull(),
    /** 256 random bits, base64url: the tracking link's key, apart from the reference. */
    trackingToken: text("tracking_token").notNull(),
    /**
     * The review link's key (docs/product.md, Reviews): 244 random bits drawn apart from the
     * tracking token, so neither link leads to the other.
     */
    reviewToken: text("review_token")
      .notNull()
      .default(sql`(replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''))`),
    kind: text("kind", { enum: ORDER_KINDS }).notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("new"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    guestKeyHash: text("guest_key_hash"),
    /** The person in the customer book, joined by phone, e-mail or account (customer-links.service.ts). */
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    customerName: text("customer_name"),
    customerPhone: text("customer_phone"),
    customerArea: text("customer_area"),
    customerNote: text("customer_note"),
    serviceName: text("service_name"),
    serviceBrief: text("service_brief"),
    serviceArea: text("service_area"),
    serviceBudget: text("service_budget"),
    fees: jsonb("fees").$type<Array<{ label: string; amountKobo: number }>>().notNull().default([]),
    /** Where the shopper asked for delivery when ordering, and what the shop's prices made of it. */
    delivery: jsonb("delivery").$type<OrderDelivery>(),
    discountKobo: bigint("discount_kobo", { mode: "number" }).notNull().default(0),
    /** What the owner forgave to close the order, with a note on its timeline. */
    writtenOffKobo: bigint("written_off_kobo", { mode: "number" }).notNull().default(0),
    /** Null: the share of the total that the order terms ask for (depositPercent). */
    depositDueKobo: bigint("deposit_due_kobo", { mode: "number" }),
    /** The order terms' deposit share when the order was placed. */
    depositPercent: integer("deposit_percent").notNull(),
    expectedReadyDate: date("expected_ready_date", { mode: "string" }),
    /** What one submission ordered, hashed: a second identical submission soon after is the same order. */
    fingerprint: text("fingerprint").notNull(),
    /** The salesperson who looks after the order; their WhatsApp number answers its messages. */
    assigneeId: uuid("assignee_id").references(() => users.id, { onDelete: "set null" }),
    /** The customer asked for changes to the quote: the order waits in the owner's "to revise" list. */
    needsRevision: boolean("needs_revision").notNull().default(false),
    /** A service request's visit: the times the owner proposed (ISO), the one booked, and the day-before reminder sent. */
    visitSlots: jsonb("visit_slots").$type<string[]>().notNull().default([]),
    visitBookedFor: timestamp("visit_booked_for", { withTimezone: true }),
    visitRemindedAt: timestamp("visit_reminded_at", { withTimezone: true }),
    /** The customer agreed on the order sheet to e-mail reminders of a quote waiting or a balance due. */
    emailReminders: boolean("email_reminders").notNull().default(false),
    /** The reminders' unsubscribe link's key: 244 random bits, apart from the tracking link's. */
    reminderToken: text("reminder_token")
      .notNull()
      .default(sql`(replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''))`),
    /**
     * When the order was last made ready, and last delivered: the latest such step of its
     * timeline, kept here by a trigger on order_events (migration 0025) so Today's queues
     * bound them on an index. Null until the timeline has that step.
     */
    readyAt: timestamp("ready_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("orders_reference_key").on(t.reference),
    uniqueIndex("orders_tracking_token_key").on(t.trackingToken),
    uniqueIndex("orders_reminder_token_key").on(t.reminderToken),
    uniqueIndex("orders_review_token_key").on(t.reviewToken),
    // The customer book finds an order's customer by its code typed without the prefix ("%-7KQ2M").
    index("orders_reference_trgm_idx").using("gin", sql`${t.reference} gin_trgm_ops`),
    index("orders_created_idx").on(t.createdAt.desc()),
    index("orders_status_idx").on(t.status, t.createdAt.desc()),
    index("orders_user_idx").on(t.userId),
    index("orders_customer_idx").on(t.customerId, t.createdAt.desc()),
    index("orders_assignee_idx")
      .on(t.assigneeId)
      .where(sql`${t.assigneeId} is not null`),
    index("orders_guest_idx").on(t.guestKeyHash),
    index("orders_needs_revision_idx")
      .on(t.createdAt.desc())
      .where(sql`${t.needsRevision}`),
    index("orders_visit_idx")
      .on(t.visitBookedFor)
      .where(sql`${t.visitBookedFor} is not null and ${t.visitRemindedAt} is null`),
    index("orders_fingerprint_idx").on(t.fingerprint, t.createdAt.desc()),
    // Today (docs/product.md): a ready order waits from its ready step (else its last change);
    // a delivered one is asked for a review within days of its delivery.
    index("orders_ready_since_idx")
      .on(sql`coalesce(${t.readyAt}, ${t.updatedAt})`, t.id)
      .where(sql`${t.status} = 'ready'`),
    index("orders_new_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'new'`),
    index("orders_quoted_idx")
      .on(t.needsRevision, t.id)
      .where(sql`${t.status} = 'quoted'`),
    index("orders_delivered_at_idx")
      .on(t.deliveredAt, t.id)
      .where(sql`${t.status} in ('delivered', 'closed')`),
    check("orders_discount_not_negative", sql`${t.discountKobo} >= 0`),
    check("orders_deposit_percent_range", sql`${t.depositPercent} between 0 and 100`),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    itemType: itemType("item_type").notNull(),
    itemId: uuid("item_id").notNull(),
    name: text("name").notNull(),
    option: text("option"),
    unitPriceKobo: bigint("unit_price_kobo", { mode: "number" }).notNull(),
    quantity: integer("quantity").notNull(),
    url: text("url").notNull(),
  },
  (t) => [
    uniqueIndex("order_lines_position_key").on(t.orderId, t.position),
    index("order_lines_item_idx").on(t.itemId),
    check("order_lines_quantity_positive", sql`${t.quantity} > 0`),
    check("order_lines_price_not_negative", sql`${t.unitPriceKobo} >= 0`),
  ],
);

export const orderPayments = pgTable(
  "order_payments",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountKobo: bigint("amount_kobo", { mode: "number" }).notNull(),
    method: text("method", { enum: RECORDED_METHODS }).notNull(),
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    note: text("note"),
    recordedBy: text("recorded_by"),
    /** Online payments: the provider and our request's reference, credited once (the unique index). */
    provider: text("provider", { enum: ["paystack", "flutterwave"] }),
    providerReference: text("provider_reference"),
    /** What the provider kept, in kobo, when it says. */
    feeKobo: bigint("fee_kobo", { mode: "number" }),
    /** card, bank_transfer, ussd… as the provider names it. */
    channel: text("channel"),
    /** The receipt page's key: 244 random bits, apart from anything a person could guess. */
    receiptToken: text("receipt_token")
      .notNull()
      .default(sql`(replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''))`),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_payments_order_idx").on(t.orderId),
    uniqueIndex("order_payments_provider_reference_key").on(t.provider, t.providerReference),
    uniqueIndex("order_payments_receipt_token_key").on(t.receiptToken),
    check("order_payments_amount_positive", sql`${t.amountKobo} > 0`),
  ],
);

/** The order's timeline: status changes and notes, each stamped with who and when. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    status: text("status", { enum: ORDER_STATUSES }),
    note: text("note"),
    /** The admin's name; null for the customer placing the order. */
    by: text("by"),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.at)],
);
