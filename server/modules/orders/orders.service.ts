/**
 * Orders as shoppers place and read them (docs/product.md, Orders). An order is recorded
 * before WhatsApp opens: each line a snapshot of the item at the server's current price,
 * so what was ordered stays readable whatever becomes of the item. The reference names
 * the order in a chat; the tracking token, 256 random bits apart from it, is the only key
 * to the public view, which never shows the customer's phone, e-mail or address.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { availabilitySummary, chosenOption } from "../../../domain/catalog/furniture";
import type { AdminOrder, OrderLine, OrderView } from "../../../domain/orders/order-answers.schema";
import { depositPercentOf } from "../../../domain/orders/order-money";
import { referenceFromBytes } from "../../../domain/orders/order-reference";
import { nextStatuses } from "../../../domain/orders/order-status";
import type { CustomerDetails, OrderRequest } from "../../../domain/orders/orders.schema";
import { koboToNaira, nairaToKobo, effectivePrice } from "../../../domain/money";
import type { ShopSettings } from "../../../domain/settings/shop-settings.schema";
import type { ItemType } from "../../../domain/shopping-lists";
import { itemUrl } from "../../../domain/whatsapp";
import type { Database } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { collections, products } from "../../db/schema/catalog";
import { orderEvents, orderLines, orderPayments, orders } from "../../db/schema/orders";
import { HttpError } from "../../plugins/errors";
import { getCart } from "../carts/carts.service";
import { findItemDetails, OPTION_NOT_OFFERED } from "../carts/item-lookup.service";
import type { ListOwner } from "../carts/list-owners";
import { sumsOfRow } from "./order-rows";

export const ADMINS_CANNOT_ORDER = "Administrators cannot place orders.";
export const EMPTY_CART = "Your cart is empty.";
export const NOTHING_TO_ORDER = "Nothing in your cart can be ordered: its items have sold.";

/** A second identical order from the same visitor within this time is the same order (a double tap). */
const SAME_ORDER_WINDOW_MS = 2 * 60 * 1000;

/** Who is ordering: an account, or a guest known by their device's key. */
export interface OrderCaller {
  account: { id: string; isAdmin: boolean; name: string; phoneNumber: string | null } | null;
  guestKeyHash: string | null;
  /** Whether the guest's key came with the request (else it is new with this order). */
  knownGuest: boolean;
}

type OrderRow = typeof orders.$inferSelect;
type Snapshot = {
  itemType: ItemType;
  itemId: string;
  name: string;
  /** The option's name (finish or fabric), kept whatever the product offers later. */
  option: string | null;
  unitPriceKobo: number;
  quantity: number;
  url: string;
  /** "Made to order in 6–8 weeks, ready by about 20 Jan 2027", for the message only. */
  availability: string;
};

export const newTrackingToken = () => randomBytes(32).toString("base64url");
export const trackingUrlOf = (publicUrl: string, token: string) => `${publicUrl.replace(/\/+$/, "")}/orders/t/${token}`;

/** A tracking token is 43 base64url characters; anything else names no order. */
export const isTrackingToken = (token: string) => /^[\w-]{43}$/.test(token);

const notFound = (itemType: ItemType) => new HttpError(404, `${itemType} not found.`);

