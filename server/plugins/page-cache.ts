/**
 * The page cache (docs/architecture.md, The page cache): a guest's home, shop and product
 * pages, rendered once and kept compressed with brotli, so a link shared widely is
 * answered without rendering React again for each visitor. Phones and browsers ask for
 * brotli; the rare visitor without it gets the kept copy decompressed (and gzipped, when
 * asked), which costs a few milliseconds, rather than every page being kept twice.
 *
 * Only what is the same for every guest is kept:
 * - a GET of `/`, `/shop` or `/product/:id` (any query), in production;
 * - from a request whose cookies are only the cookie choice and the Data saver switch: a
 *   session (valid or not), a guest's lists, a delivery area, a flash message or any cookie
 *   we do not know makes the page the visitor's own, rendered for them and never kept;
 * - an answer of 200 that sets no cookie, for no signed-in viewer.
 * The key holds everything such a page depends on: the build, the origin it was asked on,
 * Data saver (switch or Save-Data header), the cookie choice, the path and the query.
 *
 * Pages empty on every change to what they show, on every instance: they empty whenever
 * the catalogue read cache does, which hears the catalogue's channel (`catalog_changed`,
 * which catalogue, settings and delivery writes announce at commit) and a write on this
 * instance. Following that cache rather than hearing the channel apart means a page is
 * never rendered from the read cache's answers from before a change it has already been
 * emptied for. Each instance also listens to `product_pages_changed`, whose payload names
 * a product: the pages that show it (its own, and those with its card) are dropped
 * (`announceProductPagesChanged`). While either cannot hear changes nothing is kept or
 * served. A render that began before a change is not kept after it.
 *
 * A kept page has one script nonce for all who get it, so its content security policy
 * allows its inline scripts by their hashes instead (one script cannot be swapped for
 * another), never by the nonce.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, brotliDecompress, constants as zlib, gzip } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type pg from "pg";
import { CONSENT_COOKIE, parseConsent } from "../../domain/cookie-consent";
import { listenForChanges } from "../db/change-listener";
import type { Database } from "../db/client";
import type { NotifiedCache } from "../db/notified-cache";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const unbrotli = promisify(brotliDecompress);

/** 16 MB of compressed pages: a few hundred pages in every variant. */
export const PAGE_CACHE_SIZE = 16 * 1024 * 1024;

/**
 * Brotli's quality for a kept page. Measured on a product page (117 KB) and the home page
 * (259 KB): 6 takes 4–7 ms and 9 takes 20–25 ms, for 1% fewer bytes. Every page a crawler
 * walks through is kept once and may never be asked for again, so the cheaper quality.
 */
const KEPT_BROTLI_QUALITY = 6;

/** How long a page is kept at most, changes or not. */
export const PAGE_TTL_MS = 15 * 60 * 1000;

/** The channel a change to one product's pages is announced on; its payload is the product's id. */
export const PRODUCT_PAGES_CHANNEL = "product_pages_changed";

/** The pages kept: home, the shop (any query) and a product's page. */
const KEPT_PATH = /^\/(?:shop|product\/[^/.]+)?$/;

/** The only cookies a kept page may be asked with: the switch and the choice it already depends on. */
const DATA_SAVER_COOKIE = "data-saver";
const SHARED_COOKIES = new Set([CONSENT_COOKIE, DATA_SAVER_COOKIE]);

/** A product's link in a page: its own page, and every card of it. */
const PRODUCT_LINK = /\/product\/([0-9a-f-]{36})/gi;

/** An inline script's tag: what its content security policy must allow by hash. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

interface CachedPage {
  br: Buffer;
  /** The page's own headers (content type, robots), as the render answered them. */
  headers: Array<[string, string]>;
  /** Its content security policy, allowing its inline scripts by hash. */
  policy: string;
  /** The products it links to (lower case): a change to one of them drops it. */
  products: Set<string>;
}

/** What a page render answered, for the cache to keep. */
export interface RenderedPage {
  html: Buffer;
  /** Every header of the answer but its cookies (it set none) and compression. */
  headers: Array<[string, string]>;
}

