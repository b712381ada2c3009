import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ContactMessageSchema } from "../../../domain/contact/contact.schema";
import type { Database } from "../../db/client";
import { CONTACT_RATE_LIMIT } from "../../plugins/rate-limits";
import type { Mailer } from "../mail/mailer";
import { receiveContactMessage, type ContactShop } from "./contact.service";

export async function contactRoutes(
  app: FastifyInstance,
  { db, mailer, shop }: { db: Database; mailer: Mailer; shop: ContactShop },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/contact",
    { schema: { body: ContactMessageSchema }, config: { rateLimit: CONTACT_RATE_LIMIT } },
    async (request, reply) => {
      const userId = (await request.signedIn())?.viewer._id;
      // The e-mail goes out in the background (contact.service.ts); failures are logged there.
      await receiveContactMessage(
        db,
        { ...request.body, ...(userId ? { userId } : {}) },
        { mailer, shop, log: request.log },
      );
      return reply.status(201).send({ message: "Message sent successfully!" });
    },
  );
}
