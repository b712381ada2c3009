/** The admin's inbox of contact messages; registered inside the admin-only scope. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { MessageSchema, refusals } from "../../../domain/api-errors.schema";
import { InboxPageSchema, InboxQuerySchema, MessageReadSchema } from "../../../domain/contact/inbox.schema";
import { IdParamsSchema } from "../../../domain/ids.schema";
import type { Database } from "../../db/client";
import { removeMessage, setMessageRead } from "../dashboard/admin-inbox.service";
import { listContactMessages } from "./contact.service";

export const MESSAGE_DELETED = "Message deleted.";
export const readMessage = (read: boolean) => (read ? "Marked as read." : "Marked as unread.");

export async function contactInboxRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/messages",
    {
      schema: {
        summary: "List contact messages",
        querystring: InboxQuerySchema,
        response: { 200: InboxPageSchema, ...refusals(400, 401, 403) },
      },
    },
    async (request) => listContactMessages(db, request.query),
  );

  api.put(
    "/messages/:id/read",
    {
      schema: {
        summary: "Mark a contact message read or unread",
        params: IdParamsSchema,
        body: MessageReadSchema,
        response: { 200: MessageSchema, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await setMessageRead(db, request.params.id, request.body.read);
      return { message: readMessage(request.body.read) };
    },
  );

  api.delete(
    "/messages/:id",
    {
      schema: {
        summary: "Delete a contact message",
        params: IdParamsSchema,
        response: { 200: MessageSchema, ...refusals(401, 403, 404) },
      },
    },
    async (request) => {
      await removeMessage(db, request.params.id);
      return { message: MESSAGE_DELETED };
    },
  );
}
