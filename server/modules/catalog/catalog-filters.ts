import { and, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { CatalogListQuery } from "../../../domain/catalog/catalog-query.schema";
import { nairaToKobo } from "../../../domain/money";

interface Filterable {
  style: PgColumn;
  effectivePriceKobo: PgColumn;
  isPromo: PgColumn;
  isBestSeller: PgColumn;
  isForeign: PgColumn;
}

/** The filters products and collections share (search aside); prices compare what a shopper pays. */
export function sharedFilters(table: Filterable, query: CatalogListQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.style) conditions.push(eq(table.style, query.style));
  if (query.minPrice !== undefined) conditions.push(gte(table.effectivePriceKobo, nairaToKobo(query.minPrice)));
  if (query.maxPrice !== undefined) conditions.push(lte(table.effectivePriceKobo, nairaToKobo(query.maxPrice)));
  if (query.isPromo !== undefined) conditions.push(query.isPromo ? sql`${table.isPromo}` : sql`not ${table.isPromo}`);
  if (query.isBestSeller !== undefined)
    conditions.push(query.isBestSeller ? sql`${table.isBestSeller}` : sql`not ${table.isBestSeller}`);
  if (query.isForeign !== undefined)
    conditions.push(query.isForeign ? sql`${table.isForeign}` : sql`not ${table.isForeign}`);
  return conditions;
}

/** Who a read is for: shoppers see published items only; the admin's panel sees drafts too. */
export type Audience = "public" | "admin";

/** The condition a public read adds: published rows only (domain/catalog/item-status.ts). */
export const publishedOnly = (status: PgColumn): SQL => eq(status, "published");

export function allOf(conditions: SQL[]): SQL | undefined {
  return conditions.length ? and(...conditions) : undefined;
}
