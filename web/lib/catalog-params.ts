/**
 * The shop's filters, sort and pages live in the URL (so a filtered view can be shared,
 * and Back or a reload brings the shopper back to the same items) and mean exactly what
 * the API's list query means (docs/product.md, Search and filters).
 */
import type { CatalogListQuery } from "../../domain/catalog/catalog-query.schema";
import { CATEGORY_TILES } from "../../domain/catalog/categories";
import { CATALOG_SORTS, type CatalogSort } from "../../domain/catalog/sorts";
import { formatNaira } from "../../domain/money";

export const FILTER_KEYS = [
  "search",
  "category",
  "minPrice",
  "maxPrice",
  "isBestSeller",
  "isPromo",
  "isForeign",
] as const;

export type CatalogView = "products" | "collections";

/**
 * Each tab counts its own Load More pages: `?page=3` is the products tab's third page,
 * `?collectionsPage=2` the collections tab's second.
 */
export const pageParam = (view: CatalogView) => (view === "collections" ? "collectionsPage" : "page");
const PAGE_PARAMS = ["page", "collectionsPage"] as const;

/**
 * The most pages one URL may ask for at once: every page up to it is rendered, so a
 * hand-typed `?page=100000` must not ask the database for millions of rows.
 */
export const MAX_PAGES = 40;

/** How many pages `value` asks for: a whole number from 1 to MAX_PAGES; anything else is 1. */
export function readPageCount(value: string | null): number {
  if (value === null || !/^\d{1,6}$/.test(value)) return 1;
  return Math.min(Math.max(Number(value), 1), MAX_PAGES);
}

/**
 * A copy of the params with some set (non-empty) or removed (null or ""). Changing
 * what is shown starts the lists again from their first page.
 */
export function withParams(
  params: URLSearchParams,
  changes: Record<string, string | null | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === "") next.delete(key);
    else next.set(key, value);
  }
  for (const key of PAGE_PARAMS) next.delete(key);
  return next;
}

/** A link to `pathname` with these params (none: the bare path). */
export function listHref(pathname: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The list's URL with one more page of `view`, everything else as it is. */
export function nextPageHref(pathname: string, params: URLSearchParams, view: CatalogView, pages: number): string {
  const next = new URLSearchParams(params);
  next.set(pageParam(view), String(pages + 1));
  return listHref(pathname, next);
}

export function activeFilterCount(params: URLSearchParams): number {
  return ["minPrice", "maxPrice", "isBestSeller", "isPromo", "isForeign"].filter((key) => params.get(key)).length;
}

/** The list without search, category, prices or flags: its tab, style and sort stay. */
export function clearedHref(pathname: string, params: URLSearchParams): string {
  return listHref(pathname, withParams(params, Object.fromEntries(FILTER_KEYS.map((key) => [key, null]))));
}

/** The flags' names, in the Filters panel and on their chips. */
export const FLAGS = [
  { key: "isBestSeller", label: "Best sellers", unset: "Not best sellers" },
  { key: "isPromo", label: "On promotion", unset: "Not on promotion" },
  { key: "isForeign", label: "Imported", unset: "Not imported" },
] as const;

/** An active filter, shown as a chip that links to the same list without it. */
export interface FilterChip {
  key: string;
  label: string;
  href: string;
}

/**
 * The filters the list was read with (the server's reading of the URL: a value it
 * ignored has no chip), each with a link to the list without it.
 */
export function filterChips(query: CatalogListQuery, pathname: string, params: URLSearchParams): FilterChip[] {
  const labels: Array<[string, string | undefined]> = [
    ["search", query.search && `“${query.search}”`],
    ["category", query.category],
    ["minPrice", query.minPrice === undefined ? undefined : `From ${formatNaira(query.minPrice)}`],
    ["maxPrice", query.maxPrice === undefined ? undefined : `Up to ${formatNaira(query.maxPrice)}`],
    ...FLAGS.map(({ key, label, unset }): [string, string | undefined] => [
      key,
      query[key] === undefined ? undefined : query[key] ? label : unset,
    ]),
  ];
  return labels
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, label]) => ({ key, label, href: listHref(pathname, withParams(params, { [key]: null })) }));
}

/**
 * What the list shows, as its heading: the search, the category (as the home page's
 * tiles name it), offers or best sellers; otherwise `fallback`.
 */
export function listingTitle(query: CatalogListQuery, fallback: string): string {
  if (query.search) return `Results for “${query.search}”`;
  if (query.category) return CATEGORY_TILES.find((tile) => tile.category === query.category)?.title ?? query.category;
  if (query.isPromo) return "Offers";
  if (query.isBestSeller) return "Best sellers";
  return fallback;
}

/** "24 pieces", "1 collection". */
export function countLabel(total: number, view: CatalogView): string {
  const noun = view === "products" ? "piece" : "collection";
  return `${total} ${noun}${total === 1 ? "" : "s"}`;
}

/** The sort the URL names; null for none (or one the shop does not know): the list's own order. */
export function readSort(value: string | null): CatalogSort | null {
  return CATALOG_SORTS.find((sort) => sort === value) ?? null;
}

const SORT_LABELS: Record<CatalogSort, string> = {
  newest: "Newest",
  price_asc: "Lowest price",
  price_desc: "Highest price",
  best_sellers: "Best sellers",
};

export interface SortOption {
  /** The URL's `sort`; null for the list's own order, which the URL leaves out. */
  value: CatalogSort | null;
  label: string;
}

/**
 * The orders a list offers: its own first (best match for a search, else newest), then
 * the others.
 */
export function sortOptions(searching: boolean): SortOption[] {
  const sorts = CATALOG_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }));
  return searching
    ? [{ value: null, label: "Best match" }, ...sorts]
    : sorts.map((option) => (option.value === "newest" ? { ...option, value: null } : option));
}
