/**
 * The page cache's rules (docs/architecture.md, The page cache), over the real app, its
 * production pages and PostgreSQL's notifications: guests' pages are kept and served
 * compressed with the headers a render gives; nothing personal is served from it or kept
 * in it; each variant (Data saver, cookie choice) is its own page; every change empties
 * the pages of every instance; the cache stays within its bound.
 */
import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Browser } from "../../tests/support/api-browser";
import { adminCookie, customerCookie } from "../../tests/support/admin-session";
import { insertProduct } from "../../tests/support/catalog-factory";
import { TEST_SITE, useTestApp } from "../../tests/support/test-app";
import { buildApp } from "../app";
import { connectDatabase, type DatabaseConnection } from "../db/client";
import { products } from "../db/schema/catalog";
import { createMailer } from "../modules/mail/mailer";
import { WEB_BUILD_DIR } from "../web-build";
import { announceProductPagesChanged, policyByHashes, startPageCache } from "./page-cache";

const t = useTestApp({ pages: true });
let sofa = { id: "", path: "" };
let stool = { id: "", path: "" };

beforeAll(async () => {
  const inserted = await insertProduct(t.db, { name: "Velvet Cache Sofa", isPromo: true });
  sofa = { id: inserted.id, path: `/product/${inserted.id}` };
  const other = await insertProduct(t.db, { name: "Oak Cache Stool", category: "Bedroom" });
  stool = { id: other.id, path: `/product/${other.id}` };
});

const PHONE = { "accept-encoding": "br, gzip" };
const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers: { ...PHONE, ...headers } });
const html = (response: { rawPayload: Buffer; headers: Record<string, unknown> }) =>
  response.headers["content-encoding"] === "br"
    ? brotliDecompressSync(response.rawPayload).toString()
    : response.headers["content-encoding"] === "gzip"
      ? gunzipSync(response.rawPayload).toString()
      : response.rawPayload.toString();
const kept = (app: FastifyInstance = t.app) => app.pageCache!.stats().entries;

const rendered = (response: { headers: Record<string, unknown> }) =>
  String(response.headers["content-security-policy"]).includes("'nonce-");

/**
 * Asks for the page until the cache answers it (a change announced meanwhile drops a
 * render's copy): the last render's answer, if any, and the cache's.
 */
async function fromCache(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  let first: Awaited<ReturnType<typeof get>> | undefined;
  let cached: Awaited<ReturnType<typeof get>> | undefined;
  await vi.waitFor(
    async () => {
      const response = await get(app, url, headers);
      expect(response.statusCode, url).toBe(200);
      if (rendered(response)) first = response;
      expect(rendered(response), `${url} from the cache`).toBe(false);
      cached = response;
    },
    { timeout: 10_000 },
  );
  return { first: first!, cached: cached! };
}

