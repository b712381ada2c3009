/**
 * Orders as shoppers place and read them (docs/product.md, Orders). An order is recorded
 * before WhatsApp opens: each line a snapshot of the item at the server's current price,
 * so what was ordered stays readable whatever becomes of the item. The reference names
 * the order in a chat; the tracking token, 256 random bits apart from it, is the only key
 * to the public view, which never shows the customer's phone, e-mail or address. A swatch
 * request's lines are the finishes asked for, at ₦0: it has no price, and no deposit.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { reviewUrlFor } from "../reviews/reviews.service";
import { and, asc, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { availabilitySummary, chosenOption } from "../../../domain/catalog/furniture";
import type { AdminOrder, OrderLine, OrderView } from "../../../domain/orders/order-answers.schema";
import { depositPercentOf } from "../../../domain/orders/order-money";
import { referenceFromBytes } from "../../../domain/orders/order-reference";
import { nextStatuses } from "../../../domain/orders/order-status";
import {
  PAYMENT_METHOD_LABELS,
  SWATCH_MESSAGES,
  type CustomerDetails,
  type OrderRequest,
} from "../../../domain/orders/orders.schema";
import { swatchLineName } from "../../../domain/orders/swatches";
import { koboToNaira, nairaToKobo, effectivePrice, pricedIn, type Priced } from "../../../domain/money";
import type { ShopSettings } from "../../../domain/settings/shop-settings.schema";
import type { ImageRef } from "../../../domain/catalog/catalog.types";
import type { ItemDetails, ItemType } from "../../../domain/shopping-lists";
import { itemUrl } from "../../../domain/whatsapp";
import { linkOrder } from "../customers/customer-links.service";
import type { Database } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { media } from "../../db/schema/media";
import { orderEvents, orderLines, orderPayments, orders } from "../../db/schema/orders";
import { paymentRequests, transferNotices } from "../../db/schema/payments";
import { mediaUrl } from "../../../domain/media";
import type { PayTo } from "../../../domain/payments/payments.schema";
import { isFinished } from "../../../domain/orders/order-status";
import { refuse, type Refusal } from "../../../domain/refusal";
import { getCart } from "../carts/carts.service";
import { getProductsByIds } from "../catalog/products.service";
import { getCollectionsByIds } from "../catalog/collections.service";
import { findItemDetails, OPTION_NOT_OFFERED } from "../carts/item-lookup.service";
import type { ListOwner } from "../carts/list-owners";
import { cartItems, carts } from "../../db/schema/shopping-lists";
import { emptyOrderedCart, recentCartOrder } from "./order-cart.service";
import { sumsOfRow } from "./order-rows";
import { currentOf } from "../quotes/quote-rows";
import { customerQuoteViews, quoteHistory, readQuoteParts } from "../quotes/quotes.service";
import { visitOf } from "./visits.service";
import { quoteLines } from "../delivery/delivery.service";
import type { OrderDelivery, StoredDelivery } from "../../../domain/delivery/delivery.schema";

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

const notFound = (itemType: ItemType) => refuse("missing", `${itemType} not found.`);

/** What a shopper asks to order of the catalogue: one item (in an option), or their cart. */
export type OrderSubject =
  | { kind: "item"; itemType: ItemType; itemId: string; quantity: number; option?: string | null | undefined }
  | { kind: "cart" };

/** Why a line whose item is in the shop stays out of the order. */
export type LeftOut = "sold" | "option";

type FoundItem = ItemDetails["products"][number] | ItemDetails["collections"][number];

/** One line asked for, its item as the shop has it now, and what the order makes of it. */
export interface PreviewedLine {
  /** The cart line's id; for an order of one item, the item's. */
  lineId: string;
  itemType: ItemType;
  itemId: string;
  quantity: number;
  item: FoundItem;
  /** The option the line names, by id, as it was asked for. */
  asked: string | null;
  /** The option the order takes, by id: the one named, or the product's first when none is. */
  optionId: string | null;
  optionName: string | null;
  /** What the shopper pays for the item in that option (its price difference added). */
  prices: Priced;
  /** The first photo of the piece in the option, else the item's first picture. */
  image: ImageRef | null;
  /** The order's line; null when the line stays out of the order. */
  snapshot: Snapshot | null;
  leftOut: LeftOut | null;
}

