/**
 * Live updates of the shop's lists (docs/product.md, Live updates): when the owner
 * deletes or edits an item, a shopper's open list drops it or shows it afresh, without a
 * reload and without losing the pages Load More has added. The owner acts through the admin API
 * with their own session; the shopper is a separate browser.
 */
import { expect, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { test } from "../support/e2e-notices";
import type { ImageRef, Product } from "../../domain/catalog/catalog.types";
import {
  addProductThroughApi,
  addProjectThroughApi,
  imageDataUrl,
  insertPlainCollections,
  removeCollectionsDirectly,
  signedInAdmin,
} from "../support/e2e-admin";
import { answerCookies, collectConsoleErrors, waitForHydration } from "../support/e2e-checks";
import { liveConnection } from "../support/e2e-lists";

let owner: APIRequestContext;
let ownerBrowser: BrowserContext;
test.beforeAll(async ({ browser }) => {
  ownerBrowser = await browser.newContext();
  await ownerBrowser.addCookies(await signedInAdmin("live-owner@furnish.test"));
  owner = ownerBrowser.request;
});
test.afterAll(async () => ownerBrowser.close());

/** A shopper's tab on `path`, its live connection open, marked so that a reload would show. */
async function openShopperTab(page: Page, path: string) {
  await answerCookies(page);
  const connected = liveConnection(page);
  await page.goto(path);
  await waitForHydration(page);
  // A guest without lists connects at their first touch or key press, as a shopper would.
  await page.keyboard.press("Shift");
  await connected;
  await page.evaluate(() => ((window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true));
}

const stillTheSamePage = (page: Page) =>
  page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage === true);

const deleteProduct = async (id: string) =>
  expect((await owner.delete(`/api/admin/operations/delProduct/${id}`)).status()).toBe(200);

test("a product the owner edits is shown afresh on the shopper's shop tab, and goes once deleted, without a reload", async ({
  page,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  const product = await addProductThroughApi(owner, `Short-lived Armchair ${testInfo.project.name} ${Date.now()}`);
  await openShopperTab(page, "/shop");
  const cards = page.getByTestId("product-card");
  await expect(cards.filter({ hasText: product.name })).toHaveCount(1);

  const newName = `Renamed Armchair ${testInfo.project.name} ${Date.now()}`;
  const update = await owner.put(`/api/admin/operations/updateProduct/${product._id}`, {
    data: {
      ...sameFields(product),
      name: newName,
      price: 39000,
      images: product.images.map(({ url, public_id }) => ({ url, public_id, isNew: false })),
    },
  });
  expect(update.status(), await update.text()).toBe(200);
  const renamed = cards.filter({ hasText: newName });
  await expect(renamed).toHaveCount(1);
  await expect(renamed).toContainText("₦39,000.00");
  await expect(cards.filter({ hasText: product.name })).toHaveCount(0);

  await deleteProduct(product._id);
  await expect(renamed).toHaveCount(0);
  expect(await stillTheSamePage(page)).toBe(true);
  expect(errors).toEqual([]);
});

test("after Load More, a collection the owner deletes goes, and the pages shown bring every other one once", async ({
  page,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  // 25 collections at a price of their own, so this list holds only them (other journeys
  // add and delete items meanwhile): two pages of 12 and one more.
  const price = 20_000 + (Date.now() % 50_000) + (testInfo.project.name === "admin" ? 0.25 : 0.75);
  const names = Array.from(
    { length: 25 },
    (_, i) => `Live Set ${String(i + 1).padStart(2, "0")} ${testInfo.project.name}`,
  );
  const ids = await insertPlainCollections(names, price);
  try {
    await openShopperTab(page, `/shop?view=collections&minPrice=${price}&maxPrice=${price}`);
    const cards = page.getByTestId("collection-card");
    await expect(cards).toHaveCount(12);
    await page.getByRole("link", { name: "Load More" }).click();
    await expect(cards).toHaveCount(24);
    await expect(page).toHaveURL(/collectionsPage=2$/);
    // Newest first: the last made is shown first, and the first made is still to come.
    await expect(cards.first()).toContainText(names[24]!);
    await expect(cards.filter({ hasText: names[0]! })).toHaveCount(0);

    const deleted = await owner.delete(`/api/admin/operations/delCollection/${ids[24]}`);
    expect(deleted.status(), await deleted.text()).toBe(200);
    await expect(cards.filter({ hasText: names[24]! })).toHaveCount(0);
    expect(await stillTheSamePage(page)).toBe(true);

    // The list is read again for the same two pages: with one gone, the last collection
    // moved up into them, and that was all.
    await expect(cards.filter({ hasText: names[0]! })).toHaveCount(1);
    await expect(cards).toHaveCount(24);
    await expect(page.getByText("You've reached the end of the collections!")).toBeVisible();
    await expect(page.getByRole("link", { name: "Load More" })).toHaveCount(0);
    const shown = await cards.getByRole("heading").allTextContents();
    expect(new Set(shown).size).toBe(24);
    expect(errors).toEqual([]);
  } finally {
    await removeCollectionsDirectly(ids);
  }
});

/** What an update sends back unchanged: the product form always sends every field. */
function sameFields(product: Product) {
  const { name, description, items, price, category, style } = product;
  return { name, description, items, price, category, style };
}

test("a collection the owner edits is shown afresh on a style page's Collections tab", async ({ page }, testInfo) => {
  const unique = `${testInfo.project.name} ${Date.now()}`;
  const piece = await addProductThroughApi(owner, `Glam Side Table ${unique}`);
  // Every save sends every field, as the collection form does.
  const body = (name: string, coverImage: string | { url: string; public_id: string }) => ({
    name,
    description: "<p>Brass and velvet.</p>",
    price: 750000,
    style: "Glam",
    productIds: [piece._id],
    coverImage,
  });
  const created = await owner.post("/api/admin/operations/addCollection", {
    data: body(`Gilded Evening ${unique}`, await imageDataUrl("#7d6a8a")),
  });
  expect(created.status(), await created.text()).toBe(201);
  const collection = (await created.json()) as { _id: string; name: string; coverImage: ImageRef };
  await openShopperTab(page, "/styles/glam?view=collections");
  const cards = page.getByTestId("collection-card");
  await expect(cards.filter({ hasText: collection.name })).toHaveCount(1);

  const { url, public_id } = collection.coverImage;
  const update = await owner.put(`/api/admin/operations/updateCollection/${collection._id}`, {
    data: body(`Gilded Night ${unique}`, { url, public_id }),
  });
  expect(update.status(), await update.text()).toBe(200);
  await expect(cards.filter({ hasText: `Gilded Night ${unique}` })).toHaveCount(1);
  await expect(cards.filter({ hasText: collection.name })).toHaveCount(0);
  expect(await stillTheSamePage(page)).toBe(true);

  expect((await owner.delete(`/api/admin/operations/delCollection/${collection._id}`)).status()).toBe(200);
  await expect(cards.filter({ hasText: `Gilded Night ${unique}` })).toHaveCount(0);
  await deleteProduct(piece._id);
});

test("a project the owner deletes leaves the shopper's projects list", async ({ page }, testInfo) => {
  const project = await addProjectThroughApi(owner, `Short-lived Villa ${testInfo.project.name} ${Date.now()}`);
  await openShopperTab(page, "/projects");
  const card = page.getByTestId("project-card").filter({ hasText: project.title });
  await expect(card).toHaveCount(1);
  expect((await owner.delete(`/api/admin/operations/delProject/${project._id}`)).status()).toBe(200);
  await expect(card).toHaveCount(0);
  expect(await stillTheSamePage(page)).toBe(true);
});
