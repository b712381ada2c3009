/**
 * The catalogue import in the journal (docs/product.md, The journal): who changed which
 * item, each field before → after, written in the import's own transaction; a huge import
 * lists its first items one by one and says how many more it changed.
 */
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ImportReport } from "../../../domain/catalog/catalog-csv";
import type { JournalPage } from "../../../domain/journal/journal.schema";
import { adminCookie } from "../../../tests/support/admin-session";
import { insertCollection, insertProduct, makeImage } from "../../../tests/support/catalog-factory";
import { useTestApp } from "../../../tests/support/test-app";
import { products } from "../../db/schema/catalog";
import { journalEntries } from "../../db/schema/journal";
import { ITEM_ENTRIES } from "./catalog-transfer.actions";

const t = useTestApp();
let owner = "";

beforeAll(async () => {
  owner = await adminCookie(t);
});

async function importCsv(csv: string, expected: number) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/admin/operations/products/import?dryRun=false",
    headers: { cookie: owner, "content-type": "text/csv" },
    payload: csv,
  });
  expect(response.statusCode, response.body).toBe(expected);
  return response.json<ImportReport>();
}

async function journal(query: string): Promise<JournalPage> {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/admin/operations/journal?${query}`,
    headers: { cookie: owner },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<JournalPage>();
}

describe("an import in the journal", () => {
  it("has an entry for each item it changed, each field before → after, and none for the rest", async () => {
    const picture = await makeImage(t.db, t.mediaDir);
    const lagos = await insertCollection(t.db, { name: "Lagos Living" });
    const abuja = await insertCollection(t.db, { name: "Abuja Nights" });
    const console_ = await insertProduct(t.db, {
      name: "Teak Console",
      priceKobo: 200_000_00,
      collectionId: lagos.id,
      images: [picture],
    });
    const stool = await insertProduct(t.db, { name: "Iroko Stool", priceKobo: 40_000_00, images: [picture] });

    const report = await importCsv(
      [
        "id,name,price,collection",
        `${console_.id},Teak Console Table,250000,Abuja Nights`,
        `${stool.id},Iroko Stool,40000,`,
      ].join("\n"),
      200,
    );
    expect(report).toEqual({ created: 0, updated: 1, unchanged: 1, errors: [] });

    const { entries } = await journal("area=catalogue");
    const changed = entries.find((entry) => entry.item === console_.id);
    expect(changed).toMatchObject({
      by: { name: "owner" },
      area: "catalogue",
      itemLabel: "Teak Console Table",
      action: "Product changed by import",
    });
    expect(changed!.changes).toEqual([
      { field: "name", before: "Teak Console", after: "Teak Console Table" },
      { field: "price", before: "200000", after: "250000" },
      { field: "collection", before: "Lagos Living", after: "Abuja Nights" },
    ]);
    // The stool's row changed nothing: no entry names it.
    expect(entries.filter((entry) => entry.item === stool.id)).toEqual([]);
    const whole = entries.find((entry) => entry.action === "Catalogue imported");
    expect(whole!.changes).toEqual([
      { field: "added", before: null, after: "0" },
      { field: "changed", before: null, after: "1" },
      { field: "unchanged", before: null, after: "1" },
    ]);
    expect((await t.db.select().from(products).where(eq(products.id, console_.id)))[0]!.collectionId).toBe(abuja.id);
  });

  it("writes no entry when the file is refused, so nothing was written", async () => {
    const before = await t.db.$count(journalEntries);
    const stool = await insertProduct(t.db, { name: "Refused Stool", images: [await makeImage(t.db, t.mediaDir)] });
    const report = await importCsv(["id,price", `${stool.id},not a price`].join("\n"), 200);
    expect(report.errors.length).toBeGreaterThan(0);
    expect(await t.db.$count(journalEntries)).toBe(before);
  });

  it(`lists the first ${ITEM_ENTRIES} items one by one, then says how many more it changed`, async () => {
    const picture = await makeImage(t.db, t.mediaDir);
    const ids: string[] = [];
    for (let n = 0; n < ITEM_ENTRIES + 3; n++) {
      ids.push((await insertProduct(t.db, { name: `Bulk Chair ${n}`, priceKobo: 10_000_00, images: [picture] })).id);
    }
    const report = await importCsv(["id,price", ...ids.map((id) => `${id},12000`)].join("\n"), 200);
    expect(report).toMatchObject({ updated: ITEM_ENTRIES + 3, errors: [] });

    const perItem = await t.db
      .select()
      .from(journalEntries)
      .where(and(inArray(journalEntries.item, ids), eq(journalEntries.action, "Product changed by import")));
    expect(perItem).toHaveLength(ITEM_ENTRIES);
    expect(perItem[0]!.changes).toEqual([{ field: "price", before: "10000", after: "12000" }]);
    const [whole] = await t.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.action, "Catalogue imported"))
      .orderBy(journalEntries.at)
      .then((rows) => rows.slice(-1));
    expect(whole!.changes).toContainEqual({ field: "changed", before: null, after: String(ITEM_ENTRIES + 3) });
    expect(whole!.changes).toContainEqual({ field: "not listed one by one", before: null, after: "3" });
  });
});
