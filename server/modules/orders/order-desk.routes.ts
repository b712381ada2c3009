/**
 * The owner's order desk under /api/admin/operations/orders, inside the admin-only scope
 * (docs/product.md, Orders): the list, one order, its changes, its payments and a service
 * request's visit. A refused
 * status change is 409 with the reason; an unknown order is 404.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { refusals } from "../../../domain/api-errors.schema";
import { IdParamsSchema } from "../../../domain/ids.schema";
import { AdminOrderSchema, OrderListSchema, WorkshopOrderSchema } from "../../../domain/orders/order-answers.schema";
import { OrderListQuerySchema, OrderUpdateSchema, PaymentInputSchema } from "../../../domain/orders/orders.schema";
import { VisitProposalSchema } from "../../../domain/orders/visits.schema";
import { refuse } from "../../../domain/refusal";
import { QuoteInputSchema, QuoteValiditySchema, WorkshopSheetSchema } from "../../../domain/quotes/quotes.schema";
import { imagesBodyLimit } from "../media/image-uploads.service";
import type { createOrderDeskActions } from "./orders.actions";
import { ORDER_NOT_FOUND } from "./order-desk.service";

export async function orderDeskRoutes(
  app: FastifyInstance,
  { desk }: { desk: ReturnType<typeof createOrderDeskActions> },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The workshop reads an order without a single amount.
  const order = { 200: z.union([AdminOrderSchema, WorkshopOrderSchema]), ...refusals(400, 401, 403, 404, 409) };

  api.get(
    "/orders",
    {
      config: { access: "orders.read" },
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
    { config: { access: "orders.read" }, schema: { summary: "Get an order", params: IdParamsSchema, response: order } },
    async (request, reply) => {
      const found = await desk(request, reply).get(request.params.id);
      if (!found) throw refuse("missing", ORDER_NOT_FOUND);
      return found;
    },
  );

  api.put(
    "/orders/:id",
    {
      // The workshop may move an order through production; any other change needs Owner or Sales (the door).
      config: { access: "orders.production" },
      schema: { summary: "Update an order", params: IdParamsSchema, body: OrderUpdateSchema, response: order },
    },
    async (request, reply) => desk(request, reply).update(request.params.id, request.body),
  );

  api.post(
    "/orders/:id/quotes",
    {
      bodyLimit: imagesBodyLimit(6),
      config: { access: "orders.write" },
      schema: {
        summary: "Send a new version of an order's quote",
        description:
          "Lines (the order's, by lineId, and any added), fees, discount, deposit percent, validity, spec note (HTML) and pictures (data URLs); the server works out the total and deposit. Only the Owner may send one once money is paid.",
        params: IdParamsSchema,
        body: QuoteInputSchema,
        response: { 200: AdminOrderSchema, ...refusals(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request, reply) => desk(request, reply).sendQuote(request.params.id, request.body as never),
  );

  api.patch(
    "/orders/:id/quote",
    {
      config: { access: "orders.write" },
      schema: {
        summary: "Set how long an order's quote stands",
        description: "A later day extends the latest version's validity; today or a day before ends it now.",
        params: IdParamsSchema,
        body: QuoteValiditySchema,
        response: { 200: AdminOrderSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => desk(request, reply).setQuoteValidity(request.params.id, request.body),
  );

  api.get(
    "/orders/:id/workshop-sheet",
    {
      config: { access: "orders.sheet" },
      schema: {
        summary: "Get an order's workshop sheet",
        description: "The approved (else latest) quote's pieces, finish, size, spec note and pictures; no price.",
        params: IdParamsSchema,
        response: { 200: WorkshopSheetSchema, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const sheet = await desk(request, reply).workshopSheet(request.params.id);
      if (!sheet) throw refuse("missing", ORDER_NOT_FOUND);
      return sheet;
    },
  );

  api.post(
    "/orders/:id/payments",
    {
      config: { access: "payments.record" },
      schema: { summary: "Record a payment", params: IdParamsSchema, body: PaymentInputSchema, response: order },
    },
    async (request, reply) => desk(request, reply).addPayment(request.params.id, request.body),
  );

  api.post(
    "/orders/:id/visits",
    {
      // Proposing a service request's visit times, or booking the one agreed on a call (`book`).
      config: { access: "orders.write" },
      schema: {
        summary: "Propose or book a visit",
        params: IdParamsSchema,
        body: VisitProposalSchema,
        response: { 200: AdminOrderSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => desk(request, reply).proposeVisit(request.params.id, request.body),
  );

  api.delete(
    "/orders/:id/payments/:paymentId",
    {
      config: { access: "payments.remove" },
      schema: {
        summary: "Delete a payment",
        params: IdParamsSchema.extend({ paymentId: z.string().max(200) }),
        response: order,
      },
    },
    async (request, reply) => desk(request, reply).deletePayment(request.params.id, request.params.paymentId),
  );
}
