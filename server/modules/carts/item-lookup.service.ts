/**
 * What the cart and wishlist pages need to know about their items (the API's
 * check-existence and details-by-ids): which still exist, and their current names,
 * prices and pictures. A draft counts as gone: the owner has taken it off the shop. Prices always come from here, never from the browser.
 */
import { and, inArray } from "drizzle-orm";
import type {
  ExistingItems,
  ItemDetails,
  ItemIds,
  ItemRef,
  ItemType,
  PricedItem,
} from "../../../domain/shopping-lists";
import type { Database } from "../../db/client";
import { isUuidText } from "../../../domain/ids.schema";
import { collections, products } from "../../db/schema/catalog";
import { refuse } from "../../../domain/refusal";
import { publishedOnly } from "../catalog/catalog-filters";
import { getCollectionsByIds } from "../catalog/collections.service";
import { chosenOption } from "../../../domain/catalog/furniture";
import { getProductsByIds } from "../catalog/products.service";

export async function findExistingItems(db: Database, { productIds, collectionIds }: ItemIds): Promise<ExistingItems> {
  const wantedProducts = [...new Set(productIds.filter(isUuidText))];
  const wantedCollections = [...new Set(collectionIds.filter(isUuidText))];
  const [foundProducts, foundCollections] = await Promise.all([
    wantedProducts.length
      ? db
          .select({ id: products.id })
          .from(products)
          .where(and(inArray(products.id, wantedProducts), publishedOnly(products.status)))
      : [],
    wantedCollections.length
      ? db
          .select({ id: collections.id })
          .from(collections)
          .where(and(inArray(collections.id, wantedCollections), publishedOnly(collections.status)))
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
  const priced = (item: PricedItem & { _id: string }): PricedItem & { _id: string } => ({
    _id: item._id,
    name: item.name,
    price: item.price,
    isPromo: item.isPromo,
    discountedPrice: item.discountedPrice,
  });
  return {
    products: foundProducts.map((p) => ({
      ...priced(p),
      images: p.images,
      sold: p.sold,
      options: p.options,
      availability: p.availability,
      readyBy: p.readyBy,
    })),
    collections: foundCollections.map((c) => ({
      ...priced(c),
      coverImage: c.coverImage,
      availability: c.availability,
      readyBy: c.readyBy,
    })),
  };
}

const notFound = (itemType: ItemType) => refuse("missing", `${itemType} not found.`);

export const OPTION_NOT_OFFERED = "That option is not offered for this product.";

/**
 * An item may go into a cart or wishlist when it exists (404) and, for a product, is not
 * sold (409); an option named must be one of the product's own (400; collections have
 * none). Answers the line the add makes, with the option it is for (null for a collection
 * and a product without options): a product that offers options and is added without one
 * (from a card, say) is added in its first, as its page would show it.
 */
export async function requireAddable(
  db: Database,
  { itemType, itemId, option }: ItemRef,
): Promise<{ option: string | null }> {
  if (itemType === "Collection") {
    const found = await findExistingItems(db, { productIds: [], collectionIds: [itemId] });
    if (!found.existingCollectionIds.length) throw notFound(itemType);
    if (option) throw refuse("invalid", OPTION_NOT_OFFERED);
    return { option: null };
  }
  const [product] = await getProductsByIds(db, [itemId]);
  if (!product) throw notFound(itemType);
  if (product.sold) throw refuse("conflict", "This product has been sold.");
  if (option && !product.options.some((offered) => offered._id === option)) throw refuse("invalid", OPTION_NOT_OFFERED);
  return { option: chosenOption(product.options, option)?._id ?? null };
}

/**
 * The option a change to a cart line means: the one named, or, for a product that offers
 * options and is named without one (the API's clients never send it), its first, the one
 * an add without an option put in the cart.
 */
export async function lineOptionOf(db: Database, item: ItemRef): Promise<ItemRef> {
  if (item.itemType !== "Product" || item.option) return item;
  const [product] = await getProductsByIds(db, [item.itemId]);
  return { ...item, option: chosenOption(product?.options ?? [], null)?._id ?? null };
}

const ITEM_FOREIGN_KEYS = /_(product|collection|option)_id_\w+_fk$/;

/**
 * An error of writing a line, as the client should see it: an item deleted between
 * requireAddable and the write makes the line's foreign key refuse it, which is the
 * same 404 as an item that was never there.
 */
export function lineWriteError(error: unknown, itemType: ItemType): unknown {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === "23503" && typeof constraint === "string" && ITEM_FOREIGN_KEYS.test(constraint)) {
      return notFound(itemType);
    }
  }
  return error;
}
