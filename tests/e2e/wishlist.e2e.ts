import { expect, type Page } from "@playwright/test";
import { formatNaira } from "../../domain/money";
import {
  answerCookies,
  collectConsoleErrors,
  expectNoSeriousAxeViolations,
  waitForHydration,
} from "../support/e2e-checks";
import { ABORTED, catalogueItems, errorsExcept, listLink, test } from "../support/e2e-lists";

/** The wishlist (SPEC.md §2 Wishlist, §4 "Wishlist to cart", §8): hearts, the page, and the move to the cart. */

const wishlistLines = (page: Page) => page.getByRole("region", { name: "Items in your wishlist" });

test("hearts on the cards fill the wishlist, and its page lists each item with its type and price", async ({
  page,
  isMobile,
}) => {
  await answerCookies(page);
  const errors = collectConsoleErrors(page);
  const { promo, collection } = await catalogueItems(page.request);

  await page.goto(`/collection/${collection._id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add to wishlist" }).click();
  await expect(page.getByText("Item added to wishlist!")).toBeVisible();
  await expect(page.getByRole("button", { name: "In your wishlist" })).toHaveAttribute("aria-pressed", "true");

  await page.goto(`/shop`);
  await waitForHydration(page);
  const heart = page.getByRole("button", { name: `Add ${promo.name} to wishlist` });
  await heart.click();
  await expect(page.getByRole("button", { name: `Remove ${promo.name} from wishlist` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(listLink(page, isMobile, "Wishlist")).toHaveAccessibleName("Wishlist (2 items)");

  await page.goto("/wishlist");
  await expect(page).toHaveTitle(/Your Wishlist/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  const lines = wishlistLines(page).getByRole("listitem");
  await expect(lines).toHaveCount(2);
  const promoLine = lines.filter({ hasText: promo.name });
  await expect(promoLine).toContainText("Product");
  await expect(promoLine).toContainText(formatNaira(promo.discountedPrice!));
  await expect(lines.filter({ hasText: collection.name })).toContainText("Collection");
  await expect(page.getByRole("region", { name: "Summary" })).toContainText("Total items2");
  await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/shop");
  await expectNoSeriousAxeViolations(page);

  await page.getByRole("button", { name: `Remove ${promo.name} from wishlist` }).click();
  await expect(lines).toHaveCount(1);
  await page.getByRole("button", { name: "Clear Wishlist" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Clear Wishlist" }).click();
  await expect(page.getByText("Your wishlist is empty.")).toBeVisible();
  await expect(page.getByText("Wishlist cleared!")).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.reload();
  await expect(page.getByText("Your wishlist is empty.")).toBeVisible();
  expect(errors).toEqual([]);
});

test("wishlist to cart moves the line: into the cart with quantity 1, out of the wishlist", async ({
  page,
  isMobile,
}) => {
  await answerCookies(page);
  const errors = collectConsoleErrors(page);
  const { plain, collection } = await catalogueItems(page.request);
  await page.goto("/");
  for (const [itemId, itemType] of [
    [plain._id, "Product"],
    [collection._id, "Collection"],
  ] as const) {
    expect((await page.request.put("/api/wishlist/add", { data: { itemId, itemType } })).ok()).toBe(true);
  }
  await page.goto("/wishlist");
  await waitForHydration(page);
  await expect(wishlistLines(page).getByRole("listitem")).toHaveCount(2);
  await page.getByRole("button", { name: `Add to Cart: ${plain.name}` }).click();
  await expect(page.getByText("Item added to cart!")).toBeVisible();
  await expect(wishlistLines(page).getByRole("listitem")).toHaveCount(1);
  await expect(wishlistLines(page)).not.toContainText(plain.name);
  await expect(listLink(page, isMobile, "Cart")).toHaveAccessibleName("Cart (1 item)");
  await expect(listLink(page, isMobile, "Wishlist")).toHaveAccessibleName("Wishlist (1 item)");

  await page.goto("/cart");
  await expect(page.getByRole("group", { name: `Quantity of ${plain.name}` })).toContainText("1");
  await page.goto("/wishlist");
  await expect(wishlistLines(page).getByRole("listitem")).toHaveCount(1);
  expect(errors).toEqual([]);
});

test("a guest without cookies keeps the wishlist in this session only", async ({ page, browser }) => {
  await answerCookies(page, false);
  const errors = collectConsoleErrors(page);
  const { promo } = await catalogueItems(page.request);
  await page.goto(`/product/${promo._id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add to wishlist" }).click();
  await expect(page.getByText("Item added to wishlist!")).toBeVisible();
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "In your wishlist" })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem("sessionWishlist"))).toContain(promo._id);
  expect(await page.evaluate(() => localStorage.getItem("localWishlist"))).toBeNull();

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await answerCookies(otherPage, false);
  await otherPage.goto("/wishlist");
  await expect(otherPage.getByText("Your wishlist is empty.")).toBeVisible();
  await other.close();
  expect(errors).toEqual([]);
});

test("a failed wishlist change leaves the heart as it was, with the failure toast", async ({ page }) => {
  await answerCookies(page);
  const errors = collectConsoleErrors(page);
  const { collection } = await catalogueItems(page.request);
  await page.goto(`/collection/${collection._id}`);
  await waitForHydration(page);
  await page.route("**/api/wishlist/add", (route) => route.abort());
  await page.getByRole("button", { name: "Add to wishlist" }).click();
  await expect(page.getByText("Failed to add item to wishlist.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to wishlist" })).toHaveAttribute("aria-pressed", "false");
  await page.unrouteAll();
  await page.getByRole("button", { name: "Add to wishlist" }).click();
  await expect(page.getByRole("button", { name: "In your wishlist" })).toBeVisible();
  await page.route("**/api/wishlist/remove", (route) => route.abort());
  await page.getByRole("button", { name: "In your wishlist" }).click();
  await expect(page.getByText("Failed to remove item from wishlist.")).toBeVisible();
  await expect(page.getByRole("button", { name: "In your wishlist" })).toHaveAttribute("aria-pressed", "true");
  expect(errorsExcept(errors, ABORTED)).toEqual([]);
});
