import { expect, type APIRequestContext } from "@playwright/test";
import { expectNotice, test } from "../support/e2e-notices";
import type { Product } from "../../domain/catalog/catalog.types";
import { addProductThroughApi, imageDataUrl, signedInAdmin } from "../support/e2e-admin";
import {
  answerCookies,
  collectConsoleErrors,
  expectNoSeriousAxeViolations,
  waitForHydration,
} from "../support/e2e-checks";

/**
 * The owner's catalogue tools (docs/product.md, Catalogue tools; Lists and pager): finding
 * a piece in the Manage list by a misspelt name, duplicating it into a draft, previewing
 * the draft, publishing it, and changing many prices at once after a preview. Each
 * journey makes the items it changes, with a word of its own in their names, and deletes
 * them at the end; it never counts a list another journey writes to.
 */

type Cookies = Awaited<ReturnType<typeof signedInAdmin>>;
let adminCookies: Cookies;
/** What a test created, deleted after it whatever happened. */
let created: Array<{ kind: "Product" | "Collection" | "Project"; id: string }> = [];

test.beforeAll(async ({ browserName: _browserName }, testInfo) => {
  adminCookies = await signedInAdmin(`tools-${testInfo.project.name}-${testInfo.workerIndex}@furnish.test`);
});

test.beforeEach(async ({ page }) => {
  created = [];
  await answerCookies(page);
  await page.context().addCookies(adminCookies);
});

test.afterEach(async ({ page }) => {
  const paths = { Product: "delProduct", Collection: "delCollection", Project: "delProject" } as const;
  for (const item of [...created].sort((a) => (a.kind === "Collection" ? -1 : 1))) {
    const response = await page.request.delete(`/api/admin/operations/${paths[item.kind]}/${item.id}`);
    expect([200, 404]).toContain(response.status());
  }
});

/** A word no other journey's items have: letters only, so the search reads it as one word. */
const uniqueWord = () =>
  `zq${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.replace(/\d/g, (d) => "abcdefghij"[+d]!);

async function addLivingRoomProduct(request: APIRequestContext, name: string, price: number) {
  const response = await request.post("/api/admin/operations/addProduct", {
    data: {
      name,
      description: "<p>Deep seats, hand-finished in Lagos.</p>",
      items: "1 sofa",
      price,
      category: "Living Room",
      style: "Modern",
      images: [await imageDataUrl("#7a6a58")],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Product;
}

test("on a phone the owner finds a piece by a misspelt name, duplicates it, previews the draft copy and publishes it", async ({
  page,
  browser,
}) => {
  const errors = collectConsoleErrors(page);
  const word = uniqueWord();
  const name = `Wingback Armchair ${word}`;
  const original = await addProductThroughApi(page.request, name);
  created.push({ kind: "Product", id: original._id });

  await page.goto("/admin/dashboard?section=products");
  await waitForHydration(page);
  const main = page.getByRole("main");
  await main.getByRole("searchbox", { name: "Search products" }).fill(`winbgack ${word}`);
  await main.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/search=winbgack/);
  await expect(main.getByRole("link", { name: `Remove search: “winbgack ${word}”` })).toBeVisible();

  // The whole name shows on a phone, with its price.
  const row = main.locator("button[aria-expanded]", { hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByText(name, { exact: true })).toBeVisible();
  await expect(row).toContainText("₦45,000");
  await expectNoSeriousAxeViolations(page);

  await row.click();
  await main.getByRole("button", { name: "Duplicate" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/edit\/[0-9a-f-]+/);
  await expectNotice(page, "Copy saved as a draft.");
  const copyId = /\/edit\/([0-9a-f-]+)/.exec(page.url())![1]!;
  created.push({ kind: "Product", id: copyId });
  await expect(main.getByText("Draft", { exact: true })).toBeVisible();
  const name$ = main.getByRole("textbox", { name: "Name" });
  await expect(name$).toHaveValue(`${name} (copy)`);
  await waitForHydration(page);

  // The copy is changed and kept as a draft.
  const copyName = `Wingback Armchair ${word} in moss green`;
  await name$.fill(copyName);
  await main.getByRole("button", { name: "Save draft" }).click();
  await expectNotice(page, "Saved as a draft: only you can see it.");
  await expect(page).toHaveURL(/section=products/);

  // The list marks it, and previews it as a shopper would see it.
  await page.goto(`/admin/dashboard?section=products&status=draft&search=${word}`);
  await waitForHydration(page);
  const copyRow = main.locator("li", { has: page.locator("button[aria-expanded]", { hasText: copyName }) });
  await expect(copyRow.getByText("Draft", { exact: true })).toBeVisible();
  await copyRow.locator("button[aria-expanded]").click();
  await copyRow.getByRole("link", { name: "Preview" }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${copyId}$`));
  const banner = page.getByRole("status").filter({ hasText: "only you can see this page" });
  await expect(banner).toContainText("Draft — only you can see this page.");
  await expect(main.getByRole("heading", { level: 1, name: copyName })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  const preview = await page.request.get(`/product/${copyId}`);
  expect(preview.status()).toBe(200);
  expect(preview.headers()["cache-control"]).toBe("private, no-store");

  // Nobody else sees it.
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  expect((await guestPage.goto(`/product/${copyId}`))!.status()).toBe(404);
  await expect(guestPage.getByText("Product not found.")).toBeVisible();

  // Published from its preview: the banner goes, and shoppers see it.
  await waitForHydration(page);
  await banner.getByRole("button", { name: "Publish" }).click();
  await expect(banner).toHaveCount(0);
  await expect(main.getByRole("heading", { level: 1, name: copyName })).toBeVisible();
  expect((await guestPage.goto(`/product/${copyId}`))!.status()).toBe(200);
  await expect(guestPage.getByRole("heading", { level: 1, name: copyName })).toBeVisible();
  await guest.close();
  expect(errors).toEqual([]);
});

