import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test("the home page shows real demo products with naira prices and hydrates cleanly", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Finish. Furnish. Flourish." })).toBeVisible();
  const cards = page.getByTestId("product-card");
  await expect(cards).toHaveCount(10);
  await expect(cards.first()).toContainText(/₦[\d,]+\.\d{2}/);
  await expect(cards.first().locator("source[type='image/webp']")).toHaveAttribute(
    "srcset",
    /\/media\/[\w-]+\/320\.webp 320w/,
  );
  // Product pictures are below the fold on a phone: they wait until scrolled to.
  await expect(cards.first().locator("img")).toHaveAttribute("loading", "lazy");
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
  await expectNoSeriousAxeViolations(page);
});

test("the shop is server-rendered: its products are in the HTML without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/shop");
  await expect(page.getByTestId("product-card")).toHaveCount(12);
  await expect(page.getByRole("button", { name: "Load More" })).toBeVisible();
  await context.close();
});

test("Load More works once the shop has hydrated, up to the end message", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto("/shop");
  const cards = page.getByTestId("product-card");
  await expect(cards).toHaveCount(12);
  const total = Number((await page.getByText(/^\d+ pieces$/).textContent())!.split(" ")[0]);
  expect(total).toBeGreaterThan(24);
  const loadMore = page.getByRole("button", { name: "Load More" });
  for (let shown = 12; shown < total;) {
    await loadMore.click();
    shown = Math.min(shown + 12, total);
    await expect(cards).toHaveCount(shown);
  }
  await expect(page.getByText("You've reached the end of the products!")).toBeVisible();
  await expect(loadMore).toHaveCount(0);
  expect(errors).toEqual([]);
  await expectNoSeriousAxeViolations(page);
});

test("an unknown path answers 404 Not Found", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Not Found" })).toBeVisible();
});
