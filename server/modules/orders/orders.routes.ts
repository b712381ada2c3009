/**
 * The shopper's order routes (docs/product.md, Orders): POST /api/orders records an order
 * of an item, the cart or a service, or a request for swatches, and answers its WhatsApp link (201); GET
 * /api/orders/track/:token is the tracking link's view (404 for any unknown token);
 * POST /api/orders/track/:token/visit books one of the visit times proposed;
 * POST /api/orders/track/:token/restore-cart puts the order's lines back in the caller's
 * cart; GET /api/orders lists the signed-in customer's own.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { refusals } from "../../../domain/api-errors.schema";
import {
  MyOrdersSchema,
  OrderViewSchema,
  PlacedOrderSchema,
  RestoredCartSchema,
  TrackedOrderSchema,
} from "../../../domain/orders/order-answers.schema";
import { QuoteApprovalSchema, QuoteChangesSchema } from "../../../domain/quotes/quotes.schema";
import { OrderRequestSchema } from "../../../domain/orders/orders.schema";
import { VisitBookingSchema } from "../../../domain/orders/visits.schema";
import { refuse } from "../../../domain/refusal";
import { createOrderActions, orderLimit, type OrderDeps } from "./orders.actions";

export async function ordersRoutes(app: FastifyInstance, deps: Omit<OrderDeps, "app">) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const orders = createOrderActions({ ...deps, app });

  api.post(
    "/orders",
    {
      schema: {
        summary: "Place an order",
        description:
          'The kind says what is ordered: "item" (a product or collection, in one of its finishes), "cart" (the caller\'s cart), "service" (a site visit or design consultation) or "swatches" (samples of 1 to 4 of a product\'s finishes, free: its lines are at ₦0). 400 for a swatch request of a product without finishes, or naming a finish it does not offer.',
        body: OrderRequestSchema,
        response: { 201: PlacedOrderSchema, ...refusals(400, 403, 404, 409, 429) },
      },
      onRequest: orderLimit(app),
    },
    async (request, reply) => reply.status(201).send(await orders(request, reply).place(request.body)),
  );

  api.get(
    "/orders/track/:token",
    {
      schema: {
        summary: "Track an order",
        params: z.object({ token: z.string().max(200) }),
        response: { 200: TrackedOrderSchema, ...refusals(404) },
      },
    },
    async (request, reply) => {
      const order = await orders(request, reply).track(request.params.token);
      if (!order) throw refuse("missing", "Order not found.");
      return order;
    },
  );

  api.post(
    "/orders/track/:token/approve",
    {
      schema: {
        summary: "Approve an order's quote",
        description:
          "Approves exactly the version named, with the name typed. 409 when a newer version exists, when it expired, or when it is already approved.",
        params: z.object({ token: z.string().max(200) }),
        body: QuoteApprovalSchema,
        response: { 200: OrderViewSchema, ...refusals(400, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const order = await orders(request, reply).approveQuote(request.params.token, request.body);
      if (!order) throw refuse("missing", "Order not found.");
      return order;
    },
  );

  api.post(
    "/orders/track/:token/changes",
    {
      schema: {
        summary: "Ask for changes to an order's quote",
        params: z.object({ token: z.string().max(200) }),
        body: QuoteChangesSchema,
        response: { 200: OrderViewSchema, ...refusals(400, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const order = await orders(request, reply).askForChanges(request.params.token, request.body);
      if (!order) throw refuse("missing", "Order not found.");
      return order;
    },
  );

  api.post(
    "/orders/track/:token/visit",
    {
      schema: {
        summary: "Book a proposed visit time",
        params: z.object({ token: z.string().max(200) }),
        body: VisitBookingSchema,
        response: { 200: TrackedOrderSchema, ...refusals(400, 404, 409) },
      },
    },
    async (request, reply) => orders(request, reply).bookVisit(request.params.token, request.body),
  );

  api.post(
    "/orders/track/:token/restore-cart",
    {
      schema: {
        summary: "Restore an order's lines to my cart",
        description: "409 for a swatch request: its finishes are samples, not pieces to order.",
        params: z.object({ token: z.string().max(200) }),
        response: { 200: RestoredCartSchema, ...refusals(403, 404, 409, 429) },
      },
    },
    async (request, reply) => orders(request, reply).restoreCart(request.params.token),
  );

  api.get(
    "/orders",
    {
      config: { access: "user" },
      schema: { summary: "List my orders", response: { 200: MyOrdersSchema, ...refusals(401) } },
    },
    async (request, reply) => ({
      orders: await orders(request, reply).mine(),
    }),
  );
}
