/**
 * Orders bound to one request and its reply: the shopper's (place, track, their own) and
 * the owner's desk. The API routes (orders.routes.ts, order-desk.routes.ts) and the pages'
 * loaders and actions make the same calls, under one count of the per-address limit.
 *
 * After a change: the admin panel's open pages hear "orders:changed" (the live badge and
 * lists); a new order is e-mailed to the shop, and a status change to a customer with an
 * e-mail address.
 */
import { stopReminders } from "../today/email-reminders.service";
import type { FastifyReply, FastifyRequest } from "fastify";
import { lagosToday } from "../../../domain/catalog/furniture";
import { ORDERS_CHANGED_EVENT } from "../../../domain/orders/order-events";
import { PRODUCTION_STEPS } from "../../../domain/orders/order-status";
import {
  deliveryMessageLines,
  serviceRequestMessage,
  swatchRequestMessage,
  withOrderReference,
} from "../../../domain/orders/order-messages";
import type { OrderDeskActions, OrderActions } from "../../../domain/orders/orders.actions";
import {
  OrderListQuerySchema,
  OrderRequestSchema,
  OrderUpdateSchema,
  PaymentInputSchema,
  SWATCH_MESSAGES,
} from "../../../domain/orders/orders.schema";
import { swatchParts } from "../../../domain/orders/swatches";
import { cartOrderMessage, itemOrderMessage, itemPath, whatsappLink } from "../../../domain/whatsapp";
import type { ActionDeps } from "../../load-context";
import { ADMINS_ROOM, guestRoom, userRoom } from "../../plugins/realtime";
import { limitPerAddress, ORDER_RATE_LIMIT, sharedLimiter } from "../../plugins/rate-limits";
import { requireStaff, requireUser } from "../../plugins/session";
import type { AdminOrder } from "../../../domain/orders/order-answers.schema";
import type { OrderUpdate } from "../../../domain/orders/orders.schema";
import { refuse, type Refusal } from "../../../domain/refusal";
import type { OrderPreview, OrderPreviewLine } from "../../../domain/orders/order-preview";
import { koboToNaira, nairaToKobo } from "../../../domain/money";
import { cartCount } from "../../../domain/shopping-lists";
import { allows, neededFor } from "../../../domain/staff/permissions";
import type { Database } from "../../db/client";
import { changesBetween, journaled, type Actor, type JournalNote, writePartsOf } from "../../door";
import { readBody } from "../catalog/admin-writes";
import { ADMINS_HAVE_NO_LISTS, resolveListOwner } from "../carts/carts.service";
import { CONSENT_COOKIE } from "../../../domain/cookie-consent";
import {
  GUEST_COOKIE,
  guestCookieMaxAge,
  guestKeyHash,
  isGuestKey,
  isIssuedGuestKey,
  newGuestKey,
  type ListOwner,
} from "../carts/list-owners";
import { restoreOrderToCart } from "./order-cart.service";
import { rememberedChoice } from "../delivery/delivery.actions";
import { cachedDeliveryPrices, quoteAnswer, quoteLines } from "../delivery/delivery.service";
import { bookVisit, proposeVisit } from "./visits.service";
import { VisitBookingSchema, VisitProposalSchema } from "../../../domain/orders/visits.schema";
import { addPayment, deletePayment, findOrder, listOrders, updateOrder } from "./order-desk.service";
import { moneyOrderFor, orderFor, sheetFor, summaryFor } from "./order-readers";
import { orderWhatsappNumber, shopNumberFor } from "./order-contact.service";
import { newOrderEmail, sendInBackground, statusEmail } from "./order-mail";
import {
  ADMINS_CANNOT_ORDER,
  adminView,
  findCustomerOrders,
  findOrderByToken,
  lastGuestDetails,
  placeOrder,
  previewOrder,
  publicViews,
  type OrderPreviewRow,
  type PlacedOrderRow,
} from "./orders.service";
import { users } from "../../db/schema/accounts";
import { payToOf } from "../payments/payment-settings.service";
import { eq } from "drizzle-orm";
import { depositPercentOf } from "../../../domain/orders/order-money";
import {
  QUOTE_MESSAGES,
  QuoteApprovalSchema,
  QuoteChangesSchema,
  QuoteInputSchema,
  QuoteValiditySchema,
} from "../../../domain/quotes/quotes.schema";
import type { orders } from "../../db/schema/orders";
import { saveImageInputs, tooManyPixels, withNewImages } from "../media/image-uploads.service";
import { approveQuote, askForChanges, sendQuote, setQuoteValidity, workshopSheet } from "../quotes/quotes.service";