test("the owner raises a set of Living Room prices by 10%, rounded to ₦1,000, after a preview, and undoes it", async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const word = uniqueWord();
  const big = await addLivingRoomProduct(page.request, `Cloud sofa ${word}`, 200000);
  const small = await addLivingRoomProduct(page.request, `Low sofa ${word}`, 45500);
  created.push({ kind: "Product", id: big._id }, { kind: "Product", id: small._id });
  const collection = await page.request.post("/api/admin/operations/addCollection", {
    data: {
      name: `Lounge set ${word}`,
      description: "<p>Two sofas.</p>",
      price: 500000,
      style: "Modern",
      productIds: [big._id, small._id],
      coverImage: await imageDataUrl("#5b4a3a"),
    },
  });
  expect(collection.status(), await collection.text()).toBe(201);
  const collectionId = ((await collection.json()) as { _id: string })._id;
  created.push({ kind: "Collection", id: collectionId });

  await page.goto("/admin/dashboard?section=products");
  await waitForHydration(page);
  const main = page.getByRole("main");
  // Filters open as a panel: Living Room pieces of the test's own collection.
  await main.locator("summary", { hasText: "Filters and sort" }).click();
  const panel = main.getByRole("region", { name: "Filters and sort" });
  await panel.getByLabel("Category").selectOption("Living Room");
  await panel.getByLabel("Collection").selectOption({ label: `Lounge set ${word}` });
  await panel.getByRole("button", { name: "Show products" }).click();
  await expect(page).toHaveURL(new RegExp(`collectionId=${collectionId}`));
  await expect(main.getByText("Showing 1-2 of 2 products")).toBeVisible();
  await expect(main.getByRole("link", { name: "Remove Category: Living Room" })).toBeVisible();

  await main.getByRole("link", { name: "Select all 2 matching" }).click();
  const bar = page.getByRole("form", { name: "Change the selected products" });
  await expect(bar).toContainText("All 2 matching products");
  await bar.getByRole("combobox").selectOption("raise-percent");
  await bar.getByRole("textbox", { name: "Percentage" }).fill("10");
  await bar.getByLabel("Round prices to").selectOption({ label: "Round to the nearest ₦1,000" });
  await bar.getByRole("button", { name: "Preview" }).click();

  const preview = main.getByRole("region", { name: "Raise prices by 10%, rounded to the nearest ₦1,000" });
  await expect(preview).toContainText("2 products will change.");
  const line = (name: string) => preview.getByRole("listitem").filter({ hasText: name });
  await expect(line(`Cloud sofa ${word}`)).toContainText("₦200,000");
  await expect(line(`Cloud sofa ${word}`)).toContainText("₦220,000");
  await expect(line(`Low sofa ${word}`)).toContainText("₦45,500");
  // ₦50,050 to the nearest ₦1,000.
  await expect(line(`Low sofa ${word}`)).toContainText("₦50,000");
  // Nothing is written before Apply.
  expect(((await (await page.request.get(`/api/products/${big._id}`)).json()) as Product).price).toBe(200000);
  await expectNoSeriousAxeViolations(page);

  await preview.getByRole("button", { name: "Apply to 2 products" }).click();
  await expectNotice(page, "Prices changed for 2 products.");
  await expect(preview).toHaveCount(0);
  await expect(main.locator("button[aria-expanded]", { hasText: `Cloud sofa ${word}` })).toContainText("₦220,000");
  await expect(main.locator("button[aria-expanded]", { hasText: `Low sofa ${word}` })).toContainText("₦50,000");

  await page.goto(`/product/${big._id}`);
  await expect(main.getByText("₦220,000").first()).toBeVisible();

  // Within the hour the catalogue tools offer Undo, which puts both prices back.
  await page.goto("/admin/dashboard?section=products");
  await waitForHydration(page);
  const undo = main.getByRole("region", { name: "Undo the last bulk change" });
  await expect(undo).toContainText("Prices of 2 products changed at");
  await undo.getByRole("button", { name: "Undo" }).click();
  await expectNotice(page, "Undone: 2 products put back as they were.");
  expect(((await (await page.request.get(`/api/products/${big._id}`)).json()) as Product).price).toBe(200000);
  expect(((await (await page.request.get(`/api/products/${small._id}`)).json()) as Product).price).toBe(45500);
  expect(errors).toEqual([]);
});

