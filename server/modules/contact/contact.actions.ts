/**
 * The contact area's door: the contact call, bound to one request and its reply (the API
 * route and the contact page's action both make it, under one count of the per-address
 * limit), and the staff's inbox of what it brought.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ContactActions } from "../../../domain/contact/contact.actions";
import { CONTACT_RATE_LIMIT, limitPerAddress, sharedLimiter } from "../../plugins/rate-limits";
import type { ActionDeps } from "../../load-context";
import { MessageReadSchema, type InboxQuerySchema } from "../../../domain/contact/inbox.schema";
import type { z } from "zod";
import { requireStaff } from "../../plugins/session";
import { readBody } from "../catalog/admin-writes";
import { listInboxPage, removeMessage, setMessageRead } from "../dashboard/admin-inbox.service";
import { listContactMessages, receiveContactMessage } from "./contact.service";

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

export const MESSAGE_DELETED = "Message deleted.";
export const readMessage = (read: boolean) => (read ? "Marked as read." : "Marked as unread.");

/** The inbox's door: Owner and Sales read and tidy the messages the contact form brought. */
export function createInboxActions({ db }: Pick<ActionDeps, "db">) {
  return (request: FastifyRequest) => ({
    async listMessages(page: number) {
      await requireStaff(request, "messages.read");
      return listInboxPage(db, page);
    },
    async listMessagePage(query: z.output<typeof InboxQuerySchema>) {
      await requireStaff(request, "messages.read");
      return listContactMessages(db, query);
    },
    async markMessageRead(id: string, body: unknown): Promise<string> {
      await requireStaff(request, "messages.write");
      const { read } = readBody(MessageReadSchema, body);
      await setMessageRead(db, id, read);
      return readMessage(read);
    },
    async deleteMessage(id: string): Promise<string> {
      await requireStaff(request, "messages.write");
      await removeMessage(db, id);
      return MESSAGE_DELETED;
    },
  });
}
