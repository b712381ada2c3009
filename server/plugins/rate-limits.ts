/**
 * Rate limits for the calls a stranger could abuse: sending mail (contact, password
 * reset), guessing passwords, creating accounts. Nothing is limited unless its call
 * asks. An API route and the page action that do the same thing count together (see
 * `sharedLimiter`), so a page is never a way round the API's limit. Three kinds:
 * - per client address, with `limitPerAddress(app, CONTACT_RATE_LIMIT)` (see
 *   TRUST_PROXY for how the address is known behind a proxy). Many phones in Nigeria
 *   share one carrier address, so each allows many people behind one address (20
 *   messages in 10 minutes, 30 sign-ups an hour): they stop a flood from one place;
 *   what protects one person's account or inbox are the limits below. An IPv6 address
 *   counts by its /64 (see `clientNetwork`).
 * - per something else, such as the e-mail a reset link goes to, with
 *   `preHandler: limitBy(app, PASSWORD_RESET_EMAIL_RATE_LIMIT, keyOf)`, which runs after
 *   the body is parsed.
 * - wrong passwords at sign-in, with `limitLoginFailures`: per account and address, so a
 *   stranger's guesses lock only the stranger out; and per account from every address
 *   together, past which nobody is refused but nobody is told whether a password was
 *   right either (see there), so the owner is never locked out.
 * Counts live in this process's memory, so every instance behind a load balancer counts
 * on its own.
 */
