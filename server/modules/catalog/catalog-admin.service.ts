/**
 * The admin's catalogue operations as the API routes and the admin pages both run them:
 * the write itself (which refuses with a 404 when the item is gone), and what follows
 * every write (the catalogue cache forgets, new images get their AVIF, open shop pages
 * hear which item changed). Bodies arrive already read by the forms' schemas.
 */
import type { Collection, CollectionDetail, Product } from "../../../domain/catalog/catalog.types";
import type { AdminListPage, CollectionChoice, ProductChoices } from "../../../domain/catalog/admin.types";
import type { AdminCollectionListQuery, AdminProductListQuery } from "../../../domain/catalog/admin-list-query.schema";
import type { CollectionFields, CollectionUpdateBody } from "../../../domain/catalog/collection-input.schema";
import type { ProductFields, ProductUpdateBody } from "../../../domain/catalog/product-input.schema";
import { asc } from "drizzle-orm";
import type { Database } from "../../db/client";
import { collections } from "../../db/schema/catalog";
import type { CatalogChange } from "../../../domain/catalog/catalog.types";
import {
  announceCatalogChange,
  readStatus,
  type CatalogChangeListeners,
  type StatusChange,
} from "./catalog-changes.service";
import { createCollection, deleteCollection, updateCollection } from "./collections-admin.service";
import { listAdminCollectionPage } from "./collections.service";
import { createProduct, deleteProduct, updateProduct } from "./products-admin.service";
import { listAdminProductPage, listProducts } from "./products.service";
import type { MediaStorage } from "../media/storage/media-storage";

/** What an admin write needs: the database, the media folder and who hears of the change. */
export interface AdminWriteDeps extends CatalogChangeListeners {
  db: Database;
  storage: MediaStorage;
}

const announce = (deps: AdminWriteDeps, change: CatalogChange, status: StatusChange) =>
  announceCatalogChange(deps, change, status);

export async function addProduct(deps: AdminWriteDeps, input: ProductFields): Promise<Product> {
  const product = await createProduct(deps.db, deps.storage, input);
  announce(deps, { kind: "product", id: product._id, action: "saved" }, { was: null, is: product.status });
  return product;
}

export async function changeProduct(deps: AdminWriteDeps, id: string, update: ProductUpdateBody): Promise<Product> {
  const was = await readStatus(deps.db, "product", id);
  const product = await updateProduct(deps.db, deps.storage, id, update);
  announce(deps, { kind: "product", id: product._id, action: "saved" }, { was, is: product.status });
  return product;
}

export async function removeProduct(deps: AdminWriteDeps, id: string): Promise<void> {
  const was = await readStatus(deps.db, "product", id);
  await deleteProduct(deps.db, deps.storage, id);
  announce(deps, { kind: "product", id, action: "deleted" }, { was, is: null });
}

export async function addCollection(deps: AdminWriteDeps, input: CollectionFields): Promise<CollectionDetail> {
  const collection = await createCollection(deps.db, deps.storage, input);
  announce(deps, { kind: "collection", id: collection._id, action: "saved" }, { was: null, is: collection.status });
  return collection;
}

export async function changeCollection(
  deps: AdminWriteDeps,
  id: string,
  update: CollectionUpdateBody,
): Promise<CollectionDetail> {
  const was = await readStatus(deps.db, "collection", id);
  const collection = await updateCollection(deps.db, deps.storage, id, update);
  announce(deps, { kind: "collection", id: collection._id, action: "saved" }, { was, is: collection.status });
  return collection;
}

export async function removeCollection(deps: AdminWriteDeps, id: string): Promise<void> {
  const was = await readStatus(deps.db, "collection", id);
  await deleteCollection(deps.db, deps.storage, id);
  announce(deps, { kind: "collection", id, action: "deleted" }, { was, is: null });
}

/** The page asked for, or the last one when it is past the end (its last row was deleted). */
async function pageWithin<T>(
  page: number,
  pageSize: number,
  read: (page: number) => Promise<{ items: T[]; total: number }>,
): Promise<AdminListPage<T>> {
  const first = await read(page);
  const lastPage = Math.max(1, Math.ceil(first.total / pageSize));
  const shown = page > lastPage ? { page: lastPage, ...(await read(lastPage)) } : { page, ...first };
  return { ...shown, pageSize };
}

/** A Manage Products page, fresh from the database (the owner has just changed it), drafts included. */
export function listAdminProducts(db: Database, query: AdminProductListQuery): Promise<AdminListPage<Product>> {
  return pageWithin(query.page, query.limit, async (page) => {
    const result = await listAdminProductPage(db, { ...query, page });
    return { items: result.products, total: result.total };
  });
}

export function listAdminCollections(
  db: Database,
  query: AdminCollectionListQuery,
): Promise<AdminListPage<Collection>> {
  return pageWithin(query.page, query.limit, async (page) => {
    const result = await listAdminCollectionPage(db, { ...query, page });
    return { items: result.collections, total: result.total };
  });
}

/** Every collection's id and name, by name: the product form's choices, in one query. */
export async function listCollectionChoices(db: Database): Promise<CollectionChoice[]> {
  const rows = await db
    .select({ _id: collections.id, name: collections.name })
    .from(collections)
    .orderBy(asc(collections.name));
  return rows;
}

export const PICKER_PAGE_SIZE = 100;
/** "Load more" stops here: past a thousand products a search narrows better. */
const MAX_PICKER_PAGES = 10;

/**
 * Products for a collection's picker, newest first or by relevance to `search`: the
 * first `page` pages at once, so "Load more" is one read that keeps the earlier ones.
 */
export async function findProductChoices(
  db: Database,
  { search, page }: { search?: string | undefined; page: number },
): Promise<ProductChoices> {
  const words = search?.trim();
  const pages = Math.min(Math.max(1, Math.floor(page)), MAX_PICKER_PAGES);
  const result = await listProducts(db, {
    page: 1,
    limit: PICKER_PAGE_SIZE * pages,
    ...(words ? { search: words } : {}),
  });
  return { products: result.products, page: pages, hasMore: result.hasMore && pages < MAX_PICKER_PAGES };
}
