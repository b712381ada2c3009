/**
 * The contact call, bound to one request and its reply: the API route (contact.routes.ts)
 * and the contact page's action both make it, under one count of the per-address limit.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ContactActions } from "../../../domain/contact/contact.actions";
import { CONTACT_RATE_LIMIT, limitPerAddress, sharedLimiter } from "../../plugins/rate-limits";
import type { ActionDeps } from "../../load-context";
import { receiveContactMessage } from "./contact.service";

export const MESSAGE_SENT = "Message sent successfully!";

export type ContactDeps = Pick<ActionDeps, "app" | "db" | "mailer" | "shop">;

/** The contact limit, made once per app (a route runs it on request, so that what its schema refuses counts too). */
export const contactLimit = (app: ContactDeps["app"]) =>
  sharedLimiter(app, "contact", () => limitPerAddress(app, CONTACT_RATE_LIMIT));

export function createContactActions({ app, db, mailer, shop }: ContactDeps) {
  const limit = contactLimit(app);
  return (request: FastifyRequest, reply: FastifyReply): ContactActions => ({
    async sendMessage(message) {
      await limit(request, reply);
      const userId = (await request.signedIn())?.viewer._id;
      // The e-mail goes out in the background (contact.service.ts); failures are logged there.
      await receiveContactMessage(
        db,
        { ...message, ...(userId ? { userId } : {}) },
        { mailer, shop: await shop(), log: request.log },
      );
      return MESSAGE_SENT;
    },
  });
}
