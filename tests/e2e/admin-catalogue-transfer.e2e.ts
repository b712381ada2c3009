import { readFile } from "node:fs/promises";
import { expect } from "@playwright/test";
import { test } from "../support/e2e-notices";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import type { Product } from "../../domain/catalog/catalog.types";
import { addProductThroughApi, signedInAdmin } from "../support/e2e-admin";
import {
  answerCookies,
  collectConsoleErrors,
  expectNoSeriousAxeViolations,
  waitForHydration,
} from "../support/e2e-checks";

/**
 * The catalogue as a spreadsheet (docs/catalogue-csv.md): the owner exports it, changes
 * the name and price of a product in it, checks the file, imports it, and sees the
 * changes in the panel and the shop; a row left as exported is reported unchanged. The
 * journey edits only the products it made, and imports a file holding only their rows.
 */

type Cookies = Awaited<ReturnType<typeof signedInAdmin>>;
let adminCookies: Cookies;
let made: Product[] = [];

test.beforeAll(async ({ browserName: _browserName }, testInfo) => {
  adminCookies = await signedInAdmin(`transfer-${testInfo.project.name}-${testInfo.workerIndex}@furnish.test`);
});

test.beforeEach(async ({ page }) => {
  made = [];
  await answerCookies(page);
  await page.context().addCookies(adminCookies);
});

test.afterEach(async ({ page }) => {
  for (const product of made) {
    const response = await page.request.delete(`/api/admin/operations/delProduct/${product._id}`);
    expect([200, 404]).toContain(response.status());
  }
});

test("the owner exports the catalogue, edits a product in the spreadsheet and imports it back", async ({
  page,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const chair = await addProductThroughApi(page.request, `Transfer Chair ${tag}`);
  made.push(chair);
  const stool = await addProductThroughApi(page.request, `Transfer Stool ${tag}`);
  made.push(stool);

  await page.goto("/admin/catalogue/transfer");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Import and export" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Import / export" }),
  ).toHaveAttribute("aria-current", "page");
  await expectNoSeriousAxeViolations(page);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export products (CSV)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^catalogue-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = await readFile((await download.path())!);
  // A byte order mark first, so Excel reads ₦ and accents as they are.
  expect([...exported.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = parse(exported, { bom: true, columns: true }) as Record<string, string>[];
  const row = rows.find((entry) => entry.id === chair._id);
  expect(row, "the new product is in the export").toBeDefined();
  expect(row).toMatchObject({ name: chair.name, price: "45000", category: "Armchair" });
  const stoolRow = rows.find((entry) => entry.id === stool._id)!;

  // The owner's edit: a new name and price; the stool's row stays as exported, its price
  // written as a spreadsheet might show it. The file keeps only these two rows.
  const newName = `Transfer Chair ${tag} (Walnut)`;
  const edited = `\uFEFF${stringify(
    [
      { ...row, name: newName, price: "52500" },
      { ...stoolRow, price: `₦${Number(stoolRow.price).toLocaleString("en")}.00` },
    ],
    { header: true, columns: Object.keys(row!) },
  )}`;
  const file = { name: "catalogue.csv", mimeType: "text/csv", buffer: Buffer.from(edited) };
  await page.getByLabel("Spreadsheet (CSV)").setInputFiles(file);

  await page.getByRole("button", { name: "Check file" }).click();
  const report = page.getByTestId("import-report");
  await expect(report).toContainText("The file is ready to import");
  await expect(report).toContainText("0 items to create, 1 item to update, 1 unchanged.");
  // Checking wrote nothing.
  const before = (await (await page.request.get(`/api/products/${chair._id}`)).json()) as Product;
  expect(before.name).toBe(chair.name);

  // The chosen file is still in the form: Import sends it again.
  await page.getByRole("button", { name: "Import" }).click();
  await expect(report).toContainText("Imported");
  await expect(report).toContainText("0 items created, 1 item updated, 1 unchanged.");

  await report.getByRole("link", { name: "See the products" }).click();
  await expect(page.getByRole("heading", { name: "Manage Products" })).toBeVisible();
  // Narrowed to this journey's product: other journeys add products meanwhile.
  await page.goto(`/admin/dashboard?section=products&search=${encodeURIComponent(tag)}`);
  await expect(page.getByRole("main")).toContainText(newName);

  await page.goto(`/product/${chair._id}`);
  await expect(page.getByRole("heading", { level: 1, name: newName })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("52,500");
  expect(errors, testInfo.title).toEqual([]);
});

test("a file with a wrong row is refused with the row, the column and the form's message", async ({ page }) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const chair = await addProductThroughApi(page.request, `Refused Chair ${tag}`);
  made.push(chair);
  await page.goto("/admin/catalogue/transfer");
  await waitForHydration(page);
  const csv = `id,name,price\r\n${chair._id},,-3\r\n`;
  await page
    .getByLabel("Spreadsheet (CSV)")
    .setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Import" }).click();
  const report = page.getByTestId("import-report");
  await expect(report).toContainText("2 problems to fix");
  await expect(report).toContainText("Nothing was imported.");
  await expect(report.getByRole("listitem").filter({ hasText: "Name is required." })).toContainText("Row 2");
  await expect(report.getByRole("listitem").filter({ hasText: "Price must be a non-negative number." })).toContainText(
    "price",
  );
  const after = (await (await page.request.get(`/api/products/${chair._id}`)).json()) as Product;
  expect(after).toMatchObject({ name: chair.name, price: 45000 });
});
