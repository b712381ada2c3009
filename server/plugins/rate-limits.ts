/**
 * Rate limits for the routes a stranger could abuse: sending mail (contact, password
 * reset), guessing passwords, creating accounts. Nothing is limited unless its route
 * asks. Two kinds:
 * - per client address, with `config: { rateLimit: CONTACT_RATE_LIMIT }` (see
 *   TRUST_PROXY for how the address is known behind a proxy);
 * - per something else, such as the account a login names, with
 *   `preHandler: limitBy(app, LOGIN_ACCOUNT_RATE_LIMIT, keyOf)`, which runs after the body
 *   is parsed. Many phones in Nigeria share one carrier address, so the per-address
 *   limits are generous and the per-account ones are what stop password guessing.
 * Counts live in this process's memory, so every instance behind a load balancer counts
 * on its own.
 */
import rateLimit, { type RateLimitOptions } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { HttpError } from "./errors";

interface Limit {
  max: number;
  minutes: number;
  tooMany: string;
}

const limit = (max: number, minutes: number, tooMany: string): Limit => ({ max, minutes, tooMany });

function tooManyMessage({ tooMany }: Limit, ttlMs: number): string {
  const wait = Math.max(1, Math.ceil(ttlMs / 60_000));
  return `${tooMany} Please try again in ${wait} ${wait === 1 ? "minute" : "minutes"}.`;
}

/** Per client address, for a route's `config.rateLimit`. */
function perAddress(spec: Limit): RateLimitOptions {
  return {
    max: spec.max,
    timeWindow: spec.minutes * 60_000,
    errorResponseBuilder: (_request, { ttl }) => new HttpError(429, tooManyMessage(spec, ttl)),
  };
}

export const CONTACT_RATE_LIMIT = perAddress(limit(5, 10, "Too many messages."));
export const SIGNUP_RATE_LIMIT = perAddress(limit(10, 60, "Too many sign-ups."));
export const LOGIN_RATE_LIMIT = perAddress(limit(30, 15, "Too many sign-in attempts."));
export const PASSWORD_RESET_RATE_LIMIT = perAddress(limit(10, 60, "Too many password reset requests."));
export const CHANGE_PASSWORD_RATE_LIMIT = perAddress(limit(10, 15, "Too many password change attempts."));

/** Per account or e-mail address, whoever is asking: for `limitBy`. */
export const LOGIN_ACCOUNT_RATE_LIMIT = limit(10, 15, "Too many sign-in attempts.");
export const PASSWORD_RESET_EMAIL_RATE_LIMIT = limit(3, 60, "Too many password reset requests.");
export const CHANGE_PASSWORD_ACCOUNT_RATE_LIMIT = limit(5, 15, "Too many password change attempts.");

/**
 * A preHandler limiting requests by `keyOf(request)` (an e-mail, an account id). The
 * key is prefixed by the limit's own name so that two limits never share a count.
 */
export function limitBy(
  app: FastifyInstance,
  spec: Limit,
  keyOf: (request: FastifyRequest) => string | Promise<string>,
) {
  const check = app.createRateLimit({
    max: spec.max,
    timeWindow: spec.minutes * 60_000,
    keyGenerator: async (request) => `${spec.tooMany}:${await keyOf(request)}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header("retry-after", String(result.ttlInSeconds));
    request.log.warn({ url: request.routeOptions.url }, "rate limit reached");
    throw new HttpError(429, tooManyMessage(spec, result.ttl));
  };
}

export const rateLimitsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, {
    global: false,
    onExceeded: (request) => request.log.warn({ url: request.routeOptions.url }, "rate limit reached"),
  });
});
