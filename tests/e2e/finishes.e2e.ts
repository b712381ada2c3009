/**
 * A piece in two finishes, one dearer and photographed in it (docs/product.md, Options):
 * the shopper sees the finish chosen (its photos, its price), and the cart, the order's
 * WhatsApp message and its tracking page carry the piece in that finish at that price. A
 * card's Add to Cart asks which finish. The journeys read a sofa of their own (made once
 * per run, whichever journey comes first), older than the demo so the shop's first pages
 * stay as they are.
 */
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { expectNotice, test } from "../support/e2e-notices";
import { eq, sql } from "drizzle-orm";
import type { Product } from "../../domain/catalog/catalog.types";
import { productOptionImages, productOptions, products } from "../../server/db/schema/catalog";
import { insertProduct, makeImage } from "../support/catalog-factory";
import { answerCookies, collectConsoleErrors, expectNoSeriousAxeViolations } from "../support/e2e-checks";
import { withE2eDatabase } from "../support/e2e-database";
import { E2E_DATA_DIR } from "../support/e2e-env";
import { gotoPage, scriptsOn } from "../support/e2e-pages";
import { openWhatsApp } from "../support/e2e-whatsapp";

const SOFA = "Finishes Ikorodu Cloud Sofa";
const SETUP_LOCK = 4_242_719;