test("a date typed 12/01/2027 is read day first, as 12 Jan 2027", async ({ page }) => {
  await page.goto("/admin/journal");
  await waitForHydration(page);
  const from = page.getByRole("textbox", { name: "From" });
  await from.fill("12/01/2027");
  await expect(page.getByText("Reads as 12 Jan 2027")).toBeVisible();
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL(/from=12%2F01%2F2027/);
  // The server read it the same way, and shows it back as it reads.
  await expect(page.getByRole("textbox", { name: "From" })).toHaveValue("12 Jan 2027");
});

test("without JavaScript the list's search and filters are GET forms, and chips remove them", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  await context.addCookies(adminCookies);
  const page = await context.newPage();
  await page.goto("/admin/dashboard?section=products");
  const main = page.getByRole("main");
  await main.locator("summary", { hasText: "Filters and sort" }).click();
  const panel = main.getByRole("region", { name: "Filters and sort" });
  await panel.getByLabel("Category").selectOption("Dining Room");
  await panel.getByLabel("Draft or published").selectOption("published");
  await panel.getByLabel("Per page").selectOption("50");
  await panel.getByRole("button", { name: "Show products" }).click();
  await expect(page).toHaveURL(/section=products/);
  await expect(page).toHaveURL(/category=Dining\+Room/);
  await expect(page).toHaveURL(/limit=50/);
  await expect(main.getByRole("link", { name: "Remove Draft or published: Published" })).toBeVisible();

  await main.getByRole("link", { name: "Remove Category: Dining Room" }).click();
  await expect(page).not.toHaveURL(/category=/);
  await expect(page).toHaveURL(/status=published/);
  await expect(page).toHaveURL(/limit=50/);
  await main.getByRole("list", { name: "Filters in use" }).getByRole("link", { name: "Clear all" }).click();
  await expect(page).not.toHaveURL(/status=/);
  await expect(main.getByRole("link", { name: /^Remove / })).toHaveCount(0);
  await context.close();
});

