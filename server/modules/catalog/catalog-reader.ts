import { lagosToday } from "../../../domain/catalog/furniture";
import type { CatalogReader } from "../../../domain/load-context";
import type { Database } from "../../db/client";
import { getProject, listProjects } from "../projects/projects.service";
import type { CatalogCache } from "./catalog-cache";
import { planSearch, type SearchPlanner } from "./catalog-search";
import { getCollection, listCollections } from "./collections.service";
import { getProduct, listCovers, listProducts } from "./products.service";
import { sanitizeRichText } from "./rich-text";

/** Detail reads carry rich text that pages insert as HTML: sanitised here as well as when saved. */
function withSafeDescription<T extends { description: string }>(item: T | null): T | null {
  return item && { ...item, description: sanitizeRichText(item.description) };
}

/** The storefront's reads, through the catalogue cache; API routes and page loaders share it. */
export function createCatalogReader(db: Database, cache: CatalogCache): CatalogReader {
  // Keyed by the Lagos day as well: items carry the date they can be ready by, which moves
  // with the calendar, so yesterday's answers are not served today.
  const key = (kind: string, input: unknown) => `${kind}:${lagosToday()}:${JSON.stringify(input)}`;
  // A search's words are looked up in the catalogue's vocabulary once per version of the
  // catalogue, like the pages themselves: shoppers page through and filter one search.
  const plan: SearchPlanner = async (search) =>
    (await cache.remember(key("search", search), async () => ({ queries: await planSearch(db, search) }))).queries;
  // Lists are kept from their second ask: their keys have no end (every filter, page and
  // search), and a page asked for once (a crawler's, a stranger's distinct filters) must
  // not push out the pages shoppers open again and again.
  const list = { fromSecondAsk: true };
  return {
    listProducts: (query) => cache.remember(key("products", query), () => listProducts(db, query, plan), list),
    getProduct: (id) => cache.remember(key("product", id), async () => withSafeDescription(await getProduct(db, id))),
    listCollections: (query) => cache.remember(key("collections", query), () => listCollections(db, query, plan), list),
    getCollection: (id) =>
      cache.remember(key("collection", id), async () => {
        const collection = withSafeDescription(await getCollection(db, id));
        return collection && { ...collection, productIds: collection.productIds.map((p) => withSafeDescription(p)!) };
      }),
    listProjects: (query) => cache.remember(key("projects", query), () => listProjects(db, query), list),
    getProject: (id) => cache.remember(key("project", id), async () => withSafeDescription(await getProject(db, id))),
    listCovers: (by) => cache.remember(key("covers", by), () => listCovers(db, by)),
  };
}
