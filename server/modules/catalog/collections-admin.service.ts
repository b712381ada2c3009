/**
 * The admin's collection writes (SPEC.md §7: addCollection, updateCollection,
 * delCollection). Membership lives on the product (docs/decisions/0003): saving a
 * collection with a product list assigns those products to it and unassigns the ones
 * left out, in one transaction; a product taken from another collection leaves that one.
 * Deleting a collection unassigns its products; they stay in the shop. Taking a product
 * from another collection may leave that one empty: allowed (collection-input.schema.ts).
 */
import { and, eq, inArray, notInArray } from "drizzle-orm";
import {
  COLLECTION_MESSAGES,
  type CollectionFields,
  type CollectionUpdate,
} from "../../../domain/catalog/collection-input.schema";
import type { CollectionDetail } from "../../../domain/catalog/catalog.types";
import { applyUpdate } from "../../../domain/catalog/input-fields";
import type { Style } from "../../../domain/catalog/styles";
import { isUuidText } from "../../../domain/ids.schema";
import { koboToNaira, nairaToKobo } from "../../../domain/money";
import type { Database } from "../../db/client";
import { collections, products } from "../../db/schema/catalog";
import { saveImageInputs, withNewImages, type ImageMessages, tooManyPixels } from "../media/image-uploads.service";
import { deleteUnusedMedia } from "../media/media.service";
import { invalid, refusedUpdate, safeDescription } from "./admin-writes";
import { getCollection } from "./collections.service";

const COVER_MESSAGES: ImageMessages = {
  field: "coverImage",
  unreadable: COLLECTION_MESSAGES.coverUnreadable,
  tooLarge: "Cover image is larger than 10 MB.",
  tooManyPixels: tooManyPixels("Cover image"),
};

/** Every field of a collection but its products and cover, as the forms name them. */
type CollectionValues = Omit<CollectionFields, "productIds" | "coverImage">;

function collectionRow(input: CollectionValues, description: string, coverMediaId: string) {
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
    style: input.style,
    coverMediaId,
  };
}

/** The stored collection's values and cover; `lock` holds the row until the transaction ends. */
async function storedCollection(
  db: Database,
  id: string,
  lock = false,
): Promise<{ values: CollectionValues; coverMediaId: string | null } | null> {
  const query = db.select().from(collections).where(eq(collections.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) return null;
  return {
    coverMediaId: row.coverMediaId,
    values: {
      name: row.name,
      description: row.description,
      items: row.items,
      price: koboToNaira(row.priceKobo),
      discountedPrice: row.discountedPriceKobo === null ? null : koboToNaira(row.discountedPriceKobo),
      isPromo: row.isPromo,
      isBestSeller: row.isBestSeller,
      isForeign: row.isForeign,
      origin: row.origin,
      style: row.style as Style,
    },
  };
}

async function requireProducts(db: Database, productIds: string[]): Promise<void> {
  const found = await db.select({ id: products.id }).from(products).where(inArray(products.id, productIds));
  if (found.length !== productIds.length) throw invalid("productIds", COLLECTION_MESSAGES.productGone);
}

/** Exactly these products belong to the collection afterwards. */
async function setMembers(db: Database, collectionId: string, productIds: string[]): Promise<void> {
  await db
    .update(products)
    .set({ collectionId: null })
    .where(and(eq(products.collectionId, collectionId), notInArray(products.id, productIds)));
  const assigned = await db
    .update(products)
    .set({ collectionId })
    .where(inArray(products.id, productIds))
    .returning({ id: products.id });
  // A product deleted since the check above: refuse rather than save a shorter list.
  if (assigned.length !== productIds.length) throw invalid("productIds", COLLECTION_MESSAGES.productGone);
}

export async function createCollection(
  db: Database,
  mediaDir: string,
  input: CollectionFields,
): Promise<CollectionDetail> {
  const description = safeDescription(input.description, COLLECTION_MESSAGES.description);
  await requireProducts(db, input.productIds);
  const cover = await saveImageInputs(db, mediaDir, [input.coverImage], COVER_MESSAGES, false);
  const id = await withNewImages(db, mediaDir, cover.created, () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(collections)
        .values(collectionRow(input, description, cover.mediaIds[0]!))
        .returning({ id: collections.id });
      await setMembers(tx, row!.id, input.productIds);
      return row!.id;
    }),
  );
  return (await getCollection(db, id))!;
}

/**
 * Null when there is no such collection. A field the update leaves out keeps its stored
 * value; the rules are checked on the result. Products and cover are always sent.
 */
export async function updateCollection(
  db: Database,
  mediaDir: string,
  id: string,
  update: CollectionUpdate,
): Promise<CollectionDetail | null> {
  if (!isUuidText(id)) return null;
  const description = safeDescription(update.description, COLLECTION_MESSAGES.description);
  const { productIds, coverImage, ...fields } = update;
  const updatedValues = (stored: CollectionValues) => {
    const result = applyUpdate("collection", stored, fields);
    if (!result.ok) throw refusedUpdate(result.issues);
    return result.value;
  };
  // Checked before the cover is stored, and again on the locked row below.
  const before = await storedCollection(db, id);
  if (!before) return null;
  updatedValues(before.values);
  await requireProducts(db, productIds);
  const cover = await saveImageInputs(db, mediaDir, [coverImage], COVER_MESSAGES, false);
  const coverId = cover.mediaIds[0]!;
  const previousCover = await withNewImages(db, mediaDir, cover.created, () =>
    db.transaction(async (tx) => {
      const stored = await storedCollection(tx, id, true);
      if (!stored) return undefined;
      await tx
        .update(collections)
        .set(collectionRow(updatedValues(stored.values), description, coverId))
        .where(eq(collections.id, id));
      await setMembers(tx, id, productIds);
      return stored.coverMediaId;
    }),
  );
  if (previousCover === undefined) {
    await deleteUnusedMedia(db, mediaDir, cover.created);
    return null;
  }
  if (previousCover !== null && previousCover !== coverId) await deleteUnusedMedia(db, mediaDir, [previousCover]);
  return getCollection(db, id);
}

/** False when there is no such collection. Its products stay, unassigned. */
export async function deleteCollection(db: Database, mediaDir: string, id: string): Promise<boolean> {
  if (!isUuidText(id)) return false;
  const deleted = await db.transaction(async (tx) => {
    // Explicitly, rather than by the foreign key, so the products' updatedAt moves too.
    await tx.update(products).set({ collectionId: null }).where(eq(products.collectionId, id));
    return tx.delete(collections).where(eq(collections.id, id)).returning({ coverMediaId: collections.coverMediaId });
  });
  if (!deleted.length) return false;
  const cover = deleted[0]!.coverMediaId;
  if (cover) await deleteUnusedMedia(db, mediaDir, [cover]);
  return true;
}