/** The lines of an order of one item, or of the cart, at the server's current prices. */
async function snapshotLines(
  db: Database,
  request: OrderRequest,
  cartOwner: ListOwner | null,
  publicUrl: string,
): Promise<Snapshot[]> {
  if (request.kind === "service") return [];
  const wanted =
    request.kind === "item"
      ? [{ itemType: request.itemType, itemId: request.itemId, quantity: request.quantity, option: request.option }]
      : (cartOwner ? await getCart(db, cartOwner) : []).map((line) => ({
          itemType: line.itemType,
          itemId: line.item,
          quantity: line.quantity,
          option: line.option,
        }));
  if (request.kind === "cart" && wanted.length === 0) throw new HttpError(400, EMPTY_CART);

  const details = await findItemDetails(db, {
    productIds: wanted.filter((line) => line.itemType === "Product").map((line) => line.itemId),
    collectionIds: wanted.filter((line) => line.itemType === "Collection").map((line) => line.itemId),
  });
  const snapshots: Snapshot[] = [];
  for (const line of wanted) {
    const item =
      line.itemType === "Product"
        ? details.products.find((product) => product._id === line.itemId)
        : details.collections.find((collection) => collection._id === line.itemId);
    if (!item) {
      // A cart line whose item went meanwhile is left out, as the cart page leaves it out.
      if (request.kind === "item") throw notFound(line.itemType);
      continue;
    }
    if ("sold" in item && item.sold) {
      if (request.kind === "item") throw new HttpError(409, "This product has been sold.");
      continue;
    }
    const options = "options" in item ? item.options : [];
    // Named, it must be offered; not named (an order placed through the API), the first, as the page shows.
    const option = line.option ? options.find((offered) => offered._id === line.option) : chosenOption(options, null);
    if (line.option && !option) {
      if (request.kind === "item") throw new HttpError(400, OPTION_NOT_OFFERED);
      continue;
    }
    snapshots.push({
      itemType: line.itemType,
      itemId: line.itemId,
      name: item.name,
      option: option?.name ?? null,
      availability: availabilitySummary(item.availability, item.readyBy),
      unitPriceKobo: nairaToKobo(effectivePrice(item)),
      quantity: line.quantity,
      url: itemUrl(publicUrl, line.itemType, line.itemId),
    });
  }
  if (snapshots.length === 0) throw new HttpError(409, NOTHING_TO_ORDER);
  return snapshots;
}

/** The details the order keeps: what was typed, else what the account already says. */
function customerOf(request: OrderRequest, caller: OrderCaller): CustomerDetails {
  const typed = request.customer;
  return {
    name: typed?.name ?? caller.account?.name ?? null,
    phone: typed?.phone ?? caller.account?.phoneNumber ?? null,
    area: typed?.area ?? (request.kind === "service" ? request.area : null),
    note: typed?.note ?? null,
  };
}

function fingerprintOf(request: OrderRequest, caller: OrderCaller, lines: Snapshot[]): string {
  // A guest's first order comes with no device key (each of two taps would get a new one):
  // only the form's submission key tells a repeat from another order. Without one, every
  // such order is new: two guests behind one carrier address must never share an order.
  const who = caller.account
    ? `user:${caller.account.id}`
    : caller.guestKeyHash && caller.knownGuest
      ? `guest:${caller.guestKeyHash}`
      : request.submissionKey
        ? `submission:${request.submissionKey}`
        : `once:${randomUUID()}`;
  const what =
    request.kind === "service"
      ? [request.service, request.brief, request.area, request.budget]
      : lines.map((line) => [line.itemType, line.itemId, line.option, line.quantity, line.unitPriceKobo]);
  return createHash("sha256")
    .update(JSON.stringify([who, request.kind, what]))
    .digest("hex");
}

const UNIQUE_VIOLATION = "23505";
const isReferenceTaken = (error: unknown) => {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === UNIQUE_VIOLATION && constraint === "orders_reference_key") return true;
  }
  return false;
};

export interface PlacedOrderRow {
  order: OrderRow;
  lines: Snapshot[];
  /** False when this was a repeat of an order just placed (a double tap): nothing new was recorded. */
  created: boolean;
}

/**
 * Records the order. Admins cannot order; a sold or unknown item, or a cart with nothing
 * to order, is refused. The same order submitted twice within two minutes by the same
 * visitor is recorded once: the second gets the first.
 */
