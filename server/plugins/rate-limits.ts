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
 * Where the counts live: in this process's memory by default; with REDIS_URL, in Redis
 * (rate-limiter-flexible, keys under REDIS_PREFIX + "rl:", each count's key hashed so no
 * e-mail is stored), so every instance behind a load balancer adds to one count. Should
 * Redis stop answering (not connected, or no answer within half a second), each limit
 * counts in the instance's memory instead (the library's insurance limiter) and the app
 * warns once in its log (server/redis.ts): the limits hold per instance meanwhile rather
 * than failing open or refusing everyone, and Redis takes over again when it is back.
 */
import { createHash } from "node:crypto";
import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, RLWrapperTimeouts } from "rate-limiter-flexible";
import type { RedisConnection } from "../redis";
import { refuse } from "../../domain/refusal";

/**
 * What per-address limits count for a client address. An IPv6 subscriber (a phone, a
 * home) is handed a whole /64 and may send from any address in it, so counting full IPv6
 * addresses would give one person a fresh allowance with every request: IPv6 counts by
 * its /64. IPv4, and IPv4 written as IPv6 (::ffff:1.2.3.4, as a dual-stack socket
 * reports it), count by the address.
 */
export const clientNetwork = (address: string | undefined): string =>
  // A request whose connection closed before it was handled (a phone that gave up on a
  // slow answer) has no address left: such requests share one count.
  address ? normalizeIP(address, 64) : "unknown";

/** The client's address as per-address limits count it. */
export const networkOf = (request: FastifyRequest) => clientNetwork(request.ip);

declare module "fastify" {
  interface FastifyInstance {
    /** The limiters every part of the app shares, by name (see `sharedLimiter`). */
    sharedLimiters: Map<string, unknown>;
    /** The counts of one limit, by its name: the same counts for every caller (see `Counts`). */
    limitCounts(window: CountWindow): Counts;
  }
}

/** A count's window: at most `max` in `minutes` from the first, per key; `name` keeps its keys apart from other counts'. */
export interface CountWindow {
  name: string;
  max: number;
  minutes: number;
}

export interface Limit extends CountWindow {
  tooMany: string;
}

const limit = (name: string, max: number, minutes: number, tooMany: string): Limit => ({ name, max, minutes, tooMany });

function tooManyMessage({ tooMany }: Limit, ttlMs: number): string {
  const wait = Math.max(1, Math.ceil(ttlMs / 60_000));
  return `${tooMany} Please try again in ${wait} ${wait === 1 ? "minute" : "minutes"}.`;
}

/** Per client address, with `limitPerAddress`. */
export const CONTACT_RATE_LIMIT = limit("contact", 20, 10, "Too many messages.");
export const ORDER_RATE_LIMIT = limit("orders", 30, 10, "Too many orders.");
/** Writing or changing a review: each may carry photos, which cost the server to read. */
export const REVIEW_RATE_LIMIT = limit("reviews", 20, 10, "Too many reviews.");
export const SIGNUP_RATE_LIMIT = limit("sign-up", 30, 60, "Too many sign-ups.");
export const LOGIN_RATE_LIMIT = limit("login", 30, 15, "Too many sign-in attempts.");
/** The admin's sign-in form, counted apart from the shop's so that shoppers behind one address cannot lock the owner out. */
export const ADMIN_LOGIN_RATE_LIMIT = limit("admin-login", 30, 15, "Too many sign-in attempts.");
export const PASSWORD_RESET_RATE_LIMIT = limit("password-reset", 10, 60, "Too many password reset requests.");
export const SIGN_IN_LINK_RATE_LIMIT = limit("sign-in-link", 10, 15, "Too many sign-in attempts.");

/** Wrong passwords for one account: from one address, and from all of them together. */
export const LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS = limit("login-failures", 10, 15, "Too many sign-in attempts.");
export const LOGIN_FAILURES_PER_ACCOUNT = limit("login-failures-account", 100, 15, "Too many sign-in attempts.");

/** Per account or e-mail address, whoever is asking: for `limitBy`. */
export const PASSWORD_RESET_EMAIL_RATE_LIMIT = limit(
  "password-reset-email",
  3,
  60,
  "Too many password reset requests.",
);
/**
 * Checks of a signed-in account's current password (to change it or the e-mail, or to
 * delete the account), all counted together: per address, and per account, so a session
 * left open on a shared computer does not let its finder guess the password.
 */
export const PASSWORD_CHECK_RATE_LIMIT = limit("password-check", 10, 15, "Too many password attempts.");
export const PASSWORD_CHECK_ACCOUNT_RATE_LIMIT = limit("password-check-account", 5, 15, "Too many password attempts.");

/**
 * A preHandler limiting requests by `keyOf(request)` (an e-mail, an account id), in the
 * counts of the limit's name: every caller of one limit adds to one count.
 */
