/**
 * Page actions for contact messages: the same server functions the API routes call, bound to one
 * request and its reply (cookies, live events and rate limits apply as they do at the API).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ContactActions } from "../../../domain/contact/contact.actions";
import type { ActionDeps } from "../../load-context";

export function createContactActions(_deps: ActionDeps) {
  return (_request: FastifyRequest, _reply: FastifyReply): ContactActions => ({});
}
