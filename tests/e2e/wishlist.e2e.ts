import { expect, type Page } from "@playwright/test";
import { expectNotice } from "../support/e2e-notices";
import { formatNaira } from "../../domain/money";
import { answerCookies, collectConsoleErrors, expectNoSeriousAxeViolations } from "../support/e2e-checks";
import { gotoPage, scriptsOn } from "../support/e2e-pages";
import { catalogueItems, listLink, test } from "../support/e2e-lists";

/**
 * The wishlist (docs/product.md, Cart and wishlist): hearts and the detail pages' toggle,
 * the page, and the move to the cart — each a form that works before the scripts do.
 */

const wishlistLines = (page: Page) => page.getByRole("region", { name: "Items in your wishlist" });

test(
  "hearts fill the wishlist and empty it again; its page lists each item with its type and price",
  { tag: "@no-js" },
  async ({ page, isMobile }) => {
    await answerCookies(page);
    const errors = collectConsoleErrors(page);
    const { promo, collection } = await catalogueItems(page.request);

    await gotoPage(page, `/collection/${collection._id}`);
    await page.getByRole("button", { name: "Add to wishlist" }).click();
    await expectNotice(page, "Item added to wishlist!");
    await expect(page.getByRole("button", { name: "In your wishlist" })).toHaveAttribute("aria-pressed", "true");

    const shop = `/shop?search=${encodeURIComponent(promo.name)}`;
    await gotoPage(page, shop);
    const card = page.getByTestId("product-card").filter({ hasText: promo.name }).first();
    await card.getByRole("button", { name: `Add ${promo.name} to wishlist` }).click();
    await expect(card.getByRole("button", { name: `Remove ${promo.name} from wishlist` })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(listLink(page, isMobile, "Wishlist")).toHaveAccessibleName("Wishlist (2 items)");
    if (!scriptsOn()) {
      await page.waitForURL(
        (url) =>
          url.pathname === "/shop" &&
          url.searchParams.get("search") === promo.name &&
          url.hash === `#heart-${promo._id}`,
      );
    }

    // Tapped again, the heart takes it out.
    await card.getByRole("button", { name: `Remove ${promo.name} from wishlist` }).click();
    await expectNotice(page, "Item removed from wishlist!");
    await expect(listLink(page, isMobile, "Wishlist")).toHaveAccessibleName("Wishlist (1 item)");
    // The server has it before the page is left (a post still on its way would be cut off).
    const answered = scriptsOn()
      ? page.waitForResponse((r) => new URL(r.url()).pathname === "/wishlist.data" && r.ok())
      : Promise.resolve();
    await card.getByRole("button", { name: `Add ${promo.name} to wishlist` }).click();
    await answered;
    await expect(listLink(page, isMobile, "Wishlist")).toHaveAccessibleName("Wishlist (2 items)");

    await gotoPage(page, "/wishlist");
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
    // Axe runs in the page: only where scripts do.
    if (scriptsOn()) await expectNoSeriousAxeViolations(page);

    await page.getByRole("button", { name: `Remove ${promo.name} from wishlist` }).click();
    await expect(lines).toHaveCount(1);
    await page.getByRole("link", { name: "Clear Wishlist" }).click();
    await page
      .getByRole("dialog", { name: "Clear your wishlist?" })
      .getByRole("button", { name: "Clear Wishlist" })
      .click();
    await expect(page.getByText("Your wishlist is empty.")).toBeVisible();
    await expectNotice(page, "Wishlist cleared!");
    await gotoPage(page, "/wishlist");
    await expect(page.getByText("Your wishlist is empty.")).toBeVisible();
    expect(errors).toEqual([]);
  },
);

test(
  "wishlist to cart moves the line: into the cart with quantity 1, out of the wishlist",
  { tag: "@no-js" },
  async ({ page, isMobile }) => {
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
    await gotoPage(page, "/wishlist");
    await expect(wishlistLines(page).getByRole("listitem")).toHaveCount(2);
    await page.getByRole("button", { name: `Add to Cart: ${plain.name}` }).click();
    await expectNotice(page, "Item added to cart!");
    await expect(wishlistLines(page).getByRole("listitem")).toHaveCount(1);
    await expect(wishlistLines(page)).not.toContainText(plain.name);
    await expect(listLink(page, isMobile, "Cart")).toHaveAccessibleName("Cart (1 item)");
    await expect(listLink(page, isMobile, "Wishlist")).toHaveAccessibleName("Wishlist (1 item)");

    await gotoPage(page, "/cart");
    await expect(page.getByRole("group", { name: `Quantity of ${plain.name}` })).toContainText("1");
    expect(errors).toEqual([]);
  },
);

test(
  "a heart on a page older than the wishlist says the item is already there",
  { tag: "@no-js" },
  async ({ page }) => {
    await answerCookies(page);
    const { promo } = await catalogueItems(page.request);
    await gotoPage(page, `/product/${promo._id}`);
    // Another tab adds it meanwhile.
    const added = await page.request.put("/api/wishlist/add", { data: { itemId: promo._id, itemType: "Product" } });
    expect(added.ok()).toBe(true);
    await page.getByRole("button", { name: "Add to wishlist" }).click();
    await expectNotice(page, "Item already in wishlist.");
    await expect(page.getByRole("button", { name: "In your wishlist" })).toHaveAttribute("aria-pressed", "true");
  },
);
