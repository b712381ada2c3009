import { desc, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { CatalogListQuery } from "../../../domain/catalog/catalog-query.schema";
import { allOf } from "./catalog-filters";
import { resolveSearch, searchRank } from "./catalog-search";

interface Listable {
  id: PgColumn;
  name: PgColumn;
  searchVector: PgColumn;
  createdAt: PgColumn;
}

export interface CatalogPageSource<Row> {
  table: Listable;
  filters: SQL[];
  count: (where: SQL | undefined) => Promise<number>;
  select: (where: SQL | undefined, order: SQL[], limit: number, offset: number) => Promise<Row[]>;
}

/**
 * One page of products or collections: newest first, or by relevance when searching;
 * the total matching; and whether more pages follow.
 */
export async function loadCatalogPage<Row>(
  query: CatalogListQuery,
  { table, filters, count, select }: CatalogPageSource<Row>,
): Promise<{ rows: Row[]; total: number; hasMore: boolean }> {
  const offset = (query.page - 1) * query.limit;
  const newest = [desc(table.createdAt), desc(table.id)];
  let rows: Row[];
  let total: number;
  if (query.search) {
    const search = await resolveSearch(table, query.search, (condition) => count(allOf([...filters, condition])));
    total = search.total;
    rows =
      total > offset
        ? await select(
            allOf([...filters, search.condition]),
            [desc(searchRank(table, query.search)), ...newest],
            query.limit,
            offset,
          )
        : [];
  } else {
    const where = allOf(filters);
    [rows, total] = await Promise.all([select(where, newest, query.limit, offset), count(where)]);
  }
  return { rows, total, hasMore: offset + rows.length < total };
}