describe("the page cache", () => {
  it("keeps a guest's home, shop and product pages and serves them compressed, with the headers a render gives", async () => {
    for (const url of ["/", "/shop?category=Bedroom", sofa.path]) {
      const { first, cached } = await fromCache(t.app, url);
      expect(cached.statusCode).toBe(200);
      expect(cached.headers["content-encoding"]).toBe("br");
      // The same page: only the nonce differs, and a kept page carries none in its policy.
      const nonce = /'nonce-([^']+)'/.exec(String(first.headers["content-security-policy"]))![1]!;
      expect(html(cached)).toBe(html(first));
      expect(html(cached)).toContain(`nonce="${nonce}"`);
      for (const name of ["content-type", "cache-control", "vary", "x-content-type-options", "x-frame-options"]) {
        expect(cached.headers[name], `${url} ${name}`).toBe(first.headers[name]);
      }
      expect(cached.headers.vary).toBe("Save-Data, accept-encoding");
      expect(cached.headers["cache-control"]).toBe("private, no-cache");
      const policy = String(cached.headers["content-security-policy"]);
      expect(policy).not.toContain("nonce-");
      // Every inline script of the page is allowed by its hash, and nothing else is.
      expect(policy).toBe(policyByHashes(String(first.headers["content-security-policy"]), html(first)));
      const bootstrap = /<script type="text\/x-furnish-hydrate" id="furnish-hydrate">([\s\S]*?)<\/script>/.exec(
        html(cached),
      )![1]!;
      expect(policy).toContain(`'sha256-${createHash("sha256").update(bootstrap).digest("base64")}'`);
    }
  });

  it("answers gzip and uncompressed requests from the same brotli copy", async () => {
    await fromCache(t.app, "/shop?category=Sofas");
    const gzip = await get(t.app, "/shop?category=Sofas", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    const plain = await t.app.inject({ method: "GET", url: "/shop?category=Sofas" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("Save-Data");
    expect(html(gzip)).toBe(plain.body);
    // Both from the kept copy, not rendered again.
    expect([rendered(gzip), rendered(plain)]).toEqual([false, false]);
    const noBrotli = await get(t.app, "/shop?category=Sofas", { "accept-encoding": "br;q=0, gzip" });
    expect(noBrotli.headers["content-encoding"]).toBe("gzip");
  });

  it("keeps Data saver and the cookie choice as pages of their own", async () => {
    const full = html((await fromCache(t.app, "/")).cached);
    const light = html((await fromCache(t.app, "/", { "save-data": "on" })).cached);
    expect(full).not.toContain('data-testid="tap-to-load"');
    expect(light).toContain('data-testid="tap-to-load"');
    // The switch's cookie is the same page as the header; switched off, it wins over the header.
    expect(html(await get(t.app, "/", { cookie: "data-saver=on" }))).toBe(light);
    expect(html(await get(t.app, "/", { "save-data": "on", cookie: "data-saver=off" }))).toBe(full);

    const asked = html(await get(t.app, sofa.path));
    const answered = html((await fromCache(t.app, sofa.path, { cookie: "cookie_consent=declined" })).cached);
    expect(asked).toContain("cookie");
    expect(answered.length).toBeLessThan(asked.length);
    expect(html(await get(t.app, sofa.path))).toBe(asked);
  });

  it("never serves or keeps a signed-in viewer's, an admin's or a guest with lists' page", async () => {
    await fromCache(t.app, stool.path);
    const entries = kept();
    const customer = await customerCookie(t);
    const signedIn = await get(t.app, stool.path, { cookie: customer });
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");
    expect(html(signedIn)).toContain("Ada");
    const admin = await get(t.app, "/", { cookie: await adminCookie(t) });
    expect(admin.headers["cache-control"]).toBe("private, no-store");
    // A session cookie that is no session still gets its own render.
    const stale = await get(t.app, stool.path, { cookie: `furnish_session=${"x".repeat(43)}` });
    expect(stale.headers["content-security-policy"]).toContain("nonce-");

    const guest = new Browser(t.app);
    await guest.call("PUT", "/api/cart/add", { itemId: sofa.id, itemType: "Product", quantity: 2 });
    expect(guest.cookies.has("anonymousId")).toBe(true);
    const withCart = await guest.call("GET", stool.path, undefined, PHONE);
    // The cart badge is the guest's own: rendered for them, with a nonce of its own.
    expect(html(withCart)).toContain("(2 items)");
    expect(withCart.headers["content-security-policy"]).toContain("nonce-");
    // A cookie we do not know (a flash message, a delivery area…) makes the page the visitor's too.
    const flash = await get(t.app, stool.path, { cookie: "flash=whatever" });
    expect(flash.headers["content-security-policy"]).toContain("nonce-");
    expect(kept()).toBe(entries);
    // The cached page never shows the customer's name nor the guest's cart.
    const cached = html(await get(t.app, stool.path));
    expect(cached).not.toContain("Ada");
    expect(cached).not.toContain("(2 items)");
  });

  it("keeps no answer but a 200, and no page it does not cover", async () => {
    const entries = kept();
    const missing = await get(t.app, "/product/00000000-0000-4000-8000-000000000000");
    expect(missing.statusCode).toBe(404);
    await get(t.app, "/projects");
    await get(t.app, `${sofa.path}/finishes`);
    await t.app.inject({ method: "HEAD", url: "/" });
    // A render's copy is kept a moment after it is sent: give any the time it would take.
    await get(t.app, "/");
    expect(kept()).toBe(entries);
  });

  it("empties on a catalogue change, and drops a product's pages when they are announced", async () => {
    await fromCache(t.app, "/");
    await fromCache(t.app, sofa.path);
    await fromCache(t.app, stool.path);
    await t.db.update(products).set({ name: "Velvet Cache Sofa II" }).where(eq(products.id, sofa.id));
    await vi.waitFor(() => expect(kept()).toBe(0));
    // Emptied with the catalogue read cache: the next render reads the change, never the
    // read cache's answer from before it.
    expect(html(await get(t.app, sofa.path))).toContain("Velvet Cache Sofa II");
    expect(html((await fromCache(t.app, sofa.path)).cached)).toContain("Velvet Cache Sofa II");

    await fromCache(t.app, "/");
    await fromCache(t.app, sofa.path);
    await fromCache(t.app, stool.path);
    const before = kept();
    await announceProductPagesChanged(t.db, sofa.id);
    // Its page and the home page with its card go; the stool's page, without it, stays.
    await vi.waitFor(() => expect(kept()).toBe(before - 2));
    const stoolAgain = await get(t.app, stool.path);
    expect(stoolAgain.headers["content-security-policy"]).not.toContain("nonce-");
  });

  it("empties on a settings change", async () => {
    await fromCache(t.app, "/");
    const response = await t.app.inject({
      method: "PUT",
      url: "/api/admin/operations/settings",
      headers: { cookie: await adminCookie(t), origin: TEST_SITE.PUBLIC_URL },
      payload: { shopName: "Cache & Co" },
    });
    expect(response.statusCode, response.body).toBe(200);
    await vi.waitFor(() => expect(kept()).toBe(0));
    expect(html(await get(t.app, "/"))).toContain("Cache &amp; Co");
  });
});

describe("two instances", () => {
  let second: FastifyInstance;
  let database: DatabaseConnection;
  beforeAll(async () => {
    database = connectDatabase(t.url, { max: 2 });
    second = await buildApp({
      database,
      env: TEST_SITE,
      mediaDir: t.mediaDir,
      mailer: createMailer({ from: "shop@furnish.test", outboxDir: t.outboxDir, log: { info: () => {} } }),
      web: { mode: "production", buildDir: WEB_BUILD_DIR },
    });
  });
  afterAll(async () => {
    await second?.close();
    await database?.pool.end();
  });

  it("empty each other's pages on a change either makes", async () => {
    await fromCache(t.app, sofa.path);
    await fromCache(second, sofa.path);
    // A write through the first instance's API (its own cache empties at once) reaches the second by PostgreSQL.
    await t.db.update(products).set({ priceKobo: 123_456_00 }).where(eq(products.id, sofa.id));
    await vi.waitFor(() => {
      expect(kept(t.app)).toBe(0);
      expect(kept(second)).toBe(0);
    });
    await fromCache(t.app, stool.path);
    await fromCache(second, stool.path);
    await announceProductPagesChanged(database.db, stool.id);
    await vi.waitFor(() => {
      expect(kept(t.app)).toBe(0);
      expect(kept(second)).toBe(0);
    });
  });
});

describe("a bounded page cache", () => {
  let tight: FastifyInstance;
  let database: DatabaseConnection;
  let bound = 0;
  beforeAll(async () => {
    // Room for nine and a half shop pages (one may take up to an eighth): a page's size is its brotli copy's.
    const { cached } = await fromCache(t.app, "/shop?bound=measure");
    bound = Math.floor(cached.rawPayload.length * 9.5);
    database = connectDatabase(t.url, { max: 2 });
    tight = await buildApp({
      database,
      env: TEST_SITE,
      mediaDir: t.mediaDir,
      mailer: createMailer({ from: "shop@furnish.test", outboxDir: t.outboxDir, log: { info: () => {} } }),
      web: { mode: "production", buildDir: WEB_BUILD_DIR },
      pageCacheSize: bound,
    });
  });
  afterAll(async () => {
    await tight?.close();
    await database?.pool.end();
  });

  it("never holds more bytes than its bound, and lets the least recently used pages go", async () => {
    for (let n = 0; n < 15; n++) {
      await fromCache(tight, `/shop?bound=${n}`);
      expect(tight.pageCache!.stats().size).toBeLessThanOrEqual(bound);
    }
    expect(tight.pageCache!.stats().entries).toBe(9);
    const latest = await get(tight, "/shop?bound=14");
    expect(latest.headers["content-security-policy"]).not.toContain("nonce-");
    const first = await get(tight, "/shop?bound=0");
    expect(first.headers["content-security-policy"]).toContain("nonce-");
  });
});

describe("a page cache whose catalogue cache cannot hear changes", () => {
  it("keeps and serves nothing while the catalogue cache cannot hear changes", async () => {
    const catalog = { listening: true, onInvalidate: () => () => {} };
    const pages = await startPageCache({ connection: t.pool.options, catalog });
    try {
      const request = { method: "GET", url: "/shop", cookies: {}, headers: {} } as unknown as FastifyRequest;
      const where = { build: "b", origin: TEST_SITE.PUBLIC_URL };
      // Once its own connection listens, the page has a key...
      await vi.waitFor(() => expect(pages.keyOf(request, where)).not.toBeNull());
      // ...and none while the catalogue's changes would go unheard.
      catalog.listening = false;
      expect(pages.keyOf(request, where)).toBeNull();
    } finally {
      await pages.close();
    }
  });
});
