/**
 * Browsing keeps the shopper's place: the pages Load More added are in the URL
 * (`?page=3` renders pages 1 to 3 on the server), so Back from a product and a reload
 * show the same items at the same scroll position. The shelf these journeys read is
 * theirs alone (tests/support/e2e-browse-fixtures.ts).
 */
import { expect } from "@playwright/test";
import { test } from "../support/e2e-notices";
import {
  answerCookies,
  collectConsoleErrors,
  expectNoSeriousAxeViolations,
  waitForHydration,
} from "../support/e2e-checks";
import { BROWSE_SHELF, BROWSE_SHELF_PATH } from "../support/e2e-browse-fixtures";
import { gotoPage, scriptsOn } from "../support/e2e-pages";

test.beforeEach(async ({ page }) => answerCookies(page));

test(
  "Load More twice keeps the earlier items: 12, 24, then 36, with the pages in the URL",
  { tag: "@no-js" },
  async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await gotoPage(page, BROWSE_SHELF_PATH);
    const cards = page.getByTestId("product-card");
    const loadMore = page.getByRole("link", { name: "Load More" });
    await expect(cards).toHaveCount(12);
    await loadMore.click();
    await expect(cards).toHaveCount(24);
    await expect(page).toHaveURL(/[?&]page=2$/);
    await loadMore.click();
    await expect(cards).toHaveCount(36);
    await expect(page).toHaveURL(/[?&]page=3$/);
    // Newest first, and the first page is still there above the others.
    await expect(cards.first()).toContainText(BROWSE_SHELF.name(40));
    await expect(cards.nth(35)).toContainText(BROWSE_SHELF.name(5));

    // A reload shows the same 36; the last Load More brings the rest and the end.
    await page.reload();
    await expect(cards).toHaveCount(36);
    await loadMore.click();
    await expect(cards).toHaveCount(BROWSE_SHELF.count);
    await expect(page.getByText("You've reached the end of the products!")).toBeVisible();
    await expect(loadMore).toHaveCount(0);
    expect(errors).toEqual([]);
    // Axe runs in the page: only where scripts do.
    if (scriptsOn()) await expectNoSeriousAxeViolations(page);
  },
);

test("a page number that makes no sense shows the first page", { tag: "@no-js" }, async ({ page }) => {
  for (const bad of ["0", "-2", "two", "1.5", "99999999999"]) {
    const response = await gotoPage(page, `${BROWSE_SHELF_PATH}&page=${bad}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("product-card")).toHaveCount(12);
  }
  // Past the end: every item and the end message.
  await gotoPage(page, `${BROWSE_SHELF_PATH}&page=9`);
  await expect(page.getByTestId("product-card")).toHaveCount(BROWSE_SHELF.count);
  await expect(page.getByText("You've reached the end of the products!")).toBeVisible();
});

test(
  "Back from a product opened after two Load Mores shows the same items at the same scroll position",
  { tag: "@both-viewports" },
  async ({ page }) => {
    await page.goto(BROWSE_SHELF_PATH);
    await waitForHydration(page);
    const cards = page.getByTestId("product-card");
    for (const shown of [24, 36]) {
      await page.getByRole("link", { name: "Load More" }).click();
      await expect(cards).toHaveCount(shown);
    }
    await expect(page).toHaveURL(/[?&]page=3$/);
    // A piece from the third page, scrolled to the middle of the screen.
    const card = cards.filter({ hasText: BROWSE_SHELF.name(8) });
    await card.evaluate((element) => element.scrollIntoView({ block: "center" }));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(1000);

    await card.getByRole("link", { name: BROWSE_SHELF.name(8), exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: BROWSE_SHELF.name(8) })).toBeVisible();
    await page.goBack();

    await expect(page).toHaveURL(/[?&]page=3$/);
    await expect(cards).toHaveCount(36);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 4);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThanOrEqual(4);
    await expect(card).toBeInViewport();
  },
);
