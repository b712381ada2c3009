/**
 * Who is calling: the session cookie, looked up at most once per request and only when
 * a route or page asks (`await request.signedIn()`), so images and scripts cost nothing.
 * Also the two guards every protected route uses, and the cookie's own settings.
 * When a lookup renews the session, the reply re-issues the cookie with the new Max-Age,
 * unless the route set or cleared the session cookie itself (sign-in, logout).
 */
import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Database } from "../db/client";
import { findSession, type SignedIn } from "../modules/accounts/sessions.service";
import { HttpError } from "./errors";

export const SESSION_COOKIE = "furnish_session";

declare module "fastify" {
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

    app.addHook("onSend", async (request, reply) => {
      const lookup = lookups.get(request);
      if (!lookup || sessionCookieWritten.has(reply)) return;
      // A failed lookup has already failed the request; the cookie stays as it was.
      const signedIn = await lookup.catch(() => null);
      if (signedIn?.renewedUntil) reply.setSessionCookie(request.cookies[SESSION_COOKIE]!, signedIn.renewedUntil);
    });
  },
);

export const NOT_SIGNED_IN = "Please log in to continue.";
export const ADMINS_ONLY = "Only an administrator may do this.";

/** For routes of a signed-in account: 401 for guests. */
export async function requireUser(request: FastifyRequest): Promise<SignedIn> {
  const signedIn = await request.signedIn();
  if (!signedIn) throw new HttpError(401, NOT_SIGNED_IN);
  return signedIn;
}

/** For every admin route: 401 for guests, 403 for customers. */
export async function requireAdmin(request: FastifyRequest): Promise<SignedIn> {
  const signedIn = await requireUser(request);
  if (!signedIn.viewer.isAdmin) throw new HttpError(403, ADMINS_ONLY);
  return signedIn;
}
