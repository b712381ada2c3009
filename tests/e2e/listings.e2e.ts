/**
 * The shop's listings as a shopper on a phone uses them: sorting, the active filters as
 * chips, the count and heading, the empty list's way out, two columns of cards that fit
 * the narrowest phones, and the category menu on a touch screen (docs/product.md,
 * Search and filters).
 */
import { randomUUID } from "node:crypto";
import { expect, type Locator, type Page } from "@playwright/test";
import { test as base } from "../support/e2e-notices";
import { inArray } from "drizzle-orm";
import { products } from "../../server/db/schema/catalog";
import { insertProduct } from "../support/catalog-factory";
import { answerCookies, collectConsoleErrors, expectNoSeriousAxeViolations } from "../support/e2e-checks";
import { withE2eDatabase } from "../support/e2e-database";
import { gotoPage, scriptsOn } from "../support/e2e-pages";

interface OwnPieces {
  /** A word only these pieces hold: a search for it lists them alone. */
  word: string;
  /** Their names, cheapest first. */
  byPrice: string[];
}

/** Naira, in the order the pieces are made (the last is the newest). */
const PRICES = [310_000, 120_000, 640_000];

/**
 * Each journey lists pieces of its own: three Living Room pieces (where journeys add
 * theirs, tests/support/e2e-fixtures.ts) named with a word of their own, deleted after.
 */
const test = base.extend<{ own: OwnPieces }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads what a fixture needs from this argument: nothing.
  own: async ({}, use) => {
    // Letters only: a word of letters and digits would be searched as a number too.
    const word = `Lst${randomUUID()
      .replace(/-/g, "")
      .slice(0, 12)
      .replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)]!)}`;
    const kinds = ["Ottoman", "Daybed", "Chaise"];
    const pieces = PRICES.map((price, i) => ({ name: `${word} ${kinds[i]}`, price }));
    const ids = await withE2eDatabase(async (db) => {
      const made: string[] = [];
      for (const { name, price } of pieces) made.push((await insertProduct(db, { name, priceKobo: price * 100 })).id);
      return made;
    });
    await use({ word, byPrice: [...pieces].sort((a, b) => a.price - b.price).map((piece) => piece.name) });
    await withE2eDatabase((db) => db.delete(products).where(inArray(products.id, ids)));
  },
});

test.beforeEach(async ({ page }) => answerCookies(page));

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const count = (page: Page) => page.getByTestId("result-count");
const cardNames = (page: Page) => page.getByTestId("product-card").getByRole("heading", { level: 3 });
const chips = (page: Page) =>
  page.getByRole("list", { name: "Active filters" }).getByRole("link", { name: /^Remove filter: / });
const sortToggle = (page: Page) => page.locator("summary", { hasText: "Sort by" });

async function chooseSort(page: Page, label: string) {
  await sortToggle(page).click();
  await page.getByRole("list", { name: "Sort by" }).getByRole("link", { name: label }).click();
}

test(
  "a sort from the menu reorders the list, and Back and a reload keep it",
  { tag: ["@no-js", "@both-viewports"] },
  async ({ page, own }) => {
    await gotoPage(page, `/shop?search=${own.word}`);
    await expect(heading(page)).toHaveText(`Results for “${own.word}”`);
    await expect(count(page)).toHaveText("3 pieces");
    // A search lists the best match first until another order is chosen.
    await expect(sortToggle(page)).toContainText("Best match");

    await chooseSort(page, "Lowest price");
    await expect(page).toHaveURL(new RegExp(`/shop\\?search=${own.word}&sort=price_asc$`));
    await expect(cardNames(page)).toHaveText(own.byPrice);
    await expect(sortToggle(page)).toContainText("Lowest price");

    await chooseSort(page, "Highest price");
    await expect(page).toHaveURL(/&sort=price_desc$/);
    await expect(cardNames(page)).toHaveText([...own.byPrice].reverse());

    await page.goBack();
    await expect(page).toHaveURL(/&sort=price_asc$/);
    await expect(cardNames(page)).toHaveText(own.byPrice);
    await expect(sortToggle(page)).toContainText("Lowest price");
    await page.reload();
    await expect(cardNames(page)).toHaveText(own.byPrice);
    await expect(sortToggle(page)).toContainText("Lowest price");
    await expect(count(page)).toHaveText("3 pieces");
  },
);