/**
 * What an order would hold if placed now: the order sheet and the cart page show it, and
 * placing the order records exactly its snapshots, so a page never works out on its own
 * what can be ordered or at what total.
 */
export interface OrderPreviewRow {
  /** Every line whose item is in the shop, in the cart's order: ordered or left out. */
  lines: PreviewedLine[];
  /** Cart lines whose item has gone (deleted, or back to a draft). */
  vanished: number;
  /** What placing it now would be refused with, or null. */
  refusal: Refusal | null;
}

/**
 * The lines of an order of one item, or of the cart, at the server's current prices. A
 * cart's sold, gone or no-longer-offered lines are left out; an order of one such item is
 * refused. `unknownOption: "first"` reads an option the product no longer offers as its
 * first, as the product's page does (the order sheet's link may be old); placing refuses it.
 */
export async function previewOrder(
  db: Database,
  subject: OrderSubject,
  {
    cartOwner,
    publicUrl,
    unknownOption = "refuse",
  }: { cartOwner: ListOwner | null; publicUrl: string; unknownOption?: "refuse" | "first" },
): Promise<OrderPreviewRow> {
  const wanted =
    subject.kind === "item"
      ? [
          {
            lineId: subject.itemId,
            itemType: subject.itemType,
            itemId: subject.itemId,
            quantity: subject.quantity,
            option: subject.option ?? null,
          },
        ]
      : (cartOwner ? await getCart(db, cartOwner) : []).map((line) => ({
          lineId: line._id,
          itemType: line.itemType,
          itemId: line.item,
          quantity: line.quantity,
          option: line.option,
        }));
  if (wanted.length === 0) return { lines: [], vanished: 0, refusal: refusalOf(subject, []) };

  const details = await findItemDetails(db, {
    productIds: wanted.filter((line) => line.itemType === "Product").map((line) => line.itemId),
    collectionIds: wanted.filter((line) => line.itemType === "Collection").map((line) => line.itemId),
  });
  const lines: PreviewedLine[] = [];
  let vanished = 0;
  for (const line of wanted) {
    const item: FoundItem | undefined =
      line.itemType === "Product"
        ? details.products.find((product) => product._id === line.itemId)
        : details.collections.find((collection) => collection._id === line.itemId);
    if (!item) {
      if (subject.kind === "item") return { lines: [], vanished: 0, refusal: notFound(line.itemType) };
      vanished += 1;
      continue;
    }
    const options = "options" in item ? item.options : [];
    // Named, it must be offered; not named (an order placed through the API), the first, as the page shows.
    const option =
      line.option && unknownOption === "refuse"
        ? options.find((offered) => offered._id === line.option)
        : chosenOption(options, line.option);
    const prices = pricedIn(item, option);
    const leftOut: LeftOut | null = "sold" in item && item.sold ? "sold" : line.option && !option ? "option" : null;
    // The piece in its finish, else as the product shows it: never the finish's swatch.
    const image = option?.images[0] ?? ("coverImage" in item ? item.coverImage : (item.images[0] ?? null));
    lines.push({
      lineId: line.lineId,
      itemType: line.itemType,
      itemId: line.itemId,
      quantity: line.quantity,
      item,
      asked: line.option,
      optionId: option?._id ?? null,
      optionName: option?.name ?? null,
      prices: { price: prices.price, isPromo: prices.isPromo, discountedPrice: prices.discountedPrice },
      image,
      leftOut,
      snapshot: leftOut
        ? null
        : {
            itemType: line.itemType,
            itemId: line.itemId,
            name: item.name,
            option: option?.name ?? null,
            availability: availabilitySummary(item.availability, item.readyBy),
            unitPriceKobo: nairaToKobo(effectivePrice(prices)),
            quantity: line.quantity,
            // The page opens in the finish ordered.
            url: itemUrl(publicUrl, line.itemType, line.itemId) + (option ? `?option=${option._id}` : ""),
          },
    });
  }
  return { lines, vanished, refusal: refusalOf(subject, lines) };
}