/** Made once per run: the first journey to get here takes the lock and writes, the rest find it. */
async function ensureSofa() {
  await withE2eDatabase(async (db) => {
    await db.execute(sql`select pg_advisory_lock(${SETUP_LOCK})`);
    try {
      const [made] = await db.select({ id: products.id }).from(products).where(eq(products.name, SOFA));
      if (made) return;
      const image = (color: string) => makeImage(db, path.join(E2E_DATA_DIR, "media"), color);
      const sofa = await insertProduct(db, {
        name: SOFA,
        category: "Living Room",
        style: "Modern",
        priceKobo: 900_000_00,
        items: "1 three-seater sofa",
        createdAt: new Date(Date.UTC(2020, 5, 2)),
        images: [await image("#cbbfae"), await image("#b9ab98")],
      });
      const [, velvet] = await db
        .insert(productOptions)
        .values([
          { productId: sofa.id, position: 0, name: "Sand linen", mediaId: (await image("#cdbb9a")).id },
          {
            productId: sofa.id,
            position: 1,
            name: "Emerald velvet",
            mediaId: (await image("#2f5d50")).id,
            priceDifferenceKobo: 120_000_00,
          },
        ])
        .returning({ id: productOptions.id });
      await db.insert(productOptionImages).values([
        { optionId: velvet!.id, mediaId: (await image("#1f4d40")).id, position: 0 },
        { optionId: velvet!.id, mediaId: (await image("#2a5a4c")).id, position: 1 },
      ]);
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${SETUP_LOCK})`);
    }
  });
}

async function sofaOf(page: Page): Promise<Product> {
  const response = await page.request.get(`/api/products?search=${encodeURIComponent(SOFA)}&limit=10`);
  const found = ((await response.json()) as { products: Product[] }).products.find((p) => p.name === SOFA);
  expect(found).toBeTruthy();
  return found!;
}

/** The picture the gallery shows now. */
const shownPicture = (page: Page) => page.getByRole("group", { name: SOFA }).locator("img").first();

test.beforeAll(ensureSofa);
test.beforeEach(({ page }) => answerCookies(page));

test(
  "the dearer finish: its photos and price on the page, in the cart, the message and the tracking page",
  { tag: "@no-js" },
  async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const sofa = await sofaOf(page);
    const [linen, velvet] = sofa.options;

    await gotoPage(page, `/product/${sofa._id}`);
    // The first finish, at the product's price, shown by the product's own photos.
    await expect(page.getByText("Finish: Sand linen")).toBeVisible();
    await expect(page.getByText("₦900,000.00").first()).toBeVisible();
    await expect(shownPicture(page)).toHaveAttribute("src", new RegExp(sofa.images[0]!.public_id));
    const finishes = page.getByRole("list", { name: "Finishes" });
    // Each swatch is the finish's own picture; the dearer one says what it adds.
    await expect(finishes.locator(`img[src*='${linen!.image!.public_id}']`)).toHaveCount(1);
    await expect(finishes.getByText("+₦120K")).toBeVisible();

    await finishes.getByRole("link", { name: "Finish: Emerald velvet, +₦120,000.00" }).click();
    await expect(page).toHaveURL(new RegExp(`\\?option=${velvet!._id}$`));
    await expect(page.getByText("Finish: Emerald velvet · +₦120,000.00")).toBeVisible();
    await expect(page.getByText("₦1,020,000.00").first()).toBeVisible();
    // The velvet's photos, never its swatch.
    await expect(shownPicture(page)).toHaveAttribute("src", new RegExp(velvet!.images[0]!.public_id));
    await expect(page.locator(`main img[src*='${velvet!.image!.public_id}']`)).toHaveCount(1);
    await expect(finishes.locator(`img[src*='${velvet!.image!.public_id}']`)).toHaveCount(1);
    // axe runs in the page: only with its scripts.
    if (scriptsOn()) await expectNoSeriousAxeViolations(page);

    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expectNotice(page, "Item added to cart in Emerald velvet!");

    // The cart: the sofa in velvet, named, at the velvet's price.
    await gotoPage(page, "/cart");
    const lines = page.getByRole("region", { name: "Items in your cart" });
    await expect(lines.getByRole("link", { name: SOFA, exact: true })).toBeVisible();
    await expect(lines.locator(`img[src*='${velvet!.images[0]!.public_id}']`)).toHaveCount(1);
    await expect(lines.locator(`img[src*='${velvet!.image!.public_id}']`)).toHaveCount(0);
    await expect(lines.getByText("Finish: Emerald velvet")).toBeVisible();
    await expect(lines.getByText("Line total: ₦1,020,000.00")).toBeAttached();
    // The order's total is the velvet's price.
    await expect(page.getByRole("region", { name: "Order Summary" })).toContainText("Subtotal (1 item)₦1,020,000.00");

    // The order sheet, then WhatsApp: the finish and its price in the message.
    const url = await openWhatsApp(page, async () => {
      await page.getByRole("link", { name: "Order on WhatsApp" }).click();
      const items = page.getByRole("region", { name: "Your items" });
      await expect(items.getByText("Finish: Emerald velvet")).toBeVisible();
      await expect(items.getByText("1 × ₦1,020,000.00")).toBeVisible();
      await expect(items.locator(`img[src*='${velvet!.images[0]!.public_id}']`)).toHaveCount(1);
      await page.getByRole("button", { name: "Skip" }).click();
    });
    const text = url.searchParams.get("text") ?? "";
    expect(text).toContain(`1. ${SOFA}\n   Finish: Emerald velvet\n`);
    expect(text).toContain("   Unit price: ₦1,020,000.00\n");
    expect(text).toContain(`/product/${sofa._id}?option=${velvet!._id}`);
    expect(text).toContain("Total: ₦1,020,000.00");

    // The tracking page: the sofa in velvet, at the velvet's price.
    const tracking = /Track your order: (\S+)/.exec(text)?.[1];
    expect(tracking).toBeTruthy();
    await gotoPage(page, new URL(tracking!).pathname);
    const ordered = page.getByRole("region", { name: "What you ordered" });
    await expect(ordered.getByText("Finish: Emerald velvet")).toBeVisible();
    await expect(ordered.getByText("1 × ₦1,020,000.00")).toBeVisible();
    await expect(ordered.locator(`img[src*='${velvet!.images[0]!.public_id}']`)).toHaveCount(1);
    expect(errors).toEqual([]);
  },
);

test("a card's Add to Cart asks which finish, and adds the one chosen", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const sofa = await sofaOf(page);
  const velvet = sofa.options[1]!;
  await gotoPage(page, `/shop?search=${encodeURIComponent(SOFA)}`);
  const card = page.getByTestId("product-card").filter({ hasText: SOFA });
  await card.getByRole("button", { name: `Add ${SOFA} to cart` }).click();

  const sheet = page.getByRole("dialog", { name: SOFA });
  await expect(sheet.getByText("Choose a finish")).toBeVisible();
  await expect(sheet.getByRole("radio")).toHaveCount(2);
  await expect(sheet.getByRole("radio", { name: "Sand linen", exact: true })).toBeChecked();
  await expect(sheet.getByText("₦900,000.00")).toBeVisible();
  await sheet.getByText("Emerald velvet").click();
  await expect(sheet.getByRole("radio", { name: /Emerald velvet/ })).toBeChecked();
  await expect(sheet.getByText("+₦120,000.00")).toBeVisible();
  await expect(sheet.getByText("₦1,020,000.00")).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await sheet.getByRole("button", { name: "Add to Cart" }).click();
  await expectNotice(page, "Item added to cart in Emerald velvet!");
  await expect(sheet).toBeHidden();

  const cart = (await (await page.request.get("/api/cart")).json()) as { items: Array<Record<string, unknown>> };
  expect(cart.items).toEqual([expect.objectContaining({ item: sofa._id, option: velvet._id, quantity: 1 })]);
  expect(errors).toEqual([]);
});

test(
  "without scripts a card's Add to Cart on a piece in finishes opens its page",
  { tag: "@no-js" },
  async ({ page }) => {
    test.skip(scriptsOn(), "with scripts the button opens the finish sheet (the journey above)");
    const sofa = await sofaOf(page);
    await gotoPage(page, `/shop?search=${encodeURIComponent(SOFA)}`);
    const card = page.getByTestId("product-card").filter({ hasText: SOFA });
    await card.getByRole("link", { name: `Add ${SOFA} to cart: choose a finish` }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${sofa._id}$`));
    await expect(page.getByRole("list", { name: "Finishes" })).toBeVisible();
  },
);
