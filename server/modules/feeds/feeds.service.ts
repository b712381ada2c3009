/**
 * The product feeds (docs/product.md, Product feeds): every product shoppers can see,
 * written for Google Merchant Center or Meta Commerce Manager, and the published reviews
 * of those products for Google, built once per version of the catalogue and kept until
 * the catalogue (reviews included), the shop's settings or the Lagos day change.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { feedAmount, feedItemsOf, type FeedShipping, type FeedSite } from "../../../domain/catalog/feed-items";
import { normaliseCategory } from "../../../domain/catalog/categories";
import { pieceVolume, shippingRates } from "../../../domain/delivery/delivery-price";
import { NO_DELIVERY_PRICES, type StoredDelivery } from "../../../domain/delivery/delivery.schema";
import { STATE_CODES } from "../../../domain/delivery/nigeria-states";
import { koboToNaira } from "../../../domain/money";
import { findArea, readDeliveryPrices } from "../delivery/delivery.service";
import type { Product } from "../../../domain/catalog/catalog.types";
import { lagosToday } from "../../../domain/catalog/furniture";
import type { Database } from "../../db/client";
import type { CatalogCache } from "../catalog/catalog-cache";
import { listProducts } from "../catalog/products.service";
import { richTextToPlain } from "../catalog/rich-text";
import type { ShopSettingsStore } from "../settings/settings.service";
import type { FeedChannel, FeedFormat } from "./feed-format";
import { googleFeed } from "./google-feed";
import { forEachFeedReviewPage, reviewsFeedHead, reviewXml } from "./google-reviews-feed";
import { metaFeed } from "./meta-feed";

export const FEED_FORMATS = { google: googleFeed, meta: metaFeed } satisfies Record<string, FeedFormat>;
type ProductFeedKind = keyof typeof FEED_FORMATS;
/** The product feeds, and Google's feed of the reviews of those products. */
export type FeedKind = ProductFeedKind | "googleReviews";

export const FEED_CONTENT_TYPES: Record<FeedKind, string> = {
  google: googleFeed.contentType,
  meta: metaFeed.contentType,
  googleReviews: "application/xml; charset=utf-8",
};

export interface BuiltFeed {
  body: Buffer;
  /**
   * The body gzipped once, when built: compressing megabytes again for every request would
   * let anyone who asks often enough keep the server busy.
   */
  gzipped: Buffer;
  /** Weak: the bytes sent differ with their encoding, not what they say. */
  etag: string;
}

/**
 * Products read at a time: one page of rows held at once, whatever the catalogue's
 * size. Each page skips the ones before it, so smaller pages cost more in all: 10,000
 * products are 20 pages.
 */
export const FEED_PAGE_SIZE = 500;

// Block ends and line breaks become spaces, so that paragraphs and list items do not run into each other.
const BLOCK_END = /<\/(?:p|li|h[1-6]|blockquote|ul|ol)>|<br\s*\/?>|<hr\s*\/?>/gi;
const ESCAPED: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"' };

/**
 * A stored description as plain text. Stored descriptions are sanitised HTML; the
 * sanitiser's text keeps &, <, > and " escaped, which a plain-text field must not.
 */
export function plainDescription(html: string): string {
  return richTextToPlain(html.replace(BLOCK_END, "$& ")).replace(/&(?:amp|lt|gt|quot);/g, (entity) => ESCAPED[entity]!);
}

/**
 * Every product shoppers can see (the public list: no drafts), a page at a time, newest
 * first. The pages come from one snapshot of the catalogue, so a change made while they
 * are read can neither repeat nor skip a product.
 */