type OrderRow = typeof orders.$inferSelect;

export type OrderDeps = Pick<
  ActionDeps,
  "app" | "db" | "mailer" | "shop" | "settings" | "cache" | "storage" | "payments"
>;

/** The live-connection room of a cart's owner: their account's, or their guest key's. */
const ownerRoom = (owner: ListOwner) => ("userId" in owner ? userRoom(owner.userId) : guestRoom(owner.guestKeyHash));

/** The order limit, made once per app: the route runs it on request, so what its schema refuses counts too. */
export const orderLimit = (app: OrderDeps["app"]) =>
  sharedLimiter(app, "orders", () => limitPerAddress(app, ORDER_RATE_LIMIT));

/** The WhatsApp message of a placed order: the shop's usual order message, plus the reference and tracking link. */
function messageOf({ order, lines }: PlacedOrderRow, trackingUrl: string): string {
  const priced = (line: PlacedOrderRow["lines"][number]) => ({
    name: line.name,
    price: line.unitPriceKobo / 100,
    isPromo: false,
    discountedPrice: null,
  });
  const message =
    order.kind === "service"
      ? serviceRequestMessage({
          service: order.serviceName ?? "",
          brief: order.serviceBrief ?? "",
          area: order.serviceArea,
          budget: order.serviceBudget,
        })
      : order.kind === "swatches"
        ? swatchMessageOf(lines)
        : order.kind === "item"
          ? itemOrderMessage({ ...lines[0]!, item: priced(lines[0]!) })
          : cartOrderMessage(lines.map((line) => ({ ...line, item: priced(line) })));
  const itemsKobo = lines.reduce((sum, line) => sum + line.unitPriceKobo * line.quantity, 0);
  const delivery = deliveryMessageLines(order.delivery, order.fees, itemsKobo);
  return withOrderReference([message, ...delivery].join("\n"), order.reference, trackingUrl, {
    name: order.customerName,
    // A service request's message names its area already.
    area: order.kind === "service" && order.customerArea === order.serviceArea ? null : order.customerArea,
    note: order.customerNote,
  });
}

/** A swatch request's message from its lines: the product, its finishes and its page (on none of them). */
function swatchMessageOf(lines: PlacedOrderRow["lines"]): string {
  const first = lines[0]!;
  return swatchRequestMessage({
    product: swatchParts(first).product,
    finishes: lines.map((line) => swatchParts(line).finish),
    url: first.url.split("?")[0]!,
  });
}

/** A preview that stops at a refusal: nothing to show but why. */
const refusedPreview = (refusal: Refusal): OrderPreview => ({
  lines: [],
  count: 0,
  total: 0,
  delivery: null,
  grandTotal: 0,
  left: 0,
  vanished: 0,
  refusal: { status: refusal.statusCode, message: refusal.message },
});

