/**
 * The catalogue's round trip (docs/catalogue-csv.md): an export imported back as it is
 * changes nothing and leaves the demo catalogue the demo's; a sheet with a few real edits
 * updates only those rows, whatever a spreadsheet did to the formatting of the others;
 * and a file exported by `npm run catalog` on a shop without a public address names
 * pictures the shop recognises as its own.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportReport } from "../../../domain/catalog/catalog-csv";
import { adminCookie } from "../../../tests/support/admin-session";
import { SMALL_DEMO, seedSmallDemo } from "../../../tests/support/small-demo";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import { collections, products } from "../../db/schema/catalog";
import { media } from "../../db/schema/media";
import { countDemoCatalogue } from "../setup/demo-catalogue.service";

const run = promisify(execFile);

let shop: TestApp;
let cookie = "";

beforeAll(async () => {
  // No picture host is allowed: a picture fetched from this machine would be refused.
  shop = await createTestApp({ catalogImportAllowedHosts: [] });
  await seedSmallDemo(shop.db, shop.mediaDir);
  cookie = await adminCookie(shop);
}, 120_000);

afterAll(async () => {
  await shop?.close();
});

type Row = Record<string, string>;

async function exportRows(): Promise<{ columns: string[]; rows: Row[] }> {
  const response = await shop.app.inject({
    method: "GET",
    url: "/api/admin/operations/products/export.csv",
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  const rows = parse(response.rawPayload, { bom: true, columns: true }) as Row[];
  const [header] = parse(response.rawPayload, { bom: true, to: 1 }) as string[][];
  return { columns: header!, rows };
}

const csvOf = (columns: string[], rows: Row[]) => `\uFEFF${stringify(rows, { header: true, columns })}`;

async function importCsv(csv: string | Buffer, dryRun = false): Promise<ImportReport> {
  const response = await shop.app.inject({
    method: "POST",
    url: `/api/admin/operations/products/import?dryRun=${dryRun}`,
    headers: { cookie, "content-type": "text/csv" },
    payload: csv,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportReport>();
}

const updatedAt = async () =>
  new Map(
    [
      ...(await shop.db.select({ id: products.id, at: products.updatedAt }).from(products)),
      ...(await shop.db.select({ id: collections.id, at: collections.updatedAt }).from(collections)),
    ].map((row) => [row.id, row.at.getTime()]),
  );

describe("the demo catalogue exported and imported back", () => {
  it("changes nothing: every row is unchanged, and Remove demo catalogue still finds it all", async () => {
    const { columns, rows } = await exportRows();
    const items = SMALL_DEMO.products.length + SMALL_DEMO.collections.length;
    expect(rows).toHaveLength(items);
    const before = await updatedAt();

    expect(await importCsv(csvOf(columns, rows), true)).toEqual({
      created: 0,
      updated: 0,
      unchanged: items,
      errors: [],
    });
    expect(await importCsv(csvOf(columns, rows))).toEqual({ created: 0, updated: 0, unchanged: items, errors: [] });

    expect(await updatedAt()).toEqual(before);
    expect(await countDemoCatalogue(shop.db)).toMatchObject({
      products: SMALL_DEMO.products.length,
      collections: SMALL_DEMO.collections.length,
    });
  }, 60_000);
});

describe("a sheet with two prices changed", () => {
  it("updates those two rows, whatever the spreadsheet did to the others' formatting", async () => {
    const { columns, rows } = await exportRows();
    const productRows = rows.filter((row) => row.type === "product");
    const [first, second, third, fourth] = productRows;
    const collectionRow = rows.find((row) => row.type === "collection")!;
    const origin = new URL(first!.pictures!.split(" | ")[0]!).origin;

    const edited = rows.map((row): Row => {
      // The two real changes.
      if (row === first) return { ...row, price: String(Number(row.price) + 5000) };
      if (row === second) return { ...row, price: `₦${(Number(row.price) + 1000).toLocaleString("en")}` };
      // What a spreadsheet does that is no change: naira signs, commas and decimals,
      // trailing spaces, another of the stored sizes of the same picture on another
      // host, "no" for a blank flag, an apostrophe-free cell, another order of a
      // collection's products.
      if (row === third)
        return {
          ...row,
          price: `NGN ${Number(row.price).toLocaleString("en", { minimumFractionDigits: 2 })}`,
          name: `${row.name}  `,
          items: ` ${row.items}`,
          make: row.make ? `${row.make} ` : "  ",
          pictures: row
            .pictures!.split(" | ")
            .map((url) => url.replace(origin, "http://localhost:3000").replace(/\/\d+\.webp$/, "/320.webp"))
            .join("\n"),
          availability: row.availability!.replace(/_/g, " ").toUpperCase(),
          width: row.width ? ` ${row.width} ` : "",
        };
      if (row === fourth)
        return {
          ...row,
          description: `  ${row.description}\n`,
          isPromo: row.isPromo === "no" ? "" : "TRUE",
          status: row.status!.toUpperCase(),
        };
      if (row === collectionRow)
        return { ...row, products: row.products!.split(" | ").reverse().join("\n"), price: `${row.price}.00` };
      return row;
    });
    const before = await updatedAt();

    const checked = await importCsv(csvOf(columns, edited), true);
    expect(checked).toEqual({ created: 0, updated: 2, unchanged: rows.length - 2, errors: [] });
    expect(await importCsv(csvOf(columns, edited))).toEqual(checked);

    const after = await updatedAt();
    const moved = [...after].filter(([id, at]) => before.get(id) !== at).map(([id]) => id);
    expect(moved.sort()).toEqual([first!.id, second!.id].sort());
    const prices = await shop.db
      .select({ id: products.id, priceKobo: products.priceKobo })
      .from(products)
      .where(inArray(products.id, [first!.id!, second!.id!]));
    expect(new Map(prices.map((row) => [row.id, row.priceKobo]))).toEqual(
      new Map([
        [first!.id, (Number(first!.price) + 5000) * 100],
        [second!.id, (Number(second!.price) + 1000) * 100],
      ]),
    );
  }, 60_000);
});

describe("a demo item changed in the sheet", () => {
  it("becomes the owner's, as a save in the panel makes it; the untouched rest is removed with the demo", async () => {
    const { columns, rows } = await exportRows();
    // Not one of the two repriced above.
    const target = rows.findLast((row) => row.type === "product")!;
    const renamed = `${target.name} (ours)`;
    const edited = rows.map((row) => (row === target ? { ...row, name: renamed } : row));
    expect(await importCsv(csvOf(columns, edited))).toMatchObject({ updated: 1, unchanged: rows.length - 1 });
    const [kept] = await shop.db.select({ demo: products.demo }).from(products).where(eq(products.id, target.id!));
    expect(kept!.demo).toBe(false);
    // The owner's now: this one and the two repriced before.
    const ours = await shop.db.select({ id: products.id }).from(products).where(eq(products.demo, false));
    expect(ours.map((row) => row.id)).toContain(target.id);
    expect(ours).toHaveLength(3);

    const removal = await shop.app.inject({
      method: "DELETE",
      url: "/api/admin/operations/demo-catalogue",
      headers: { cookie },
    });
    expect(removal.statusCode, removal.body).toBe(200);
    // Every demo item but those the owner changed went.
    const left = await shop.db.select({ id: products.id }).from(products);
    expect(left.map((row) => row.id).sort()).toEqual(ours.map((row) => row.id).sort());
    expect(await shop.db.$count(collections)).toBe(0);
    // Their pictures stayed with them: exported again, they import as they are.
    const exported = await exportRows();
    expect(exported.rows.find((row) => row.id === target.id)).toMatchObject({ name: renamed });
    expect(await importCsv(csvOf(exported.columns, exported.rows))).toEqual({
      created: 0,
      updated: 0,
      unchanged: 3,
      errors: [],
    });
  }, 60_000);
});

describe("a file exported by npm run catalog without PUBLIC_URL", () => {
  it("is imported through the admin with the shop's own pictures reused, none fetched", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "furnish-catalog-roundtrip-"));
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: shop.url, DATA_DIR: dir, PORT: "3999" };
    delete env.PUBLIC_URL;
    delete env.ALLOWED_ORIGINS;
    try {
      const file = path.join(dir, "catalogue.csv");
      await run(process.execPath, ["server/cli.js", "catalog", "export", file], { env });
      const text = await readFile(file);
      const rows = parse(text, { bom: true, columns: true }) as Row[];
      expect(rows[0]!.pictures).toMatch(/^http:\/\/localhost:3999\/media\//);
      const mediaBefore = await shop.db.$count(media);

      // A changed name, so the row is written with the pictures it names.
      const [header] = parse(text, { bom: true, to: 1 }) as string[][];
      const edited = rows.map((row, index) => (index === 0 ? { ...row, name: `${row.name} II` } : row));
      const report = await importCsv(csvOf(header!, edited));
      expect(report).toEqual({ created: 0, updated: 1, unchanged: rows.length - 1, errors: [] });
      expect(await shop.db.$count(media)).toBe(mediaBefore);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("still refuses a picture on a private network that is not one of the shop's own", async () => {
    const { columns, rows } = await exportRows();
    const row = rows.find((entry) => entry.type === "product")!;
    const stranger = "http://127.0.0.1:3999/media/00000000-0000-4000-8000-000000000000/640.webp";
    const report = await importCsv(csvOf(columns, [{ ...row, pictures: stranger }]));
    expect(report.errors).toEqual([{ row: 2, field: "pictures", message: expect.stringMatching(/private/i) }]);
  });
});
