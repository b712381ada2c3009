import { expect, type Route } from "@playwright/test";
import { test } from "../support/e2e-notices";
import { answerCookies, expectNoSeriousAxeViolations, waitForHydration } from "../support/e2e-checks";
import { GLAM_COLLECTION } from "../support/e2e-fixtures";
import { gotoPage } from "../support/e2e-pages";

test.beforeEach(async ({ page }) => answerCookies(page));

for (const [path, name] of [
  ["/styles/modern", "Modern"],
  ["/styles/contemporary", "Contemporary"],
  ["/styles/antique%2Froyal", "Antique/Royal"],
  ["/styles/bespoke", "Bespoke"],
  ["/styles/minimalist", "Minimalist"],
  ["/styles/glam", "Glam"],
] as const) {
  test(`${path} shows ${name} pieces only`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const cards = page.getByTestId("product-card");
    await expect(cards.first()).toBeVisible();
    // Other journeys add and delete pieces meanwhile: whichever are on show are this style's.
    await expect(cards.filter({ hasNotText: name })).toHaveCount(0);
  });
}

test("the other styles' dropdown switches style, and the tabs keep their own search", async ({ page }) => {
  await page.goto("/styles/modern");
  await waitForHydration(page);
  await page.getByText("Other styles").click();
  const menu = page.getByRole("list").filter({ has: page.getByRole("link", { name: "Glam" }) });
  await expect(menu.getByRole("link", { name: "Modern" })).toHaveCount(0);
  await menu.getByRole("link", { name: "Glam" }).click();
  await expect(page).toHaveURL(/\/styles\/glam$/);
  await expect(page.getByRole("heading", { level: 1, name: "Glam" })).toBeVisible();

  await expect(page.getByRole("searchbox", { name: "Search products" })).toBeVisible();
  await page.getByRole("link", { name: "Collections", exact: true }).click();
  await expect(page).toHaveURL(/\/styles\/glam\?view=collections$/);
  await expect(page.getByRole("searchbox", { name: "Search collections" })).toBeVisible();
  const collections = page.getByTestId("collection-card");
  await expect(collections.filter({ hasText: GLAM_COLLECTION.name })).toHaveCount(1);
  await expect(collections.filter({ hasNotText: "Glam" })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
});

test("switching style says 'Loading styles data...' until the new style's pieces arrive", async ({ page }) => {
  await page.goto("/styles/modern");
  await waitForHydration(page);
  const held: Route[] = [];
  await page.route(/\/styles\/glam\.data/, (route) => (held.length ? route.continue() : void held.push(route)));
  await page.getByText("Other styles").click();
  await page.getByRole("link", { name: "Glam", exact: true }).click();
  const loading = page.getByRole("status").filter({ hasText: "Loading styles data..." });
  await expect(loading).toBeVisible();
  await expect.poll(() => held.length).toBe(1);
  // The old style's pieces are not left on show as if they were the new one's.
  await expect(page.getByTestId("product-card")).toHaveCount(0);
  await held[0]!.continue();
  await expect(page.getByRole("heading", { level: 1, name: "Glam" })).toBeVisible();
  await expect(loading).toHaveCount(0);
  await expect(page.getByTestId("product-card").first()).toContainText("Glam", { ignoreCase: true });
});

test("a style page's Filters panel has Apply and Clear, and keeps the style", { tag: "@no-js" }, async ({ page }) => {
  await gotoPage(page, "/styles/contemporary?isBestSeller=true");
  await page.locator("summary", { hasText: "Filters" }).click();
  const filters = page.getByRole("region", { name: "Filters" });
  await expect(filters.getByLabel("Best sellers")).toBeChecked();
  await filters.getByLabel("Imported").check();
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/styles\/contemporary\?isBestSeller=true&isForeign=true$/);
  await page.locator("summary", { hasText: "Filters" }).click();
  await filters.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/styles\/contemporary$/);
  await expect(page.getByRole("heading", { level: 1, name: "Contemporary" })).toBeVisible();
});

test("an unknown style is a 404", async ({ page }) => {
  const response = await page.goto("/styles/baroque");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Not Found" })).toBeVisible();
});