export async function forEachPublicProductPage(db: Database, visit: (products: Product[]) => void): Promise<void> {
  await db.transaction(
    async (tx) => {
      for (let page = 1; ; page += 1) {
        const { products, hasMore } = await listProducts(tx, { page, limit: FEED_PAGE_SIZE });
        visit(products);
        if (!hasMore) return;
      }
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * The whole feed as bytes: each page of items is written and turned into bytes before the
 * next is read, so the text of only one page is held as strings at a time.
 */
export async function buildFeed(
  db: Database,
  format: FeedFormat,
  site: FeedSite,
  channel: FeedChannel,
  delivery: StoredDelivery = NO_DELIVERY_PRICES,
): Promise<BuiltFeed> {
  const parts = [Buffer.from(format.head(channel))];
  await forEachPublicProductPage(db, (products) => {
    const items = products.flatMap((product) =>
      feedItemsOf(product, site, plainDescription(product.description), shippingOf(product, delivery)),
    );
    parts.push(Buffer.from(format.items(items)));
  });
  parts.push(Buffer.from(format.tail()));
  return finished(parts);
}

/**
 * Google's product reviews feed as bytes, a page of reviews at a time. `<reviews>` is
 * written only around at least one review: the schema has it hold one or more.
 */
export async function buildReviewsFeed(db: Database, site: FeedSite): Promise<BuiltFeed> {
  const parts = [Buffer.from(reviewsFeedHead(site.shopName))];
  let opened = false;
  await forEachFeedReviewPage(db, site.publicUrl, (page) => {
    if (!opened) parts.push(Buffer.from("<reviews>\n"));
    opened = true;
    parts.push(Buffer.from(page.map((review) => reviewXml(review, site.publicUrl)).join("")));
  });
  parts.push(Buffer.from(`${opened ? "</reviews>\n" : ""}</feed>\n`));
  return finished(parts);
}

/** The feed's bytes, gzipped once, and the version they make. */
async function finished(parts: Buffer[]): Promise<BuiltFeed> {
  const body = Buffer.concat(parts);
  return {
    body,
    // In the thread pool, away from the requests being answered.
    gzipped: await promisify(gzip)(body),
    etag: `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`,
  };
}

/** A piece's delivery rate in each area the owner prices with a fee, the main area first. */
function shippingOf(product: Product, delivery: StoredDelivery): FeedShipping[] {
  if (!delivery.areas.length) return [];
  const category = normaliseCategory(product.category);
  const piece = {
    productId: product._id,
    category,
    quantity: 1,
    volumeM3: pieceVolume(product.dimensions ?? null, category, delivery.defaultSizesCm),
  };
  return shippingRates(delivery, [piece]).flatMap((rate) => {
    const area = findArea(rate.areaId);
    return area
      ? [
          {
            region: STATE_CODES[area.state] ?? null,
            service: `Delivery to ${area.name}`,
            price: feedAmount(koboToNaira(rate.amountKobo)),
          },
        ]
      : [];
  });
}

export interface ProductFeeds {
  read(kind: FeedKind): Promise<BuiltFeed>;
}

export interface ProductFeedsDeps {
  db: Database;
  cache: CatalogCache;
  settings: ShopSettingsStore;
  publicUrl: string;
}

/** A feed being built or built, and the catalogue version it was started for. */
interface Build {
  version: object;
  feed: Promise<BuiltFeed>;
  settled: boolean;
}

/**
 * The feeds, each built on its first request after a change. A feed of 10,000 products is
 * far larger than the catalogue cache keeps in one entry, so the cache holds a small
 * version marker instead: the marker is computed afresh exactly when the cache empties (a
 * catalogue or settings write, on any instance, or the cache's listener reconnecting),
 * and a feed built for another marker is built again. The marker is keyed by the Lagos
 * day too, for the ready-by dates.
 *
 * At most one build of a feed runs at a time. A request that needs a newer one while a
 * build runs waits for the next, which starts when the running one ends and serves every
 * request that arrived before it started: each then gets a feed read after it asked.
 * While the cache is off every marker is new, so every request needs a new feed, and
 * this keeps a burst of them to one build after another.
 */
export function createProductFeeds({ db, cache, settings, publicUrl }: ProductFeedsDeps): ProductFeeds {
  const latest = new Map<FeedKind, Build>();
  const waiting = new Map<FeedKind, Promise<BuiltFeed>>();

  const build = async (kind: FeedKind): Promise<BuiltFeed> => {
    const shop = await settings.cached();
    const site = { publicUrl, shopName: shop.shopName };
    if (kind === "googleReviews") return buildReviewsFeed(db, site);
    const channel = { title: shop.shopName, link: `${publicUrl.replace(/\/+$/, "")}/`, description: shop.description };
    return buildFeed(db, FEED_FORMATS[kind], site, channel, await readDeliveryPrices(db));
  };

  const start = (kind: FeedKind, version: object): Promise<BuiltFeed> => {
    const started: Build = { version, feed: build(kind), settled: false };
    latest.set(kind, started);
    started.feed.then(
      () => (started.settled = true),
      () => {
        started.settled = true;
        // A failed build is not kept: the next request tries again.
        if (latest.get(kind) === started) latest.delete(kind);
      },
    );
    return started.feed;
  };

  return {
    async read(kind) {
      const version = await cache.remember(`feeds-version:${lagosToday()}`, async () => ({}));
      const last = latest.get(kind);
      if (last?.version === version) return last.feed;
      if (!last || last.settled) return start(kind, version);
      let next = waiting.get(kind);
      if (!next) {
        next = last.feed
          .catch(() => undefined)
          .then(() => {
            waiting.delete(kind);
            return start(kind, version);
          });
        waiting.set(kind, next);
      }
      return next;
    },
  };
}
