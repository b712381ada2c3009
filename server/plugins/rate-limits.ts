/**
 * Rate limits for the routes a stranger could abuse: sending mail (contact, password
 * reset), guessing passwords, creating accounts. Nothing is limited unless its route
 * asks. Three kinds:
 * - per client address, with `config: { rateLimit: CONTACT_RATE_LIMIT }` (see
 *   TRUST_PROXY for how the address is known behind a proxy). Many phones in Nigeria
 *   share one carrier address, so each allows many people behind one address (20
 *   messages in 10 minutes, 30 sign-ups an hour): they stop a flood from one place;
 *   what protects one person's account or inbox are the limits below.
 * - per something else, such as the e-mail a reset link goes to, with
 *   `preHandler: limitBy(app, PASSWORD_RESET_EMAIL_RATE_LIMIT, keyOf)`, which runs after
 *   the body is parsed.
 * - failures only, with `limitFailures`: sign-in counts wrong passwords, not sign-ins,
 *   per account and address, so a stranger's guesses lock only the stranger out; and per
 *   account from every address together, at a higher cap, so guessing spread over many
 *   addresses stays slow. Only that last cap can keep the owner out, and only while
 *   someone keeps failing from many addresses at once.
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

export const CONTACT_RATE_LIMIT = perAddress(limit(20, 10, "Too many messages."));
export const SIGNUP_RATE_LIMIT = perAddress(limit(30, 60, "Too many sign-ups."));
export const LOGIN_RATE_LIMIT = perAddress(limit(30, 15, "Too many sign-in attempts."));
export const PASSWORD_RESET_RATE_LIMIT = perAddress(limit(10, 60, "Too many password reset requests."));
export const CHANGE_PASSWORD_RATE_LIMIT = perAddress(limit(10, 15, "Too many password change attempts."));

/** Wrong passwords for one account: from one address, and from all of them together. */
export const LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS = limit(10, 15, "Too many sign-in attempts.");
export const LOGIN_FAILURES_PER_ACCOUNT = limit(100, 15, "Too many sign-in attempts.");

/** Per account or e-mail address, whoever is asking: for `limitBy`. */
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

/** Counts per key in fixed windows that start at the first count. */
class FailureCounts {
  /** Beyond this many keys the oldest go first, so a flood of made-up e-mails cannot exhaust memory. */
  private static readonly MAX_KEYS = 50_000;
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly spec: Limit) {}

  /** Takes a place if one is left: returns how to give it back, or how long until one frees up. */
  take(key: string, now = Date.now()): { release: () => void } | { retryAfterMs: number } {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.delete(key);
      this.makeRoom(now);
      window = { count: 0, resetAt: now + this.spec.minutes * 60_000 };
      this.windows.set(key, window);
    }
    if (window.count >= this.spec.max) return { retryAfterMs: window.resetAt - now };
    window.count += 1;
    const taken = window;
    return { release: () => void (taken.count = Math.max(0, taken.count - 1)) };
  }

  private makeRoom(now: number) {
    if (this.windows.size < FailureCounts.MAX_KEYS) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    for (const key of this.windows.keys()) {
      if (this.windows.size < FailureCounts.MAX_KEYS) break;
      this.windows.delete(key);
    }
  }
}

/**
 * Limits failures, not requests. The preHandler takes a place in every limit before the
 * route does its check, so parallel guesses cannot all slip past a count not yet
 * written; the route calls `succeeded(request)` when the attempt was not a failure,
 * which gives the places back.
 */
export function limitFailures(limits: { spec: Limit; keyOf: (request: FastifyRequest) => string }[]) {
  const counted = limits.map(({ spec, keyOf }) => ({ spec, keyOf, counts: new FailureCounts(spec) }));
  const taken = new WeakMap<FastifyRequest, (() => void)[]>();
  return {
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      const releases: (() => void)[] = [];
      for (const { spec, keyOf, counts } of counted) {
        const place = counts.take(keyOf(request));
        if ("retryAfterMs" in place) {
          releases.forEach((release) => release());
          reply.header("retry-after", String(Math.max(1, Math.ceil(place.retryAfterMs / 1000))));
          request.log.warn({ url: request.routeOptions.url }, "rate limit reached");
          throw new HttpError(429, tooManyMessage(spec, place.retryAfterMs));
        }
        releases.push(place.release);
      }
      taken.set(request, releases);
    },
    succeeded(request: FastifyRequest) {
      taken.get(request)?.forEach((release) => release());
      taken.delete(request);
    },
  };
}

export const rateLimitsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, {
    global: false,
    onExceeded: (request) => request.log.warn({ url: request.routeOptions.url }, "rate limit reached"),
  });
});

/** New guest carts and wishlists per address (server/modules/carts): each is a row kept for 30 days. */
export const NEW_GUEST_LIST_RATE_LIMIT = limit(60, 60, "Too many new carts from this network.");