/** What placing these lines would be refused with, or null. */
function refusalOf(subject: OrderSubject, lines: PreviewedLine[]): Refusal | null {
  if (subject.kind === "item") {
    if (lines[0]?.leftOut === "sold") return refuse("conflict", "This product has been sold.");
    if (lines[0]?.leftOut === "option") return refuse("invalid", OPTION_NOT_OFFERED);
    return null;
  }
  // A cart whose every item has gone reads as empty, as the cart page shows it.
  if (lines.length === 0) return refuse("invalid", EMPTY_CART);
  return lines.some((line) => line.snapshot) ? null : refuse("conflict", NOTHING_TO_ORDER);
}

/** The order's lines of a preview, or the refusal placing it meets. */
function snapshotsOf(preview: OrderPreviewRow): Snapshot[] {
  if (preview.refusal) throw preview.refusal;
  return preview.lines.flatMap((line) => (line.snapshot ? [line.snapshot] : []));
}

/**
 * A swatch request's lines: one per finish asked for, in the order the product offers
 * them, each at ₦0 and linking to the product's page on that finish. A product not in the
 * shop, one without finishes, or a finish it does not offer is refused (400).
 */
export async function swatchLines(
  db: Database,
  { itemId, options }: { itemId: string; options: readonly string[] },
  publicUrl: string,
): Promise<Snapshot[]> {
  const [product] = await getProductsByIds(db, [itemId]);
  if (!product) throw refuse("invalid", SWATCH_MESSAGES.product, { itemId: SWATCH_MESSAGES.product });
  if (product.options.length === 0) {
    throw refuse("invalid", SWATCH_MESSAGES.noFinishes, { options: SWATCH_MESSAGES.noFinishes });
  }
  if (options.some((id) => !product.options.some((offered) => offered._id === id))) {
    throw refuse("invalid", SWATCH_MESSAGES.notOffered, { options: SWATCH_MESSAGES.notOffered });
  }
  const url = itemUrl(publicUrl, "Product", product._id);
  return product.options
    .filter((option) => options.includes(option._id))
    .map((option) => ({
      itemType: "Product",
      itemId: product._id,
      name: swatchLineName(option.name, product.name),
      option: option.name,
      unitPriceKobo: 0,
      quantity: 1,
      url: `${url}?option=${option._id}`,
      availability: "",
    }));
}

/** The lines an order records: the catalogue's at their price, a swatch request's finishes; a service request has none. */
async function snapshotLines(
  db: Database,
  request: OrderRequest,
  cartOwner: ListOwner | null,
  publicUrl: string,
): Promise<Snapshot[]> {
  if (request.kind === "service") return [];
  if (request.kind === "swatches") return swatchLines(db, request, publicUrl);
  const subject: OrderSubject =
    request.kind === "item"
      ? {
          kind: "item",
          itemType: request.itemType,
          itemId: request.itemId,
          quantity: request.quantity,
          option: request.option,
        }
      : { kind: "cart" };
  return snapshotsOf(await previewOrder(db, subject, { cartOwner, publicUrl }));
}

/**
 * The delivery an order of the catalogue asks for: what it records of the choice, and the
 * lines the shop's prices give it as its fees (the shopper saw these before ordering; the
 * owner may change them afterwards, in the quote). None for a service or swatch request.
 */
async function deliveryOf(db: Database, request: OrderRequest, lines: Snapshot[], prices: StoredDelivery) {
  if ((request.kind !== "item" && request.kind !== "cart") || !request.delivery) return null;
  const choice = request.delivery;
  const quote = await quoteLines(db, prices, choice, lines);
  const record: OrderDelivery = {
    areaId: choice.areaId,
    areaName: quote.area?.name ?? null,
    floor: choice.floor,
    lift: choice.lift,
    installation: choice.installation && quote.installationOffered,
    vehicle: quote.vehicle?.name ?? null,
    onRequest: quote.onRequest,
  };
  return { record, fees: quote.lines };
}

