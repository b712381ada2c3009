/**
 * The shop's filters live in the URL (so a filtered view can be shared and survives a
 * reload) and mean exactly what the API's list query means.
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

/** A copy of the params with some set (non-empty) or removed (null or ""). */
export function withParams(
  params: URLSearchParams,
  changes: Record<string, string | null | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === "") next.delete(key);
    else next.set(key, value);
  }
  next.delete("page");
  return next;
}

export function activeFilterCount(params: URLSearchParams): number {
  return ["minPrice", "maxPrice", "isBestSeller", "isPromo", "isForeign"].filter((key) => params.get(key)).length;
}

export type CatalogView = "products" | "collections";
