/**
 * Cache-Control for API answers and pages. Whatever depends on who asks (an account, a cart, the
 * admin's views) must never be kept by a browser's disk cache or a shared proxy, so
 * every /api answer is `private, no-store` unless its route says otherwise. The public
 * catalogue reads are the same for everyone: a shared cache may keep them, but must ask
 * again each time, because an admin's save changes them at once (live pages refetch).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

export const PRIVATE = "private, no-store";
export const PUBLIC_REVALIDATE = "public, no-cache";

/** Register inside the /api scope. */
export const privateByDefaultPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("onSend", async (_request, reply) => {
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", PRIVATE);
  });
});

/** An onSend hook for a plugin of public reads: successful GETs may be kept by shared caches. */
export async function markPublicReads(request: FastifyRequest, reply: FastifyReply) {
  if ((request.method === "GET" || request.method === "HEAD") && reply.statusCode < 400) {
    reply.header("cache-control", PUBLIC_REVALIDATE);
  }
}

/**
 * A page's caching headers (server/plugins/web.ts). Pages differ by visitor (a guest's cart
 * count, the Data saver choice), so a shared cache must never hand one visitor's page to
 * another: `private, no-cache` unless the page says otherwise. Two kinds of page are kept
 * by no cache at all, the service worker's included (docs/architecture.md, The service
 * worker and the installable shop):
 * - a page for a signed-in person: it carries their name and e-mail (in the page's data
 *   if not on screen), and a phone must not show it once their session has ended, however
 *   it ended, which the phone cannot know while offline;
 * - a page that sets a cookie (a message shown once): the worker cannot see the cookie.
 * A page also differs by Data saver (docs/product.md, Data saver): by the browser's
 * Save-Data header, named in Vary so a browser's own cache keeps the two apart, and by the
 * switch's cookie, which no shared cache sees since pages are private.
 */
export function markPage(
  reply: FastifyReply,
  response: Response,
  { setsCookie, signedIn }: { setsCookie: boolean; signedIn: boolean },
) {
  if (setsCookie || signedIn) reply.header("cache-control", PRIVATE);
  else if (!response.headers.has("cache-control")) reply.header("cache-control", "private, no-cache");
  const vary = reply.getHeader("vary");
  if (!/\bsave-data\b/i.test(String(vary ?? "")))
    reply.header("vary", vary ? `${String(vary)}, Save-Data` : "Save-Data");
}
