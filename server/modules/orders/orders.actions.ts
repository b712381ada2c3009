/**
 * Orders bound to one request and its reply: the shopper's (place, track, their own) and
 * the owner's desk. The API routes (orders.routes.ts, order-desk.routes.ts) and the pages'
 * loaders and actions make the same calls, under one count of the per-address limit.
 *
 * After a change: the admin panel's open pages hear "orders:changed" (the live badge and
 * lists); a new order is e-mailed to the shop, and a status change to a customer with an
 * e-mail address.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { lagosToday } from "../../../domain/catalog/furniture";
import { ORDERS_CHANGED_EVENT } from "../../../domain/orders/order-events";
import { withOrderReference, serviceRequestMessage } from "../../../domain/orders/order-messages";
import type { OrderDeskActions, OrderActions } from "../../../domain/orders/orders.actions";
import {
  OrderListQuerySchema,
  OrderRequestSchema,
  OrderUpdateSchema,
  PaymentInputSchema,
} from "../../../domain/orders/orders.schema";
import { cartOrderMessage, itemOrderMessage, whatsappLink } from "../../../domain/whatsapp";
import type { ActionDeps } from "../../load-context";
import { ADMINS_ROOM, guestRoom, userRoom } from "../../plugins/realtime";
import { limitPerAddress, ORDER_RATE_LIMIT, sharedLimiter } from "../../plugins/rate-limits";
import { requireAdmin, requireUser } from "../../plugins/session";
import { readBody } from "../catalog/admin-writes";
import { resolveListOwner } from "../carts/carts.service";
import { CONSENT_COOKIE } from "../../../domain/cookie-consent";
import {
  GUEST_COOKIE,
  guestCookieMaxAge,
  guestKeyHash,
  isGuestKey,
  isIssuedGuestKey,
  newGuestKey,
} from "../carts/list-owners";
import { addPayment, deletePayment, findOrder, listOrders, updateOrder } from "./order-desk.service";
import { newOrderEmail, sendInBackground, statusEmail } from "./order-mail";
import {
  adminView,
  findCustomerOrders,
  findOrderByToken,
  lastGuestDetails,
  placeOrder,
  publicViews,
  type PlacedOrderRow,
} from "./orders.service";
import { users } from "../../db/schema/accounts";
import { eq } from "drizzle-orm";

export type OrderDeps = Pick<ActionDeps, "app" | "db" | "mailer" | "shop" | "settings">;

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
      : order.kind === "item"
        ? itemOrderMessage({ ...lines[0]!, item: priced(lines[0]!) })
        : cartOrderMessage(lines.map((line) => ({ ...line, item: priced(line) })));
  return withOrderReference(message, order.reference, trackingUrl);
}

export function createOrderActions({ app, db, mailer, shop, settings }: OrderDeps) {
  const limit = orderLimit(app);
  return (request: FastifyRequest, reply: FastifyReply): OrderActions => ({
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
      const cartOwner =
        orderRequest.kind === "cart"
          ? (
              await resolveListOwner(
                db,
                { account: viewer && { id: viewer._id, isAdmin: viewer.isAdmin }, guestKey: cookieKey },
                "read",
              )
            ).owner
          : null;
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
        { publicUrl, settings: current, cartOwner },
      );
      // A repeat of an order just placed (a double tap) keeps the key the first tap set, under which that order is.
      if (guestKey && guestKey !== issuedKey && placed.created) {
        reply.setPrivateCookie(GUEST_COOKIE, guestKey, guestCookieMaxAge(request.cookies[CONSENT_COOKIE]));
      }
      const admin = await adminView(db, placed.order, publicUrl);
      if (placed.created) {
        app.realtime.emit(ADMINS_ROOM, ORDERS_CHANGED_EVENT);
        void sendInBackground(mailer, newOrderEmail(admin, details), request.log, admin.reference);
      }
      const [order] = await publicViews(db, [placed.order], publicUrl);
      const number =
        placed.order.kind === "service"
          ? (current.servicesWhatsappNumber ?? current.whatsappNumber)
          : current.whatsappNumber;
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
      const [view] = await publicViews(db, [order], (await shop()).publicUrl);
      return view!;
    },

    async mine() {
      const { viewer } = await requireUser(request);
      return publicViews(db, await findCustomerOrders(db, viewer._id), (await shop()).publicUrl);
    },
  });
}

export function createOrderDeskActions({ app, db, mailer, shop }: OrderDeps) {
  return (request: FastifyRequest, _reply: FastifyReply): OrderDeskActions => {
    async function answer(order: Parameters<typeof adminView>[1]) {
      return adminView(db, order, (await shop()).publicUrl);
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

    return {
      async list(query) {
        await requireAdmin(request);
        return listOrders(db, readBody(OrderListQuerySchema, query));
      },
      async get(id) {
        await requireAdmin(request);
        const order = await findOrder(db, id);
        return order && answer(order);
      },
      async update(id, change) {
        const { viewer } = await requireAdmin(request);
        const result = await updateOrder(db, id, readBody(OrderUpdateSchema, change), viewer.username);
        await announce(result.order, result.movedFrom !== null);
        return answer(result.order);
      },
      async addPayment(id, payment) {
        const { viewer } = await requireAdmin(request);
        const order = await addPayment(db, id, readBody(PaymentInputSchema, payment), viewer.username, lagosToday());
        await announce(order, false);
        return answer(order);
      },
      async deletePayment(id, paymentId) {
        const { viewer } = await requireAdmin(request);
        const order = await deletePayment(db, id, paymentId, viewer.username);
        await announce(order, false);
        return answer(order);
      },
    };
  };
}
