/** The admin's inbox of contact messages (issue 6); registered inside the admin-only scope. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/client";
import { IdParamsSchema, isUuidText } from "../../../domain/ids.schema";
import { HttpError } from "../../plugins/errors";
import { deleteContactMessage, listContactMessages, markContactMessageRead } from "./contact.service";

const NOT_FOUND = "Message not found.";

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
      const { id } = request.params;
      if (!isUuidText(id) || !(await markContactMessageRead(db, id, request.body.read)))
        throw new HttpError(404, NOT_FOUND);
      return { message: request.body.read ? "Marked as read." : "Marked as unread." };
    },
  );

  api.delete("/messages/:id", { schema: { params: IdParamsSchema } }, async (request) => {
    const { id } = request.params;
    if (!isUuidText(id) || !(await deleteContactMessage(db, id))) throw new HttpError(404, NOT_FOUND);
    return { message: "Message deleted." };
  });
}
