/**
 * Data saver (docs/product.md, Data saver), from the browser's Save-Data header and from
 * the shop's own switch: smaller pictures, a still hero, rows that load on tap, no live
 * connection, and pages that say they vary by Save-Data.
 */
import path from "node:path";
import { devices, expect, type Browser, type Page } from "@playwright/test";
import { test } from "../support/e2e-notices";
import sharp from "sharp";
import { insertProduct } from "../support/catalog-factory";
import { collectConsoleErrors, waitForHydration } from "../support/e2e-checks";
import { withE2eDatabase } from "../support/e2e-database";
import { E2E_DATA_DIR } from "../support/e2e-env";
import { gotoPage } from "../support/e2e-pages";
import { storeImage } from "../../server/modules/media/media.service";
import { createLocalStorage } from "../../server/modules/media/storage/local-storage";

const SAVE_DATA = { "Save-Data": "on" };
let productPath = "";

// Which picture size a phone downloads depends on its screen's density: these journeys use
// the phone's own (the other journeys draw at one pixel per CSS pixel, playwright.config.ts).
test.use({ deviceScaleFactor: devices["Pixel 7"].deviceScaleFactor });

test.beforeAll(async () => {
  // This journey's own piece, with two large pictures: an Armchair, a shelf no journey counts.
  productPath = await withE2eDatabase(async (db) => {
    const storage = createLocalStorage(path.join(E2E_DATA_DIR, "media"));
    const pictures = [];
    for (const colour of ["#7a5c43", "#3f5e5a"]) {
      const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: colour } })
        .jpeg()
        .toBuffer();
      pictures.push(await storeImage(db, storage, photo));
    }
    const product = await insertProduct(db, {
      name: `Data Saver Lounge Chair ${Date.now()}`,
      category: "Armchair",
      images: pictures,
    });
    return `/product/${product.id}`;
  });
});

const gallery = (page: Page) => page.getByRole("group", { name: /Data Saver Lounge Chair/ });

/** The width of the file the browser chose for the product's main picture, once it has loaded. */
async function mainPictureWidth(page: Page): Promise<number> {
  const picture = gallery(page).locator("img").first();
  await expect(picture).toHaveJSProperty("complete", true);
  const source = await picture.evaluate((img: HTMLImageElement) => img.currentSrc);
  return Number(/\/(\d+)\.(?:webp|avif|jpg)$/.exec(source)?.[1]);
}

async function productPictureWidth(browser: Browser, headers: Record<string, string> = {}) {
  const context = await browser.newContext({ extraHTTPHeaders: headers });
  const page = await context.newPage();
  await page.goto(productPath);
  const width = await mainPictureWidth(page);
  await context.close();
  return width;
}

test("with Save-Data, pictures are smaller and pages say they vary by it", async ({ browser }) => {
  const normal = await productPictureWidth(browser);
  const light = await productPictureWidth(browser, SAVE_DATA);
  expect(normal).toBeGreaterThan(640);
  expect(light).toBeLessThanOrEqual(640);
  expect(light).toBeLessThan(normal);

  const context = await browser.newContext({ extraHTTPHeaders: SAVE_DATA });
  const page = await context.newPage();
  for (const url of ["/", "/shop", productPath]) {
    const response = await page.goto(url);
    expect(response?.headers().vary, url).toMatch(/\bSave-Data\b/i);
  }
  await context.close();
});

