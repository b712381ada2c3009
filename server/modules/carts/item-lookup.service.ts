/**
 * What the cart and wishlist pages need to know about their items (SPEC.md §7
 * check-existence and details-by-ids): which still exist, and their current names,
 * prices and pictures. Prices always come from here, never from the browser.
 */
import { inArray } from "drizzle-orm";
import type { ImageRef } from "../../../domain/catalog/catalog.types";
import type { ItemType } from "../../../domain/shopping-lists";
import type { Database } from "../../db/client";
import { isUuid } from "../../db/ids";
import { collections, products } from "../../db/schema/catalog";
import { getCollectionsByIds } from "../catalog/collections.service";
import { getProductsByIds } from "../catalog/products.service";

export interface ItemIds {
  productIds: string[];
  collectionIds: string[];
}

interface PricedItem {
  _id: string;
  name: string;
  price: number;
  isPromo: boolean;
  discountedPrice: number | null;
}

export interface ItemDetails {
  products: (PricedItem & { images: ImageRef[]; sold: boolean })[];
  collections: (PricedItem & { coverImage: ImageRef | null })[];
}

export async function findExistingItems(
  db: Database,
  { productIds, collectionIds }: ItemIds,
): Promise<{ existingProductIds: string[]; existingCollectionIds: string[] }> {
  const wantedProducts = [...new Set(productIds.filter(isUuid))];
  const wantedCollections = [...new Set(collectionIds.filter(isUuid))];
  const [foundProducts, foundCollections] = await Promise.all([
    wantedProducts.length
      ? db.select({ id: products.id }).from(products).where(inArray(products.id, wantedProducts))
      : [],
    wantedCollections.length
      ? db.select({ id: collections.id }).from(collections).where(inArray(collections.id, wantedCollections))
      : [],
  ]);
  return {
    existingProductIds: foundProducts.map((row) => row.id),
    existingCollectionIds: foundCollections.map((row) => row.id),
  };
}

export async function findItemDetails(db: Database, { productIds, collectionIds }: ItemIds): Promise<ItemDetails> {
  const [foundProducts, foundCollections] = await Promise.all([
    getProductsByIds(db, [...new Set(productIds)]),
    getCollectionsByIds(db, [...new Set(collectionIds)]),
  ]);
  const priced = (item: PricedItem): PricedItem => ({
    _id: item._id,
    name: item.name,
    price: item.price,
    isPromo: item.isPromo,
    discountedPrice: item.discountedPrice,
  });
  return {
    products: foundProducts.map((p) => ({ ...priced(p), images: p.images, sold: p.sold })),
    collections: foundCollections.map((c) => ({ ...priced(c), coverImage: c.coverImage })),
  };
}

/** Whether an item may go into a cart or wishlist: it exists, and a product is not sold. */
export async function checkAddable(db: Database, itemType: ItemType, id: string): Promise<"ok" | "missing" | "sold"> {
  if (!isUuid(id)) return "missing";
  if (itemType === "Collection") {
    const found = await findExistingItems(db, { productIds: [], collectionIds: [id] });
    return found.existingCollectionIds.length ? "ok" : "missing";
  }
  const [product] = await getProductsByIds(db, [id]);
  if (!product) return "missing";
  return product.sold ? "sold" : "ok";
}
