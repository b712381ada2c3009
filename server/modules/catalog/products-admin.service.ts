/**
 * The admin's product writes (addProduct, updateProduct, delProduct). A new
 * product arrives parsed by ProductInputSchema; an update is laid over the stored
 * product and the result parsed by the same schema; the description is sanitised before
 * it is stored. A product's collection is its `collection_id`, from which the
 * collection's product list is derived (docs/decisions/0003), so the two always agree.
 * Moving a product out of a collection, or deleting it, may leave that collection
 * without products: allowed (see collection-input.schema.ts for why).
 */
import { eq } from "drizzle-orm";
import type { Product } from "../../../domain/catalog/catalog.types";
import {
  PRODUCT_MESSAGES,
  ProductInputSchema,
  type ProductFields,
  type ProductInput,
  type ProductUpdateBody,
} from "../../../domain/catalog/product-input.schema";
import { isUuidText } from "../../../domain/ids.schema";
import { koboToNaira, nairaToKobo } from "../../../domain/money";
import type { Database } from "../../db/client";
import { collections, products } from "../../db/schema/catalog";
import { type ImageMessages, tooManyPixels } from "../media/image-uploads.service";
import { deleteItemWithImages, itemImageIds, saveItemWithImages } from "../media/item-images.service";
import { invalid, readUpdated, safeDescription } from "./admin-writes";
import { getProduct } from "./products.service";

const IMAGE_MESSAGES: ImageMessages = {
  field: "images",
  unreadable: PRODUCT_MESSAGES.image,
  tooLarge: "Image is larger than 10 MB.",
  tooManyPixels: tooManyPixels("Image"),
};

function productRow(input: ProductFields, description: string) {
  return {
    name: input.name,
    description,
    items: input.items,
    priceKobo: nairaToKobo(input.price),
    discountedPriceKobo: input.discountedPrice === null ? null : nairaToKobo(input.discountedPrice),
    isPromo: input.isPromo,
    isBestSeller: input.isBestSeller,
    isForeign: input.isForeign,
    origin: input.origin,
    sold: input.sold,
    category: input.category,
    style: input.style,
    make: input.make,
    model: input.model,
    collectionId: input.collectionId,
    // Saved by the owner: theirs from now on, kept when the demo catalogue is removed.
    demo: false,
  };
}

/** The stored product as its form reads it; `lock` holds the row until the transaction ends. Null when there is none. */
async function storedForm(db: Database, id: string, lock = false): Promise<ProductInput | null> {
  const query = db.select().from(products).where(eq(products.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) return null;
  return {
    name: row.name,
    description: row.description,
    items: row.items,
    price: koboToNaira(row.priceKobo),
    discountedPrice: row.discountedPriceKobo === null ? null : koboToNaira(row.discountedPriceKobo),
    isPromo: row.isPromo,
    isBestSeller: row.isBestSeller,
    isForeign: row.isForeign,
    origin: row.origin,
    sold: row.sold,
    category: row.category,
    style: row.style,
    make: row.make,
    model: row.model,
    collectionId: row.collectionId,
    images: (await itemImageIds(db, "product", id)).map((mediaId) => ({ public_id: mediaId })),
  };
}

/** The collection must exist; inside a transaction it is also kept from being deleted until commit. */
async function requireCollection(db: Database, collectionId: string | null, lock = false): Promise<void> {
  if (collectionId === null) return;
  const query = db.select({ id: collections.id }).from(collections).where(eq(collections.id, collectionId));
  const [found] = lock ? await query.for("share") : await query;
  if (!found) throw invalid("collectionId", PRODUCT_MESSAGES.collection);
}

export async function createProduct(db: Database, mediaDir: string, input: ProductFields): Promise<Product> {
  const description = safeDescription(input.description, PRODUCT_MESSAGES.description);
  await requireCollection(db, input.collectionId);
  const id = await saveItemWithImages(db, mediaDir, {
    owner: "product",
    images: input.images,
    messages: IMAGE_MESSAGES,
    save: async (tx) => {
      await requireCollection(tx, input.collectionId, true);
      const [row] = await tx.insert(products).values(productRow(input, description)).returning({ id: products.id });
      return row!.id;
    },
  });
  return (await getProduct(db, id!))!;
}

/**
 * Null when there is no such product. A field the update leaves out keeps its stored
 * value, images included; the rules are checked on the result.
 */
export async function updateProduct(
  db: Database,
  mediaDir: string,
  id: string,
  update: ProductUpdateBody,
): Promise<Product | null> {
  if (!isUuidText(id)) return null;
  const stored = await storedForm(db, id);
  if (!stored) return null;
  // Checked before any image is stored, and again on the locked row below.
  const checked = readUpdated(ProductInputSchema, stored, update);
  safeDescription(checked.description, PRODUCT_MESSAGES.description);
  await requireCollection(db, checked.collectionId);
  const saved = await saveItemWithImages(db, mediaDir, {
    owner: "product",
    images: update.images === undefined ? undefined : checked.images,
    messages: IMAGE_MESSAGES,
    save: async (tx) => {
      const current = await storedForm(tx, id, true);
      if (!current) return null;
      const values = readUpdated(ProductInputSchema, current, update);
      await requireCollection(tx, values.collectionId, true);
      const description = safeDescription(values.description, PRODUCT_MESSAGES.description);
      await tx.update(products).set(productRow(values, description)).where(eq(products.id, id));
      return id;
    },
  });
  return saved === null ? null : getProduct(db, saved);
}

/** False when there is no such product. Cart and wishlist lines go with it (foreign keys). */
export async function deleteProduct(db: Database, mediaDir: string, id: string): Promise<boolean> {
  if (!isUuidText(id)) return false;
  return deleteItemWithImages(db, mediaDir, "product", id, async (tx) => {
    const deleted = await tx.delete(products).where(eq(products.id, id)).returning({ id: products.id });
    return deleted.length > 0;
  });
}