export function limitBy(
  app: FastifyInstance,
  spec: Limit,
  keyOf: (request: FastifyRequest) => string | Promise<string>,
) {
  const counts = app.limitCounts(spec);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const taken = await counts.take(await keyOf(request));
    if ("release" in taken) return;
    refuseOverLimit(request, reply, spec, taken.retryAfterMs);
  };
}

function refuseOverLimit(request: FastifyRequest, reply: FastifyReply, spec: Limit, retryAfterMs: number): never {
  reply.header("retry-after", String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  request.log.warn({ url: request.routeOptions.url }, "rate limit reached");
  throw refuse("too-many", tooManyMessage(spec, retryAfterMs));
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

/** What taking a place in a count gives: how to give it back, or how long until one frees up. */
export type Taken = { release: () => Promise<void> } | { retryAfterMs: number };

/** Counts per key in fixed windows that start at the first count. */
export interface Counts {
  /** Takes a place if one is left. */
  take(key: string): Promise<Taken>;
}

/** Counts in this process's memory: the default, and the only counts without REDIS_URL. */
class MemoryCounts implements Counts {
  /** Beyond this many keys the oldest go first, so a flood of made-up e-mails cannot exhaust memory. */
  private static readonly MAX_KEYS = 50_000;
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly spec: CountWindow) {}

  async take(key: string, now = Date.now()): Promise<Taken> {
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
    return { release: async () => void (taken.count = Math.max(0, taken.count - 1)) };
  }

  private makeRoom(now: number) {
    if (this.windows.size < MemoryCounts.MAX_KEYS) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    for (const key of this.windows.keys()) {
      if (this.windows.size < MemoryCounts.MAX_KEYS) break;
      this.windows.delete(key);
    }
  }
}

/** How long a count may wait for Redis before the instance's own memory counts instead. */
const REDIS_ANSWER_MS = 500;

/**
 * Counts in Redis, one count for every instance (REDIS_URL). Keys are hashed: a count's
 * key may be an e-mail, which Redis need not hold.
 */
function redisCounts({ client, prefix }: RedisConnection, spec: CountWindow): Counts {
  const points = spec.max;
  const duration = spec.minutes * 60;
  const limiter = new RLWrapperTimeouts({
    limiter: new RateLimiterRedis({
      storeClient: client,
      useRedisPackage: true,
      // Not connected: straight to the insurance, rather than queueing until Redis is back.
      rejectIfRedisNotReady: true,
      keyPrefix: `${prefix}rl:${spec.name}`,
      points,
      duration,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: spec.name, points, duration }),
    }),
    timeoutMs: REDIS_ANSWER_MS,
  });
  const hashed = (key: string) => createHash("sha256").update(key).digest("base64url");
  return {
    async take(key) {
      const stored = hashed(key);
      try {
        await limiter.consume(stored);
      } catch (error) {
        if (error instanceof RateLimiterRes) return { retryAfterMs: error.msBeforeNext };
        throw error;
      }
      return { release: () => limiter.reward(stored).then(() => {}) };
    },
  };
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
export function limitLoginFailures(app: FastifyInstance) {
  const perSource = app.limitCounts(LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS);
  const perAccount = app.limitCounts(LOGIN_FAILURES_PER_ACCOUNT);
  const taken = new WeakMap<FastifyRequest, { release: () => Promise<void> } | "over-cap">();
  return {
    /** Before checking a password for `account` (its e-mail, as the account stores it). */
    async take(request: FastifyRequest, reply: FastifyReply, account: string) {
      const source = await perSource.take(`${account} ${networkOf(request)}`);
      if ("retryAfterMs" in source)
        refuseOverLimit(request, reply, LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS, source.retryAfterMs);
      const whole = await perAccount.take(account);
      if ("release" in whole) {
        taken.set(request, {
          release: async () => {
            await Promise.all([source.release(), whole.release()]);
          },
        });
      } else {
        request.log.warn({ url: request.routeOptions.url }, "sign-ins to one account confirmed by e-mail");
        taken.set(request, "over-cap");
      }
    },
    /** The account is past its cap: the answer must not tell whether the password was right. */
    accountOverCap: (request: FastifyRequest) => taken.get(request) === "over-cap",
    async succeeded(request: FastifyRequest) {
      const places = taken.get(request);
      taken.delete(request);
      if (places && places !== "over-cap") await places.release();
    },
  };
}

export const rateLimitsPlugin = fp(async (app: FastifyInstance, { redis }: { redis?: RedisConnection | undefined }) => {
  app.decorate("sharedLimiters", new Map<string, unknown>());
  const byName = new Map<string, Counts>();
  app.decorate("limitCounts", (window: CountWindow) => {
    let counts = byName.get(window.name);
    if (!counts) {
      counts = redis ? redisCounts(redis, window) : new MemoryCounts(window);
      byName.set(window.name, counts);
    }
    return counts;
  });
});

/** New guest carts and wishlists per address (server/modules/carts): each is a row kept for 30 days. */
export const NEW_GUEST_LIST_RATE_LIMIT = limit("new-guest-lists", 60, 60, "Too many new carts from this network.");
