import { expect, type Page } from "@playwright/test";
import { effectivePrice, formatNaira } from "../../domain/money";
import {
  answerCookies,
  collectConsoleErrors,
  expectNoSeriousAxeViolations,
  waitForHydration,
} from "../support/e2e-checks";
import { E2E_BASE_URL } from "../support/e2e-env";
import {
  ABORTED,
  catalogueItems,
  clientAddress,
  errorsExcept,
  listLink,
  liveConnection,
  signUpCustomer,
  test,
} from "../support/e2e-lists";

/**
 * The cart as a shopper meets it (SPEC.md §2 Cart, §4, §8; PRODUCT.md): kept for the
 * session without cookies, on the server with them, carried into a new account, in step
 * across tabs, and ordered on WhatsApp at the server's prices.
 */

const cartLines = (page: Page) => page.getByRole("region", { name: "Items in your cart" });
const quantityOf = (page: Page, name: string) => page.getByRole("group", { name: `Quantity of ${name}` });

async function addOnItemPage(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByText("Item added to cart!").first()).toBeVisible();
}

async function signUpInForm(page: Page, email: string) {
  await page.goto("/signup");
  await waitForHydration(page);
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Sign Up" }) });
  await form.getByLabel("Name").fill("Bola Ade");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone number").fill("08029876543");
  await form.getByLabel("Password", { exact: true }).fill("Sofa2024Lagos");
  await form.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/profile$/);
}

test("a guest who declined cookies keeps the cart for the session only", async ({ page, browser, isMobile }) => {
  await answerCookies(page, false);
  const errors = collectConsoleErrors(page);
  const changes: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PUT" || request.method() === "DELETE") changes.push(request.url());
  });
  const { promo, collection } = await catalogueItems(page.request);

  await addOnItemPage(page, `/product/${promo._id}`);
  await expect(listLink(page, isMobile, "Cart")).toHaveAccessibleName("Cart (1 item)");
  await addOnItemPage(page, `/collection/${collection._id}`);
  await page.reload();
  await waitForHydration(page);
  await expect(listLink(page, isMobile, "Cart")).toHaveAccessibleName("Cart (2 items)");

  await page.goto("/cart");
  await expect(page).toHaveTitle(/Your Shopping Cart/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(cartLines(page).getByRole("link", { name: promo.name })).toBeVisible();
  await expect(cartLines(page).getByRole("link", { name: collection.name })).toBeVisible();
  await expect(page.getByText("2 items", { exact: true })).toBeVisible();
  const stored = await page.evaluate(() => ({
    local: localStorage.getItem("localCart"),
    session: JSON.parse(sessionStorage.getItem("sessionCart") ?? "[]") as unknown[],
  }));
  expect(stored.local).toBeNull();
  expect(stored.session).toHaveLength(2);
  // Nothing went to the server: no changes, no guest cookie.
  expect(changes).toEqual([]);
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain("anonymousId");
  await expectNoSeriousAxeViolations(page);

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await answerCookies(otherPage, false);
  await otherPage.goto("/cart");
  await expect(otherPage.getByText("Your cart is empty.")).toBeVisible();
  await expect(otherPage.getByRole("link", { name: "Start shopping!" })).toHaveAttribute("href", "/shop");
  await expectNoSeriousAxeViolations(otherPage);
  await other.close();
  expect(errors).toEqual([]);
});

