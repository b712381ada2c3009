import { providersFromEnv } from "../modules/payments/providers";
import { createBackupOnDemand } from "../modules/backups/backup-on-demand";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { Writable } from "node:stream";
import { pathToFileURL } from "node:url";
import type { FastifyReply, FastifyRequest } from "fastify";
import { pino } from "pino";
import { createRequestHandler, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { customerCookie } from "../../tests/support/admin-session";
import { insertProduct } from "../../tests/support/catalog-factory";
import { TEST_MAIL_FROM, TEST_SITE, useTestApp } from "../../tests/support/test-app";
import { createDoors, createLoadContext } from "../load-context";
import { createShopSettings, settingsFromEnv, shopDetailsSource } from "../modules/settings/settings.service";
import { startCatalogCache, type CatalogCache } from "../modules/catalog/catalog-cache";
import { startOperationsCache } from "../modules/customers/operations-cache";
import type { NotifiedCache } from "../db/notified-cache";
import { createCatalogReader } from "../modules/catalog/catalog-reader";
import { createMailer } from "../modules/mail/mailer";
import { WEB_BUILD_DIR } from "../web-build";
import { PAGE_BODY_LIMIT } from "./web";

/** Every line the app logs at warn level or above. */
const lines: { level: number; msg: string }[] = [];
const logger = pino(
  { level: "warn" },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  }),
);

const t = useTestApp({ pages: true, logger });
const ERROR_LEVEL = 50;

