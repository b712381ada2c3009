/**
 * Orders as the API answers them (docs/product.md, Orders), amounts in naira. The public
 * view (tracking link, the customer's own list) never holds the customer's phone, e-mail
 * or address; the owner's view adds the customer, the payments and the tracking link.
 */
import { z } from "zod";
import { CartLineSchema } from "../shopping-list-answers.schema";
import { ImageRefSchema } from "../catalog/catalog-answers.schema";
import { ITEM_TYPES } from "../shopping-lists";
import { ORDER_STATUSES } from "./order-status";
import {
  PaymentRequestViewSchema,
  PayToSchema,
  PublicPaymentSchema,
  TransferViewSchema,
} from "../payments/payments.schema";
import { ORDER_KINDS, RECORDED_METHODS } from "./orders.schema";
import { QuoteVersionSchema, QuoteViewSchema } from "../quotes/quotes.schema";

export const OrderLineSchema = z.object({
  _id: z.string(),
  itemType: z.enum(ITEM_TYPES),
  /** The product's or collection's id, as it was when ordered. */
  item: z.string(),
  name: z.string(),
  option: z.string().nullable(),
  /** The unit price charged, kept whatever the item's price is now. */
  unitPrice: z.number(),
  quantity: z.number(),
  /** The item's page, absolute. */
  url: z.string(),
  /** Whether the item is still in the catalogue (its page opens). */
  inCatalogue: z.boolean(),
  /**
   * The line's picture as the catalogue has it now: the piece in the finish ordered, else
   * the product's first (a swatch request's line: the finish's swatch); null once it is gone.
   */
  image: ImageRefSchema.nullable(),
});

export const OrderEventSchema = z.object({
  at: z.string(),
  status: z.enum(ORDER_STATUSES).nullable(),
  note: z.string().nullable(),
  /** Who made the change: the admin's name, or null for the customer's own order. */
  by: z.string().nullable(),
});