/** The preview as the pages read it, in naira. */
function previewAnswer(row: OrderPreviewRow): OrderPreview {
  const ordered = row.lines.flatMap((line) => (line.snapshot ? [line.snapshot] : []));
  const lines = row.lines.map((line): OrderPreviewLine => ({
    _id: line.lineId,
    itemType: line.itemType,
    item: line.itemId,
    option: line.asked,
    orderOption: line.optionId,
    quantity: line.quantity,
    details: {
      name: line.item.name,
      ...line.prices,
      image: line.image,
      sold: line.leftOut === "sold",
      optionName: line.optionName,
    },
    unitPrice: line.snapshot && koboToNaira(line.snapshot.unitPriceKobo),
    leftOut: line.leftOut,
    path: itemPath(line.itemType, line.itemId) + (line.optionId ? `?option=${line.optionId}` : ""),
  }));
  return {
    lines,
    count: cartCount(ordered),
    total: koboToNaira(ordered.reduce((sum, line) => sum + line.unitPriceKobo * line.quantity, 0)),
    delivery: null,
    grandTotal: koboToNaira(ordered.reduce((sum, line) => sum + line.unitPriceKobo * line.quantity, 0)),
    left: row.lines.length - ordered.length,
    vanished: row.vanished,
    refusal: row.refusal && { status: row.refusal.statusCode, message: row.refusal.message },
  };
}

/** Whose cart an order of the cart reads: the account's, or the guest's by their key. */
async function cartOwnerOf(db: Database, request: FastifyRequest, viewer: { _id: string; isAdmin: boolean } | null) {
  const account = viewer && { id: viewer._id, isAdmin: viewer.isAdmin };
  return (await resolveListOwner(db, { account, guestKey: request.cookies[GUEST_COOKIE] }, "read")).owner;
}

