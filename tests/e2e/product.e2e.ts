import { expect, type Locator, type Page } from "@playwright/test";
import { expectNotice, test } from "../support/e2e-notices";
import {
  answerCookies,
  collectConsoleErrors,
  expectNoSeriousAxeViolations,
  waitForHydration,
} from "../support/e2e-checks";
import {
  AVIF_PRODUCT,
  PINNED_COLLECTION,
  PROMO_SOFA,
  SOLD_PRODUCT,
  pinnedCollection,
  pinnedProduct,
} from "../support/e2e-fixtures";

test.beforeEach(async ({ page }) => answerCookies(page));

/** A product a shopper can order, with a gallery to page through. */
const productWithImages = (page: Page) => pinnedProduct(page.request, PROMO_SOFA.name);

const whatsappText = async (link: Locator) => new URL((await link.getAttribute("href"))!).searchParams.get("text");

test("a product page shows its details, order link and sharing tags, also without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const product = await productWithImages(page);
  const response = await page.goto(`/product/${product._id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText("Available", { exact: true })).toBeVisible();
  // Order Now opens the order sheet for this product (the step before WhatsApp).
  await expect(page.getByRole("link", { name: "Order Now" })).toHaveAttribute(
    "href",
    `/order?kind=item&itemType=Product&itemId=${product._id}`,
  );
  // Sharing: preview tags and structured data.
  await expect(page.locator("meta[property='og:image']")).toHaveAttribute(
    "content",
    new RegExp(`/og/product/${product._id}\\.jpg$`),
  );
  const jsonLd = await page.locator("script[type='application/ld+json']").allTextContents();
  const offer = jsonLd
    .map((text) => JSON.parse(text) as { "@type": string; offers?: { priceCurrency: string; availability: string } })
    .find((d) => d["@type"] === "Product");
  expect(offer?.offers?.priceCurrency).toBe("NGN");
  expect(offer?.offers?.availability).toBe("https://schema.org/InStock");
  // Where the piece sits in the shop, as its JSON-LD says too.
  const trail = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(trail.getByRole("link")).toHaveText(["Home", "Shop", product.category]);
  await expect(trail.getByRole("link", { name: product.category })).toHaveAttribute(
    "href",
    `/shop?category=${encodeURIComponent(product.category)}`,
  );
  await expect(trail.getByText(product.name)).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("In stock · Ready now")).toBeVisible();
  await context.close();
});

test("the carousel moves with its buttons and with a swipe of 50 px or more", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const product = await productWithImages(page);
  const count = product.images.length;
  await page.goto(`/product/${product._id}`);
  await waitForHydration(page);
  const picture = page.getByRole("group", { name: product.name }).locator("img");
  await expect(picture).toHaveAttribute("alt", `${product.name}, picture 1 of ${count}`);
  await page.getByRole("button", { name: "Next picture" }).click();
  await expect(picture).toHaveAttribute("alt", `${product.name}, picture 2 of ${count}`);
  await page.getByRole("button", { name: "Previous picture" }).click();
  await page.getByRole("button", { name: "Previous picture" }).click();
  await expect(picture).toHaveAttribute("alt", `${product.name}, picture ${count} of ${count}`);

  const box = (await page.getByRole("group", { name: product.name }).boundingBox())!;
  const y = box.y + box.height / 2;
  const swipe = async (distance: number) => {
    await page.mouse.move(box.x + box.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + distance, y, { steps: 5 });
    await page.mouse.up();
  };
  await swipe(-40); // too short: stays
  await expect(picture).toHaveAttribute("alt", `${product.name}, picture ${count} of ${count}`);
  await swipe(-80); // leftwards: next, wrapping to the first
  await expect(picture).toHaveAttribute("alt", `${product.name}, picture 1 of ${count}`);
  await swipe(80);
  await expect(picture).toHaveAttribute("alt", `${product.name}, picture ${count} of ${count}`);
  expect(errors).toEqual([]);
  await expectNoSeriousAxeViolations(page);
});

test("copy link puts the page's address on the clipboard", async ({ page, context, browserName }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const product = await productWithImages(page);
  await page.goto(`/product/${product._id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Copy link" }).click();
  await expectNotice(page, "Link copied to clipboard!");
  expect(browserName).toBe("chromium");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/product/${product._id}$`));
});

test("Add to Cart and the wishlist toggle update the counts", async ({ page, isMobile }) => {
  const product = await productWithImages(page);
  await page.goto(`/product/${product._id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expectNotice(page, "Item added to cart!");
  const nav = isMobile ? page.getByRole("navigation", { name: "Quick links" }) : page.getByRole("banner");
  await expect(nav.getByRole("link", { name: "Cart (1 item)" })).toBeVisible();
  await page.getByRole("button", { name: "Add to wishlist" }).click();
  await expectNotice(page, "Item added to wishlist!");
  await expect(page.getByRole("button", { name: "In your wishlist" })).toHaveAttribute("aria-pressed", "true");
});

test("a missing product answers 404 with 'Product not found.' and a way back", async ({ page }) => {
  const response = await page.goto("/product/00000000-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Product not found." })).toBeVisible();
  await page.getByRole("link", { name: "Back to Shop" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  expect((await page.goto("/product/not-an-id"))?.status()).toBe(404);
});

test("a collection lists its own products and its order links", async ({ page }) => {
  const collection = await pinnedCollection(page.request, PINNED_COLLECTION.name);
  const response = await page.goto(`/collection/${collection._id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: collection.name })).toBeVisible();
  await expect(page.getByRole("link", { name: "Order Now" })).toBeVisible();
  const inCollection = page.getByRole("region", { name: "Products in this Collection" }).getByTestId("product-card");
  await expect(inCollection).toHaveCount(2);
  await expect(inCollection.filter({ hasText: PINNED_COLLECTION.lamp })).toHaveCount(1);
  await expectNoSeriousAxeViolations(page);
});

test("a missing collection answers 404 with 'Collection not found.'", async ({ page }) => {
  const response = await page.goto("/collection/00000000-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Collection not found." })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Collections" })).toHaveAttribute(
    "href",
    "/shop?view=collections",
  );
});

test("a sold product offers no cart or wishlist, says it is sold, and its WhatsApp link asks about it", async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const product = await pinnedProduct(page.request, SOLD_PRODUCT.name);
  expect(product.sold).toBe(true);
  await page.goto(`/shop?search=${encodeURIComponent(SOLD_PRODUCT.name)}`);
  await waitForHydration(page);
  const card = page.getByTestId("product-card").filter({ hasText: SOLD_PRODUCT.name });
  await expect(card.getByText("Sold", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: `Add ${product.name} to cart` })).toHaveCount(0);
  await expect(card.getByRole("button", { name: `Add ${product.name} to wishlist` })).toHaveCount(0);
  await expect(card.getByRole("link", { name: `Order ${product.name} on WhatsApp` })).toHaveCount(0);
  const cardEnquiry = await whatsappText(card.getByRole("link", { name: `Ask about ${product.name} on WhatsApp` }));
  expect(cardEnquiry).toContain(product.name);
  expect(cardEnquiry).toMatch(new RegExp(`https?://[^\\s]+/product/${product._id}`));
  expect(cardEnquiry).toContain("sold");
  await expectNoSeriousAxeViolations(page);

  await card.getByRole("link", { name: product.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product._id}$`));
  // The piece's own badge comes first; other sold pieces may show further down the page.
  await expect(page.getByText("Sold", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("This piece has been sold.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to Cart" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add to wishlist" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Order Now" })).toHaveCount(0);
  const enquiry = await whatsappText(page.getByRole("link", { name: "Ask about this piece" }));
  expect(enquiry).toBe(cardEnquiry);
  await expectNoSeriousAxeViolations(page);
  expect(errors).toEqual([]);
});

test("once its AVIF is ready, a picture offers it before WebP, and the page asks for nothing twice", async ({
  page,
}) => {
  const product = await pinnedProduct(page.request, AVIF_PRODUCT.name);
  expect(product.images[0]?.avif, "catalogue.setup.ts made its AVIF").toBe(true);
  const image = product.images[0]!;

  const requested: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes(`/media/${image.public_id}/`)) requested.push(new URL(request.url()).pathname);
  });
  await page.goto(`/product/${product._id}`);
  const picture = page.getByRole("group", { name: product.name }).locator("picture").first();
  const sources = picture.locator("source");
  await expect(sources.first()).toHaveAttribute("type", "image/avif");
  await expect(sources.first()).toHaveAttribute(
    "srcset",
    image.widths.map((w) => `/media/${image.public_id}/${w}.avif ${w}w`).join(", "),
  );
  await expect(sources.nth(1)).toHaveAttribute("type", "image/webp");
  await expect(picture.locator("img")).toHaveJSProperty("complete", true);
  await expect.poll(() => requested.filter((p) => p.endsWith(".avif")).length).toBeGreaterThan(0);
  expect(requested.filter((p) => /\.(webp|jpg)$/.test(p))).toEqual([]);
});
