import { expect, type Page, type Route } from "@playwright/test";
import { test } from "../support/e2e-notices";
import {
  answerCookies,
  collectConsoleErrors,
  expectNoSeriousAxeViolations,
  waitForHydration,
} from "../support/e2e-checks";
import { COLLECTION_SHELF, COLLECTION_SHELF_PATH } from "../support/e2e-browse-fixtures";
import { PROMO_SOFA } from "../support/e2e-fixtures";
import { gotoPage, scriptsOn } from "../support/e2e-pages";

test.beforeEach(async ({ page }) => answerCookies(page));

/** How long the search box waits after the last key before it searches (web/components/shop/search-box.tsx). */
const SEARCH_PAUSE_MS = 350;

async function apiTotal(page: Page, path: string): Promise<number> {
  const response = await page.request.get(path);
  return ((await response.json()) as { total: number }).total;
}

test("the shop is server-rendered: products and Load More are in the HTML without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/shop");
  await expect(page.getByTestId("product-card")).toHaveCount(12);
  await expect(page.getByRole("link", { name: "Load More" })).toHaveAttribute("href", "/shop?page=2");
  await context.close();
});

test("the first card's picture, the page's largest paint, loads at once; the others wait until scrolled to", async ({
  page,
}) => {
  await page.goto("/shop");
  const pictures = page.getByTestId("product-card").locator("img");
  await expect(pictures).toHaveCount(12);
  await expect(pictures.first()).toHaveAttribute("loading", "eager");
  await expect(pictures.first()).toHaveAttribute("fetchpriority", "high");
  await expect(page.locator("img[loading='eager']")).toHaveCount(1);
  await expect(pictures.nth(1)).toHaveAttribute("loading", "lazy");
});