export interface PageCache {
  /**
   * The request's key, or null when its page is not the same for every guest (never served
   * from the cache nor kept). `build` names the pages' build: a new build's pages are never the old one's.
   */
  keyOf(request: FastifyRequest, { build, origin }: { build: string; origin: string }): string | null;
  /** Answers the request from the cache, if its page is there (waiting for a render of it under way); false otherwise. */
  answer(key: string, request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
  /**
   * Marks a render of `key` as under way: others asking for the page meanwhile wait for it.
   * The returned `keep` stores its page (once the reply is sent whole, still as kept); `drop` gives up.
   */
  rendering(key: string): { keep(page: RenderedPage): Promise<void>; drop(): void };
  /** Drops every page (a catalogue or settings change here: the notification comes a moment later). */
  forgetAll(): void;
  /** Drops the pages that show this product (its own page, and those with its card). */
  forgetProduct(productId: string): void;
  /** Entries kept, and their size in bytes. */
  stats(): { entries: number; size: number };
  close(): Promise<void>;
}

/**
 * Announces that a product's pages changed (its reviews, say): every instance drops its
 * page and every kept page with its card. Inside a transaction, the announcement is sent
 * at commit. Catalogue and settings writes need not call this: their tables announce
 * themselves on the catalogue's channel, which empties every page.
 */
export async function announceProductPagesChanged(db: Pick<Database, "execute">, productId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${PRODUCT_PAGES_CHANNEL}, ${productId})`);
}

/** Whether the request's Data saver is on: the switch's cookie wins over the browser's Save-Data header. */
function dataSaverOf(request: FastifyRequest): boolean {
  const choice = request.cookies[DATA_SAVER_COOKIE];
  if (choice === "on" || choice === "off") return choice === "on";
  const header = request.headers["save-data"];
  return (typeof header === "string" ? header : "")
    .split(/[\s,;]+/)
    .some((directive) => directive.toLowerCase() === "on");
}

/** The encoding to answer with, as @fastify/compress would choose between ours: brotli, then gzip, else none. */
function encodingFor(acceptEncoding: string | undefined): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, boolean>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name = "", ...params] = part.trim().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined || Number(q) > 0);
  }
  const allows = (name: string) => accepted.get(name) ?? accepted.get("*") ?? false;
  if (allows("br")) return "br";
  if (allows("gzip")) return "gzip";
  return null;
}

/** The page's policy with its nonce replaced by the hashes of its inline scripts. */
export function policyByHashes(policy: string, html: string): string {
  const hashes = new Set<string>();
  for (const [, attributes = "", code = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc=/.test(attributes) || /type="application\/ld\+json"/.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(code).digest("base64")}'`);
  }
  return policy.replace(/\s*'nonce-[^']*'/, hashes.size ? ` ${[...hashes].join(" ")}` : "");
}

export interface PageCacheOptions {
  connection: pg.ClientConfig;
  maxSize?: number;
  /** The catalogue read cache, whose every emptying (a change heard, a write on this instance, a reconnection) empties the pages. */
  catalog: Pick<NotifiedCache, "onInvalidate" | "listening">;
  log?: { warn(message: string): void };
}

