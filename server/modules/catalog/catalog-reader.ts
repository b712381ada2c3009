import type { CatalogReader } from "../../../domain/load-context";
import type { Database } from "../../db/client";
import { getProject, listProjects } from "../projects/projects.service";
import type { CatalogCache } from "./catalog-cache";
import { getCollection, listCollections } from "./collections.service";
import { getProduct, listProducts } from "./products.service";

/** The storefront's reads, through the catalogue cache; API routes and page loaders share it. */
export function createCatalogReader(db: Database, cache: CatalogCache): CatalogReader {
  const key = (kind: string, input: unknown) => `${kind}:${JSON.stringify(input)}`;
  return {
    listProducts: (query) => cache.remember(key("products", query), () => listProducts(db, query)),
    getProduct: (id) => cache.remember(key("product", id), () => getProduct(db, id)),
    listCollections: (query) => cache.remember(key("collections", query), () => listCollections(db, query)),
    getCollection: (id) => cache.remember(key("collection", id), () => getCollection(db, id)),
    listProjects: (query) => cache.remember(key("projects", query), () => listProjects(db, query)),
    getProject: (id) => cache.remember(key("project", id), () => getProject(db, id)),
  };
}
