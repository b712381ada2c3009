/**
 * Refuses API writes that a browser makes on behalf of another site (cross-site request
 * forgery). SameSite=Lax cookies already keep the session off most of them; this closes
 * the rest without tokens. Browsers name the page's origin on every unsafe request
 * (Origin, or at least Sec-Fetch-Site); clients that are not browsers (curl, other
 * servers) send neither and have no cookies to abuse, so they pass.
 *
 * Register it inside the /api scope, not on the raw URL: the router decodes the path
 * before matching, so `/%61pi/...` reaches an /api route while never starting with "/api/".
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Whether a request's Origin header (undefined when absent) is one of the shop's own. */
export function isOwnOrigin(origin: string | undefined, origins: readonly string[]): boolean {
  if (origin === undefined) return false;
  // "null" (sandboxed frames, some redirects) and garbage never match.
  const claimed = originOf(origin);
  return claimed !== null && claimed !== "null" && origins.includes(claimed);
}

function isCrossSite(request: FastifyRequest, origins: readonly string[]): boolean {
  if (request.headers.origin !== undefined) return !isOwnOrigin(request.headers.origin, origins);
  return request.headers["sec-fetch-site"] === "cross-site";
}

export const originCheckPlugin = fp(async (app: FastifyInstance, { origins }: { origins: readonly string[] }) => {
  app.addHook("onRequest", async (request, reply) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    if (isCrossSite(request, origins)) {
      return reply.status(403).send({ message: "Cross-site request refused." });
    }
  });
});