test(
  "active filters show as chips; removing one keeps the rest, and Back and a reload bring it back",
  { tag: "@no-js" },
  async ({ page, own }) => {
    const errors = collectConsoleErrors(page);
    await gotoPage(page, `/shop?search=${own.word}&minPrice=200000&sort=price_desc`);
    await expect(chips(page)).toHaveText([`“${own.word}”`, "From ₦200,000.00"]);
    await expect(count(page)).toHaveText("2 pieces");
    const dearestFirst = [...own.byPrice].reverse();
    await expect(cardNames(page)).toHaveText(dearestFirst.slice(0, 2));
    await expect(page.getByRole("link", { name: "Clear all" })).toBeVisible();
    if (scriptsOn()) await expectNoSeriousAxeViolations(page);

    await page.getByRole("link", { name: "Remove filter: From ₦200,000.00" }).click();
    await expect(page).toHaveURL(new RegExp(`/shop\\?search=${own.word}&sort=price_desc$`));
    await expect(chips(page)).toHaveText([`“${own.word}”`]);
    await expect(count(page)).toHaveText("3 pieces");
    await expect(cardNames(page)).toHaveText(dearestFirst);
    // With one filter left, there is nothing to clear all of.
    await expect(page.getByRole("link", { name: "Clear all" })).toHaveCount(0);
    await expect(sortToggle(page)).toContainText("Highest price");

    await page.goBack();
    await expect(page).toHaveURL(/minPrice=200000/);
    await expect(chips(page)).toHaveText([`“${own.word}”`, "From ₦200,000.00"]);
    await expect(count(page)).toHaveText("2 pieces");
    await page.reload();
    await expect(chips(page)).toHaveText([`“${own.word}”`, "From ₦200,000.00"]);
    await expect(cardNames(page)).toHaveText(dearestFirst.slice(0, 2));
    expect(errors).toEqual([]);
  },
);

test("an empty list offers Clear filters, which keeps the sort", { tag: "@no-js" }, async ({ page, own }) => {
  await gotoPage(page, `/shop?search=${own.word}&maxPrice=1&sort=price_asc`);
  await expect(page.getByText("No products found for the selected filters.")).toBeVisible();
  await expect(count(page)).toHaveText("0 pieces");
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/shop\?sort=price_asc$/);
  await expect(heading(page)).toHaveText("Furniture for every room");
  await expect(chips(page)).toHaveCount(0);
  await expect(page.getByTestId("product-card").first()).toBeVisible();
  await expect(sortToggle(page)).toContainText("Lowest price");
});

test(
  "the home page's offers, best sellers and rooms open listings headed by what they show",
  { tag: "@no-js" },
  async ({ page }) => {
    await gotoPage(page, "/");
    await page.getByRole("link", { name: "All offers" }).click();
    await expect(page).toHaveURL(/\/shop\?isPromo=true$/);
    await expect(heading(page)).toHaveText("Offers");
    await expect(chips(page)).toHaveText(["On promotion"]);
    const offers = (await (await page.request.get("/api/products?isPromo=true&limit=1")).json()) as { total: number };
    await expect(count(page)).toHaveText(`${offers.total} pieces`);
    await expect(page.getByTestId("product-card").filter({ hasNotText: /-\d+%/ })).toHaveCount(0);

    await gotoPage(page, "/");
    await page.getByRole("link", { name: "All best sellers" }).click();
    await expect(page).toHaveURL(/\/shop\?isBestSeller=true$/);
    await expect(heading(page)).toHaveText("Best sellers");

    await gotoPage(page, "/");
    await page
      .getByRole("region", { name: "Featured Products" })
      .getByRole("link", { name: "Sofas and Living Rooms" })
      .click();
    await expect(heading(page)).toHaveText("Sofas and Living Rooms");
    await expect(chips(page)).toHaveText(["Living Room"]);
  },
);

