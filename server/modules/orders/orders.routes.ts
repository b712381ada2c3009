/**
 * The shopper's order routes (docs/product.md, Orders): POST /api/orders records an order
 * of an item, the cart or a service and answers its WhatsApp link (201); GET
 * /api/orders/track/:token is the tracking link's view (404 for any unknown token);
 * GET /api/orders lists the signed-in customer's own.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { refusals } from "../../../domain/api-errors.schema";
import { MyOrdersSchema, OrderViewSchema, PlacedOrderSchema } from "../../../domain/orders/order-answers.schema";
import { OrderRequestSchema } from "../../../domain/orders/orders.schema";
import { HttpError } from "../../plugins/errors";
import { createOrderActions, orderLimit, type OrderDeps } from "./orders.actions";

export async function ordersRoutes(app: FastifyInstance, deps: Omit<OrderDeps, "app">) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const orders = createOrderActions({ ...deps, app });

  api.post(
    "/orders",
    {
      schema: {
        summary: "Place an order",
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
        response: { 200: OrderViewSchema, ...refusals(404) },
      },
    },
    async (request, reply) => {
      const order = await orders(request, reply).track(request.params.token);
      if (!order) throw new HttpError(404, "Order not found.");
      return order;
    },
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