test("with Save-Data, the hero is one still picture and a row's pictures load only after a tap", async ({
  browser,
}) => {
  const context = await browser.newContext({ extraHTTPHeaders: SAVE_DATA });
  const page = await context.newPage();
  const errors = collectConsoleErrors(page);
  await page.clock.install();
  const pictures: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/media/")) pictures.push(new URL(request.url()).pathname);
  });
  await page.goto("/");
  await expect(page.getByTestId("hero-slide")).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Slides" })).toHaveCount(0);
  await page.clock.runFor(20_000);
  await expect(page.getByTestId("hero-slide")).toHaveCount(1);
  await expect(page.getByTestId("hero-slide")).toHaveAttribute("data-active", "true");

  // A picture only the first row shows (a project's may be the hero's too).
  const row = page.getByTestId("tap-to-load").first();
  await row.scrollIntoViewIfNeeded();
  await page.waitForLoadState("networkidle");
  const folderOf = (src: string | null) => /\/media\/[\w-]+\//.exec(src ?? "")?.[0] ?? "";
  const elsewhere = new Set(
    (
      await page
        .locator("img")
        .evaluateAll((imgs) =>
          imgs.filter((img) => !img.closest("[data-testid=tap-to-load]")).map((img) => img.getAttribute("src")),
        )
    ).map(folderOf),
  );
  const rowPictures = row.locator("img");
  const only = (await rowPictures.evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src"))))
    .map(folderOf)
    .filter((folder) => folder && !elsewhere.has(folder));
  expect(only.length).toBeGreaterThan(0);
  const requested = () => pictures.filter((url) => only.some((folder) => url.startsWith(folder)));
  expect(requested()).toEqual([]);

  await row.locator("summary").click();
  await expect(rowPictures.first()).toBeVisible();
  await expect(rowPictures.first()).toHaveJSProperty("complete", true);
  await expect.poll(() => requested().length).toBeGreaterThan(0);
  expect(errors).toEqual([]);
  await context.close();
});

/** Opens the product page, starts its scripts with a tap on the gallery, taps again, lets 5 s pass. */
async function useProductPage(page: Page) {
  await page.clock.install();
  await page.goto(productPath);
  const next = page.getByRole("button", { name: "Next picture" });
  await next.click();
  await waitForHydration(page);
  await next.click();
  await page.clock.runFor(5000);
}

test("with Save-Data the live connection never opens, though the page's scripts run", async ({ browser }) => {
  // Without it, the same visit opens the connection: what this journey watches for does happen.
  const usual = await browser.newContext();
  const usualPage = await usual.newPage();
  const connecting = usualPage.waitForEvent("websocket", (socket) => socket.url().includes("/socket.io/"));
  await useProductPage(usualPage);
  await connecting;
  await usual.close();

  const context = await browser.newContext({ extraHTTPHeaders: SAVE_DATA });
  const page = await context.newPage();
  const live: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/socket.io/")) live.push(request.url());
  });
  page.on("websocket", (socket) => live.push(socket.url()));
  await useProductPage(page);
  // The page's scripts answer a tap now. (Whether they answered the first tap too depends on
  // how soon they arrived after it, as on a phone; so no picture number is expected here.)
  const counter = gallery(page).getByText(/^[12] \/ 2$/);
  const shown = await counter.textContent();
  await page.getByRole("button", { name: "Next picture" }).click();
  await expect(counter).not.toHaveText(shown!);
  await page.clock.runFor(5000);
  await page.waitForLoadState("networkidle");
  expect(live).toEqual([]);
  await context.close();
});

test("the footer's Data saver switch turns the mode on and off, and is remembered @no-js", async ({ page }) => {
  const normal = await (async () => {
    await gotoPage(page, productPath);
    return mainPictureWidth(page);
  })();
  const saver = page.getByRole("contentinfo").getByRole("button", { name: "Data saver" });
  await expect(saver).toHaveAttribute("aria-pressed", "false");
  await saver.click();
  await expect(saver).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(saver).toHaveAttribute("aria-pressed", "true");
  expect(await mainPictureWidth(page)).toBeLessThan(normal);

  await page.goto("/");
  await expect(page.getByTestId("tap-to-load").first()).toBeAttached();
  await page.getByRole("contentinfo").getByRole("button", { name: "Data saver" }).click();
  await expect(page.getByRole("contentinfo").getByRole("button", { name: "Data saver" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await expect(page.getByTestId("tap-to-load")).toHaveCount(0);
});
