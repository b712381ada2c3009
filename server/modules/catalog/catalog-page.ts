import { desc, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { CatalogListQuery } from "../../../domain/catalog/catalog-query.schema";
import type { Database } from "../../db/client";
import { allOf } from "./catalog-filters";
import { planSearch, searchConditions } from "./catalog-search";

interface Listable {
  id: PgColumn;
  searchVector: PgColumn;
  createdAt: PgColumn;
}

export interface CatalogPageSource<Row> {
  db: Database;
  table: Listable;
  filters: SQL[];
  count: (where: SQL | undefined) => Promise<number>;
  select: (where: SQL | undefined, order: SQL[], limit: number, offset: number) => Promise<Row[]>;
}

interface Page<Row> {
  rows: Row[];
  total: number;
  hasMore: boolean;
}

/**
 * One page of products or collections: newest first, or by relevance when searching;
 * the total matching; and whether more pages follow.
 */
export async function loadCatalogPage<Row>(
  query: CatalogListQuery,
  source: CatalogPageSource<Row>,
): Promise<Page<Row>> {
  const offset = (query.page - 1) * query.limit;
  const newest = [desc(source.table.createdAt), desc(source.table.id)];
  let rows: Row[];
  let total: number;
  if (query.search) {
    ({ rows, total } = await loadSearchPage(query.search, offset, query.limit, newest, source));
  } else {
    const where = allOf(source.filters);
    [rows, total] = await Promise.all([source.select(where, newest, query.limit, offset), source.count(where)]);
  }
  return { rows, total, hasMore: offset + rows.length < total };
}

/**
 * Items matching every word of the search come first, then those matching only some,
 * each part by relevance: two ranked parts, so that a page of the first part ranks only
 * the few items in it rather than everything matching a single word.
 */
async function loadSearchPage<Row>(
  search: string,
  offset: number,
  limit: number,
  newest: SQL[],
  { db, table, filters, count, select }: CatalogPageSource<Row>,
): Promise<Omit<Page<Row>, "hasMore">> {
  const queries = await planSearch(db, search);
  if (!queries) return { rows: [], total: 0 };
  const { matchesAny, matchesEvery, matchesSomeOnly, rank } = searchConditions(table.searchVector, queries);
  const order = [desc(rank), ...newest];
  const where = (condition: SQL) => allOf([...filters, condition]);
  if (!matchesEvery || !matchesSomeOnly) {
    const total = await count(where(matchesAny));
    return { rows: total > offset ? await select(where(matchesAny), order, limit, offset) : [], total };
  }
  const [total, everyTotal] = await Promise.all([count(where(matchesAny)), count(where(matchesEvery))]);
  const rows = offset < everyTotal ? await select(where(matchesEvery), order, limit, offset) : [];
  if (rows.length < limit && total > everyTotal && total > offset) {
    rows.push(...(await select(where(matchesSomeOnly), order, limit - rows.length, Math.max(0, offset - everyTotal))));
  }
  return { rows, total };
}