/** The boxes of a card's buttons and links a shopper taps: order, cart and heart. */
async function tapTargets(card: Locator) {
  const targets = [
    card.getByRole("link", { name: /^Order / }),
    card.getByRole("button", { name: /^Add .* to cart$/ }),
    card.getByRole("button", { name: /to wishlist$/ }),
  ];
  return Promise.all(targets.map(async (target) => (await target.boundingBox())!));
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
type Box = { x: number; y: number; width: number; height: number };

test("a phone shows two columns of whole cards, and no listing is wider than the screen", async ({ page, own }) => {
  const filtered = `/shop?search=${own.word}&category=Living%20Room&minPrice=1000&maxPrice=9000000&isPromo=false&isBestSeller=false&isForeign=false&sort=price_desc`;
  const listings = [
    filtered,
    `/shop?view=collections&isPromo=true&minPrice=1&sort=best_sellers`,
    `/styles/modern?isBestSeller=true&minPrice=1&sort=price_asc`,
    `/shop?search=${own.word}averyveryveryverylongwordthatnothingholds&isForeign=true`,
  ];
  for (const width of [320, 360, 390, 430]) {
    await page.setViewportSize({ width, height: 780 });
    for (const listing of listings) {
      await gotoPage(page, listing);
      await expect(chips(page).first()).toBeVisible();
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${listing} at ${width} px`).toBeLessThanOrEqual(width);
    }
  }

  await page.setViewportSize({ width: 360, height: 780 });
  await gotoPage(page, filtered);
  const cards = page.getByTestId("product-card");
  await expect(cards).toHaveCount(3);
  const [first, second, third] = await Promise.all([0, 1, 2].map(async (i) => (await cards.nth(i).boundingBox())!));
  expect(Math.abs(first!.y - second!.y)).toBeLessThan(1);
  expect(second!.x).toBeGreaterThan(first!.x + first!.width);
  expect(third!.y).toBeGreaterThan(first!.y + first!.height);

  // At the narrowest, each card's name, price and buttons are whole, and every button is a
  // 40-pixel target of its own.
  await page.setViewportSize({ width: 320, height: 780 });
  for (let i = 0; i < 3; i += 1) {
    const card = cards.nth(i);
    const box = (await card.boundingBox())!;
    const inside = (inner: Box) =>
      inner.x >= box.x - 0.5 && inner.x + inner.width <= box.x + box.width + 0.5 && inner.y >= box.y;
    await expect(card.getByRole("heading", { level: 3 })).toBeVisible();
    expect(inside((await card.getByRole("heading", { level: 3 }).boundingBox())!)).toBe(true);
    expect(
      inside(
        (await card
          .getByText(/^₦[\d,]+\.\d\d$/)
          .first()
          .boundingBox())!,
      ),
    ).toBe(true);
    const targets = await tapTargets(card);
    for (const target of targets) {
      expect(target.width).toBeGreaterThanOrEqual(40);
      expect(target.height).toBeGreaterThanOrEqual(40);
      expect(inside(target)).toBe(true);
    }
    for (let a = 0; a < targets.length; a += 1)
      for (let b = a + 1; b < targets.length; b += 1) expect(overlap(targets[a]!, targets[b]!)).toBe(false);
  }
});

test(
  "the category menu opens whole on screen, and takes the keyboard's focus only without a touch",
  { tag: "@both-viewports" },
  async ({ page, isMobile }) => {
    await gotoPage(page, "/shop?isPromo=true");
    const toggle = page.locator("summary", { hasText: "Category: All Products" });
    if (isMobile) await toggle.tap();
    else await toggle.click();
    const list = page.getByRole("list", { name: "Categories" });
    await expect(list).toBeVisible();
    // Once the menu has opened (its toggle event runs after the tap), see where the focus is.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    const search = page.getByPlaceholder("Search categories...");
    // A phone's keyboard would rise over the list.
    if (isMobile) await expect(search).not.toBeFocused();
    else await expect(search).toBeFocused();

    const viewport = page.viewportSize()!;
    const box = (await list.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    // Nothing (such as the phone's bottom bar) covers its last choice.
    const last = list.getByRole("link").last();
    const lastBox = (await last.boundingBox())!;
    const topmost = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest("a")?.textContent,
      [lastBox.x + lastBox.width / 2, lastBox.y + lastBox.height / 2],
    );
    expect(topmost).toBe("Carpet");
    if (isMobile) await last.tap();
    else await last.click();
    await expect(page).toHaveURL(/\/shop\?isPromo=true&category=Carpet$/);
    await expect(heading(page)).toHaveText("Carpets");
  },
);