import rateLimit, { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { HttpError } from "./errors";

/**
 * What per-address limits count for a client address. An IPv6 subscriber (a phone, a
 * home) is handed a whole /64 and may send from any address in it, so counting full IPv6
 * addresses would give one person a fresh allowance with every request: IPv6 counts by
 * its /64. IPv4, and IPv4 written as IPv6 (::ffff:1.2.3.4, as a dual-stack socket
 * reports it), count by the address.
 */
export const clientNetwork = (address: string): string => normalizeIP(address, 64);

/** The client's address as per-address limits count it. */
export const networkOf = (request: FastifyRequest) => clientNetwork(request.ip);

declare module "fastify" {
  interface FastifyInstance {
    /** The limiters every part of the app shares, by name (see `sharedLimiter`). */
    sharedLimiters: Map<string, unknown>;
  }
}

export interface Limit {
  max: number;
  minutes: number;
  tooMany: string;
}

const limit = (max: number, minutes: number, tooMany: string): Limit => ({ max, minutes, tooMany });

function tooManyMessage({ tooMany }: Limit, ttlMs: number): string {
  const wait = Math.max(1, Math.ceil(ttlMs / 60_000));
  return `${tooMany} Please try again in ${wait} ${wait === 1 ? "minute" : "minutes"}.`;
}

/** Per client address, with `limitPerAddress`. */
export const CONTACT_RATE_LIMIT = limit(20, 10, "Too many messages.");
export const ORDER_RATE_LIMIT = limit(30, 10, "Too many orders.");
export const SIGNUP_RATE_LIMIT = limit(30, 60, "Too many sign-ups.");
export const LOGIN_RATE_LIMIT = limit(30, 15, "Too many sign-in attempts.");
export const PASSWORD_RESET_RATE_LIMIT = limit(10, 60, "Too many password reset requests.");
export const SIGN_IN_LINK_RATE_LIMIT = limit(10, 15, "Too many sign-in attempts.");

/** Wrong passwords for one account: from one address, and from all of them together. */
export const LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS = limit(10, 15, "Too many sign-in attempts.");
export const LOGIN_FAILURES_PER_ACCOUNT = limit(100, 15, "Too many sign-in attempts.");

/** Per account or e-mail address, whoever is asking: for `limitBy`. */
export const PASSWORD_RESET_EMAIL_RATE_LIMIT = limit(3, 60, "Too many password reset requests.");
/**
 * Checks of a signed-in account's current password (to change it or the e-mail, or to
 * delete the account), all counted together: per address, and per account, so a session
 * left open on a shared computer does not let its finder guess the password.
 */
export const PASSWORD_CHECK_RATE_LIMIT = limit(10, 15, "Too many password attempts.");
export const PASSWORD_CHECK_ACCOUNT_RATE_LIMIT = limit(5, 15, "Too many password attempts.");

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

/** As `limitBy`, for a key the caller names (an e-mail typed in a form, which the request's body may not hold). */
export function limitByKey(app: FastifyInstance, spec: Limit) {
  const keys = new WeakMap<FastifyRequest, string>();
  const check = limitBy(app, spec, (request) => keys.get(request) ?? "");
  return (request: FastifyRequest, reply: FastifyReply, key: string) => {
    keys.set(request, key);
    return check(request, reply);
  };
}

/**
 * The one `make()` of this app for `name`, whoever asks first. The API's routes live in
 * plugins of their own and the page actions are made apart from them, yet a route and the
 * page action doing the same thing must count in one place: both ask here by one name.
 */
export function sharedLimiter<T>(app: FastifyInstance, name: string, make: () => T): T {
  if (!app.sharedLimiters.has(name)) app.sharedLimiters.set(name, make());
  return app.sharedLimiters.get(name) as T;
}

/**
 * Requests from one client address (see `clientNetwork`), for a route's `onRequest` (so
 * that attempts the schema refuses count too) and for the page action doing the same: a
 * request is counted once, however many of them it passes.
 */
export function limitPerAddress(app: FastifyInstance, spec: Limit) {
  const check = limitBy(app, spec, networkOf);
  const counted = new WeakSet<FastifyRequest>();
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (counted.has(request)) return;
    counted.add(request);
    await check(request, reply);
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
 * Wrong passwords at sign-in, counted per account and address, and per account from
 * every address together. `take` takes a place in both counts before the password is
 * checked, so parallel guesses cannot all slip past a count not yet written.
 * - A source (account and address) past its cap is refused with 429: it is the one failing.
 * - An account past its cap from all addresses together is refused to nobody. Instead the
 *   route stops answering the password question (`accountOverCap`): every attempt gets
 *   one answer and, only when the password was right, the account's inbox gets a sign-in
 *   link. Guesses spread over many addresses learn nothing, and the owner still gets in.
 *   Meanwhile every attempt counts towards its source's cap, right password or not, or
 *   a guesser could tell a right guess by the 429 coming one attempt later.
 * Below the account's cap the route calls `succeeded(request)` for a right password,
 * which gives both places back: signing in is never a failure.
 */
export function limitLoginFailures() {
  const perSource = new FailureCounts(LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS);
  const perAccount = new FailureCounts(LOGIN_FAILURES_PER_ACCOUNT);
  const taken = new WeakMap<FastifyRequest, { release: () => void } | "over-cap">();
  return {
    /** Before checking a password for `account` (its e-mail, as the account stores it). */
    take(request: FastifyRequest, reply: FastifyReply, account: string) {
      const source = perSource.take(`${account} ${networkOf(request)}`);
      if ("retryAfterMs" in source) {
        reply.header("retry-after", String(Math.max(1, Math.ceil(source.retryAfterMs / 1000))));
        request.log.warn({ url: request.routeOptions.url }, "rate limit reached");
        throw new HttpError(429, tooManyMessage(LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS, source.retryAfterMs));
      }
      const whole = perAccount.take(account);
      if ("release" in whole) {
        taken.set(request, {
          release: () => {
            source.release();
            whole.release();
          },
        });
      } else {
        request.log.warn({ url: request.routeOptions.url }, "sign-ins to one account confirmed by e-mail");
        taken.set(request, "over-cap");
      }
    },
    /** The account is past its cap: the answer must not tell whether the password was right. */
    accountOverCap: (request: FastifyRequest) => taken.get(request) === "over-cap",
    succeeded(request: FastifyRequest) {
      const places = taken.get(request);
      if (places && places !== "over-cap") places.release();
      taken.delete(request);
    },
  };
}

export const rateLimitsPlugin = fp(async (app: FastifyInstance) => {
  app.decorate("sharedLimiters", new Map<string, unknown>());
  await app.register(rateLimit, {
    global: false,
    keyGenerator: networkOf,
    onExceeded: (request) => request.log.warn({ url: request.routeOptions.url }, "rate limit reached"),
  });
});

/** New guest carts and wishlists per address (server/modules/carts): each is a row kept for 30 days. */
export const NEW_GUEST_LIST_RATE_LIMIT = limit(60, 60, "Too many new carts from this network.");
