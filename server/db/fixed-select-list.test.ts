/** A list written once reads every row as drizzle's own select reads it. */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertProduct } from "../../tests/support/catalog-factory";
import { useTestDatabase } from "../../tests/support/test-database";
import { products } from "./schema/catalog";
import { fixedSelectList } from "./fixed-select-list";

const t = useTestDatabase();

const fields = {
  id: products.id,
  name: products.name,
  priceKobo: products.priceKobo,
  discountedPriceKobo: products.discountedPriceKobo,
  weeksFrom: products.weeksFrom,
  createdAt: products.createdAt,
  twice: sql<number>`${products.priceKobo} * 2`.mapWith(Number),
  words: sql<string[]>`string_to_array(${products.name}, ' ')`,
};

describe("fixedSelectList", () => {
  it("reads values as drizzle's select does: big integers as numbers, times as dates, nulls as null", async () => {
    const product = await insertProduct(t.db, { name: "Walnut Console", priceKobo: 125_000_000 });
    const list = fixedSelectList(fields);
    const { rows } = await t.db.execute<Record<string, unknown>>(
      sql`select ${list.sql} from ${products} where ${eq(products.id, product.id)}`,
    );
    const [expected] = await t.db.select(fields).from(products).where(eq(products.id, product.id));
    const read = list.decode(rows[0]!);
    expect(read).toEqual(expected);
    expect(read.priceKobo).toBe(125_000_000);
    expect(read.twice).toBe(250_000_000);
    expect(read.createdAt).toBeInstanceOf(Date);
    expect(read.discountedPriceKobo).toBeNull();
    expect(read.words).toEqual(["Walnut", "Console"]);
  });

  it("refuses a field holding a value, which would be written into every statement", () => {
    expect(() => fixedSelectList({ id: products.id, price: sql`${1000}` })).toThrow(/holds no values/);
  });
});