export function createOrderActions({ app, db, mailer, shop, settings, payments, cache, storage }: OrderDeps) {
  const limit = orderLimit(app);
  const parts = writePartsOf({ app, db, cache, storage });

  /** The customer's view after their answer to a quote; the admin panel and their other pages hear of it. */
  async function afterCustomer(order: OrderRow) {
    app.realtime.emit(ADMINS_ROOM, ORDERS_CHANGED_EVENT);
    if (order.guestKeyHash) app.realtime.emit(guestRoom(order.guestKeyHash), ORDERS_CHANGED_EVENT);
    if (order.userId) app.realtime.emit(userRoom(order.userId), ORDERS_CHANGED_EVENT);
    const [view] = await publicViews(db, [order], (await shop()).publicUrl, await payToOf(db, payments.box));
    return view!;
  }

  return (request: FastifyRequest, reply: FastifyReply): OrderActions => ({
    async preview(subject) {
      const viewer = (await request.signedIn())?.viewer ?? null;
      if (viewer?.isAdmin) return refusedPreview(refuse("forbidden", ADMINS_CANNOT_ORDER));
      const { publicUrl } = await shop();
      const row = await previewOrder(
        db,
        subject.kind === "item" ? { ...subject, quantity: 1 } : subject,
        // The sheet's link may name an option the product has stopped offering: it shows, and sends, the first.
        {
          cartOwner: subject.kind === "cart" ? await cartOwnerOf(db, request, viewer) : null,
          publicUrl,
          unknownOption: "first",
        },
      );
      const answer = previewAnswer(row);
      const choice = answer.refusal ? null : await rememberedChoice(db, request);
      if (!choice) return answer;
      const ordered = row.lines.flatMap((line) => (line.snapshot ? [line.snapshot] : []));
      const delivery = quoteAnswer(await quoteLines(db, await cachedDeliveryPrices(db, cache), choice, ordered));
      return {
        ...answer,
        delivery,
        grandTotal: koboToNaira(nairaToKobo(answer.total) + nairaToKobo(delivery.total)),
      };
    },

    async place(body) {
      await limit(request, reply);
      const orderRequest = readBody(OrderRequestSchema, body);
      const signedIn = await request.signedIn();
      const viewer = signedIn?.viewer ?? null;
      const cookieKey = request.cookies[GUEST_COOKIE];
      const issuedKey =
        !viewer && isGuestKey(cookieKey) && (await isIssuedGuestKey(db, guestKeyHash(cookieKey))) ? cookieKey : null;
      // A guest without a key gets one: their orders then join their account when they sign in.
      const guestKey = viewer ? null : (issuedKey ?? newGuestKey());
      const cartOwner = orderRequest.kind === "cart" ? await cartOwnerOf(db, request, viewer) : null;
      const current = await settings.cached();
      const details = await shop();
      const { publicUrl } = details;
      const placed = await placeOrder(
        db,
        orderRequest,
        {
          account: viewer && {
            id: viewer._id,
            isAdmin: viewer.isAdmin,
            name: viewer.username,
            phoneNumber: viewer.phoneNumber,
          },
          guestKeyHash: guestKey ? guestKeyHash(guestKey) : null,
          knownGuest: issuedKey !== null,
        },
        { publicUrl, settings: current, cartOwner, deliveryPrices: await cachedDeliveryPrices(db, cache) },
      );
      // A repeat of an order just placed (a double tap) keeps the key the first tap set, under which that order is.
      if (guestKey && guestKey !== issuedKey && placed.created) {
        reply.setPrivateCookie(GUEST_COOKIE, guestKey, guestCookieMaxAge(request.cookies[CONSENT_COOKIE]));
      }
      const admin = await adminView(db, placed.order, publicUrl);
      if (placed.created) {
        app.realtime.emit(ADMINS_ROOM, ORDERS_CHANGED_EVENT);
        // The cart emptied with its order: the shopper's other tabs hear of it.
        if (cartOwner) app.realtime.emit(ownerRoom(cartOwner), "cart:changed");
        const notice = newOrderEmail(admin, details);
        if (notice) void sendInBackground(mailer, notice, request.log, admin.reference);
      }
      const [order] = await publicViews(db, [placed.order], publicUrl);
      const number = shopNumberFor(placed.order.kind, current);
      return {
        order: order!,
        whatsappUrl: whatsappLink(number, messageOf(placed, order!.trackingUrl)),
        trackingUrl: order!.trackingUrl,
      };
    },

    async customerDefaults() {
      const viewer = (await request.signedIn())?.viewer;
      if (viewer) return { name: viewer.username, phone: viewer.phoneNumber, area: null, note: null };
      const key = request.cookies[GUEST_COOKIE];
      const last = isGuestKey(key) ? await lastGuestDetails(db, guestKeyHash(key)) : null;
      return last ?? { name: null, phone: null, area: null, note: null };
    },

    async track(token) {
      const order = await findOrderByToken(db, token);
      if (!order) return null;
      const [view] = await publicViews(db, [order], (await shop()).publicUrl, await payToOf(db, payments.box));
      return { ...view!, whatsappNumber: await orderWhatsappNumber(db, order, await settings.cached()) };
    },

    async mine() {
      const { viewer } = await requireUser(request);
      return publicViews(db, await findCustomerOrders(db, viewer._id), (await shop()).publicUrl);
    },

    async approveQuote(token, body) {
      await limit(request, reply);
      const approval = readBody(QuoteApprovalSchema, body);
      const found = await findOrderByToken(db, token);
      if (!found) return null;
      const { order } = await journaled(
        parts,
        { id: null, name: approval.name },
        (p) => approveQuote(p.db, found.id, approval),
        ({ order, quote }) => ({
          area: "orders",
          item: order.id,
          itemLabel: order.reference,
          action: "Quote approved",
          changes: [
            { field: "version", before: null, after: String(quote.version) },
            { field: "approvedBy", before: null, after: approval.name },
          ],
        }),
      );
      return afterCustomer(order);
    },

    async askForChanges(token, body) {
      await limit(request, reply);
      const { message } = readBody(QuoteChangesSchema, body);
      const found = await findOrderByToken(db, token);
      if (!found) return null;
      const order = await journaled(
        parts,
        { id: null, name: found.customerName ?? "Customer" },
        (p) => askForChanges(p.db, found.id, message),
        (order) => ({
          area: "orders",
          item: order.id,
          itemLabel: order.reference,
          action: "Changes asked to the quote",
          changes: [{ field: "message", before: null, after: message }],
        }),
      );
      return afterCustomer(order);
    },

    async bookVisit(token, body) {
      const { slot } = readBody(VisitBookingSchema, body);
      const found = await findOrderByToken(db, token);
      if (!found) throw refuse("missing", "Order not found.");
      const { order, before } = await bookVisit(db, found.id, slot, new Date());
      if (order !== before) {
        app.realtime.emit(ADMINS_ROOM, ORDERS_CHANGED_EVENT);
        if (order.guestKeyHash) app.realtime.emit(guestRoom(order.guestKeyHash), ORDERS_CHANGED_EVENT);
        if (order.userId) app.realtime.emit(userRoom(order.userId), ORDERS_CHANGED_EVENT);
      }
      const [view] = await publicViews(db, [order], (await shop()).publicUrl, await payToOf(db, payments.box));
      return { ...view!, whatsappNumber: await orderWhatsappNumber(db, order, await settings.cached()) };
    },

    async restoreCart(token) {
      // Counted with orders: each restore may start a guest's cart, a row kept for days.
      await limit(request, reply);
      const order = await findOrderByToken(db, token);
      if (!order) throw refuse("missing", "Order not found.");
      if (order.kind === "swatches") throw refuse("conflict", SWATCH_MESSAGES.noCart);
      const viewer = (await request.signedIn())?.viewer ?? null;
      if (viewer?.isAdmin) throw refuse("forbidden", ADMINS_HAVE_NO_LISTS);
      const resolved = await resolveListOwner(
        db,
        { account: viewer && { id: viewer._id, isAdmin: viewer.isAdmin }, guestKey: request.cookies[GUEST_COOKIE] },
        "add",
      );
      const { cart, restored, left } = await restoreOrderToCart(db, order.id, resolved.owner!);
      if (resolved.renewGuestKey) {
        reply.setPrivateCookie(
          GUEST_COOKIE,
          resolved.renewGuestKey,
          guestCookieMaxAge(request.cookies[CONSENT_COOKIE]),
        );
      }
      app.realtime.emit(ownerRoom(resolved.owner!), "cart:changed");
      return { items: cart, restored, left };
    },
    async stopReminders(token) {
      return stopReminders(db, token);
    },
  });
}

