/**
 * The admin's product writes (SPEC.md §7: addProduct, updateProduct, delProduct). Input
 * arrives parsed by ProductInputSchema; the description is sanitised before it is
 * stored. A product's collection is its `collection_id`, from which the collection's
 * product list is derived (docs/decisions/0003), so the two always agree. Images no
 * longer shown anywhere are removed, rows and files, once the change is committed.
 */
import { eq } from "drizzle-orm";
import type { ProductFields } from "../../../domain/catalog/product-input.schema";
import { PRODUCT_MESSAGES } from "../../../domain/catalog/product-input.schema";
import type { Product } from "../../../domain/catalog/catalog.types";
import { nairaToKobo } from "../../../domain/money";
import type { Database } from "../../db/client";
import { isUuid } from "../../db/ids";
import { collections, productImages, products } from "../../db/schema/catalog";
import { saveImageInputs, type ImageMessages } from "../media/image-uploads.service";
import { deleteUnusedMedia } from "../media/media.service";
import { invalid, safeDescription, withNewImages } from "./admin-writes";
import { getProduct } from "./products.service";

const IMAGE_MESSAGES: ImageMessages = {
  field: "images",
  unreadable: PRODUCT_MESSAGES.image,
  tooLarge: "Image is larger than 10 MB.",
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
  };
}

/** The collection must exist; inside a transaction it is also kept from being deleted until commit. */
async function requireCollection(db: Database, collectionId: string | null, lock = false): Promise<void> {
  if (collectionId === null) return;
  const query = db.select({ id: collections.id }).from(collections).where(eq(collections.id, collectionId));
  const [found] = lock ? await query.for("share") : await query;
  if (!found) throw invalid("collectionId", PRODUCT_MESSAGES.collection);
}

async function writeImages(db: Database, productId: string, mediaIds: string[]): Promise<void> {
  await db.delete(productImages).where(eq(productImages.productId, productId));
  if (mediaIds.length) {
    await db.insert(productImages).values(mediaIds.map((mediaId, position) => ({ productId, mediaId, position })));
  }
}

async function imagesOf(db: Database, productId: string): Promise<string[]> {
  const rows = await db
    .select({ id: productImages.mediaId })
    .from(productImages)
    .where(eq(productImages.productId, productId));
  return rows.map((row) => row.id);
}

export async function createProduct(db: Database, mediaDir: string, input: ProductFields): Promise<Product> {
  const description = safeDescription(input.description, PRODUCT_MESSAGES.description);
  await requireCollection(db, input.collectionId);
  const images = await saveImageInputs(db, mediaDir, input.images, IMAGE_MESSAGES);
  const id = await withNewImages(db, mediaDir, images.created, () =>
    db.transaction(async (tx) => {
      await requireCollection(tx, input.collectionId, true);
      const [row] = await tx.insert(products).values(productRow(input, description)).returning({ id: products.id });
      await writeImages(tx, row!.id, images.mediaIds);
      return row!.id;
    }),
  );
  return (await getProduct(db, id))!;
}

/** Null when there is no such product. Every field is replaced (the form sends them all). */
export async function updateProduct(
  db: Database,
  mediaDir: string,
  id: string,
  input: ProductFields,
): Promise<Product | null> {
  if (!isUuid(id)) return null;
  const description = safeDescription(input.description, PRODUCT_MESSAGES.description);
  if (!(await productExists(db, id))) return null;
  await requireCollection(db, input.collectionId);
  const images = await saveImageInputs(db, mediaDir, input.images, IMAGE_MESSAGES);
  const previous = await withNewImages(db, mediaDir, images.created, () =>
    db.transaction(async (tx) => {
      const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for("update");
      if (!row) return null;
      await requireCollection(tx, input.collectionId, true);
      const before = await imagesOf(tx, id);
      await tx.update(products).set(productRow(input, description)).where(eq(products.id, id));
      await writeImages(tx, id, images.mediaIds);
      return before;
    }),
  );
  if (previous === null) {
    await deleteUnusedMedia(db, mediaDir, images.created);
    return null;
  }
  await deleteUnusedMedia(
    db,
    mediaDir,
    previous.filter((mediaId) => !images.mediaIds.includes(mediaId)),
  );
  return getProduct(db, id);
}

/** False when there is no such product. Cart and wishlist lines go with it (foreign keys). */
export async function deleteProduct(db: Database, mediaDir: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const removedImages = await db.transaction(async (tx) => {
    const before = await imagesOf(tx, id);
    const deleted = await tx.delete(products).where(eq(products.id, id)).returning({ id: products.id });
    return deleted.length ? before : null;
  });
  if (removedImages === null) return false;
  await deleteUnusedMedia(db, mediaDir, removedImages);
  return true;
}

async function productExists(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
  return Boolean(row);
}
