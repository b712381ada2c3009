/**
 * Page actions for accounts: the same server functions the API routes call, bound to one
 * request and its reply (cookies, live events and rate limits apply as they do at the API).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AccountActions } from "../../../domain/accounts/account.actions";
import type { ActionDeps } from "../../load-context";

export function createAccountActions(_deps: ActionDeps) {
  return (_request: FastifyRequest, _reply: FastifyReply): AccountActions => ({});
}
