/**
 * The shop's filters and pages live in the URL (so a filtered view can be shared, and
 * Back or a reload brings the shopper back to the same items) and mean exactly what the
 * API's list query means (docs/product.md, Search and filters).
 */
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