/** The change a workshop member may make: a production stage, with a note or without. */
const isProductionMove = (change: OrderUpdate) =>
  Object.keys(change).every((field) => field === "status" || field === "note") &&
  (change.status === undefined || PRODUCTION_STEPS.includes(change.status));

/** What the journal keeps of an order: its status, amounts and details as the owner reads them. */
function orderJournalView(order: AdminOrder | null): Record<string, unknown> | null {
  if (!order) return null;
  return {
    status: order.status,
    lines: order.lines.map(
      (line) => `${line.quantity} × ${line.name}${line.option ? ` (${line.option})` : ""} at ${line.unitPrice}`,
    ),
    fees: order.fees,
    discount: order.discount,
    depositDue: order.depositSet,
    total: order.total,
    expectedReadyDate: order.expectedReadyDate,
    customer: order.customer,
    assignee: order.assignee?.name ?? null,
    visit: order.visit,
  };
}

const QUOTE_PICTURE_MESSAGES = {
  field: "pictures",
  unreadable: QUOTE_MESSAGES.picture,
  tooLarge: "A picture of the quote is larger than 10 MB.",
  tooManyPixels: tooManyPixels("A picture of the quote"),
};

export function createOrderDeskActions({ app, db, mailer, shop, cache, storage, settings }: OrderDeps) {
  const parts = writePartsOf({ app, db, cache, storage });
  return (request: FastifyRequest, _reply: FastifyReply): OrderDeskActions => {
    async function answer(order: Parameters<typeof adminView>[1], dbOrTx: Database = db) {
      return adminView(dbOrTx, order, (await shop()).publicUrl);
    }

    /** Tells the admin panel, and the customer, what changed. */
    async function announce(order: Parameters<typeof adminView>[1], movedStatus: boolean) {
      app.realtime.emit(ADMINS_ROOM, ORDERS_CHANGED_EVENT);
      if (order.guestKeyHash) app.realtime.emit(guestRoom(order.guestKeyHash), ORDERS_CHANGED_EVENT);
      if (!order.userId) return;
      app.realtime.emit(userRoom(order.userId), ORDERS_CHANGED_EVENT);
      if (!movedStatus) return;
      const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
      if (!account) return;
      const details = await shop();
      const [view] = await publicViews(db, [order], details.publicUrl);
      void sendInBackground(mailer, statusEmail(view!, account.email, details), request.log, order.reference);
    }

    const current = async (tx: Database, id: string) => {
      const order = await findOrder(tx, id);
      return order && answer(order, tx);
    };

    const orderNote = (action: string, before: AdminOrder | null, after: AdminOrder | null): JournalNote => ({
      area: "orders",
      item: (after ?? before)!._id,
      itemLabel: (after ?? before)!.reference,
      action,
      changes: changesBetween(orderJournalView(before), orderJournalView(after)),
    });

    return {
      async list(query) {
        const { viewer } = await requireStaff(request, "orders.read");
        const list = await listOrders(db, readBody(OrderListQuerySchema, query), {
          name: allows(viewer.roles, "customers.name"),
          phone: allows(viewer.roles, "customers.read"),
        });
        return { ...list, orders: list.orders.map((order) => summaryFor(viewer.roles, order)) };
      },
      async get(id) {
        const { viewer } = await requireStaff(request, "orders.read");
        const order = await findOrder(db, id);
        return order && orderFor(viewer.roles, await answer(order));
      },
      async update(id, body) {
        const { viewer } = await requireStaff(request, "orders.production");
        const change = readBody(OrderUpdateSchema, body);
        if (!isProductionMove(change) && !allows(viewer.roles, "orders.write"))
          throw refuse(
            "forbidden",
            `${neededFor("orders.write")} The workshop moves an order to "In production" or "Ready".`,
          );
        const by: Actor = { id: viewer._id, name: viewer.username };
        const { result, after } = await journaled(
          parts,
          by,
          async (p) => {
            const before = await current(p.db, id);
            const result = await updateOrder(p.db, id, change, viewer.username, lagosToday());
            return { before, result, after: await answer(result.order, p.db) };
          },
          ({ before, after }) =>
            orderNote(
              change.status && change.status !== before?.status ? "Order status changed" : "Order changed",
              before,
              after,
            ),
        );
        await announce(result.order, result.movedFrom !== null);
        return orderFor(viewer.roles, after);
      },
      async addPayment(id, body) {
        const { viewer } = await requireStaff(request, "payments.record");
        const payment = readBody(PaymentInputSchema, body);
        const by: Actor = { id: viewer._id, name: viewer.username };
        const { order, movedFrom } = await journaled(
          parts,
          by,
          (p) => addPayment(p.db, id, payment, viewer.username, lagosToday()),
          ({ order, movedFrom }) => [
            {
              area: "payments",
              item: order.id,
              itemLabel: order.reference,
              action: "Payment recorded",
              changes: [
                { field: "amount", before: null, after: String(payment.amount) },
                { field: "method", before: null, after: payment.method },
              ],
            },
            ...(movedFrom
              ? [
                  {
                    area: "orders" as const,
                    item: order.id,
                    itemLabel: order.reference,
                    action: "Order status changed",
                    changes: [{ field: "status", before: movedFrom, after: order.status }],
                  },
                ]
              : []),
          ],
        );
        await announce(order, movedFrom !== null);
        return moneyOrderFor(viewer.roles, await answer(order));
      },
      async sendQuote(id, body) {
        const { viewer } = await requireStaff(request, "orders.write");
        const input = readBody(QuoteInputSchema, body);
        const by: Actor = { id: viewer._id, name: viewer.username };
        const termsPercent = Math.round(depositPercentOf((await settings.cached()).orderTerms.deposit));
        const saved = await saveImageInputs(db, storage, input.pictures, QUOTE_PICTURE_MESSAGES);
        const { order } = await withNewImages(db, storage, saved.created, async () =>
          journaled(
            parts,
            by,
            (p) =>
              sendQuote(
                p.db,
                id,
                input,
                saved.mediaIds,
                { name: viewer.username, isOwner: viewer.roles.includes("owner") },
                { termsPercent },
              ),
            ({ order, quote, previous }) => ({
              area: "orders",
              item: order.id,
              itemLabel: order.reference,
              action: "Quote sent",
              changes: [
                { field: "version", before: previous ? String(previous.version) : null, after: String(quote.version) },
                {
                  field: "total",
                  before: previous ? String(koboToNaira(previous.totalKobo)) : null,
                  after: String(koboToNaira(quote.totalKobo)),
                },
                {
                  field: "depositDue",
                  before: previous ? String(koboToNaira(previous.depositDueKobo)) : null,
                  after: String(koboToNaira(quote.depositDueKobo)),
                },
              ],
            }),
          ),
        );
        await announce(order, false);
        return moneyOrderFor(viewer.roles, await answer(order));
      },
      async setQuoteValidity(id, body) {
        const { viewer } = await requireStaff(request, "orders.write");
        const { validUntil } = readBody(QuoteValiditySchema, body);
        const by: Actor = { id: viewer._id, name: viewer.username };
        const { order } = await journaled(
          parts,
          by,
          (p) => setQuoteValidity(p.db, id, validUntil, viewer.username),
          ({ order, before, after }) => ({
            area: "orders",
            item: order.id,
            itemLabel: order.reference,
            action: "Quote validity changed",
            changes: [{ field: "validUntil", before, after }],
          }),
        );
        await announce(order, false);
        return moneyOrderFor(viewer.roles, await answer(order));
      },
      async workshopSheet(id) {
        const { viewer } = await requireStaff(request, "orders.sheet");
        const order = await findOrder(db, id);
        return order && sheetFor(viewer.roles, await workshopSheet(db, order));
      },
      async proposeVisit(id, body) {
        const { viewer } = await requireStaff(request, "orders.write");
        const proposal = readBody(VisitProposalSchema, body);
        const by: Actor = { id: viewer._id, name: viewer.username };
        const { result, after } = await journaled(
          parts,
          by,
          async (p) => {
            const before = await current(p.db, id);
            const fee = (await settings.cached()).visitFee;
            const result = await proposeVisit(p.db, id, proposal, viewer.username, new Date(), nairaToKobo(fee));
            return { before, result, after: await answer(result.order, p.db) };
          },
          ({ before, after }) => orderNote(proposal.book ? "Visit booked" : "Visit times proposed", before, after),
        );
        await announce(result.order, true);
        return moneyOrderFor(viewer.roles, after);
      },
      async deletePayment(id, paymentId) {
        const { viewer } = await requireStaff(request, "payments.remove");
        const by: Actor = { id: viewer._id, name: viewer.username };
        const { order } = await journaled(
          parts,
          by,
          async (p) => {
            const before = await current(p.db, id);
            const removed = before?.payments.find((payment) => payment._id === paymentId) ?? null;
            return { order: await deletePayment(p.db, id, paymentId, viewer.username), removed };
          },
          ({ order, removed }) => ({
            area: "payments",
            item: order.id,
            itemLabel: order.reference,
            action: "Payment removed",
            changes: removed
              ? [
                  { field: "amount", before: String(removed.amount), after: null },
                  { field: "method", before: removed.method, after: null },
                ]
              : [],
          }),
        );
        await announce(order, false);
        return moneyOrderFor(viewer.roles, await answer(order));
      },
    };
  };
}
