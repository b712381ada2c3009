/**
 * The first page of the shop's (or a style page's) list, read from the URL on the server.
 * Later pages come from the API as the shopper presses Load More.
 */
import type { CatalogListQuery } from "../../domain/catalog/catalog-query.schema";
import type { Style } from "../../domain/catalog/styles";
import type { LoadContext } from "../../domain/load-context";
import { parseListQuery } from "./list-query.server";
import { summariseCollection, summariseProduct } from "./summaries";
import type { CatalogView } from "./catalog-params";

/** Shop page size (SPEC.md §9). */
export const SHOP_PAGE_SIZE = 12;

export async function loadCatalogPage(url: URL, context: LoadContext, style?: Style) {
  const view: CatalogView = url.searchParams.get("view") === "collections" ? "collections" : "products";
  const fixed: Record<string, string | number> = { limit: SHOP_PAGE_SIZE, page: 1 };
  if (style) fixed.style = style;
  const query: CatalogListQuery = parseListQuery(url.searchParams, fixed);
  if (view === "collections") {
    // Collections have no category.
    const collectionQuery: CatalogListQuery = { ...query, category: undefined };
    const result = await context.catalog.listCollections(collectionQuery);
    return {
      view,
      query: collectionQuery,
      collections: {
        items: result.collections.map(summariseCollection),
        hasMore: result.hasMore,
        total: result.total,
        page: 1,
      },
      products: null,
    } as const;
  }
  const result = await context.catalog.listProducts(query);
  return {
    view,
    query,
    products: { items: result.products.map(summariseProduct), hasMore: result.hasMore, total: result.total, page: 1 },
    collections: null,
  } as const;
}

export type CatalogPageData = Awaited<ReturnType<typeof loadCatalogPage>>;
