/** The admin's inbox of contact messages; registered inside the admin-only scope. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/client";
import { IdParamsSchema } from "../../../domain/ids.schema";
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
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(10_000).default(1),
          limit: z.coerce.number().int().min(1).max(100).default(20),
        }),
      },
    },
    async (request) => listContactMessages(db, request.query),
  );

  api.put(
    "/messages/:id/read",
    { schema: { params: IdParamsSchema, body: z.object({ read: z.boolean() }) } },
    async (request) => {
      await setMessageRead(db, request.params.id, request.body.read);
      return { message: readMessage(request.body.read) };
    },
  );

  api.delete("/messages/:id", { schema: { params: IdParamsSchema } }, async (request) => {
    await removeMessage(db, request.params.id);
    return { message: MESSAGE_DELETED };
  });
}