test("without JavaScript a bulk change is previewed on a page of its own and applied by its form", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  await context.addCookies(adminCookies);
  const page = await context.newPage();
  const word = uniqueWord();
  const products = [
    await addProductThroughApi(page.request, `Rattan stool ${word}`),
    await addProductThroughApi(page.request, `Rattan bench ${word}`),
  ];
  created.push(...products.map((product) => ({ kind: "Product" as const, id: product._id })));

  await page.goto(`/admin/dashboard?section=products&search=${word}`);
  const main = page.getByRole("main");
  await main.getByRole("checkbox", { name: `Select Rattan stool ${word}` }).check();
  const bar = page.getByRole("form", { name: "Change the selected products" });
  await bar.getByRole("combobox").first().selectOption("sold");
  await bar.getByRole("button", { name: "Preview" }).click();
  await expect(page).toHaveURL(/change=sold/);
  const preview = main.getByRole("region", { name: "Mark sold" });
  await expect(preview).toContainText("1 product will change.");
  await expect(preview.getByRole("listitem").filter({ hasText: `Rattan stool ${word}` })).toContainText(
    /Available\s*→\s*Sold/,
  );
  await expect(preview.getByRole("listitem")).toHaveCount(1);
  await preview.getByRole("button", { name: "Apply to 1 product" }).click();
  await expectNotice(page, "1 product marked sold.");
  await expect(page).not.toHaveURL(/change=/);
  await expect(
    main.locator("li", { hasText: `Rattan stool ${word}` }).getByText("Sold", { exact: true }),
  ).toBeVisible();

  // Deleting asks first, with the one confirmation, before and without scripts too.
  await main.getByRole("link", { name: "Select all 2 matching" }).click();
  await bar.getByRole("combobox").first().selectOption("delete");
  await bar.getByRole("button", { name: "Preview" }).click();
  await main.getByRole("link", { name: "Delete 2 products" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Are you sure you want to delete these 2 listings? This action cannot be undone.");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expectNotice(page, "2 products deleted.");
  await expect(main.getByText("No products match this search and these filters.")).toBeVisible();
  await context.close();
});

test("a draft collection and a draft project show to the owner only, and the project's form publishes it", async ({
  page,
  browser,
}) => {
  const errors = collectConsoleErrors(page);
  const word = uniqueWord();
  const piece = await addProductThroughApi(page.request, `Side chair ${word}`);
  created.push({ kind: "Product", id: piece._id });
  const collection = await page.request.post("/api/admin/operations/addCollection", {
    data: {
      name: `Reading nook ${word}`,
      description: "<p>A chair and its light.</p>",
      price: 120000,
      style: "Modern",
      productIds: [piece._id],
      coverImage: await imageDataUrl("#6f5b4b"),
      status: "draft",
    },
  });
  expect(collection.status(), await collection.text()).toBe(201);
  const collectionId = ((await collection.json()) as { _id: string })._id;
  created.push({ kind: "Collection", id: collectionId });
  const project = await page.request.post("/api/admin/operations/addProject", {
    data: {
      title: `Garden studio ${word}`,
      location: "Ikoyi, Lagos",
      category: "Residential",
      price: 2500000,
      description: "<p>A quiet room at the end of the garden.</p>",
      images: [await imageDataUrl("#8a4f33")],
      status: "draft",
    },
  });
  expect(project.status(), await project.text()).toBe(201);
  const projectId = ((await project.json()) as { _id: string })._id;
  created.push({ kind: "Project", id: projectId });

  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  for (const [path, title] of [
    [`/collection/${collectionId}`, `Reading nook ${word}`],
    [`/project/${projectId}`, `Garden studio ${word}`],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("status").filter({ hasText: "Draft — only you can see this page." })).toBeVisible();
    await expect(page.getByRole("main").getByRole("heading", { level: 1, name: title })).toBeVisible();
    expect((await guestPage.goto(path))!.status()).toBe(404);
  }

  // The banner's Edit opens the form, which shows the Draft badge and publishes.
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/editProject/${projectId}`));
  await expect(page.getByRole("main").getByText("Draft", { exact: true })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("main").getByRole("button", { name: "Publish" }).click();
  await expectNotice(page, "Project updated successfully!");
  expect((await guestPage.goto(`/project/${projectId}`))!.status()).toBe(200);
  await guest.close();
  expect(errors).toEqual([]);
});
