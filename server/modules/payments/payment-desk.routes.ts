/**
 * The staff's payment routes under /api/admin/operations, inside the staff scope, each a
 * call of the payments' door: the payment settings (Owner and Accounts; secrets written,
 * never read back), part-payment requests, transfer notices to confirm or reject, and
 * payments held for review.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { refusals } from "../../../domain/api-errors.schema";
import { AdminOrderSchema } from "../../../domain/orders/order-answers.schema";
import {
  HeldNoteSchema,
  PartRequestSchema,
  PaymentSettingsSchema,
  PaymentSettingsUpdateSchema,
  RejectTransferSchema,
} from "../../../domain/payments/payments.schema";
import type { Doors } from "../../load-context";

const id = z.string().max(100);
const order = { 200: AdminOrderSchema, ...refusals(400, 401, 403, 404, 409) };

export async function paymentDeskRoutes(app: FastifyInstance, { desk }: { desk: Doors["paymentDesk"] }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/settings/payments",
    {
      config: { access: "payments.settings" },
      schema: { summary: "Get the payment settings", response: { 200: PaymentSettingsSchema, ...refusals(401, 403) } },
    },
    async (request, reply) => desk(request, reply).settings(),
  );

  api.put(
    "/settings/payments",
    {
      config: { access: "payments.settings" },
      schema: {
        summary: "Update the payment settings",
        description: "Secret fields are written, never read back; left out or empty, the kept one stays.",
        body: PaymentSettingsUpdateSchema,
        response: { 200: PaymentSettingsSchema, ...refusals(400, 401, 403) },
      },
    },
    async (request, reply) => desk(request, reply).updateSettings(request.body),
  );

  api.post(
    "/orders/:id/requests",
    {
      config: { access: "payments.record" },
      schema: {
        summary: "Ask for a part payment",
        params: z.object({ id }),
        body: PartRequestSchema,
        response: order,
      },
    },
    async (request, reply) => desk(request, reply).requestPart(request.params.id, request.body),
  );

  api.delete(
    "/orders/:id/requests/:reference",
    {
      config: { access: "payments.record" },
      schema: {
        summary: "Cancel a pending payment request",
        params: z.object({ id, reference: z.string().max(40) }),
        response: order,
      },
    },
    async (request, reply) => desk(request, reply).cancelRequest(request.params.id, request.params.reference),
  );

  api.post(
    "/orders/:id/transfers/:transferId/confirm",
    {
      config: { access: "payments.confirm" },
      schema: { summary: "Confirm a transfer", params: z.object({ id, transferId: id }), response: order },
    },
    async (request, reply) => desk(request, reply).confirmTransfer(request.params.id, request.params.transferId),
  );

  api.post(
    "/orders/:id/transfers/:transferId/reject",
    {
      config: { access: "payments.confirm" },
      schema: {
        summary: "Reject a transfer",
        params: z.object({ id, transferId: id }),
        body: RejectTransferSchema,
        response: order,
      },
    },
    async (request, reply) =>
      desk(request, reply).rejectTransfer(request.params.id, request.params.transferId, request.body as never),
  );

  api.post(
    "/orders/:id/held/:requestId/release",
    {
      config: { access: "payments.confirm" },
      schema: { summary: "Credit a held payment", params: z.object({ id, requestId: id }), response: order },
    },
    async (request, reply) => desk(request, reply).releaseHeld(request.params.id, request.params.requestId),
  );

  api.post(
    "/orders/:id/held/:requestId/refund-note",
    {
      config: { access: "payments.confirm" },
      schema: {
        summary: "Leave a held payment uncredited, with a note",
        params: z.object({ id, requestId: id }),
        body: HeldNoteSchema,
        response: order,
      },
    },
    async (request, reply) =>
      desk(request, reply).refundNote(request.params.id, request.params.requestId, request.body as never),
  );
}
