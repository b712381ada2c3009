import { desc, sql, type SQL } from "drizzle-orm";
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

/** Each row of a page also carries a total when asked to (see CatalogPageSource.select). */
interface Counted {
  total: number | null;
}

export interface CatalogPageSource<Row extends Counted> {
  db: Database;
  planSearch: SearchPlanner;
  table: Listable;
  filters: SQL[];
  /** A page of rows, each also carrying the value of `total` (a count worked out once, by the same statement). */
  select: (
    where: SQL | undefined,
    order: SQL[],
    limit: number,
    offset: number,
    total: SQL<number | null>,
  ) => Promise<Row[]>;
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
export async function loadCatalogPage<Row extends Counted>(
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
    rows = await source.select(where, newest, query.limit, offset, countOf(source.table, where));
    // An empty page carries no total: none match, or the page is past the end and counts apart.
    total = rows[0]?.total ?? (offset === 0 ? 0 : await source.db.$count(source.table, where));
  }
  return { rows, total, hasMore: offset + rows.length < total };
}

/**
 * How many rows match, as a column of the page's own statement: one statement for a
 * page and its total instead of two.
 */
const countOf = (table: Listable, where: SQL | undefined) =>
  sql<number>`(select count(*) from ${table} where ${where ?? sql`true`})`.mapWith(Number);

/**
 * A page of search results, taken from the parts of the ranking in turn (see
 * SearchConditions): the part holding the page's start is ranked, and the next only when
 * the page reaches past it.
 */
async function loadSearchPage<Row extends Counted>(
  search: string,
  offset: number,
  limit: number,
  newest: SQL[],
  source: CatalogPageSource<Row>,
): Promise<Omit<Page<Row>, "hasMore">> {
  const { db, planSearch, table, filters, select } = source;
  const queries = await planSearch(search);
  if (!queries) return { rows: [], total: 0 };
  const { matchesAny, parts, rank } = searchConditions(table.searchVector, queries);
  const order = [desc(rank), ...newest];
  const where = (condition: SQL) => allOf([...filters, condition]);
  const rows = await select(where(parts[0]!), order, limit, offset, countOf(table, where(matchesAny)));
  // A page holding no row of the first part counts the total apart.
  const total = rows[0]?.total ?? (await db.$count(table, where(matchesAny)));
  // How far into the part being read the page begins.
  let skip = offset;
  for (let i = 1; i < parts.length && rows.length < limit && offset + rows.length < total; i += 1) {
    // A page that has not begun yet begins past the whole previous part; one that has
    // goes on with the next part's first items.
    skip = rows.length === 0 && skip > 0 ? Math.max(0, skip - (await db.$count(table, where(parts[i - 1]!)))) : 0;
    rows.push(...(await select(where(parts[i]!), order, limit - rows.length, skip, sql`null`)));
  }
  return { rows, total };
}