describe("pages", () => {
  it("answer methods React Router cannot take with 405 and Allow, logging no error", async () => {
    lines.length = 0;
    for (const method of ["TRACE", "OPTIONS"] as const) {
      for (const url of ["/", "/shop", "/product/x"]) {
        const response = await t.app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(405);
        expect(response.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE");
      }
    }
    expect(lines.filter((line) => line.level >= ERROR_LEVEL)).toEqual([]);
  });

  it("refuse a body that is not a form with 415 before any action reads it", async () => {
    lines.length = 0;
    for (const [method, url] of [
      ["POST", "/cart"],
      ["PATCH", "/orders/t/%25C0%25AE"],
      ["POST", "/orders/t/abc"],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        payload: "[[[[",
        headers: { "content-type": "application/json", origin: TEST_SITE.PUBLIC_URL },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(415);
    }
    expect(lines.filter((line) => line.level >= ERROR_LEVEL)).toEqual([]);
  });

  it("answer a form that cannot be read (a multipart body without its parts) with 400, from any action", async () => {
    lines.length = 0;
    for (const [method, url] of [
      ["POST", "/cart"],
      ["DELETE", "/orders/t/%20"],
      ["POST", "/wishlist"],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        payload: '{"email":""}',
        headers: { "content-type": "multipart/form-data; boundary=x", origin: TEST_SITE.PUBLIC_URL },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
    }
    expect(lines.filter((line) => line.level >= ERROR_LEVEL)).toEqual([]);
  });

  it("answer a visitor's mistakes (a post to a page that takes none, an unknown page) without logging an error", async () => {
    const pageErrors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const post = await t.app.inject({
        method: "POST",
        url: "/shop",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: TEST_SITE.PUBLIC_URL },
        payload: "search=sofa",
      });
      expect(post.statusCode).toBe(405);
      const unknown = await t.app.inject({ method: "GET", url: "/no/such/page" });
      expect(unknown.statusCode).toBe(404);
      expect(pageErrors).not.toHaveBeenCalled();
    } finally {
      pageErrors.mockRestore();
    }
  });

  it("build their URL from the shop's own origin, so a path starting with // names no host", async () => {
    const response = await t.app.inject({ method: "GET", url: "//evil.example/shop" });
    // A path, not the shop page of another host: the router finds no such page.
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain("404 Not Found");
    // Nothing in the page names that host (the path may come back as this site's own "/evil.example/shop").
    expect(response.body).not.toMatch(/\/\/evil\.example/);
    const shop = await t.app.inject({ method: "GET", url: "/shop", headers: { host: "rebound.example" } });
    expect(shop.statusCode).toBe(200);
    expect(shop.body).not.toContain("rebound.example");
    expect(shop.body).toContain(TEST_SITE.PUBLIC_URL);
  });

  it("for a signed-in person are kept by no cache, the phone's service worker included; a guest's may be", async () => {
    const customer = await customerCookie(t);
    const product = await insertProduct(t.db, { name: "Kept Stool" });
    for (const url of ["/", "/shop", `/product/${product.id}`, "/cart", "/wishlist", "/_.data", "/cart.data"]) {
      const guest = await t.app.inject({ method: "GET", url });
      expect(guest.headers["cache-control"], `${url} as a guest`).toBe("private, no-cache");
      const signedIn = await t.app.inject({ method: "GET", url, headers: { cookie: customer } });
      expect(signedIn.statusCode, url).toBe(200);
      expect(signedIn.headers["cache-control"], `${url} signed in`).toBe("private, no-store");
    }
  });

  it("serve the build's hashed files for a year without validators, and the rest with them", async () => {
    const [script] = (await readdir(path.join(WEB_BUILD_DIR, "client/assets"))).filter((name) => name.endsWith(".js"));
    const asset = await t.app.inject({ method: "GET", url: `/assets/${script}` });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers.etag).toBeUndefined();
    expect(asset.headers["last-modified"]).toBeUndefined();
    // The service worker is asked for on every navigation: its validators make that a 304.
    const worker = await t.app.inject({ method: "GET", url: "/sw.js" });
    expect(worker.headers["cache-control"]).toBe("no-cache");
    const again = await t.app.inject({
      method: "GET",
      url: "/sw.js",
      headers: { "if-none-match": String(worker.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("refuse a form post larger than a page's form takes, and one sent from another site", async () => {
    const big = await t.app.inject({
      method: "POST",
      url: "/contact",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: TEST_SITE.PUBLIC_URL },
      payload: `message=${"x".repeat(PAGE_BODY_LIMIT)}`,
    });
    expect(big.statusCode).toBe(413);
    const crossSite = await t.app.inject({
      method: "POST",
      url: "/contact",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      payload: "message=hi",
    });
    expect(crossSite.statusCode).toBe(403);
  });
});

let cache: CatalogCache;
let operations: NotifiedCache;
let handle: (request: Request) => Promise<Response>;
const uncaught: unknown[] = [];
const record = (error: unknown) => uncaught.push(error);

beforeAll(async () => {
  for (let n = 0; n < 12; n++) await insertProduct(t.db, { name: `Streamed Sofa ${n}` });
  cache = await startCatalogCache(t.pool.options);
  operations = await startOperationsCache(t.pool.options);
  const build = (await import(pathToFileURL(path.join(WEB_BUILD_DIR, "server", "index.js")).href)) as ServerBuild;
  const mailer = createMailer({ from: TEST_MAIL_FROM, outboxDir: t.outboxDir, log: { info: () => {} } });
  const settings = createShopSettings({ db: t.db, cache, storage: t.storage, seed: settingsFromEnv(TEST_SITE) });
  const site = async () => ({ ...(await settings.cached()), publicUrl: TEST_SITE.PUBLIC_URL });
  const loadContext = createLoadContext(
    createCatalogReader(t.db, cache),
    site,
    createDoors({
      app: t.app,
      db: t.db,
      mailer,
      cache,
      operations,
      storage: t.storage,
      shop: shopDetailsSource(settings, TEST_SITE.PUBLIC_URL),
      settings,
      payments: { box: null, providers: providersFromEnv({}) },
      backups: { dir: t.backupsDir, keep: 7 },
      backupPlan: async () => ({ schedule: { kind: "off" }, keep: 7, source: "server" }),
      mail: { box: null, fallback: mailer },
      backupOnDemand: createBackupOnDemand({
        pool: t.pool,
        storage: t.storage,
        settings: { dir: t.backupsDir, keep: async () => 7 },
        log: { info: () => {}, error: () => {} },
      }),
      transfer: {
        db: t.db,
        storage: t.storage,
        publicUrl: TEST_SITE.PUBLIC_URL,
        allowedHosts: [],
      },
    }),
  );
  const handler = createRequestHandler(build, "production");
  const guest = { signedIn: async () => null, cookies: {}, headers: {} } as unknown as FastifyRequest;
  const reply = {} as FastifyReply;
  handle = async (request) => handler(request, await loadContext(guest, reply));
  process.on("uncaughtException", record);
});

afterAll(async () => {
  process.off("uncaughtException", record);
  await cache.close();
  await operations.close();
});

/**
 * A visitor who leaves while a page is still streaming (a phone losing signal) must cost
 * nothing but that page: the render stops and the process goes on. The page handler is
 * driven directly, so the visitor can leave at a known moment, after the first chunk.
 */
describe("a page whose visitor leaves mid-stream", () => {
  it("stops without an error escaping to the process, and the next visitor gets the page", async () => {
    for (const url of ["/", "/shop"]) {
      const response = await handle(new Request(`${TEST_SITE.PUBLIC_URL}${url}`));
      const reader = response.body!.getReader();
      expect((await reader.read()).done).toBe(false);
      await reader.cancel(new Error("the visitor's connection closed"));
    }
    // Destroyed streams emit their errors on process.nextTick, which runs before any setImmediate.
    for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(uncaught).toEqual([]);
    const next = await handle(new Request(`${TEST_SITE.PUBLIC_URL}/shop`));
    expect(next.status).toBe(200);
    expect(await next.text()).toContain("Streamed Sofa");
  });
});