test("a guest who accepted cookies keeps the cart on the server, across a browser restart and into a new account", async ({
  page,
  browser,
  isMobile,
}, testInfo) => {
  await answerCookies(page);
  const errors = collectConsoleErrors(page);
  const { promo } = await catalogueItems(page.request);
  await addOnItemPage(page, `/product/${promo._id}`);
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(listLink(page, isMobile, "Cart")).toHaveAccessibleName("Cart (2 items)");
  const guestCookie = (await page.context().cookies()).find((c) => c.name === "anonymousId");
  expect(guestCookie?.httpOnly).toBe(true);

  await page.goto("/cart");
  await expect(quantityOf(page, promo.name)).toContainText("2");

  // A restarted browser with only the cookie: nothing stored in the page, the lines come from the server.
  const { cookies } = await page.context().storageState();
  const restarted = await browser.newContext({
    storageState: { cookies, origins: [] },
    extraHTTPHeaders: { "x-forwarded-for": clientAddress(testInfo, 1) },
  });
  const again = await restarted.newPage();
  const againErrors = collectConsoleErrors(again);
  await answerCookies(again);
  await again.goto("/cart");
  await expect(quantityOf(again, promo.name)).toContainText("2");
  expect(await again.evaluate(() => localStorage.getItem("localCart"))).toContain(promo._id);

  // Signing up carries the guest's lines into the account.
  const email = `guest-${testInfo.project.name}-${Date.now().toString(36)}@example.com`;
  await signUpInForm(again, email);
  await again.goto("/cart");
  await expect(quantityOf(again, promo.name)).toContainText("2");
  expect((await restarted.cookies()).map((c) => c.name)).not.toContain("anonymousId");
  const account = (await (await restarted.request.get("/api/cart")).json()) as {
    items: Array<{ item: string; quantity: number }>;
  };
  expect(account.items).toEqual([expect.objectContaining({ item: promo._id, quantity: 2 })]);
  await restarted.close();
  expect(errors).toEqual([]);
  expect(againErrors).toEqual([]);
});

test("a guest's session-only cart goes into the account they sign up for", async ({ page }, testInfo) => {
  await answerCookies(page, false);
  const { plain } = await catalogueItems(page.request);
  await addOnItemPage(page, `/product/${plain._id}`);
  await signUpInForm(page, `local-${testInfo.project.name}-${Date.now().toString(36)}@example.com`);
  await expect
    .poll(async () => ((await (await page.request.get("/api/cart")).json()) as { items: unknown[] }).items)
    .toEqual([expect.objectContaining({ item: plain._id, quantity: 1 })]);
  await page.goto("/cart");
  await expect(cartLines(page).getByRole("link", { name: plain.name })).toBeVisible();
});

test("accepting cookies sends the session's lines to a server cart", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const { plain } = await catalogueItems(page.request);
  await addOnItemPage(page, `/product/${plain._id}`);
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain("anonymousId");
  await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Accept All" }).click();
  await expect
    .poll(async () => ((await (await page.request.get("/api/cart")).json()) as { items: unknown[] }).items)
    .toEqual([expect.objectContaining({ item: plain._id, quantity: 1 })]);
  expect(await page.evaluate(() => sessionStorage.getItem("sessionCart"))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem("localCart"))).toContain(plain._id);
  expect(errors).toEqual([]);
});

test("two tabs of a signed-in customer stay in step within a second", async ({ context, isMobile }, testInfo) => {
  await signUpCustomer(context.request, testInfo);
  const { promo } = await catalogueItems(context.request);
  const cartTab = await context.newPage();
  const itemTab = await context.newPage();
  const errors = [...[cartTab, itemTab].map(collectConsoleErrors)];
  const live = [liveConnection(cartTab), liveConnection(itemTab)];
  await cartTab.goto("/cart");
  await itemTab.goto(`/product/${promo._id}`);
  await waitForHydration(cartTab);
  await waitForHydration(itemTab);
  await Promise.all(live);
  await expect(cartTab.getByText("Your cart is empty.")).toBeVisible();

  // "Within a second" of the server taking the change (this machine's own request time aside).
  const changed = (tab: Page, path: string) => tab.waitForResponse((r) => r.url().endsWith(path) && r.ok());
  await Promise.all([
    changed(itemTab, "/api/cart/add"),
    itemTab.getByRole("button", { name: "Add to Cart", exact: true }).click(),
  ]);
  await expect(cartTab.getByText("1 item", { exact: true })).toBeVisible({ timeout: 1000 });
  await expect(cartLines(cartTab).getByRole("link", { name: promo.name })).toBeVisible();

  await Promise.all([
    changed(cartTab, "/api/cart/updatequantity"),
    cartTab.getByRole("button", { name: `Increase quantity of ${promo.name}` }).click(),
  ]);
  await expect(listLink(itemTab, isMobile, "Cart")).toHaveAccessibleName("Cart (2 items)", { timeout: 1000 });

  await Promise.all([
    changed(itemTab, "/api/wishlist/add"),
    itemTab.getByRole("button", { name: "Add to wishlist" }).click(),
  ]);
  await expect(listLink(cartTab, isMobile, "Wishlist")).toHaveAccessibleName("Wishlist (1 item)", { timeout: 1000 });

  await Promise.all([
    changed(cartTab, "/api/cart/remove"),
    cartTab.getByRole("button", { name: `Remove ${promo.name} from cart` }).click(),
  ]);
  await expect(listLink(itemTab, isMobile, "Cart")).toHaveAccessibleName("Cart", { timeout: 1000 });
  expect(errors.flat()).toEqual([]);
});

