/**
 * The byte budgets (bench/budgets.ts; docs/architecture.md, What ships to shoppers),
 * checked in npm test against the production build the e2e server serves, in Chromium:
 * every byte the page's requests transferred (headers and compressed bodies, as the
 * browser's network layer counts them), from a fresh browser with an empty cache, until
 * the network is quiet. Each failure names the page, what it measured and its budget.
 */
import { expect, type BrowserContext, type Page } from "@playwright/test";
import { expectNotice, test } from "../support/e2e-notices";
import { BUDGET } from "../../bench/budgets";
import { answerCookies, waitForHydration } from "../support/e2e-checks";
import { eq } from "drizzle-orm";
import { media } from "../../server/db/schema/media";
import { products } from "../../server/db/schema/catalog";
import { addWaitingAvif } from "../support/e2e-avif";
import { withE2eDatabase } from "../support/e2e-database";
import { E2E_BASE_URL } from "../support/e2e-env";
import { PROMO_SOFA, pinnedProduct } from "../support/e2e-fixtures";
import { addPublishedReviews } from "../support/many-reviews";
import { addProductThroughApi, signedInAdmin } from "../support/e2e-admin";

const SAVE_DATA = { "Save-Data": "on" };
/**
 * The phone project's screen is the emulated device's (412 px wide) while its viewport is
 * 390 px; Chromium chooses a preloaded picture's width by the screen and the page's by the
 * viewport, so the hero would download twice, which no real phone does. Here the screen is
 * the viewport, as on a real phone.
 */
const REAL_PHONE = { screen: { width: 390, height: 844 } };

/**
 * A shop's pictures get their AVIF files in the background minutes after they are added;
 * the demo catalogue is added as the e2e server starts. Measured while that work goes on,
 * a page rendered before a picture's AVIF was ready, then read again after, downloads it
 * twice, which a settled shop never does: the budgets are measured once none is waiting.
 * This worker makes the waiting ones itself, beside the app's runner, which rests as long
 * as it works.
 */
test.beforeAll(async () => {
  test.setTimeout(300_000);
  await withE2eDatabase(addWaitingAvif);
  const waiting = () =>
    withE2eDatabase(
      async (db) => (await db.select({ id: media.id }).from(media).where(eq(media.avifReady, false))).length,
    );
  await expect.poll(waiting, { timeout: 280_000, intervals: [1_000] }).toBe(0);
});

/** Counts the bytes transferred by every request the page makes, from now on. */
async function countBytes(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const urls = new Map<string, string>();
  const transfers: { url: string; bytes: number }[] = [];
  cdp.on("Network.requestWillBeSent", (event) => urls.set(event.requestId, event.request.url));
  cdp.on("Network.loadingFinished", (event) => {
    transfers.push({ url: urls.get(event.requestId) ?? "?", bytes: event.encodedDataLength });
  });
  return {
    kb: () => transfers.reduce((sum, { bytes }) => sum + bytes, 0) / 1024,
    /** Only the scripts. */
    scripts: () => ({
      kb: () => transfers.filter(({ url }) => url.endsWith(".js")).reduce((sum, { bytes }) => sum + bytes, 0) / 1024,
      largest: () =>
        transfers
          .filter(({ url }) => url.endsWith(".js"))
          .map(({ url, bytes }) => `${(bytes / 1024).toFixed(1)} KB ${new URL(url).pathname}`)
          .join("; "),
    }),
    /** The largest transfers, for a failure's message. */
    largest: () =>
      [...transfers]
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, 8)
        .map(({ url, bytes }) => `${(bytes / 1024).toFixed(1)} KB ${new URL(url).pathname}`)
        .join("; "),
  };
}

/** A page is done when its scripts (if it runs them) have started and the network is quiet. */
async function settle(page: Page, hydrates: boolean) {
  if (hydrates) await waitForHydration(page);
  await page.waitForLoadState("networkidle");
}

function expectWithin(label: string, bytes: { kb(): number; largest(): string }, budgetKb: number) {
  const kb = bytes.kb();
  // The measured numbers stay in the report, passing or not.
  test.info().annotations.push({ type: "bytes", description: `${label}: ${kb.toFixed(1)} KB` });
  expect(
    kb,
    `${label}: ${kb.toFixed(1)} KB transferred, budget ${budgetKb} KB (largest: ${bytes.largest()})`,
  ).toBeLessThanOrEqual(budgetKb);
}

/** A fresh browser, as a first visitor's: no cache, no cookies but the cookie question answered. */
async function freshContext(newContext: () => Promise<BrowserContext>) {
  const context = await newContext();
  const page = await context.newPage();
  // The cookie banner is the same for everyone; answered, so no journey measures it differently.
  await answerCookies(page);
  return { context, page };
}

test.describe("first visits", () => {
  test("home, the shop and a product page each download no more than their budget", async ({ browser, request }) => {
    const product = await pinnedProduct(request, PROMO_SOFA.name);
    const pages = [
      { label: "home", url: "/", budget: BUDGET.homeTotalKb },
      { label: "shop", url: "/shop", budget: BUDGET.shopTotalKb },
      { label: "product", url: `/product/${product._id}`, budget: BUDGET.productTotalKb },
    ];
    for (const { label, url, budget } of pages) {
      const { context, page } = await freshContext(() => browser.newContext(REAL_PHONE));
      const bytes = await countBytes(page);
      await page.goto(url);
      await settle(page, true);
      expectWithin(label, bytes, budget);
      await context.close();
    }
  });

  test("home with Save-Data downloads no more than its budget", async ({ browser }) => {
    const { context, page } = await freshContext(() =>
      browser.newContext({ ...REAL_PHONE, extraHTTPHeaders: SAVE_DATA }),
    );
    const bytes = await countBytes(page);
    await page.goto("/");
    await settle(page, false);
    expectWithin("home with Save-Data", bytes, BUDGET.saveDataHomeTotalKb);
    await context.close();
  });
});