export async function startPageCache({
  connection,
  maxSize = PAGE_CACHE_SIZE,
  catalog,
  log = console,
}: PageCacheOptions): Promise<PageCache> {
  // A page larger than an eighth of the whole is not kept: it would push out many others.
  const entries = new LRUCache<string, CachedPage>({
    maxSize,
    maxEntrySize: Math.max(1, Math.floor(maxSize / 8)),
    sizeCalculation: (page) => page.br.length,
    // What a page shows by the clock alone (the footer's year) is never older than this.
    ttl: PAGE_TTL_MS,
  });
  /** Renders under way, by key: what others asking for the same page wait for. */
  const underWay = new Map<string, Promise<void>>();
  // Bumped on every change: a render that began before it must not be kept after it.
  let generation = 0;

  const forgetAll = () => {
    generation += 1;
    entries.clear();
  };
  const forgetProduct = (productId: string) => {
    generation += 1;
    const id = productId.toLowerCase();
    for (const [key, page] of entries.entries()) if (page.products.has(id)) entries.delete(key);
  };
  const stopFollowingCatalog = catalog.onInvalidate(forgetAll);

  const changes = await listenForChanges({
    connection,
    channels: [PRODUCT_PAGES_CHANNEL],
    onChange(channel, payload) {
      // No channel: the connection was lost or is back, and what changed meanwhile is unknown.
      if (channel === PRODUCT_PAGES_CHANNEL && payload) forgetProduct(payload);
      else forgetAll();
    },
    what: "The page cache",
    log,
  });
  /** Whether every change to the pages is heard: the product pages' channel and the catalogue cache's. */
  const hearing = () => changes.listening && catalog.listening;

  const send = async (page: CachedPage, request: FastifyRequest, reply: FastifyReply) => {
    reply.status(200);
    for (const [name, value] of page.headers) reply.header(name, value);
    reply.header("content-security-policy", page.policy);
    const encoding = encodingFor(request.headers["accept-encoding"]);
    if (!encoding) return reply.send(await unbrotli(page.br));
    // The same Vary @fastify/compress gives a page it compresses.
    reply.header("vary", `${String(reply.getHeader("vary"))}, accept-encoding`);
    reply.header("content-encoding", encoding);
    return reply.send(encoding === "br" ? page.br : await gzipAsync(await unbrotli(page.br)));
  };

  return {
    keyOf(request, { build, origin }) {
      if (!hearing() || request.method !== "GET") return null;
      const url = request.url;
      const queryAt = url.indexOf("?");
      if (!KEPT_PATH.test(queryAt === -1 ? url : url.slice(0, queryAt))) return null;
      for (const name of Object.keys(request.cookies)) if (!SHARED_COOKIES.has(name)) return null;
      const consent = parseConsent(request.cookies[CONSENT_COOKIE]) ?? "unasked";
      return `${build} ${origin} ${dataSaverOf(request) ? "light" : "full"} ${consent} ${url}`;
    },

    async answer(key, request, reply) {
      let page = entries.get(key);
      if (!page) {
        const pending = underWay.get(key);
        if (!pending) return false;
        await pending;
        page = entries.get(key);
        if (!page) return false;
      }
      await send(page, request, reply);
      return true;
    },

    rendering(key) {
      const started = generation;
      let done: () => void = () => {};
      const waited = new Promise<void>((resolve) => (done = resolve));
      // The first render of a page is the one others wait for.
      const first = !underWay.has(key);
      if (first) underWay.set(key, waited);
      const finish = () => {
        if (first && underWay.get(key) === waited) underWay.delete(key);
        done();
      };
      return {
        async keep({ html, headers }) {
          try {
            if (!hearing() || started !== generation) return;
            const text = html.toString("utf8");
            const br = await brotli(html, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: KEPT_BROTLI_QUALITY,
                // As the app's own compression (server/app.ts): a 256 KB window, not brotli's 4 MB.
                [zlib.BROTLI_PARAM_LGWIN]: 18,
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                [zlib.BROTLI_PARAM_SIZE_HINT]: html.length,
              },
            });
            // A change while it was compressed: the page is already out of date.
            if (!hearing() || started !== generation) return;
            const policy = headers.find(([name]) => name === "content-security-policy")?.[1] ?? "";
            entries.set(key, {
              br,
              headers: headers.filter(([name]) => name !== "content-security-policy"),
              policy: policyByHashes(policy, text),
              products: new Set([...text.matchAll(PRODUCT_LINK)].map((m) => m[1]!.toLowerCase())),
            });
          } finally {
            finish();
          }
        },
        drop: finish,
      };
    },

    forgetAll,
    forgetProduct,
    stats: () => ({ entries: entries.size, size: entries.calculatedSize }),
    async close() {
      stopFollowingCatalog();
      entries.clear();
      await changes.close();
    },
  };
}