/** The details the order keeps: what was typed, else what the account already says. */
function customerOf(request: OrderRequest, caller: OrderCaller): CustomerDetails {
  const typed = request.customer;
  return {
    name: typed?.name ?? caller.account?.name ?? null,
    phone: typed?.phone ?? caller.account?.phoneNumber ?? null,
    area: typed?.area ?? (request.kind === "service" ? request.area : null),
    note: typed?.note ?? null,
    emailReminders: typed?.emailReminders ?? false,
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
    .update(JSON.stringify([who, request.kind, what, "delivery" in request ? (request.delivery ?? null) : null]))
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
    deliveryPrices,
  }: {
    publicUrl: string;
    settings: Pick<ShopSettings, "orderTerms" | "referencePrefix">;
    cartOwner: ListOwner | null;
    /** The shop's delivery prices: an order that says where it goes records their lines as its fees. */
    deliveryPrices: StoredDelivery;
  },
): Promise<PlacedOrderRow> {
  if (caller.account?.isAdmin) throw refuse("forbidden", ADMINS_CANNOT_ORDER);
  const repeat = await repeatOfCartOrder(db, request, caller);
  if (repeat) return repeat;
  const lines = await snapshotLines(db, request, cartOwner, publicUrl);
  const delivery = await deliveryOf(db, request, lines, deliveryPrices);
  const customer = { ...customerOf(request, caller) };
  // The area chosen from the list names where it goes, unless the shopper typed more.
  customer.area ??= delivery?.record.areaName ?? null;
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
            reference: referenceFromBytes(randomBytes(5), settings.referencePrefix),
            trackingToken: newTrackingToken(),
            kind: request.kind,
            userId: caller.account?.id ?? null,
            guestKeyHash: caller.account ? null : caller.guestKeyHash,
            customerName: customer.name,
            customerPhone: customer.phone,
            customerArea: customer.area,
            customerNote: customer.note,
            // Reminders go to the account's address: a guest gave none.
            emailReminders: Boolean(caller.account) && customer.emailReminders === true,
            fees: delivery?.fees ?? [],
            delivery: delivery?.record ?? null,
            ...(request.kind === "service"
              ? {
                  serviceName: request.service,
                  serviceBrief: request.brief,
                  serviceArea: request.area,
                  serviceBudget: request.budget,
                }
              : {}),
            // Swatches are free: no deposit is ever asked, even of a delivery fee the owner sets.
            depositPercent: request.kind === "swatches" ? 0 : Math.round(depositPercentOf(settings.orderTerms.deposit)),
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
        // The order joins its customer in the book as it is placed.
        order!.customerId = await linkOrder(tx as unknown as Database, order!.id);
        // The cart's order keeps its lines: the cart itself starts again empty.
        if (request.kind === "cart" && cartOwner) await emptyOrderedCart(tx, cartOwner);
        return { order: order!, lines, created: true };
      });
    } catch (error) {
      // 32^5 references: a clash is rare, and a new draw settles it.
      if (attempt < 5 && isReferenceTaken(error)) continue;
      throw error;
    }
  }
}

/**
 * A second tap on the cart's order finds the cart emptied by the first: when the cart is
 * empty and this caller placed a cart order moments ago, that order is the answer.
 */
async function repeatOfCartOrder(
  db: Database,
  request: OrderRequest,
  caller: OrderCaller,
): Promise<PlacedOrderRow | null> {
  if (request.kind !== "cart") return null;
  const recent = await recentCartOrder(
    db,
    {
      userId: caller.account?.id ?? null,
      guestKeyHash: caller.account || !caller.knownGuest ? null : caller.guestKeyHash,
    },
    SAME_ORDER_WINDOW_MS,
  );
  if (!recent) return null;
  // Only when the cart is empty now: a cart filled again since is a new order.
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(
      caller.account ? eq(carts.userId, caller.account.id) : eq(carts.guestKeyHash, recent.order.guestKeyHash ?? ""),
    );
  if (count > 0) return null;
  const lines = recent.lines.map((line): Snapshot => ({
    itemType: line.itemType,
    itemId: line.itemId,
    name: line.name,
    option: line.option,
    unitPriceKobo: line.unitPriceKobo,
    quantity: line.quantity,
    url: line.url,
    // Not kept with the order: the repeat's message goes without it.
    availability: "",
  }));
  return { order: recent.order, lines, created: false };
}