export async function placeOrder(
  db: Database,
  request: OrderRequest,
  caller: OrderCaller,
  {
    publicUrl,
    settings,
    cartOwner,
  }: { publicUrl: string; settings: Pick<ShopSettings, "orderTerms">; cartOwner: ListOwner | null },
): Promise<PlacedOrderRow> {
  if (caller.account?.isAdmin) throw new HttpError(403, ADMINS_CANNOT_ORDER);
  const lines = await snapshotLines(db, request, cartOwner, publicUrl);
  const customer = customerOf(request, caller);
  const fingerprint = fingerprintOf(request, caller, lines);

  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        // Two taps at once: the second waits here, then finds the first.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${fingerprint}, 0))`);
        const [same] = await tx
          .select()
          .from(orders)
          .where(
            and(
              eq(orders.fingerprint, fingerprint),
              eq(orders.status, "new"),
              gt(orders.createdAt, new Date(Date.now() - SAME_ORDER_WINDOW_MS)),
            ),
          )
          .orderBy(desc(orders.createdAt))
          .limit(1);
        if (same) return { order: same, lines, created: false };

        const [order] = await tx
          .insert(orders)
          .values({
            reference: referenceFromBytes(randomBytes(5)),
            trackingToken: newTrackingToken(),
            kind: request.kind,
            userId: caller.account?.id ?? null,
            guestKeyHash: caller.account ? null : caller.guestKeyHash,
            customerName: customer.name,
            customerPhone: customer.phone,
            customerArea: customer.area,
            customerNote: customer.note,
            ...(request.kind === "service"
              ? {
                  serviceName: request.service,
                  serviceBrief: request.brief,
                  serviceArea: request.area,
                  serviceBudget: request.budget,
                }
              : {}),
            depositPercent: Math.round(depositPercentOf(settings.orderTerms.deposit)),
            fingerprint,
          })
          .returning();
        if (lines.length) {
          await tx.insert(orderLines).values(
            lines.map((line, position) => ({
              orderId: order!.id,
              position,
              itemType: line.itemType,
              itemId: line.itemId,
              name: line.name,
              option: line.option,
              unitPriceKobo: line.unitPriceKobo,
              quantity: line.quantity,
              url: line.url,
            })),
          );
        }
        await tx.insert(orderEvents).values({ orderId: order!.id, status: "new", by: null });
        return { order: order!, lines, created: true };
      });
    } catch (error) {
      // 32^5 references: a clash is rare, and a new draw settles it.
      if (attempt < 5 && isReferenceTaken(error)) continue;
      throw error;
    }
  }
}

/** Everything an order view is made of, read in one go. */
async function readParts(db: Database, orderIds: string[]) {
  if (orderIds.length === 0) return { lines: [], payments: [], events: [], existing: new Set<string>() };
  const [lines, payments, events] = await Promise.all([
    db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(asc(orderLines.position)),
    db
      .select()
      .from(orderPayments)
      .where(inArray(orderPayments.orderId, orderIds))
      .orderBy(asc(orderPayments.paidOn), asc(orderPayments.createdAt)),
    db
      .select()
      .from(orderEvents)
      .where(inArray(orderEvents.orderId, orderIds))
      .orderBy(asc(orderEvents.at), asc(orderEvents.id)),
  ]);
  const productIds = lines.filter((line) => line.itemType === "Product").map((line) => line.itemId);
  const collectionIds = lines.filter((line) => line.itemType === "Collection").map((line) => line.itemId);
  const [foundProducts, foundCollections] = await Promise.all([
    productIds.length ? db.select({ id: products.id }).from(products).where(inArray(products.id, productIds)) : [],
    collectionIds.length
      ? db.select({ id: collections.id }).from(collections).where(inArray(collections.id, collectionIds))
      : [],
  ]);
  const existing = new Set([...foundProducts, ...foundCollections].map((row) => row.id));
  return { lines, payments, events, existing };
}

type Parts = Awaited<ReturnType<typeof readParts>>;

