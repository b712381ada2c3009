/**
 * Who is calling: the session cookie, looked up at most once per request and only when
 * a route or page asks (`await request.signedIn()`), so images and scripts cost nothing.
 * Also the two guards every protected route uses, how a route or a whole scope asks for
 * them (`access`), and the cookie's own settings.
 * When a lookup renews the session, the reply re-issues the cookie with the new Max-Age,
 * unless the route set or cleared the session cookie itself (sign-in, logout).
 */
import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { neededFor, allows, PERMISSIONS, type Permission } from "../../domain/staff/permissions";
import { refuse } from "../../domain/refusal";
import { NOT_SIGNED_IN } from "../../domain/accounts/auth.schema";
import type { Database } from "../db/client";
import { findSession, type SignedIn } from "../modules/accounts/sessions.service";

export const SESSION_COOKIE = "furnish_session";

/**
 * Who may call a route that not everyone may: any signed-in account, or a staff member
 * whose roles give this permission (domain/staff/permissions.ts).
 */
export type RouteAccess = "user" | Permission;

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Who may call the route (see `guardRoute`): everyone else is refused before the body
     * is read, and /api/docs shows the route's session requirement.
     */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The signed-in account and session, or null for a guest. */
    signedIn(): Promise<SignedIn | null>;
  }
  interface FastifyReply {
    /**
     * An httpOnly, SameSite=Lax cookie for the whole site; Secure when served over HTTPS.
     * Without a max age it is a session cookie, gone when the browser closes.
     */
    setPrivateCookie(name: string, value: string, maxAgeSeconds: number | undefined): FastifyReply;
    clearPrivateCookie(name: string): FastifyReply;
    setSessionCookie(token: string, expiresAt: Date): FastifyReply;
    clearSessionCookie(): FastifyReply;
  }
}

const lookups = new WeakMap<FastifyRequest, Promise<SignedIn | null>>();
/** Replies whose route wrote the session cookie: a renewal must not overwrite it with the old token. */
const sessionCookieWritten = new WeakSet<FastifyReply>();

const secondsUntil = (date: Date) => Math.max(0, Math.round((date.getTime() - Date.now()) / 1000));

export const sessionPlugin = fp(
  async (app: FastifyInstance, { db, publicUrl }: { db: Database; publicUrl: string }) => {
    await app.register(cookie);
    const publicIsHttps = publicUrl.startsWith("https:");
    const cookieOptions = (request: FastifyRequest) => ({
      path: "/",
      httpOnly: true,
      sameSite: "lax" as const,
      secure: publicIsHttps || request.protocol === "https",
    });

    app.decorateRequest("signedIn", function (this: FastifyRequest) {
      let lookup = lookups.get(this);
      if (!lookup) {
        const token = this.cookies[SESSION_COOKIE];
        // A real token is 43 base64url characters; anything else is not worth a query.
        lookup = token && /^[\w-]{43}$/.test(token) ? findSession(db, token) : Promise.resolve(null);
        lookups.set(this, lookup);
      }
      return lookup;
    });
    app.decorateReply(
      "setPrivateCookie",
      function (this: FastifyReply, name: string, value: string, maxAge: number | undefined) {
        return this.setCookie(name, value, { ...cookieOptions(this.request), maxAge });
      },
    );
    app.decorateReply("clearPrivateCookie", function (this: FastifyReply, name: string) {
      return this.clearCookie(name, cookieOptions(this.request));
    });
    app.decorateReply("setSessionCookie", function (this: FastifyReply, token: string, expiresAt: Date) {
      sessionCookieWritten.add(this);
      return this.setPrivateCookie(SESSION_COOKIE, token, secondsUntil(expiresAt));
    });
    app.decorateReply("clearSessionCookie", function (this: FastifyReply) {
      sessionCookieWritten.add(this);
      return this.clearPrivateCookie(SESSION_COOKIE);
    });

    // A route that declares `config: { access }` is guarded by it: the declaration /api/docs
    // reads is the guard itself, so the two cannot disagree.
    app.addHook("onRoute", (route) => {
      if (route.config?.access) guardRoute(route, route.config.access);
    });

    app.addHook("onSend", async (request, reply) => {
      const lookup = lookups.get(request);
      if (!lookup || sessionCookieWritten.has(reply)) return;
      // A failed lookup has already failed the request; the cookie stays as it was.
      const signedIn = await lookup.catch(() => null);
      if (signedIn?.renewedUntil) reply.setSessionCookie(request.cookies[SESSION_COOKIE]!, signedIn.renewedUntil);
    });
  },
);

export { NOT_SIGNED_IN };
export const ADMINS_ONLY = "Only the shop's staff may do this.";

/** For routes of a signed-in account: 401 for guests. */
export async function requireUser(request: FastifyRequest): Promise<SignedIn> {
  const signedIn = await request.signedIn();
  if (!signedIn) throw refuse("signed-out", NOT_SIGNED_IN);
  return signedIn;
}

/**
 * For every staff route and page action: 401 for guests, 403 for customers, and 403
 * naming the role needed for a member whose roles do not allow it.
 */
export async function requireStaff(request: FastifyRequest, permission: Permission): Promise<SignedIn> {
  const signedIn = await requireUser(request);
  if (!signedIn.viewer.isAdmin) throw refuse("forbidden", ADMINS_ONLY);
  if (!allows(signedIn.viewer.roles, permission)) throw refuse("forbidden", neededFor(permission));
  return signedIn;
}

const guardOf = (access: RouteAccess) =>
  access === "user" ? requireUser : (request: FastifyRequest) => requireStaff(request, access);

/**
 * Makes `access`'s guard the first of the route's own onRequest hooks (after those of its
 * scopes, such as the origin check, and before its rate limits and body) and records the
 * access in the route's config, where /api/docs reads it.
 */
function guardRoute(route: RouteOptions, access: RouteAccess) {
  const check = guardOf(access);
  const guard = async (request: FastifyRequest) => void (await check(request));
  route.config = { ...route.config, access };
  route.onRequest = [guard, ...[route.onRequest ?? []].flat()];
}

/**
 * The staff's scope: every route registered in it must name the permission it needs
 * (`config: { access: "orders.write" }`), or the app refuses to start, so a new admin
 * route cannot go unguarded nor leave its rule out of /api/docs.
 */
export function guardStaffScope(scope: FastifyInstance) {
  scope.addHook("onRoute", (route) => {
    const access = route.config?.access;
    if (!access || !(access in PERMISSIONS))
      throw new Error(`${String(route.method)} ${route.url} is a staff route that names no permission (config.access)`);
  });
}
