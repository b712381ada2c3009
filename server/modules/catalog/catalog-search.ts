/**
 * Shop search. Whole and partial words first: PostgreSQL full-text search with every
 * word taken as a prefix ("wardrob" finds "Wardrobe"), served by a GIN index. Only when
 * that finds nothing does a near spelling count: names whose trigrams are close to the
 * query ("armchiar" finds "Armchair"; threshold set on the connection in db/client.ts),
 * served by a trigram index. Asking for exact words first keeps "velvet sofa" from
 * matching every velvet thing in the shop.
 */
import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

interface Searchable {
  name: PgColumn;
  searchVector: PgColumn;
}

/** "velvet arm" → "velvet:* & arm:*"; null when the text holds no word at all. */
export function toPrefixQuery(search: string): string | null {
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  return words ? words.map((word) => `${word}:*`).join(" & ") : null;
}

/**
 * The condition a search adds to the filters, and how many rows then match. `count`
 * counts the rows that match the filters and a given search condition.
 */
export async function resolveSearch(
  table: Searchable,
  search: string,
  count: (condition: SQL) => Promise<number>,
): Promise<{ condition: SQL; total: number }> {
  const prefixQuery = toPrefixQuery(search);
  if (prefixQuery) {
    const words = sql`${table.searchVector} @@ to_tsquery('english', ${prefixQuery})`;
    const total = await count(words);
    if (total > 0) return { condition: words, total };
  }
  const nearSpelling = sql`${search} <% ${table.name}`;
  return { condition: nearSpelling, total: await count(nearSpelling) };
}

/** Best matches first: text rank (the name weighs most) plus the name's trigram closeness. */
export function searchRank(table: Searchable, search: string): SQL {
  const prefixQuery = toPrefixQuery(search);
  const closeness = sql`word_similarity(${search}, ${table.name})`;
  return prefixQuery
    ? sql`(ts_rank(${table.searchVector}, to_tsquery('english', ${prefixQuery})) + ${closeness})`
    : closeness;
}