function viewOf(order: OrderRow, parts: Parts, publicUrl: string, audience: "public" | "admin"): OrderView {
  const lines = parts.lines.filter((line) => line.orderId === order.id);
  const payments = parts.payments.filter((payment) => payment.orderId === order.id);
  const sums = sumsOfRow(order, lines, payments);
  const events = parts.events
    .filter((event) => event.orderId === order.id)
    .filter((event) => audience === "admin" || event.status !== null)
    .map((event) => ({
      at: event.at.toISOString(),
      status: event.status,
      note: audience === "admin" ? event.note : null,
      by: audience === "admin" ? event.by : null,
    }));
  return {
    _id: order.id,
    reference: order.reference,
    kind: order.kind,
    status: order.status,
    service:
      order.kind === "service"
        ? {
            name: order.serviceName ?? "",
            brief: order.serviceBrief ?? "",
            area: order.serviceArea,
            budget: order.serviceBudget,
          }
        : null,
    lines: lines.map((line): OrderLine => ({
      _id: line.id,
      itemType: line.itemType,
      item: line.itemId,
      name: line.name,
      option: line.option,
      unitPrice: koboToNaira(line.unitPriceKobo),
      quantity: line.quantity,
      url: line.url,
      inCatalogue: parts.existing.has(line.itemId),
    })),
    subtotal: koboToNaira(sums.subtotalKobo),
    fees: order.fees.map((fee) => ({ label: fee.label, amount: koboToNaira(fee.amountKobo) })),
    discount: koboToNaira(order.discountKobo),
    total: koboToNaira(sums.totalKobo),
    depositDue: koboToNaira(sums.depositDueKobo),
    paid: koboToNaira(sums.paidKobo),
    balance: koboToNaira(sums.balanceKobo),
    expectedReadyDate: order.expectedReadyDate,
    events,
    createdAt: order.createdAt.toISOString(),
    trackingUrl: trackingUrlOf(publicUrl, order.trackingToken),
  };
}

/** Orders as their customer reads them (tracking link, profile), in the order given. */
export async function publicViews(db: Database, rows: OrderRow[], publicUrl: string): Promise<OrderView[]> {
  const parts = await readParts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => viewOf(row, parts, publicUrl, "public"));
}

/** The owner's view of one order. */
export async function adminView(db: Database, order: OrderRow, publicUrl: string): Promise<AdminOrder> {
  const parts = await readParts(db, [order.id]);
  const view = viewOf(order, parts, publicUrl, "admin");
  const [account] = order.userId
    ? await db.select({ email: users.email }).from(users).where(eq(users.id, order.userId)).limit(1)
    : [];
  return {
    ...view,
    customer: {
      name: order.customerName,
      phone: order.customerPhone,
      area: order.customerArea,
      note: order.customerNote,
      email: account?.email ?? null,
    },
    payments: parts.payments.map((payment) => ({
      _id: payment.id,
      amount: koboToNaira(payment.amountKobo),
      method: payment.method,
      paidOn: payment.paidOn,
      note: payment.note,
    })),
    depositSet: order.depositDueKobo === null ? null : koboToNaira(order.depositDueKobo),
    depositPercent: order.depositPercent,
    trackingToken: order.trackingToken,
    nextStatuses: nextStatuses(order.status),
  };
}

/** The order behind a tracking link, or null (an unknown token is a plain 404). */
export async function findOrderByToken(db: Database, token: string): Promise<OrderRow | null> {
  if (!isTrackingToken(token)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.trackingToken, token)).limit(1);
  return order ?? null;
}

/** A signed-in customer's orders, newest first. */
export async function findCustomerOrders(db: Database, userId: string, limit = 100): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)).limit(limit);
}

/** What the order sheet starts from for a guest: the details of the last order placed on this device. */
export async function lastGuestDetails(db: Database, guestKeyHash: string): Promise<CustomerDetails | null> {
  const [last] = await db
    .select({
      name: orders.customerName,
      phone: orders.customerPhone,
      area: orders.customerArea,
    })
    .from(orders)
    .where(and(eq(orders.guestKeyHash, guestKeyHash), isNull(orders.userId)))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return last ? { ...last, note: null } : null;
}

/** Whether this guest key has orders behind it (it was issued by an order). */
export async function guestKeyHasOrders(db: Database, guestKeyHash: string): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.guestKeyHash, guestKeyHash)).limit(1);
  return !!row;
}

/** The orders a guest placed on this device become the account's as they sign in or up. */
export async function claimGuestOrders(db: Database, guestKeyHash: string, userId: string): Promise<number> {
  const claimed = await db
    .update(orders)
    .set({ userId, guestKeyHash: null })
    .where(and(eq(orders.guestKeyHash, guestKeyHash), isNull(orders.userId)))
    .returning({ id: orders.id });
  return claimed.length;
}