export const OrderViewSchema = z.object({
  _id: z.string(),
  reference: z.string(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  /** A service request's service, brief, area and budget; null for orders of items. */
  service: z
    .object({ name: z.string(), brief: z.string(), area: z.string().nullable(), budget: z.string().nullable() })
    .nullable(),
  /** A service request's visit: the times proposed (ISO) and the one booked; null for orders of items. */
  visit: z.object({ proposed: z.array(z.string()), bookedFor: z.string().nullable() }).nullable(),
  lines: z.array(OrderLineSchema),
  /** Where the shopper asked for delivery when ordering (the priced lines are among the fees); null when they did not say. */
  delivery: z
    .object({
      area: z.string().nullable(),
      floor: z.number(),
      lift: z.boolean(),
      installation: z.boolean(),
      vehicle: z.string().nullable(),
      /** The shop prices this delivery itself. */
      onRequest: z.boolean(),
    })
    .nullable(),
  subtotal: z.number(),
  fees: z.array(z.object({ label: z.string(), amount: z.number() })),
  discount: z.number(),
  total: z.number(),
  /** Null on the customer's view until the order has a quote. */
  depositDue: z.number().nullable(),
  /** The latest version of the quote sent, the one the customer answers; null before any. */
  quote: QuoteViewSchema.nullable(),
  /**
   * While `quote` waits for the customer's approval, the version they approved before it:
   * the order's amounts, the invoice and the workshop sheet stand on it until then. Else null.
   */
  approvedQuote: QuoteViewSchema.nullable(),
  paid: z.number(),
  /** Forgiven by the owner to close the order. */
  writtenOff: z.number(),
  balance: z.number(),
  /** Where to pay: the shop's bank account and the providers it takes; null until there is a quote or when nothing is due. */
  payTo: PayToSchema.nullable(),
  /** Payments received, each with its receipt. */
  payments: z.array(PublicPaymentSchema),
  /** What the shop has asked to be paid online (requests cancelled before a checkout are left out). */
  requests: z.array(PaymentRequestViewSchema),
  /** The customer's "I have paid" notices. */
  transfers: z.array(TransferViewSchema),
  /** "2026-12-01", or null until the owner sets it. */
  expectedReadyDate: z.string().nullable(),
  /** On the public view, the status changes only; the owner's notes are theirs. */
  events: z.array(OrderEventSchema),
  createdAt: z.string(),
  /** The tracking page's absolute address. */
  trackingUrl: z.string(),
  /** The review link's absolute address once the order is delivered (an order of pieces); null before. */
  reviewUrl: z.string().nullable(),
});

/** An order as its tracking link shows it: the view, and where to ask about it on WhatsApp. */
export const TrackedOrderSchema = OrderViewSchema.extend({
  /**
   * Digits for wa.me: the salesperson's number when the order is assigned to an active
   * one who has one, else the shop's (for a service request, the services number when set).
   */
  whatsappNumber: z.string(),
});

export const PaymentSchema = PublicPaymentSchema.extend({
  _id: z.string(),
  method: z.enum(RECORDED_METHODS),
  note: z.string().nullable(),
  /** What the provider kept, and what reached the shop; null for payments staff recorded. */
  fee: z.number().nullable(),
  net: z.number().nullable(),
  recordedBy: z.string().nullable(),
});

/** A request as the owner sees it: with what the provider reported when it was held. */
export const AdminRequestSchema = PaymentRequestViewSchema.extend({
  _id: z.string(),
  held: z.object({ amount: z.number(), currency: z.string(), reason: z.string() }).nullable(),
  resolution: z.string().nullable(),
  testMode: z.boolean(),
});

export const AdminOrderSchema = OrderViewSchema.extend({
  customer: z.object({
    name: z.string().nullable(),
    /** E.164. */
    phone: z.string().nullable(),
    area: z.string().nullable(),
    note: z.string().nullable(),
    /** The account's e-mail address when a signed-in customer ordered. */
    email: z.string().nullable(),
  }),
  depositDue: z.number(),
  payments: z.array(PaymentSchema),
  requests: z.array(AdminRequestSchema),
  /** Every version of the quote, oldest first, each with what changed from the one before. */
  quotes: z.array(QuoteVersionSchema),
  /** The customer asked for changes to the quote: it waits on the owner's "to revise" list. */
  needsRevision: z.boolean(),
  /** The deposit the owner set, or null while the order terms' share (`depositPercent`) applies. */
  depositSet: z.number().nullable(),
  depositPercent: z.number(),
  trackingToken: z.string(),
  /** The statuses the order may move to now. */
  nextStatuses: z.array(z.enum(ORDER_STATUSES)),
  /**
   * The salesperson who looks after the order, or null; their WhatsApp number (E.164) while
   * they are active and have one: the customer's messages about the order go there.
   */
  assignee: z.object({ _id: z.string(), name: z.string(), whatsappNumber: z.string().nullable() }).nullable(),
});

/** A row of the owner's list. */
export const OrderSummarySchema = z.object({
  _id: z.string(),
  reference: z.string(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  customerName: z.string().nullable(),
  customerPhone: z.string().nullable(),
  /** "Oak Dining Table and 2 more", the service asked for, or "Swatches of Oak Dining Table: Walnut, Ebony". */
  summary: z.string(),
  /** The customer asked for changes to the quote. */
  needsRevision: z.boolean(),
  /** Null for a member who may not read money (the workshop). */
  total: z.number().nullable(),
  balance: z.number().nullable(),
  /** A service request's booked visit (ISO), or null: the list shows it instead of an amount. */
  visitBookedFor: z.string().nullable(),
  /** A swatch request's number of finishes, or null for other kinds: the list shows it instead of an amount. */
  swatches: z.number().nullable(),
  createdAt: z.string(),
});

export const OrderListSchema = z.object({
  orders: z.array(OrderSummarySchema),
  total: z.number(),
  hasMore: z.boolean(),
});

/**
 * The orders part of the dashboard (docs/product.md, Admin panel): what needs the owner
 * today, amounts in naira.
 */
export const OrdersAtAGlanceSchema = z.object({
  /** How many orders have each status. */
  byStatus: z.record(z.enum(ORDER_STATUSES), z.number()),
  /** New orders waiting for a reply, oldest first (at most 10). */
  waiting: z.array(OrderSummarySchema),
  /** Orders ready for delivery, oldest first (at most 10). */
  ready: z.array(OrderSummarySchema),
  /** Service requests whose booked visit is tomorrow (Lagos), earliest first: the owner reminds each. */
  visitsTomorrow: z.array(
    z.object({
      _id: z.string(),
      reference: z.string(),
      customerName: z.string().nullable(),
      customerPhone: z.string().nullable(),
      bookedFor: z.string(),
      /** The tracking page's key, for the reminder's link. */
      trackingToken: z.string(),
    }),
  ),
  /**
   * On open orders past their quote: deposits due but not yet paid, and what is left to
   * pay in all. Null for a member who may not read money (the workshop).
   */
  depositsOutstanding: z.number().nullable(),
  balancesOutstanding: z.number().nullable(),
  /** Orders placed each day of the last 30 (Lagos days), oldest first, today last. */
  perDay: z.array(z.object({ day: z.string(), count: z.number() })),
});

/**
 * An order as the workshop reads it: the pieces, the customer and the timeline, and not a
 * single amount (no prices, fees, totals or payments; timeline notes about money are left out).
 */
export const WorkshopOrderSchema = AdminOrderSchema.omit({
  lines: true,
  subtotal: true,
  fees: true,
  discount: true,
  total: true,
  depositDue: true,
  quote: true,
  approvedQuote: true,
  quotes: true,
  paid: true,
  balance: true,
  writtenOff: true,
  payTo: true,
  payments: true,
  requests: true,
  transfers: true,
  depositSet: true,
  depositPercent: true,
}).extend({
  lines: z.array(OrderLineSchema.omit({ unitPrice: true })),
  /** Marks the shape: a workshop member's view of the order. */
  withoutAmounts: z.literal(true),
});

/** POST /api/orders */
export const PlacedOrderSchema = z.object({
  order: OrderViewSchema,
  /** WhatsApp with the order's message, to the shop's number (or its services number). */
  whatsappUrl: z.string(),
  trackingUrl: z.string(),
});

/** POST /api/orders/track/:token/restore-cart: the order's lines back in the caller's cart. */
export const RestoredCartSchema = z.object({
  /** How many of the order's lines went back in the cart. */
  restored: z.number(),
  /** Lines left out: their item has gone, has sold, or no longer offers the option ordered. */
  left: z.number(),
  items: z.array(CartLineSchema),
});
export type RestoredCart = z.output<typeof RestoredCartSchema>;

/** GET /api/orders: the signed-in customer's orders, newest first. */
export const MyOrdersSchema = z.object({ orders: z.array(OrderViewSchema) });

export type OrderLine = z.output<typeof OrderLineSchema>;
export type OrderView = z.output<typeof OrderViewSchema>;
export type TrackedOrder = z.output<typeof TrackedOrderSchema>;
export type AdminOrder = z.output<typeof AdminOrderSchema>;
export type WorkshopOrder = z.output<typeof WorkshopOrderSchema>;
export type OrderSummary = z.output<typeof OrderSummarySchema>;
export type OrderList = z.output<typeof OrderListSchema>;
export type PlacedOrder = z.output<typeof PlacedOrderSchema>;
export type OrdersAtAGlance = z.output<typeof OrdersAtAGlanceSchema>;
