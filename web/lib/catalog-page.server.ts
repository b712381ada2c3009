/**
 * The shop's (or a style page's) list, read from the URL on the server: the shown tab's
 * filters, its sort and every page up to the one the URL names, so that Load More, Back
 * and a reload all show the same items in the same order (docs/product.md, Search and
 * filters).
 */
import { redirect } from "react-router";
import type { CatalogListQuery } from "../../domain/catalog/catalog-query.schema";
import type { Style } from "../../domain/catalog/styles";
import type { LoadContext } from "../../domain/load-context";
import { pageParam, readPageCount, readSort, type CatalogView } from "./catalog-params";
import { parseListQuery } from "./list-query.server";
import { summariseCollection, summariseProduct } from "./summaries";

/** Shop page size: Load More adds 12 at a time. */
export const SHOP_PAGE_SIZE = 12;

/**
 * A form sent without JavaScript names every field, the empty ones too
 * (`?search=&minPrice=`): the list answers at the tidy URL, the one the enhanced form
 * would have gone to, so that it reads and shares the same.
 */
export function redirectFromEmptyParams(url: URL) {
  const params = [...url.searchParams];
  if (!params.some(([, value]) => value.trim() === "")) return;
  const kept = new URLSearchParams(params.filter(([, value]) => value.trim() !== ""));
  const query = kept.toString();
  throw redirect(query ? `${url.pathname}?${query}` : url.pathname);
}

/** A price range whose minimum is above its maximum: its maximum is left out, and the filters say why. */
function hasInvertedPrices(params: URLSearchParams) {
  const [min, max] = [params.get("minPrice"), params.get("maxPrice")].map((value) =>
    value === null || value.trim() === "" ? NaN : Number(value),
  );
  return Number.isFinite(min) && Number.isFinite(max) && min! > max!;
}

export async function loadCatalogPage(url: URL, context: LoadContext, style?: Style) {
  redirectFromEmptyParams(url);
  const view: CatalogView = url.searchParams.get("view") === "collections" ? "collections" : "products";
  const pages = readPageCount(url.searchParams.get(pageParam(view)));
  const fixed: Record<string, string | number> = { limit: SHOP_PAGE_SIZE, page: 1 };
  if (style) fixed.style = style;
  // A sort the shop does not know is left out, as any other value that makes no sense.
  const sort = readSort(url.searchParams.get("sort"));
  if (sort) fixed.sort = sort;
  const parsed: CatalogListQuery = parseListQuery(url.searchParams, fixed);
  const priceError = hasInvertedPrices(url.searchParams);
  if (view === "collections") {
    // Collections have no category.
    const query: CatalogListQuery = { ...parsed, category: undefined };
    const result = await context.catalog.listCollections({ ...query, limit: SHOP_PAGE_SIZE * pages });
    return {
      view,
      query,
      pages,
      priceError,
      collections: {
        items: result.collections.map(summariseCollection),
        hasMore: result.hasMore,
        total: result.total,
      },
      products: null,
    } as const;
  }
  const result = await context.catalog.listProducts({ ...parsed, limit: SHOP_PAGE_SIZE * pages });
  return {
    view,
    query: parsed,
    pages,
    priceError,
    products: { items: result.products.map(summariseProduct), hasMore: result.hasMore, total: result.total },
    collections: null,
  } as const;
}

export type CatalogPageData = Awaited<ReturnType<typeof loadCatalogPage>>;