/** Everything an order view is made of, read in one go. */
async function readParts(db: Database, orderIds: string[]) {
  const quotes = await readQuoteParts(db, orderIds);
  if (orderIds.length === 0)
    return {
      lines: [],
      payments: [],
      events: [],
      requests: [],
      transfers: [],
      existing: new Set<string>(),
      foundProducts: [],
      foundCollections: [],
      quotes,
    };
  const [lines, payments, events, requests, transfers] = await Promise.all([
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
    db
      .select()
      .from(paymentRequests)
      .where(inArray(paymentRequests.orderId, orderIds))
      .orderBy(asc(paymentRequests.createdAt)),
    db
      .select({ notice: transferNotices, receiptWidths: media.widths })
      .from(transferNotices)
      .leftJoin(media, eq(media.id, transferNotices.receiptMediaId))
      .where(inArray(transferNotices.orderId, orderIds))
      .orderBy(asc(transferNotices.createdAt)),
  ]);
  const productIds = lines.filter((line) => line.itemType === "Product").map((line) => line.itemId);
  const collectionIds = lines.filter((line) => line.itemType === "Collection").map((line) => line.itemId);
  // Drafts too: an order's lines name what was ordered, whatever the shop shows now.
  const [foundProducts, foundCollections] = await Promise.all([
    getProductsByIds(db, [...new Set(productIds)], "admin"),
    getCollectionsByIds(db, [...new Set(collectionIds)], "admin"),
  ]);
  const existing = new Set([...foundProducts, ...foundCollections].map((row) => row._id));
  return { lines, payments, events, requests, transfers, existing, foundProducts, foundCollections, quotes };
}

/**
 * A line's picture, read from the catalogue as it is now: the piece in the finish ordered
 * (found by the name the order kept), else the product's first picture; a swatch request's
 * line shows the finish's swatch. Null once the item is gone.
 */
function lineImage(order: OrderRow, line: typeof orderLines.$inferSelect, parts: Parts): ImageRef | null {
  if (line.itemType === "Collection")
    return parts.foundCollections.find((collection) => collection._id === line.itemId)?.coverImage ?? null;
  const product = parts.foundProducts.find((found) => found._id === line.itemId);
  if (!product) return null;
  const option = line.option ? product.options.find((offered) => offered.name === line.option) : undefined;
  if (order.kind === "swatches") return option?.image ?? null;
  return option?.images[0] ?? product.images[0] ?? null;
}

type Parts = Awaited<ReturnType<typeof readParts>>;

/** A payment's receipt page, absolute. */
export const receiptUrlOf = (publicUrl: string, receiptToken: string) =>
  `${publicUrl.replace(/\/+$/, "")}/receipts/${receiptToken}`;

function viewOf(
  order: OrderRow,
  parts: Parts,
  publicUrl: string,
  audience: "public" | "admin",
  payTo: PayTo | null = null,
): OrderView {
  const lines = parts.lines.filter((line) => line.orderId === order.id);
  const payments = parts.payments.filter((payment) => payment.orderId === order.id);
  const quoteRow = currentOf(parts.quotes.versions.filter((version) => version.orderId === order.id));
  const sums = sumsOfRow(order, lines, payments, quoteRow);
  const { quote, approved: approvedQuote } = customerQuoteViews(order.id, parts.quotes);
  // The amounts stand on the version the order stands on: approved before, or the latest.
  const standing = approvedQuote ?? quote;
  const owes = order.status !== "new" && !isFinished(order.status) && sums.balanceKobo > 0;
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
    visit: visitOf(order),
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
      image: lineImage(order, line, parts),
    })),
    delivery: order.delivery && {
      area: order.delivery.areaName,
      floor: order.delivery.floor,
      lift: order.delivery.lift,
      installation: order.delivery.installation,
      vehicle: order.delivery.vehicle,
      onRequest: order.delivery.onRequest,
    },
    subtotal: koboToNaira(sums.subtotalKobo),
    fees: standing
      ? standing.fees
      : order.fees.map((fee) => ({ label: fee.label, amount: koboToNaira(fee.amountKobo) })),
    discount: standing ? standing.discount : koboToNaira(order.discountKobo),
    total: koboToNaira(sums.totalKobo),
    // The customer is asked for a deposit only once there is a quote to ask it for.
    depositDue: quote !== null || audience === "admin" ? koboToNaira(sums.depositDueKobo) : null,
    quote,
    approvedQuote,
    paid: koboToNaira(sums.paidKobo),
    writtenOff: koboToNaira(sums.writtenOffKobo),
    balance: koboToNaira(sums.balanceKobo),
    payTo: owes ? payTo : null,
    payments: payments.map((payment) => ({
      amount: koboToNaira(payment.amountKobo),
      method: PAYMENT_METHOD_LABELS[payment.method],
      paidOn: payment.paidOn,
      reference: payment.providerReference,
      receiptUrl: receiptUrlOf(publicUrl, payment.receiptToken),
    })),
    requests: parts.requests
      .filter((request) => request.orderId === order.id)
      .filter((request) => request.status !== "cancelled" || request.provider !== null)
      .map((request) => ({
        reference: request.reference,
        kind: request.kind,
        amount: koboToNaira(request.amountKobo),
        status: request.status,
        provider: request.provider,
        note: request.note,
        createdAt: request.createdAt.toISOString(),
      })),
    transfers: parts.transfers
      .filter(({ notice }) => notice.orderId === order.id)
      .map(({ notice, receiptWidths }) => ({
        _id: notice.id,
        amount: koboToNaira(notice.amountKobo),
        status: notice.status,
        note: notice.note,
        reason: notice.reason,
        receiptImage:
          audience === "admin" && notice.receiptMediaId && receiptWidths?.length
            ? mediaUrl(notice.receiptMediaId, Math.max(...receiptWidths), "webp")
            : null,
        createdAt: notice.createdAt.toISOString(),
      })),
    expectedReadyDate: order.expectedReadyDate,
    events,
    createdAt: order.createdAt.toISOString(),
    trackingUrl: trackingUrlOf(publicUrl, order.trackingToken),
    reviewUrl: reviewUrlFor(order, publicUrl),
  };
}

