/**
 * The owner's order desk under /api/admin/operations/orders, inside the admin-only scope
 * (docs/product.md, Orders): the list, one order, its changes and its payments. A refused
 * status change is 409 with the reason; an unknown order is 404.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { refusals } from "../../../domain/api-errors.schema";
import { IdParamsSchema } from "../../../domain/ids.schema";
import { AdminOrderSchema, OrderListSchema } from "../../../domain/orders/order-answers.schema";
import { OrderListQuerySchema, OrderUpdateSchema, PaymentInputSchema } from "../../../domain/orders/orders.schema";
import { HttpError } from "../../plugins/errors";
import { createOrderDeskActions, type OrderDeps } from "./orders.actions";
import { ORDER_NOT_FOUND } from "./order-desk.service";

export async function orderDeskRoutes(app: FastifyInstance, deps: Omit<OrderDeps, "app">) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const desk = createOrderDeskActions({ ...deps, app });
  const order = { 200: AdminOrderSchema, ...refusals(400, 401, 403, 404, 409) };

  api.get(
    "/orders",
    {
      schema: {
        summary: "List orders",
        querystring: OrderListQuerySchema,
        response: { 200: OrderListSchema, ...refusals(400, 401, 403) },
      },
    },
    async (request, reply) => desk(request, reply).list(request.query),
  );

  api.get(
    "/orders/:id",
    { schema: { summary: "Get an order", params: IdParamsSchema, response: order } },
    async (request, reply) => {
      const found = await desk(request, reply).get(request.params.id);
      if (!found) throw new HttpError(404, ORDER_NOT_FOUND);
      return found;
    },
  );

  api.put(
    "/orders/:id",
    { schema: { summary: "Update an order", params: IdParamsSchema, body: OrderUpdateSchema, response: order } },
    async (request, reply) => desk(request, reply).update(request.params.id, request.body),
  );

  api.post(
    "/orders/:id/payments",
    { schema: { summary: "Record a payment", params: IdParamsSchema, body: PaymentInputSchema, response: order } },
    async (request, reply) => desk(request, reply).addPayment(request.params.id, request.body),
  );

  api.delete(
    "/orders/:id/payments/:paymentId",
    {
      schema: {
        summary: "Delete a payment",
        params: IdParamsSchema.extend({ paymentId: z.string().max(200) }),
        response: order,
      },
    },
    async (request, reply) => desk(request, reply).deletePayment(request.params.id, request.params.paymentId),
  );
}