/**
 * A piece with 50 published reviews, half with a photo: its page shows ten at a time, their
 * photos small and lazy, and stays within the product page's budget. The reviews are
 * written straight into the database (as delivered orders' reviews), for a product of its
 * own that no other journey reads.
 */
test("a product page with 50 published reviews downloads no more than the product budget", async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await browser.newContext();
  await admin.addCookies(await signedInAdmin("budgets-reviews@furnish.test"));
  const product = await addProductThroughApi(admin.request, `Much-reviewed Chair ${Date.now()}`);
  await admin.close();
  const photo = product.images[0]!.public_id;
  await withE2eDatabase(async (db) => {
    // Among the oldest pieces, so the browsing session beside this test never lands on it
    // from the newest-first shop or the pieces like the one it opens.
    await db
      .update(products)
      .set({ createdAt: new Date(Date.UTC(2019, 0, 1)) })
      .where(eq(products.id, product._id));
    await addPublishedReviews(db, { id: product._id, name: product.name }, { count: 50, photoId: photo });
  });
  // Measured once the piece's own picture has its AVIF, as every other page here is.
  await expect
    .poll(
      () =>
        withE2eDatabase(
          async (db) => (await db.select({ ready: media.avifReady }).from(media).where(eq(media.id, photo)))[0]?.ready,
        ),
      { timeout: 90_000, intervals: [1_000] },
    )
    .toBe(true);
  const { context, page } = await freshContext(() => browser.newContext(REAL_PHONE));
  const bytes = await countBytes(page);
  await page.goto(`/product/${product._id}`);
  await settle(page, true);
  await expect(page.getByRole("region", { name: "Reviews" }).getByRole("article")).toHaveCount(10);
  expectWithin("product with 50 reviews", bytes, BUDGET.productTotalKb);
  await context.close();
});

/** Waits until the page is the one at `path` (a product link's chosen option may differ). */
async function expectAt(page: Page, path: string | null) {
  expect(path).toBeTruthy();
  const { pathname } = new URL(path!, "http://shop.test");
  await page.waitForURL((url) => url.pathname === pathname);
}

/** Follows the first visible link on the page to a product other than the one shown. */
async function openAnotherProduct(page: Page) {
  const here = new URL(page.url()).pathname;
  await page.locator(`main a[href^="/product/"]:not([href^="${here}"]):visible`).first().click();
  // Streamed parts of the page may move the links as it is clicked: any other product will do.
  await page.waitForURL((url) => url.pathname.startsWith("/product/") && url.pathname !== here);
}

/**
 * A shopper's five pages, by clicking links as they would: home → shop → a product → a
 * related product → the cart.
 */
async function browseFivePages(page: Page, hydrates: boolean) {
  await page.goto("/");
  await settle(page, hydrates);
  await page.getByRole("link", { name: "Shop Now" }).click();
  await expectAt(page, "/shop");
  await settle(page, hydrates);
  await openAnotherProduct(page);
  await settle(page, hydrates);
  await openAnotherProduct(page);
  await settle(page, hydrates);
  await page.locator('a[href="/cart"]:visible').first().click();
  await expectAt(page, "/cart");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await settle(page, hydrates);
}

test.describe("a browsing session", () => {
  test("five pages from a fresh browser download no more than the session budget", async ({ browser }) => {
    const { context, page } = await freshContext(() => browser.newContext(REAL_PHONE));
    const bytes = await countBytes(page);
    await browseFivePages(page, true);
    expectWithin("session", bytes, BUDGET.sessionKb);
    await context.close();
  });

  test("the same five pages with Save-Data download no more than its budget", async ({ browser }) => {
    const { context, page } = await freshContext(() =>
      browser.newContext({ ...REAL_PHONE, extraHTTPHeaders: SAVE_DATA }),
    );
    const bytes = await countBytes(page);
    await browseFivePages(page, false);
    expectWithin("session with Save-Data", bytes, BUDGET.saveDataSessionKb);
    await context.close();
  });
});

test.describe("Data saver", () => {
  test("the first Add to Cart on a product page posts without downloading the scripts", async ({ browser }) => {
    // The switch's cookie rather than the Save-Data header: Chromium's emulated header is
    // not sent on the redirect after a post, as a phone's own setting would send it.
    const { context, page } = await freshContext(() => browser.newContext(REAL_PHONE));
    await context.addCookies([{ name: "data-saver", value: "on", url: E2E_BASE_URL }]);
    const sofa = await pinnedProduct(page.request, PROMO_SOFA.name);
    await page.goto(`/product/${sofa._id}`);
    await page.waitForLoadState("networkidle");
    const bytes = await countBytes(page);
    await page.getByRole("button", { name: "Add to Cart" }).first().click();
    await expectNotice(page, "Item added to cart!");
    await page.waitForLoadState("networkidle");
    expectWithin("Add to Cart with Data saver: scripts", bytes.scripts(), BUDGET.saveDataAddToCartJsKb);
    const cart = await page.request.get("/api/cart");
    expect(JSON.stringify(await cart.json())).toContain(sofa._id);
    await context.close();
  });
});

// The same session repeated with a warm service worker (BUDGET.warmSessionKb) is checked in
// tests/e2e/offline.e2e.ts, beside the service worker that makes it possible.
