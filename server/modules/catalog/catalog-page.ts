import { desc, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { CatalogListQuery } from "../../../domain/catalog/catalog-query.schema";
import type { Database } from "../../db/client";
import { allOf } from "./catalog-filters";
import { searchConditions, type SearchPlanner } from "./catalog-search";

type Listable = PgTable & {
  id: PgColumn;
  searchVector: PgColumn;
  createdAt: PgColumn;
};

export interface CatalogPageSource<Row> {
  db: Database;
  planSearch: SearchPlanner;
  table: Listable;
  filters: SQL[];
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
    [rows, total] = await Promise.all([
      source.select(where, newest, query.limit, offset),
      source.db.$count(source.table, where),
    ]);
  }
  return { rows, total, hasMore: offset + rows.length < total };
}

/**
 * Items matching every term of the search come first, then those matching only some,
 * each part by relevance: two ranked parts, so that a page of the first part ranks only
 * the few items in it rather than everything matching a single term.
 */
async function loadSearchPage<Row>(
  search: string,
  offset: number,
  limit: number,
  newest: SQL[],
  { db, planSearch, table, filters, select }: CatalogPageSource<Row>,
): Promise<Omit<Page<Row>, "hasMore">> {
  const queries = await planSearch(search);
  if (!queries) return { rows: [], total: 0 };
  const { matchesAny, matchesEvery, matchesSomeOnly, order: relevance } = searchConditions(table.searchVector, queries);
  const order = [...relevance, ...newest];
  const where = (condition: SQL) => allOf([...filters, condition]);
  const first = matchesEvery ?? matchesAny;
  const [total, rows] = await Promise.all([
    db.$count(table, where(matchesAny)),
    select(where(first), order, limit, offset),
  ]);
  if (!matchesSomeOnly || rows.length === limit || total <= offset + rows.length) return { rows, total };
  // The page reaches past the items matching every term: the rest follow. A short page
  // of them says where they end; an empty one needs counting.
  const everyTotal = rows.length > 0 ? offset + rows.length : await db.$count(table, where(first));
  rows.push(...(await select(where(matchesSomeOnly), order, limit - rows.length, offset + rows.length - everyTotal)));
  return { rows, total };
}
