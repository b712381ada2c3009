import { and, asc, desc, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { AdminSort } from "../../../domain/catalog/sorts";
import type { Database } from "../../db/client";
import { allOf } from "./catalog-filters";
import { searchConditions, type SearchPlanner } from "./catalog-search";

type Listable = PgTable & {
  id: PgColumn;
  name: PgColumn;
  updatedAt: PgColumn;
  searchVector: PgColumn;
  effectivePriceKobo: PgColumn;
  isBestSeller: PgColumn;
  createdAt: PgColumn;
};

/** What a page is asked for: the shop's lists and the admin's share paging, search and sorts. */
export interface PageQuery {
  page: number;
  limit: number;
  search?: string | undefined;
  sort?: AdminSort | undefined;
}

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
 * A list's order, as disjoint parts listed one after the other (best sellers before the
 * rest; for relevance, see SearchConditions) and an order within each. Reading a part
 * at a time lets each be read in an index's order rather than sorting every match.
 */
interface Ordering {
  /** What every item listed matches besides the filters (a search), if anything. */
  matches: SQL | undefined;
  /** Each part's condition, the matches included; a single undefined part lists them all. */
  parts: Array<SQL | undefined>;
  order: SQL[];
}

/**
 * The list's order (docs/product.md, Search and filters): newest first; best match first
 * when searching, unless a sort is asked for; prices by what a shopper pays. Newest
 * first breaks every tie, so that pages never repeat nor skip an item. Null when
 * nothing in the catalogue can match the search.
 */
async function orderingOf(
  query: PageQuery,
  { table, planSearch }: CatalogPageSource<Counted>,
): Promise<Ordering | null> {
  const newest = [desc(table.createdAt), desc(table.id)];
  let matches: SQL | undefined;
  if (query.search) {
    const queries = await planSearch(query.search);
    if (!queries) return null;
    const search = searchConditions(table.searchVector, queries);
    if (!query.sort) return { matches: search.matchesAny, parts: search.parts, order: [desc(search.rank), ...newest] };
    matches = search.matchesAny;
  }
  const ordering = (order: SQL[], parts: Array<SQL | undefined> = [matches]): Ordering => ({ matches, parts, order });
  switch (query.sort ?? "newest") {
    case "newest":
      return ordering(newest);
    case "price_asc":
      return ordering([asc(table.effectivePriceKobo), ...newest]);
    case "price_desc":
      return ordering([desc(table.effectivePriceKobo), ...newest]);
    case "best_sellers":
      return ordering(newest, [and(matches, sql`${table.isBestSeller}`), and(matches, sql`not ${table.isBestSeller}`)]);
    case "name":
      return ordering([sql`lower(${table.name})`, ...newest]);
    case "updated":
      return ordering([desc(table.updatedAt), ...newest]);
  }
}

/**
 * One page of products or collections in the order asked for (see orderingOf), the
 * total matching, and whether more pages follow.
 */
export async function loadCatalogPage<Row extends Counted>(
  query: PageQuery,
  source: CatalogPageSource<Row>,
): Promise<Page<Row>> {
  const ordering = await orderingOf(query, source);
  if (!ordering) return { rows: [], total: 0, hasMore: false };
  const offset = (query.page - 1) * query.limit;
  const { rows, total } = await loadParts(ordering, offset, query.limit, source);
  return { rows, total, hasMore: offset + rows.length < total };
}

/**
 * How many rows match, as a column of the page's own statement: one statement for a
 * page and its total instead of two.
 */
const countOf = (table: Listable, where: SQL | undefined) =>
  sql<number>`(select count(*) from ${table} where ${where ?? sql`true`})`.mapWith(Number);

/**
 * A page taken from the ordering's parts in turn: the part holding the page's start is
 * read, and the next only when the page reaches past it.
 */
async function loadParts<Row extends Counted>(
  { matches, parts, order }: Ordering,
  offset: number,
  limit: number,
  { db, table, filters, select }: CatalogPageSource<Row>,
): Promise<Omit<Page<Row>, "hasMore">> {
  const where = (condition: SQL | undefined) => allOf(condition ? [...filters, condition] : filters);
  const all = where(matches);
  const rows = await select(where(parts[0]), order, limit, offset, countOf(table, all));
  // An empty page carries no total: none match, or the page begins past the first part
  // (or past the end) and counts apart.
  const total = rows[0]?.total ?? (offset === 0 && parts.length === 1 ? 0 : await db.$count(table, all));
  // How far into the part being read the page begins.
  let skip = offset;
  for (let i = 1; i < parts.length && rows.length < limit && offset + rows.length < total; i += 1) {
    // A page that has not begun yet begins past the whole previous part; one that has
    // goes on with the next part's first items.
    skip = rows.length === 0 && skip > 0 ? Math.max(0, skip - (await db.$count(table, where(parts[i - 1])))) : 0;
    rows.push(...(await select(where(parts[i]), order, limit - rows.length, skip, sql`null`)));
  }
  return { rows, total };
}
