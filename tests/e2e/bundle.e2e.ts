/**
 * What ships to shoppers (docs/architecture.md, What ships to shoppers). The rich-text
 * editor (TipTap, ProseMirror) is for the admin's forms only: no public page may download
 * it, not even lazily. This reads the build the e2e server serves: React Router's manifest names
 * each route's chunks, and every chunk a chunk names (statically or in an import()) is
 * followed.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { expect } from "@playwright/test";
import { test } from "../support/e2e-notices";
import { BUDGET } from "../../bench/budgets";
import { waitForHydration } from "../support/e2e-checks";
import { PROMO_SOFA, pinnedProduct } from "../support/e2e-fixtures";

const ASSETS = path.resolve("build/client/assets");
const EDITOR = /tiptap|prosemirror/i;

interface RouteEntry {
  module: string;
  imports?: string[];
}

function readBuild() {
  const chunks = new Set(readdirSync(ASSETS).filter((name) => name.endsWith(".js")));
  const manifestFile = [...chunks].find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!manifestFile) throw new Error(`No React Router manifest in ${ASSETS}: run npm run build`);
  const manifest = JSON.parse(
    readFileSync(path.join(ASSETS, manifestFile), "utf8")
      .replace(/^window\.__reactRouterManifest=/, "")
      .replace(/;\s*$/, ""),
  ) as { entry: RouteEntry; routes: Record<string, RouteEntry> };
  const source = (chunk: string) => readFileSync(path.join(ASSETS, chunk), "utf8");
  // Any mention of another chunk's file name counts as a way to load it: more than the
  // real graph, never less.
  const mentioned = (chunk: string) =>
    [...source(chunk).matchAll(/[\w.-]+\.js/g)].map((m) => m[0]).filter((name) => name !== chunk && chunks.has(name));

  /** Every chunk a route can load, each with the path by which it got there. */
  function reachable(route: RouteEntry): Map<string, string[]> {
    const via = new Map<string, string[]>();
    const start = [route.module, ...(route.imports ?? [])].map((file) => path.basename(file));
    for (const chunk of start) via.set(chunk, [chunk]);
    const queue = [...start];
    for (let chunk = queue.shift(); chunk; chunk = queue.shift()) {
      for (const next of mentioned(chunk)) {
        if (via.has(next)) continue;
        via.set(next, [...via.get(chunk)!, next]);
        queue.push(next);
      }
    }
    return via;
  }

  const editorChunks = (route: RouteEntry) =>
    [...reachable(route)].filter(([chunk]) => EDITOR.test(source(chunk))).map(([, trail]) => trail.join(" → "));

  return { manifest, editorChunks };
}

test("no public page's code, loaded now or later, contains the rich-text editor", () => {
  const { manifest, editorChunks } = readBuild();
  const publicRoutes = Object.entries(manifest.routes).filter(([id]) => !id.startsWith("routes/admin/"));
  expect(publicRoutes.map(([id]) => id)).toEqual(
    expect.arrayContaining(["root", "routes/home", "routes/shop", "routes/product", "routes/collection"]),
  );
  const leaks = [["entry", manifest.entry] as const, ...publicRoutes].flatMap(([id, route]) =>
    editorChunks(route).map((trail) => `${id}: ${trail}`),
  );
  expect(leaks).toEqual([]);

  // The check can see the editor where it belongs: the admin's product form loads it.
  expect(editorChunks(manifest.routes["routes/admin/product-new"]!)).not.toEqual([]);
});

/**
 * The first-visit budget (bench/budgets.ts), checked in npm test as bench:lighthouse
 * measures it: every script a fresh visitor's browser downloads for the page, until it
 * has hydrated and the network is quiet, gzipped at level 9.
 */
test("a first visit to home, the shop, a product, the order sheet or a tracking page downloads no more JavaScript than the budget", async ({
  browser,
  request,
}) => {
  const product = await pinnedProduct(request, PROMO_SOFA.name);
  // The order sheet and a tracking page are first visits too: from a WhatsApp chat, a shared link.
  const placed = await request.post("/api/orders", {
    data: { kind: "item", itemType: "Product", itemId: product._id, submissionKey: `bundle-${Date.now()}` },
    headers: { "x-forwarded-for": "10.61.0.1" },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const tracking = new URL((await placed.json()).trackingUrl).pathname;
  const pages = [
    "/",
    "/shop",
    `/product/${product._id}`,
    `/order?kind=item&itemType=Product&itemId=${product._id}`,
    tracking,
  ];
  for (const url of pages) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: Promise<number>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") {
        scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
      }
    });
    await page.goto(url);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    const kb = (await Promise.all(scripts)).reduce((sum, bytes) => sum + bytes, 0) / 1024;
    expect(scripts.length, url).toBeGreaterThan(0);
    expect(kb, `${url}: ${kb.toFixed(1)} KB of scripts, gzipped`).toBeLessThanOrEqual(BUDGET.jsGzipKb);
    await context.close();
  }
});
