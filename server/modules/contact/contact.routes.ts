import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { MessageSchema, refusals } from "../../../domain/api-errors.schema";
import { ContactMessageSchema } from "../../../domain/contact/contact.schema";
import type { Database } from "../../db/client";
import type { Mailer } from "../mail/mailer";
import { contactLimit, createContactActions } from "./contact.actions";
import type { ShopDetailsSource } from "../settings/settings.service";

export async function contactRoutes(
  app: FastifyInstance,
  { db, mailer, shop }: { db: Database; mailer: Mailer; shop: ShopDetailsSource },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const contact = createContactActions({ app, db, mailer, shop });

  api.post(
    "/contact",
    {
      schema: {
        summary: "Send a contact message",
        body: ContactMessageSchema,
        response: { 201: MessageSchema, ...refusals(400, 429) },
      },
      onRequest: contactLimit(app),
    },
    async (request, reply) =>
      reply.status(201).send({ message: await contact(request, reply).sendMessage(request.body) }),
  );
}
