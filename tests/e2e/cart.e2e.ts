import { expect, type Page } from "@playwright/test";
import { expectNotice } from "../support/e2e-notices";
import { eq } from "drizzle-orm";
import { availabilitySummary } from "../../domain/catalog/furniture";
import { effectivePrice, formatNaira } from "../../domain/money";
import { products } from "../../server/db/schema/catalog";
import { answerCookies, collectConsoleErrors, expectNoSeriousAxeViolations } from "../support/e2e-checks";
import { withE2eDatabase } from "../support/e2e-database";
import { E2E_BASE_URL } from "../support/e2e-env";
import { gotoPage, scriptsOn } from "../support/e2e-pages";
import {
  catalogueItems,
  deleteOwnProduct,
  insertOwnProduct,
  listLink,
  liveConnection,
  signUpCustomer,
  test,
} from "../support/e2e-lists";
import { openWhatsApp } from "../support/e2e-whatsapp";

/**
 * The cart as a shopper meets it (docs/product.md, Cart and wishlist; Ordering on
 * WhatsApp): the server keeps it, every change is a form that works before the page's
 * scripts do, it follows a guest into their new account, stays in step across tabs, and
 * orders on WhatsApp at the server's prices. Journeys tagged @no-js run with scripts off
 * too: a post then comes back to the same place with the message shown.
 */

const cartLines = (page: Page) => page.getByRole("region", { name: "Items in your cart" });
const quantityOf = (page: Page, name: string) => page.getByRole("group", { name: `Quantity of ${name}` });

/** Puts lines in this browser's cart through the API (the page's own cookies). */
async function seedCart(page: Page, lines: Array<[string, "Product" | "Collection", number]>) {
  await page.goto("/");
  for (const [itemId, itemType, quantity] of lines) {
    const response = await page.request.put("/api/cart/add", { data: { itemId, itemType, quantity } });
    expect(response.ok(), await response.text()).toBe(true);
  }
}

