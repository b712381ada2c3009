/** The staff's inbox of contact messages, inside the staff scope, through the contact area's door. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { MessageSchema, refusals } from "../../../domain/api-errors.schema";
import { InboxPageSchema, InboxQuerySchema, MessageReadSchema } from "../../../domain/contact/inbox.schema";
import { IdParamsSchema } from "../../../domain/ids.schema";
import type { createInboxActions } from "./contact.actions";

export async function contactInboxRoutes(
  app: FastifyInstance,
  { inbox }: { inbox: ReturnType<typeof createInboxActions> },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/messages",
    {
      config: { access: "messages.read" },
      schema: {
        summary: "List contact messages",
        querystring: InboxQuerySchema,
        response: { 200: InboxPageSchema, ...refusals(400, 401, 403) },
      },
    },
    async (request) => inbox(request).listMessagePage(request.query),
  );

  api.put(
    "/messages/:id/read",
    {
      config: { access: "messages.write" },
      schema: {
        summary: "Mark a contact message read or unread",
        params: IdParamsSchema,
        body: MessageReadSchema,
        response: { 200: MessageSchema, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => ({ message: await inbox(request).markMessageRead(request.params.id, request.body) }),
  );

  api.delete(
    "/messages/:id",
    {
      config: { access: "messages.write" },
      schema: {
        summary: "Delete a contact message",
        params: IdParamsSchema,
        response: { 200: MessageSchema, ...refusals(401, 403, 404) },
      },
    },
    async (request) => ({ message: await inbox(request).deleteMessage(request.params.id) }),
  );
}