/** Orders as their customer reads them (tracking link, profile), in the order given. */
/** The customer's view; `payTo` (where to pay) is shown on orders that owe money once there is a quote. */
export async function publicViews(
  db: Database,
  rows: OrderRow[],
  publicUrl: string,
  payTo: PayTo | null = null,
): Promise<OrderView[]> {
  const parts = await readParts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => viewOf(row, parts, publicUrl, "public", payTo));
}

/** The owner's view of one order. */
export async function adminView(db: Database, order: OrderRow, publicUrl: string): Promise<AdminOrder> {
  const parts = await readParts(db, [order.id]);
  const view = viewOf(order, parts, publicUrl, "admin");
  // One after the other: inside the door's transaction these share one connection.
  const [account] = order.userId
    ? await db.select({ email: users.email }).from(users).where(eq(users.id, order.userId)).limit(1)
    : [];
  const [assignee] = order.assigneeId
    ? await db
        .select({
          _id: users.id,
          name: users.username,
          // A suspended member answers no one: their customers write to the shop again.
          whatsappNumber: sql<
            string | null
          >`case when ${users.staffStatus} = 'active' then ${users.whatsappNumber} end`,
        })
        .from(users)
        .where(eq(users.id, order.assigneeId))
        .limit(1)
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
      reference: payment.providerReference,
      receiptUrl: receiptUrlOf(publicUrl, payment.receiptToken),
      fee: payment.feeKobo === null ? null : koboToNaira(payment.feeKobo),
      net: payment.feeKobo === null ? null : koboToNaira(payment.amountKobo - payment.feeKobo),
      recordedBy: payment.recordedBy,
    })),
    requests: parts.requests.map((request) => ({
      _id: request.id,
      reference: request.reference,
      kind: request.kind,
      amount: koboToNaira(request.amountKobo),
      status: request.status,
      provider: request.provider,
      note: request.note,
      createdAt: request.createdAt.toISOString(),
      held:
        request.heldAmountKobo !== null && request.heldCurrency && request.heldReason
          ? { amount: koboToNaira(request.heldAmountKobo), currency: request.heldCurrency, reason: request.heldReason }
          : null,
      resolution: request.resolution,
      testMode: request.testMode,
    })),
    depositDue: view.depositDue ?? 0,
    quotes: quoteHistory(order.id, parts.quotes),
    needsRevision: order.needsRevision,
    depositSet: order.depositDueKobo === null ? null : koboToNaira(order.depositDueKobo),
    depositPercent: order.depositPercent,
    trackingToken: order.trackingToken,
    nextStatuses: nextStatuses(order.status, order.kind),
    assignee: assignee ?? null,
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
