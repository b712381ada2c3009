import type { FastifyInstance } from "fastify";
import { createProductFeeds, FEED_CONTENT_TYPES, type FeedKind, type ProductFeedsDeps } from "./feeds.service";

/**
 * Google and Meta fetch a feed on a schedule (hourly at most); a few minutes' cache in
 * between, and a 304 while nothing changed, keep repeated fetches cheap.
 */
const CACHE_FIVE_MINUTES = "public, max-age=300";

const ROUTES: Record<FeedKind, string> = {
  google: "/feeds/google.xml",
  meta: "/feeds/meta.csv",
  googleReviews: "/feeds/google-reviews.xml",
};

/** Whether the client's If-None-Match names this version (weak comparison, as for GET). */
function stillFresh(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

/** Whether the client takes gzip: named, or matched by "*", with a quality above 0. */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  const quality = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [coding, ...params] = part.split(";").map((piece) => piece.trim());
    if (!coding) continue;
    const q = params.find((param) => param.startsWith("q="));
    quality.set(coding === "x-gzip" ? "gzip" : coding, q ? Number(q.slice(2)) : 1);
  }
  const q = quality.get("gzip") ?? quality.get("*") ?? 0;
  return q > 0;
}

/**
 * GET /feeds/google.xml and /feeds/meta.csv, the product feeds, and
 * /feeds/google-reviews.xml, the reviews of those products (docs/product.md, Product feeds).
 */
export async function feedsRoutes(app: FastifyInstance, deps: ProductFeedsDeps) {
  const feeds = createProductFeeds(deps);
  for (const kind of Object.keys(ROUTES) as FeedKind[]) {
    // The app's compression stays off: it would compress the feed again for every request.
    app.get(ROUTES[kind], { compress: false }, async (request, reply) => {
      const feed = await feeds.read(kind);
      reply.header("cache-control", CACHE_FIVE_MINUTES).header("etag", feed.etag).header("vary", "accept-encoding");
      if (stillFresh(request.headers["if-none-match"], feed.etag)) return reply.status(304).send();
      reply.type(FEED_CONTENT_TYPES[kind]);
      if (acceptsGzip(request.headers["accept-encoding"]))
        return reply.header("content-encoding", "gzip").send(feed.gzipped);
      return reply.send(feed.body);
    });
  }
}