test(
  "Add to Cart from a shop card and from a product page: the count shows it, the message says so, the page stays at the item",
  { tag: "@no-js" },
  async ({ page, isMobile }) => {
    await answerCookies(page);
    const errors = collectConsoleErrors(page);
    const { promo, plain } = await catalogueItems(page.request);

    const shop = `/shop?search=${encodeURIComponent(promo.name)}`;
    await gotoPage(page, shop);
    const card = page.getByTestId("product-card").filter({ hasText: promo.name }).first();
    await card.getByRole("button", { name: `Add ${promo.name} to cart` }).click();
    await expectNotice(page, "Item added to cart!");
    await expect(listLink(page, isMobile, "Cart")).toHaveAccessibleName("Cart (1 item)");
    // Without scripts the server answered with the same page, scrolled back to the item.
    if (!scriptsOn()) {
      await page.waitForURL(
        (url) =>
          url.pathname === "/shop" &&
          url.searchParams.get("search") === promo.name &&
          url.hash === `#order-${promo._id}`,
      );
    }
    await expect(page.getByRole("button", { name: `Add ${promo.name} to cart` }).first()).toBeInViewport();

    await gotoPage(page, `/product/${plain._id}`);
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expectNotice(page, "Item added to cart!");
    await expect(listLink(page, isMobile, "Cart")).toHaveAccessibleName("Cart (2 items)");
    await expect(page).toHaveURL(new RegExp(`/product/${plain._id}${scriptsOn() ? "$" : `#order-${plain._id}$`}`));

    await gotoPage(page, "/cart");
    await expect(cartLines(page).getByRole("link", { name: promo.name, exact: true })).toBeVisible();
    await expect(cartLines(page).getByRole("link", { name: plain.name, exact: true })).toBeVisible();
    await expect(page.getByText("2 items", { exact: true })).toBeVisible();
    // Axe runs in the page: only where scripts do.
    if (scriptsOn()) await expectNoSeriousAxeViolations(page);
    expect(errors).toEqual([]);
  },
);

test(
  "cart quantities: plus, minus, minus at 1 asks before removing, remove a line, and Clear Cart",
  { tag: "@no-js" },
  async ({ page }) => {
    await answerCookies(page);
    const errors = collectConsoleErrors(page);
    const { promo, plain, collection } = await catalogueItems(page.request);
    await seedCart(page, [
      [promo._id, "Product", 1],
      [plain._id, "Product", 1],
      [collection._id, "Collection", 1],
    ]);
    await gotoPage(page, "/cart");
    await expect(page.getByText("3 items", { exact: true })).toBeVisible();
    const quantity = quantityOf(page, promo.name);
    await expect(quantity).toContainText("1");

    await quantity.getByRole("button", { name: `Increase quantity of ${promo.name}` }).click();
    await expect(quantity.getByRole("status")).toHaveText("2");
    await expect(page.getByText("4 items", { exact: true })).toBeVisible();
    await quantity.getByRole("button", { name: `Decrease quantity of ${promo.name}` }).click();
    await expect(quantity.getByRole("status")).toHaveText("1");
    await expect(page.getByText("3 items", { exact: true })).toBeVisible();

    // At 1, minus asks first; Cancel keeps the line.
    const askRemove = quantity.getByRole("link", { name: `Decrease quantity of ${promo.name}` });
    await askRemove.click();
    const question = page.getByRole("dialog", { name: "Do you want to remove this item from your cart?" });
    await expect(question).toBeVisible();
    await expect(question).toContainText(promo.name);
    // Axe runs in the page: only where scripts do.
    if (scriptsOn()) await expectNoSeriousAxeViolations(page);
    await question.getByRole("link", { name: "Cancel" }).click();
    await expect(question).toHaveCount(0);
    await expect(quantity.getByRole("status")).toHaveText("1");

    await askRemove.click();
    await question.getByRole("button", { name: "Remove" }).click();
    await expectNotice(page, "Item removed from cart!");
    await expect(cartLines(page).getByRole("link", { name: promo.name, exact: true })).toHaveCount(0);
    await expect(page.getByText("2 items", { exact: true })).toBeVisible();

    // The X removes at once.
    await page.getByRole("button", { name: `Remove ${plain.name} from cart` }).click();
    await expect(cartLines(page).getByRole("link", { name: plain.name, exact: true })).toHaveCount(0);
    await expect(page.getByText("1 item", { exact: true })).toBeVisible();

    await page.getByRole("link", { name: "Clear Cart" }).click();
    const clear = page.getByRole("dialog", { name: "Clear your cart?" });
    await clear.getByRole("button", { name: "Clear Cart" }).click();
    await expectNotice(page, "Cart cleared!");
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Start shopping!" })).toHaveAttribute("href", "/shop");
    await gotoPage(page, "/cart");
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
    expect(errors).toEqual([]);
  },
);

test(
  "the cart's WhatsApp order carries each line at the server's price and the right total",
  { tag: "@no-js" },
  async ({ page }) => {
    await answerCookies(page);
    const { promo, plain, collection } = await catalogueItems(page.request);
    await seedCart(page, [
      [promo._id, "Product", 2],
      [plain._id, "Product", 1],
      [collection._id, "Collection", 1],
    ]);
    await gotoPage(page, "/cart");
    await expect(page.getByText("4 items", { exact: true })).toBeVisible();
    // Unit prices: the discounted one while on promotion.
    await expect(cartLines(page).getByText(formatNaira(promo.discountedPrice!))).toBeVisible();
    await expect(cartLines(page).getByText(formatNaira(promo.price))).toBeVisible();

    const kobo = 2 * Math.round(effectivePrice(promo) * 100) + Math.round(effectivePrice(plain) * 100);
    const total = (kobo + Math.round(effectivePrice(collection) * 100)) / 100;
    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect(summary.getByText("Subtotal (4 items)")).toBeVisible();
    await expect(summary.getByText(formatNaira(total))).toHaveCount(2);
    // Axe runs in the page: only where scripts do.
    if (scriptsOn()) await expectNoSeriousAxeViolations(page);

    // Through the order sheet, skipping its details: WhatsApp opens with the order.
    const url = await openWhatsApp(page, async () => {
      await page.getByRole("link", { name: "Order on WhatsApp" }).click();
      await page.getByRole("button", { name: "Skip" }).click();
    });
    expect(`${url.origin}${url.pathname}`).toBe("https://wa.me/2348000000000");
    const order = [
      "Hello! I would like to order these items:",
      "",
      `1. ${promo.name}`,
      `   Availability: ${availabilitySummary(promo.availability, promo.readyBy)}`,
      "   Quantity: 2",
      `   Unit price: ${formatNaira(promo.discountedPrice!)}`,
      `   ${E2E_BASE_URL}/product/${promo._id}`,
      `2. ${plain.name}`,
      `   Availability: ${availabilitySummary(plain.availability, plain.readyBy)}`,
      "   Quantity: 1",
      `   Unit price: ${formatNaira(plain.price)}`,
      `   ${E2E_BASE_URL}/product/${plain._id}`,
      `3. ${collection.name}`,
      `   Availability: ${availabilitySummary(collection.availability, collection.readyBy)}`,
      "   Quantity: 1",
      `   Unit price: ${formatNaira(effectivePrice(collection))}`,
      `   ${E2E_BASE_URL}/collection/${collection._id}`,
      "",
      `Total: ${formatNaira(total)}`,
    ].join("\n");
    const text = url.searchParams.get("text") ?? "";
    expect(text.slice(0, order.length)).toBe(order);
    // The order's reference and tracking link follow it.
    expect(text.slice(order.length)).toMatch(/^\n\nOrder reference: FN-\w{5}\nTrack your order: \S+$/);
  },
);

test(
  "a sold piece's line has no price or quantity: it says so, asks about the piece on WhatsApp, and can be removed",
  { tag: "@no-js" },
  async ({ page }, testInfo) => {
    await answerCookies(page);
    const { plain } = await catalogueItems(page.request);
    const name = `Lists Sold Cane Chair ${testInfo.project.name} ${Date.now().toString(36)}`;
    const id = await insertOwnProduct(name);
    try {
      await seedCart(page, [
        [plain._id, "Product", 1],
        [id, "Product", 2],
      ]);
      // It sells while in the cart.
      await withE2eDatabase((db) => db.update(products).set({ sold: true }).where(eq(products.id, id)));
      await gotoPage(page, "/cart");
      const line = cartLines(page).getByRole("listitem").filter({ hasText: name });
      await expect(line.getByText("Sold, no longer available")).toBeVisible();
      await expect(line.getByText(/₦/)).toHaveCount(0);
      await expect(quantityOf(page, name)).toHaveCount(0);
      const ask = line.getByRole("link", { name: /^Ask about this piece/ });
      const enquiry = new URL((await ask.getAttribute("href"))!).searchParams.get("text") ?? "";
      expect(enquiry).toContain(name);
      expect(enquiry).toContain(`${E2E_BASE_URL}/product/${id}`);
      // The order leaves it out, and says so.
      const summary = page.getByRole("region", { name: "Order Summary" });
      await expect(summary.getByText("Subtotal (1 item)")).toBeVisible();
      await expect(summary).toContainText("1 item is not available and not included in the order.");

      await line.getByRole("button", { name: `Remove ${name} from cart` }).click();
      await expect(cartLines(page).getByRole("link", { name, exact: true })).toHaveCount(0);
      await expect(page.getByText("1 item", { exact: true })).toBeVisible();
      await expect(summary).not.toContainText("not available");
    } finally {
      await deleteOwnProduct(id);
    }
  },
);

test(
  "an item deleted since the page loaded cannot be added: the server's message says so",
  { tag: "@no-js" },
  async ({ page, isMobile }, testInfo) => {
    await answerCookies(page);
    const name = `Lists Gone Stool ${testInfo.project.name} ${Date.now().toString(36)}`;
    const id = await insertOwnProduct(name);
    await gotoPage(page, `/product/${id}`);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await deleteOwnProduct(id);
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expect(page.getByText("Product not found.").first()).toBeVisible();
    await expect(listLink(page, isMobile, "Cart")).toHaveAccessibleName("Cart");
  },
);

test("a guest's cart goes into the account they sign up for", async ({ page }, testInfo) => {
  const { plain } = await catalogueItems(page.request);
  await seedCart(page, [[plain._id, "Product", 2]]);
  await signUpCustomer(page.request, testInfo);
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain("anonymousId");
  await gotoPage(page, "/cart");
  await expect(quantityOf(page, plain.name)).toContainText("2");
  const account = (await (await page.request.get("/api/cart")).json()) as { items: unknown[] };
  expect(account.items).toEqual([expect.objectContaining({ item: plain._id, quantity: 2 })]);
});

test("two tabs of a signed-in customer stay in step", async ({ context, isMobile }, testInfo) => {
  await signUpCustomer(context.request, testInfo);
  const { promo } = await catalogueItems(context.request);
  const cartTab = await context.newPage();
  const itemTab = await context.newPage();
  const errors = [...[cartTab, itemTab].map(collectConsoleErrors)];
  const live = [liveConnection(cartTab), liveConnection(itemTab)];
  await gotoPage(cartTab, "/cart");
  await gotoPage(itemTab, `/product/${promo._id}`);
  await Promise.all(live);
  await expect(cartTab.getByText("Your cart is empty.")).toBeVisible();

  // Once the server has taken the change, the other tab's loaders run again on its live event.
  const changed = (tab: Page, path: string) =>
    tab.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === path && r.ok());
  await Promise.all([
    changed(itemTab, "/cart.data"),
    itemTab.getByRole("button", { name: "Add to Cart", exact: true }).click(),
  ]);
  await expect(cartTab.getByText("1 item", { exact: true })).toBeVisible();
  await expect(cartLines(cartTab).getByRole("link", { name: promo.name, exact: true })).toBeVisible();

  await Promise.all([
    changed(cartTab, "/cart.data"),
    cartTab.getByRole("button", { name: `Increase quantity of ${promo.name}` }).click(),
  ]);
  await expect(listLink(itemTab, isMobile, "Cart")).toHaveAccessibleName("Cart (2 items)");

  await Promise.all([
    changed(itemTab, "/wishlist.data"),
    itemTab.getByRole("button", { name: "Add to wishlist" }).click(),
  ]);
  await expect(listLink(cartTab, isMobile, "Wishlist")).toHaveAccessibleName("Wishlist (1 item)");

  await Promise.all([
    changed(cartTab, "/cart.data"),
    cartTab.getByRole("button", { name: `Remove ${promo.name} from cart` }).click(),
  ]);
  await expect(listLink(itemTab, isMobile, "Cart")).toHaveAccessibleName("Cart");
  expect(errors.flat()).toEqual([]);
});

test("a change that cannot reach the shop says so and leaves the cart as it was", async ({ page, isMobile }) => {
  await answerCookies(page);
  const { promo } = await catalogueItems(page.request);
  await gotoPage(page, `/product/${promo._id}`);
  await page.route("**/cart.data", (route) => route.abort());
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByText("Failed to add item to cart.")).toBeVisible();
  await expect(listLink(page, isMobile, "Cart")).toHaveAccessibleName("Cart");
  await expect(page.getByRole("heading", { level: 1, name: promo.name })).toBeVisible();
});