test("the tab comes from the URL: ?view=collections shows collections", async ({ page }) => {
  await page.goto("/shop?view=collections");
  await expect(page.getByRole("link", { name: "Collections", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("collection-card").first()).toBeVisible();
  await expect(page.getByTestId("product-card")).toHaveCount(0);
  await expect(page.getByRole("searchbox", { name: "Search collections" })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("link", { name: "Products", exact: true }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByTestId("product-card")).toHaveCount(12);
  await expectNoSeriousAxeViolations(page);
});

test("Load More on the Collections tab reaches the end of the collections", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  // A shelf of collections that only this journey's kind reads (tests/support/e2e-browse-fixtures.ts).
  await page.goto(COLLECTION_SHELF_PATH);
  await waitForHydration(page);
  const cards = page.getByTestId("collection-card");
  await expect(cards).toHaveCount(12);
  await expect(cards.first()).toContainText(COLLECTION_SHELF.name(COLLECTION_SHELF.count));
  await expect(page.getByText("You've reached the end of the collections!")).toHaveCount(0);
  await page.getByRole("link", { name: "Load More" }).click();
  await expect(cards).toHaveCount(COLLECTION_SHELF.count);
  await expect(cards.last()).toContainText(COLLECTION_SHELF.name(1));
  // The collections tab counts its own pages.
  await expect(page).toHaveURL(/[?&]collectionsPage=2$/);
  await expect(page.getByText("You've reached the end of the collections!")).toBeVisible();
  await expect(page.getByRole("link", { name: "Load More" })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("the category dropdown searches its options and filters the list through the URL", async ({ page }) => {
  await page.goto("/shop");
  await waitForHydration(page);
  // Opened with a keyboard, its search box takes the focus (a touch leaves it: listings.e2e.ts).
  await page.locator("summary", { hasText: "Category: All Products" }).press("Enter");
  const search = page.getByPlaceholder("Search categories...");
  await expect(search).toBeFocused();
  await search.fill("zz");
  await expect(page.getByText("No categories found.")).toBeVisible();
  await search.fill("ward");
  await expect(page.getByRole("list", { name: "Categories" }).getByRole("link")).toHaveCount(1);
  await page.getByRole("list", { name: "Categories" }).getByRole("link", { name: "Wardrobe" }).click();
  await expect(page).toHaveURL(/\/shop\?category=Wardrobe$/);
  const total = await apiTotal(page, "/api/products?category=Wardrobe&limit=1");
  await expect(page.getByTestId("product-card")).toHaveCount(Math.min(total, 12));
  // The filtered view survives a reload and can be shared.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Wardrobe" })).toBeVisible();
  await expect(page.getByTestId("product-card")).toHaveCount(Math.min(total, 12));
});

test("the category of the URL may be spelled either way (?category=TV%20unit)", async ({ page }) => {
  await page.goto("/shop?category=TV%20unit");
  await expect(page.getByRole("heading", { level: 1, name: "TV Unit" })).toBeVisible();
  await expect(page.getByTestId("product-card").first()).toBeVisible();
});

test("Filters apply price and flags together, and Clear resets everything", { tag: "@no-js" }, async ({ page }) => {
  await gotoPage(page, "/shop?search=sofa");
  const filters = page.getByRole("region", { name: "Filters" });
  await page.locator("summary", { hasText: "Filters" }).click();
  await filters.getByLabel("Min price").fill("100000");
  await filters.getByLabel("On promotion").check();
  await filters.getByRole("button", { name: "Apply" }).click();
  // The search stays; empty fields stay out of the URL.
  await expect(page).toHaveURL(/\/shop\?search=sofa&minPrice=100000&isPromo=true$/);
  await expect(filters).toBeHidden();
  const expected = await apiTotal(page, "/api/products?search=sofa&minPrice=100000&isPromo=true&limit=1");
  expect(expected, "the pinned promotional sofa matches").toBeGreaterThan(0);
  const cards = page.getByTestId("product-card");
  await expect(cards).toHaveCount(Math.min(expected, 12));
  await expect(cards.filter({ hasText: PROMO_SOFA.name })).toHaveCount(1);
  await expect(cards.filter({ hasNotText: /-\d+%/ })).toHaveCount(0);
  await page.locator("summary", { hasText: "Filters" }).click();
  await expect(filters.getByLabel("Min price")).toHaveValue("100000");
  await expect(filters.getByLabel("On promotion")).toBeChecked();
  await filters.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole("searchbox", { name: "Search products" })).toHaveValue("");
  await expect(cards).toHaveCount(12);
});

test(
  "a category from the dropdown, then a price range, apply together; a minimum above the maximum is refused",
  {
    tag: "@no-js",
  },
  async ({ page }) => {
    await gotoPage(page, "/shop");
    await page.locator("summary", { hasText: "Category: All Products" }).click();
    await page.getByRole("list", { name: "Categories" }).getByRole("link", { name: "Wardrobe" }).click();
    await expect(page).toHaveURL(/\/shop\?category=Wardrobe$/);
    await expect(page.getByRole("heading", { level: 1, name: "Wardrobe" })).toBeVisible();

    const filters = page.getByRole("region", { name: "Filters" });
    await page.locator("summary", { hasText: "Filters" }).click();
    await filters.getByLabel("Min price").fill("900000");
    await filters.getByLabel("Max price").fill("1000");
    await filters.getByRole("button", { name: "Apply" }).click();
    await expect(filters.getByRole("alert")).toHaveText("Max price must not be below min price.");

    await filters.getByLabel("Min price").fill("1000");
    await filters.getByLabel("Max price").fill("900000");
    await filters.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/shop\?category=Wardrobe&minPrice=1000&maxPrice=900000$/);
    const total = await apiTotal(page, "/api/products?category=Wardrobe&minPrice=1000&maxPrice=900000&limit=1");
    const cards = page.getByTestId("product-card");
    await expect(cards).toHaveCount(Math.min(total, 12));
    await expect(page.locator("summary", { hasText: "Filters" })).toContainText("2 active");
    if (scriptsOn()) await expectNoSeriousAxeViolations(page);
  },
);

test("Enter in the search box searches, with or without JavaScript", { tag: "@no-js" }, async ({ page }) => {
  await gotoPage(page, "/shop?view=collections");
  const search = page.getByRole("searchbox", { name: "Search collections" });
  await search.fill("zzqqxx");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/shop\?view=collections&search=zzqqxx$/);
  await expect(page.getByText("No collections found for the selected filters.")).toBeVisible();
  await page.getByRole("link", { name: "Products", exact: true }).click();
  await expect(page).toHaveURL(/\/shop\?search=zzqqxx$/);
  const products = page.getByRole("searchbox", { name: "Search products" });
  await products.fill("wardrob");
  await products.press("Enter");
  await expect(page).toHaveURL(/\/shop\?search=wardrob$/);
  await expect(page.getByTestId("product-card").first()).toContainText(/wardrobe/i);
});

test("a search with no match says so; a typo still finds", async ({ page }) => {
  await page.goto("/shop");
  await waitForHydration(page);
  const search = page.getByRole("searchbox", { name: "Search products" });
  await search.fill("zzqqxx");
  await expect(page).toHaveURL(/search=zzqqxx/);
  await expect(page.getByText("No products found for the selected filters.")).toBeVisible();
  await search.fill("wardrob");
  await expect(page).toHaveURL(/search=wardrob$/);
  await expect(page.getByTestId("product-card").first()).toContainText(/wardrobe/i);
});

test("collections have their own empty message", async ({ page }) => {
  await page.goto("/shop?view=collections&search=zzqqxx");
  await expect(page.getByText("No collections found for the selected filters.")).toBeVisible();
});

test("a trailing space in the search box survives the search it starts", async ({ page }) => {
  await page.goto("/shop");
  await waitForHydration(page);
  const search = page.getByRole("searchbox", { name: "Search products" });
  // A trailing space is the start of the next word, not something to tidy away.
  await search.pressSequentially("sofa ");
  await expect(page).toHaveURL(/search=sofa$/);
  await search.pressSequentially("bed");
  await expect(search).toHaveValue("sofa bed");
  await expect(page).toHaveURL(/search=sofa\+bed$/);
  await expect(search).toHaveValue("sofa bed");
});

test("typing on while a slow search loads keeps every character", async ({ page }) => {
  // The box searches after a pause in the typing: the test moves the page's clock past it
  // when it chooses, so a busy machine cannot start the second search before the first lands.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.goto("/shop");
  await waitForHydration(page);
  const search = page.getByRole("searchbox", { name: "Search products" });
  // Hold the search's data while the shopper keeps typing, then let it arrive.
  const held: Route[] = [];
  await page.route(/\/shop\.data/, (route) => (held.length ? route.continue() : void held.push(route)));
  await search.pressSequentially("oak");
  await page.clock.runFor(SEARCH_PAUSE_MS);
  await expect.poll(() => held.length).toBe(1);
  await search.pressSequentially(" chair");
  await held[0]!.continue();
  // The held answer (for "oak") lands first; the box keeps what was typed since and searches it.
  await expect(page).toHaveURL(/search=oak$/);
  await expect(search).toHaveValue("oak chair");
  await page.clock.runFor(SEARCH_PAUSE_MS);
  await expect(page).toHaveURL(/search=oak\+chair$/);
  await expect(search).toHaveValue("oak chair");
});

test("the header's search button keeps the open tab and filters and focuses the box", async ({ page }) => {
  await page.goto("/shop?view=collections&search=oak&isPromo=true");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Search the shop" }).click();
  await expect(page.getByRole("searchbox", { name: "Search collections" })).toBeFocused();
  await expect(page).toHaveURL(/\/shop\?view=collections&search=oak&isPromo=true$/);
  await expect(page.getByRole("searchbox", { name: "Search collections" })).toHaveValue("oak");

  await page.goto("/styles/modern?isBestSeller=true");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Search the shop" }).click();
  await expect(page.getByRole("searchbox", { name: "Search products" })).toBeFocused();
  await expect(page).toHaveURL(/\/styles\/modern\?isBestSeller=true$/);

  // Elsewhere it opens the shop, ready to type.
  await page.goto("/contact");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Search the shop" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole("searchbox", { name: "Search products" })).toBeFocused();
});
