/**
 * The admin's product writes (addProduct, updateProduct, delProduct). A new
 * product arrives parsed by ProductInputSchema; an update is laid over the stored
 * product and the result parsed by the same schema; the description is sanitised before
 * it is stored. A product's collection is its `collection_id`, from which the
 * collection's product list is derived (docs/decisions/0003), so the two always agree.
 * Moving a product out of a collection, or deleting it, may leave that collection
 * without products: allowed (see collection-input.schema.ts for why).
 */
import { refuse, refuseField } from "../../../domain/refusal";
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
import { type ImageMessages, tooManyPixels, withNewImages } from "../media/image-uploads.service";
import { deleteUnusedMedia } from "../media/media.service";
import { deleteItemWithImages, itemImageIds, saveItemWithImages } from "../media/item-images.service";
import { readUpdated, safeDescription } from "./admin-writes";
import { storedOptions, storeOptionImages, writeOptions } from "./product-options";
import { getProduct } from "./products.service";
import type { MediaStorage } from "../media/storage/media-storage";

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
    materials: input.materials,
    availabilityKind: input.availability.kind,
    weeksFrom: input.availability.weeksFrom,
    weeksTo: input.availability.weeksTo,
    widthCm: input.dimensions?.width ?? null,
    depthCm: input.dimensions?.depth ?? null,
    heightCm: input.dimensions?.height ?? null,
    seatHeightCm: input.dimensions?.seatHeight ?? null,
    status: input.status,
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
    materials: row.materials,
    availability: { kind: row.availabilityKind, weeksFrom: row.weeksFrom, weeksTo: row.weeksTo },
    dimensions:
      row.widthCm === null
        ? null
        : { width: row.widthCm, depth: row.depthCm, height: row.heightCm, seatHeight: row.seatHeightCm },
    options: await storedOptions(db, id),
    status: row.status,
  };
}

/** The collection must exist; inside a transaction it is also kept from being deleted until commit. */
async function requireCollection(db: Database, collectionId: string | null, lock = false): Promise<void> {
  if (collectionId === null) return;
  const query = db.select({ id: collections.id }).from(collections).where(eq(collections.id, collectionId));
  const [found] = lock ? await query.for("share") : await query;
  if (!found) throw refuseField("collectionId", PRODUCT_MESSAGES.collection);
}

export const PRODUCT_NOT_FOUND = "Product not found.";
const productGone = () => refuse("missing", PRODUCT_NOT_FOUND);

/**
 * Saves the product with its pictures and its options' pictures: `save` writes the row
 * (its id; it refuses when the product is gone) and the options follow in the same
 * transaction. A refusal undoes it all, and the pictures stored for it go.
 */
async function saveWithOptions(
  db: Database,
  storage: MediaStorage,
  options: ProductFields["options"] | undefined,
  save: (tx: Database) => Promise<string>,
  images: ProductFields["images"] | undefined,
): Promise<string> {
  const storedOptions = options && (await storeOptionImages(db, storage, options));
  let dropped: string[] = [];
  const id = await withNewImages(db, storage, storedOptions?.created ?? [], () =>
    saveItemWithImages(db, storage, {
      owner: "product",
      images,
      messages: IMAGE_MESSAGES,
      save: async (tx) => {
        const saved = await save(tx);
        if (storedOptions) dropped = await writeOptions(tx, saved, storedOptions.options);
        return saved;
      },
    }),
  );
  await deleteUnusedMedia(db, storage, dropped);
  return id;
}

export async function createProduct(db: Database, storage: MediaStorage, input: ProductFields): Promise<Product> {
  const description = safeDescription(input.description, PRODUCT_MESSAGES.description);
  await requireCollection(db, input.collectionId);
  const id = await saveWithOptions(
    db,
    storage,
    // A new product's options are all new, whatever ids were sent.
    input.options.map((option) => ({ ...option, _id: null })),
    async (tx) => {
      await requireCollection(tx, input.collectionId, true);
      const [row] = await tx.insert(products).values(productRow(input, description)).returning({ id: products.id });
      return row!.id;
    },
    input.images,
  );
  return (await getProduct(db, id, "admin"))!;
}

/**
 * Missing (404) when there is no such product. A field the update leaves out keeps its
 * stored value, images included; the rules are checked on the result.
 */
export async function updateProduct(
  db: Database,
  storage: MediaStorage,
  id: string,
  update: ProductUpdateBody,
): Promise<Product> {
  if (!isUuidText(id)) throw productGone();
  const stored = await storedForm(db, id);
  if (!stored) throw productGone();
  // Checked before any image is stored, and again on the locked row below.
  const checked = readUpdated(ProductInputSchema, stored, update);
  safeDescription(checked.description, PRODUCT_MESSAGES.description);
  await requireCollection(db, checked.collectionId);
  const saved = await saveWithOptions(
    db,
    storage,
    update.options === undefined ? undefined : checked.options,
    async (tx) => {
      const current = await storedForm(tx, id, true);
      if (!current) throw productGone();
      const values = readUpdated(ProductInputSchema, current, update);
      await requireCollection(tx, values.collectionId, true);
      const description = safeDescription(values.description, PRODUCT_MESSAGES.description);
      await tx.update(products).set(productRow(values, description)).where(eq(products.id, id));
      return id;
    },
    update.images === undefined ? undefined : checked.images,
  );
  // Deleted in the moment since the commit: gone all the same.
  const product = await getProduct(db, saved, "admin");
  if (!product) throw productGone();
  return product;
}

/** Missing (404) when there is no such product. Cart and wishlist lines go with it (foreign keys). */
export async function deleteProduct(db: Database, storage: MediaStorage, id: string): Promise<void> {
  if (!isUuidText(id)) throw productGone();
  let optionMedia: string[] = [];
  await deleteItemWithImages(db, storage, "product", id, async (tx) => {
    optionMedia = (await storedOptions(tx, id)).flatMap((option) => [
      ...(option.image ? [option.image.public_id] : []),
      ...option.images.map((photo) => photo.public_id),
    ]);
    const rows = await tx.delete(products).where(eq(products.id, id)).returning({ id: products.id });
    if (rows.length === 0) throw productGone();
  });
  await deleteUnusedMedia(db, storage, optionMedia);
}
