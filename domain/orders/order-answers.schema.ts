/**
 * Orders as the API answers them (docs/product.md, Orders), amounts in naira. The public
 * view (tracking link, the customer's own list) never holds the customer's phone, e-mail
 * or address; the owner's view adds the customer, the payments and the tracking link.
 */
import { z } from "zod";
import { ITEM_TYPES } from "../shopping-lists";
import { ORDER_STATUSES } from "./order-status";
import { ORDER_KINDS, PAYMENT_METHODS } from "./orders.schema";

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
  lines: z.array(OrderLineSchema),
  subtotal: z.number(),
  fees: z.array(z.object({ label: z.string(), amount: z.number() })),
  discount: z.number(),
  total: z.number(),
  depositDue: z.number(),
  paid: z.number(),
  balance: z.number(),
  /** "2026-12-01", or null until the owner sets it. */
  expectedReadyDate: z.string().nullable(),
  /** On the public view, the status changes only; the owner's notes are theirs. */
  events: z.array(OrderEventSchema),
  createdAt: z.string(),
  /** The tracking page's absolute address. */
  trackingUrl: z.string(),
});

export const PaymentSchema = z.object({
  _id: z.string(),
  amount: z.number(),
  method: z.enum(PAYMENT_METHODS),
  paidOn: z.string(),
  note: z.string().nullable(),
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
  payments: z.array(PaymentSchema),
  /** The deposit the owner set, or null while the order terms' share (`depositPercent`) applies. */
  depositSet: z.number().nullable(),
  depositPercent: z.number(),
  trackingToken: z.string(),
  /** The statuses the order may move to now. */
  nextStatuses: z.array(z.enum(ORDER_STATUSES)),
});

/** A row of the owner's list. */
export const OrderSummarySchema = z.object({
  _id: z.string(),
  reference: z.string(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  customerName: z.string().nullable(),
  customerPhone: z.string().nullable(),
  /** "Oak Dining Table and 2 more", or the service asked for. */
  summary: z.string(),
  total: z.number(),
  balance: z.number(),
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
  /** On open orders past their quote: deposits due but not yet paid, and what is left to pay in all. */
  depositsOutstanding: z.number(),
  balancesOutstanding: z.number(),
  /** Orders placed each day of the last 30 (Lagos days), oldest first, today last. */
  perDay: z.array(z.object({ day: z.string(), count: z.number() })),
});

/** POST /api/orders */
export const PlacedOrderSchema = z.object({
  order: OrderViewSchema,
  /** WhatsApp with the order's message, to the shop's number (or its services number). */
  whatsappUrl: z.string(),
  trackingUrl: z.string(),
});

/** GET /api/orders: the signed-in customer's orders, newest first. */
export const MyOrdersSchema = z.object({ orders: z.array(OrderViewSchema) });

export type OrderLine = z.output<typeof OrderLineSchema>;
export type OrderView = z.output<typeof OrderViewSchema>;
export type AdminOrder = z.output<typeof AdminOrderSchema>;
export type OrderSummary = z.output<typeof OrderSummarySchema>;
export type OrderList = z.output<typeof OrderListSchema>;
export type PlacedOrder = z.output<typeof PlacedOrderSchema>;
export type OrdersAtAGlance = z.output<typeof OrdersAtAGlanceSchema>;
