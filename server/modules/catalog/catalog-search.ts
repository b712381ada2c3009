/**
 * Shop search: PostgreSQL full-text search with every word taken as a prefix
 * ("wardrob" finds "Wardrobe"), or a name whose trigrams are close enough to the
 * query to forgive a small typo ("armchiar" finds "Armchair"; threshold set on the
 * connection in db/client.ts). Both are served by GIN indexes.
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

export function searchMatches(table: Searchable, search: string): SQL {
  const prefixQuery = toPrefixQuery(search);
  const fuzzy = sql`${search} <% ${table.name}`;
  return prefixQuery ? sql`(${table.searchVector} @@ to_tsquery('english', ${prefixQuery}) or ${fuzzy})` : fuzzy;
}

/** Best matches first: text rank (name weighs most) plus the name's trigram closeness. */
export function searchRank(table: Searchable, search: string): SQL {
  const prefixQuery = toPrefixQuery(search);
  const closeness = sql`word_similarity(${search}, ${table.name})`;
  return prefixQuery
    ? sql`(ts_rank(${table.searchVector}, to_tsquery('english', ${prefixQuery})) + ${closeness})`
    : closeness;
}