test("quantity plus and minus; minus at 1 asks before removing", async ({ page }) => {
  await answerCookies(page, false);
  const errors = collectConsoleErrors(page);
  const { promo } = await catalogueItems(page.request);
  await addOnItemPage(page, `/product/${promo._id}`);
  await page.goto("/cart");
  await waitForHydration(page);
  const quantity = quantityOf(page, promo.name);
  const minus = page.getByRole("button", { name: `Decrease quantity of ${promo.name}` });
  await expect(quantity).toContainText("1");
  await page.getByRole("button", { name: `Increase quantity of ${promo.name}` }).click();
  await expect(quantity).toContainText("2");
  await minus.click();
  await expect(quantity).toContainText("1");
  await expect(page.getByRole("alertdialog")).toHaveCount(0);

  await minus.click();
  const dialog = page.getByRole("alertdialog", { name: "Do you want to remove this item from your cart?" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole("button", { name: "Keep it" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(quantity).toContainText("1");
  await expect(minus).toBeFocused();

  await minus.click();
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  await expect(page.getByText("Item removed from cart!")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Your Shopping Cart" })).toBeFocused();
  expect(errors).toEqual([]);
});

test("a failed change puts back exactly what was there, with the failure toast", async ({ page, isMobile }) => {
  await answerCookies(page);
  const errors = collectConsoleErrors(page);
  const { promo } = await catalogueItems(page.request);
  await addOnItemPage(page, `/product/${promo._id}`);
  await expect(listLink(page, isMobile, "Cart")).toHaveAccessibleName("Cart (1 item)");

  await page.route("**/api/cart/add", (route) => route.abort());
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByText("Failed to add item to cart.")).toBeVisible();
  await expect(listLink(page, isMobile, "Cart")).toHaveAccessibleName("Cart (1 item)");
  await page.unroute("**/api/cart/add");

  await page.goto("/cart");
  await expect(cartLines(page).getByRole("link", { name: promo.name })).toBeVisible();
  await page.route("**/api/cart/remove", (route) => route.abort());
  await page.getByRole("button", { name: `Remove ${promo.name} from cart` }).click();
  await expect(page.getByText("Failed to remove item from cart.")).toBeVisible();
  await expect(quantityOf(page, promo.name)).toContainText("1");

  await page.route("**/api/cart/clear", (route) => route.abort());
  await page.getByRole("button", { name: "Clear Cart" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Clear Cart" }).click();
  await expect(page.getByText("Failed to clear cart.")).toBeVisible();
  await expect(quantityOf(page, promo.name)).toContainText("1");

  await page.unrouteAll();
  await page.reload();
  await expect(quantityOf(page, promo.name)).toContainText("1");
  await page.getByRole("button", { name: "Clear Cart" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Clear Cart" }).click();
  await expect(page.getByText("Cart cleared!")).toBeVisible();
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  expect(errorsExcept(errors, ABORTED)).toEqual([]);
});

test("the WhatsApp order from the cart carries each line at the server's price and the right total", async ({
  page,
}) => {
  await answerCookies(page);
  const errors = collectConsoleErrors(page);
  const { promo, plain, collection } = await catalogueItems(page.request);
  await page.goto("/");
  // A guest with cookies: the lines go straight to the server cart the page then shows.
  for (const [itemId, itemType, quantity] of [
    [promo._id, "Product", 2],
    [plain._id, "Product", 1],
    [collection._id, "Collection", 1],
  ] as const) {
    const response = await page.request.put("/api/cart/add", { data: { itemId, itemType, quantity } });
    expect(response.ok(), await response.text()).toBe(true);
  }
  await page.goto("/cart");
  await expect(page.getByText("4 items", { exact: true })).toBeVisible();
  // Unit prices: the discounted one while on promotion.
  await expect(cartLines(page).getByText(formatNaira(promo.discountedPrice!))).toBeVisible();
  await expect(cartLines(page).getByText(formatNaira(promo.price))).toBeVisible();

  const order = page.getByRole("link", { name: "Order on WhatsApp" });
  await expect(order).toHaveAttribute("target", "_blank");
  const url = new URL((await order.getAttribute("href"))!);
  expect(`${url.origin}${url.pathname}`).toBe("https://wa.me/2348000000000");
  const kobo = 2 * Math.round(effectivePrice(promo) * 100) + Math.round(effectivePrice(plain) * 100);
  const total = (kobo + Math.round(effectivePrice(collection) * 100)) / 100;
  expect(url.searchParams.get("text")).toBe(
    [
      "Hello! I would like to order these items:",
      "",
      `1. ${promo.name}`,
      "   Quantity: 2",
      `   Unit price: ${formatNaira(promo.discountedPrice!)}`,
      `   ${E2E_BASE_URL}/product/${promo._id}`,
      `2. ${plain.name}`,
      "   Quantity: 1",
      `   Unit price: ${formatNaira(plain.price)}`,
      `   ${E2E_BASE_URL}/product/${plain._id}`,
      `3. ${collection.name}`,
      "   Quantity: 1",
      `   Unit price: ${formatNaira(effectivePrice(collection))}`,
      `   ${E2E_BASE_URL}/collection/${collection._id}`,
      "",
      `Total: ${formatNaira(total)}`,
    ].join("\n"),
  );
  const summary = page.getByRole("region", { name: "Order Summary" });
  await expect(summary.getByText("Subtotal (4 items)")).toBeVisible();
  await expect(summary.getByText(formatNaira(total))).toHaveCount(2);
  await expectNoSeriousAxeViolations(page);
  expect(errors).toEqual([]);
});

test("items the server cannot describe show SPEC.md's placeholders with price 0", async ({ page }) => {
  await answerCookies(page, false);
  const errors = collectConsoleErrors(page);
  const { promo, collection } = await catalogueItems(page.request);
  await page.addInitScript(
    (lines) => sessionStorage.setItem("sessionCart", JSON.stringify(lines)),
    [
      { _id: "a", item: promo._id, itemType: "Product", quantity: 1 },
      { _id: "b", item: collection._id, itemType: "Collection", quantity: 2 },
    ],
  );
  // The collection is left out of the answer; then the whole call fails.
  await page.route("**/api/cart/details-by-ids", async (route) => {
    const answer = (await (await route.fetch()).json()) as { products: unknown[] };
    await route.fulfill({ json: { products: answer.products, collections: [] } });
  });
  await page.goto("/cart");
  await expect(cartLines(page).getByRole("link", { name: promo.name })).toBeVisible();
  const unknown = `Unknown Collection (ID: ${collection._id.slice(0, 6)}...)`;
  await expect(cartLines(page).getByRole("link", { name: unknown })).toBeVisible();
  await expect(cartLines(page).getByRole("listitem").filter({ hasText: unknown })).toContainText("₦0.00");

  await page.unrouteAll();
  await page.route("**/api/cart/details-by-ids", (route) => route.fulfill({ status: 500, json: { message: "x" } }));
  await page.reload();
  const failed = `Error loading Product (ID: ${promo._id.slice(0, 6)}...)`;
  await expect(cartLines(page).getByRole("link", { name: failed })).toBeVisible();
  await expect(
    cartLines(page).getByRole("listitem").filter({ hasText: failed }).getByText("Image Error"),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Order on WhatsApp" })).toBeDisabled();
  expect(errorsExcept(errors, "status of 500")).toEqual([]);
});

test("vanished items leave a session-only cart with a notice", async ({ page }) => {
  await answerCookies(page, false);
  const { plain } = await catalogueItems(page.request);
  await page.addInitScript(
    (lines) => sessionStorage.setItem("sessionCart", JSON.stringify(lines)),
    [
      { _id: "a", item: plain._id, itemType: "Product", quantity: 1 },
      { _id: "b", item: "00000000-0000-4000-8000-000000000000", itemType: "Product", quantity: 1 },
    ],
  );
  await page.goto("/cart");
  await expect(page.getByText("Some items in your cart were removed as they are no longer available.")).toBeVisible();
  await expect(page.getByText("1 item", { exact: true })).toBeVisible();
  await expect(cartLines(page).getByRole("listitem")).toHaveCount(1);
});
