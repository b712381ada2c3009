/**
 * Undoing a bulk change (docs/product.md, Catalogue tools): within the hour it puts back
 * exactly the prices it changed, leaves a product changed again since and names it, and
 * journals both the change and the undo; past the hour, or a second time, it is refused.
 * The records go after a day.
 */
import { eq, inArray } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import type { BulkUndoResult } from "../../../domain/catalog/admin.types";
import type { BulkChangeResult } from "../../../domain/catalog/bulk-change.schema";
import { UNDO_MESSAGES } from "../../../domain/catalog/bulk-undo";
import { adminCookie } from "../../../tests/support/admin-session";
import { insertProduct } from "../../../tests/support/catalog-factory";
import { useTestApp } from "../../../tests/support/test-app";
import { bulkChanges } from "../../db/schema/bulk-changes";
import { products } from "../../db/schema/catalog";
import { journalEntries } from "../../db/schema/journal";
import { pruneBulkChanges } from "./bulk-changes.service";

const t = useTestApp();
let cookie = "";

beforeAll(async () => {
  cookie = await adminCookie(t);
});

const admin = (method: InjectOptions["method"], url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/admin/operations${url}`, ...(payload ? { payload } : {}), headers: { cookie } });

const pricesOf = async (ids: string[]) =>
  Object.fromEntries(
    (
      await t.db
        .select({ id: products.id, price: products.priceKobo, discounted: products.discountedPriceKobo })
        .from(products)
        .where(inArray(products.id, ids))
    ).map((row) => [row.id, { price: row.price, discounted: row.discounted }]),
  );

async function raiseByTenPercent(ids: string[], roundTo = 1000) {
  const response = await admin("POST", "/products/bulk", { ids, action: "price", value: { percent: 10, roundTo } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BulkChangeResult>();
}

describe("POST /api/admin/operations/products/bulk/:id/undo", () => {
  it("within the hour puts back exactly the prices it changed, and journals the change and the undo", async () => {
    const sofa = await insertProduct(t.db, { name: "Undo Sofa", priceKobo: 123_400_00 });
    const chair = await insertProduct(t.db, {
      name: "Undo Chair",
      priceKobo: 50_000_00,
      discountedPriceKobo: 45_000_00,
      isPromo: true,
    });
    const ids = [sofa.id, chair.id];
    const before = await pricesOf(ids);

    const applied = await raiseByTenPercent(ids);
    expect(applied.undo).not.toBeNull();
    // ₦135,740 to the nearest ₦1,000; the promotion's ₦49,500 too.
    expect(await pricesOf(ids)).toEqual({
      [sofa.id]: { price: 136_000_00, discounted: null },
      [chair.id]: { price: 55_000_00, discounted: 50_000_00 },
    });

    const undone = await admin("POST", `/products/bulk/${applied.undo!._id}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    const result = undone.json<BulkUndoResult>();
    expect(result.restored.map((line) => line.name).sort()).toEqual(["Undo Chair", "Undo Sofa"]);
    expect(result.left).toEqual([]);
    expect(await pricesOf(ids)).toEqual(before);

    const entries = await t.db.select().from(journalEntries).where(eq(journalEntries.item, sofa.id));
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      "Bulk change undone (price)",
      "Product changed in bulk (price)",
    ]);

    const again = await admin("POST", `/products/bulk/${applied.undo!._id}/undo`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: UNDO_MESSAGES.undone });
  });

  it("leaves a product whose price was changed since, and says which", async () => {
    const table = await insertProduct(t.db, { name: "Undo Table", priceKobo: 200_000_00 });
    const bed = await insertProduct(t.db, { name: "Undo Bed", priceKobo: 300_000_00 });
    const applied = await raiseByTenPercent([table.id, bed.id]);
    // The owner sets the bed's price by hand after the bulk change.
    await t.db.update(products).set({ priceKobo: 350_000_00 }).where(eq(products.id, bed.id));

    const undone = await admin("POST", `/products/bulk/${applied.undo!._id}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json<BulkUndoResult>().left).toEqual([{ _id: bed.id, name: "Undo Bed" }]);
    expect(await pricesOf([table.id, bed.id])).toEqual({
      [table.id]: { price: 200_000_00, discounted: null },
      [bed.id]: { price: 350_000_00, discounted: null },
    });
  });

  it("is refused with a clear message once the hour is past", async () => {
    const stool = await insertProduct(t.db, { name: "Undo Stool", priceKobo: 20_000_00 });
    const applied = await raiseByTenPercent([stool.id], 100);
    await t.db
      .update(bulkChanges)
      .set({ at: new Date(Date.now() - 61 * 60 * 1000) })
      .where(eq(bulkChanges.id, applied.undo!._id));

    const late = await admin("POST", `/products/bulk/${applied.undo!._id}/undo`);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: UNDO_MESSAGES.late });
    expect(await pricesOf([stool.id])).toEqual({ [stool.id]: { price: 22_000_00, discounted: null } });

    const unknown = await admin("POST", "/products/bulk/00000000-0000-4000-8000-000000000000/undo");
    expect(unknown.statusCode).toBe(404);
  });
});

describe("pruneBulkChanges", () => {
  it("deletes the records older than a day, and keeps the day's", async () => {
    const lamp = await insertProduct(t.db, { name: "Prune Lamp", priceKobo: 10_000_00 });
    const old = await raiseByTenPercent([lamp.id], 100);
    const recent = await raiseByTenPercent([lamp.id], 100);
    await t.db
      .update(bulkChanges)
      .set({ at: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(bulkChanges.id, old.undo!._id));

    expect(await pruneBulkChanges(t.db)).toBeGreaterThanOrEqual(1);
    const left = await t.db
      .select({ id: bulkChanges.id })
      .from(bulkChanges)
      .where(inArray(bulkChanges.id, [old.undo!._id, recent.undo!._id]));
    expect(left).toEqual([{ id: recent.undo!._id }]);
  });
});
