/**
 * The admin's collection writes (addCollection, updateCollection,
 * delCollection). Membership lives on the product (docs/decisions/0003): saving a
 * collection with a product list assigns those products to it and unassigns the ones
 * left out, in one transaction; a product taken from another collection leaves that one.
 * Deleting a collection unassigns its products; they stay in the shop. Taking a product
 * from another collection may leave that one empty: allowed (collection-input.schema.ts).
 */
import { refuse, refuseField } from "../../../domain/refusal";
import { and, eq, inArray, notInArray } from "drizzle-orm";
import {
  COLLECTION_MESSAGES,
  CollectionUpdateSchema,
  type CollectionFields,
  type CollectionInput,
  type CollectionUpdateBody,
} from "../../../domain/catalog/collection-input.schema";
import type { CollectionDetail } from "../../../domain/catalog/catalog.types";
import { isUuidText } from "../../../domain/ids.schema";
import { koboToNaira, nairaToKobo } from "../../../domain/money";
import type { Database } from "../../db/client";
import { collections, products } from "../../db/schema/catalog";
import { saveImageInputs, withNewImages, type ImageMessages, tooManyPixels } from "../media/image-uploads.service";
import { deleteUnusedMedia } from "../media/media.service";
import { readUpdated, safeDescription } from "./admin-writes";
import { getCollection } from "./collections.service";
import type { MediaStorage } from "../media/storage/media-storage";

const COVER_MESSAGES: ImageMessages = {
  field: "coverImage",
  unreadable: COLLECTION_MESSAGES.coverUnreadable,
  tooLarge: "Cover image is larger than 10 MB.",
  tooManyPixels: tooManyPixels("Cover image"),
};

function collectionRow(input: CollectionFields, description: string, coverMediaId: string) {
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
    materials: input.materials,
    availabilityKind: input.availability.kind,
    weeksFrom: input.availability.weeksFrom,
    weeksTo: input.availability.weeksTo,
    status: input.status,
    // Saved by the owner: theirs from now on, kept when the demo catalogue is removed.
    demo: false,
  };
}

/**
 * The stored collection as its form reads it, and its cover's media id; `lock` holds the
 * row until the transaction ends. Null when there is none.
 */
async function storedCollection(
  db: Database,
  id: string,
  lock = false,
): Promise<{ form: CollectionInput; coverMediaId: string | null } | null> {
  const query = db.select().from(collections).where(eq(collections.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) return null;
  const members = await db.select({ id: products.id }).from(products).where(eq(products.collectionId, id));
  return {
    coverMediaId: row.coverMediaId,
    form: {
      name: row.name,
      description: row.description,
      items: row.items,
      price: koboToNaira(row.priceKobo),
      discountedPrice: row.discountedPriceKobo === null ? null : koboToNaira(row.discountedPriceKobo),
      isPromo: row.isPromo,
      isBestSeller: row.isBestSeller,
      isForeign: row.isForeign,
      origin: row.origin,
      style: row.style,
      productIds: members.map((member) => member.id),
      coverImage: row.coverMediaId === null ? null : { public_id: row.coverMediaId },
      materials: row.materials,
      availability: { kind: row.availabilityKind, weeksFrom: row.weeksFrom, weeksTo: row.weeksTo },
      status: row.status,
    },
  };
}

async function requireProducts(db: Database, productIds: string[]): Promise<void> {
  const found = await db.select({ id: products.id }).from(products).where(inArray(products.id, productIds));
  if (found.length !== productIds.length) throw refuseField("productIds", COLLECTION_MESSAGES.productGone);
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
  if (assigned.length !== productIds.length) throw refuseField("productIds", COLLECTION_MESSAGES.productGone);
}

export async function createCollection(
  db: Database,
  storage: MediaStorage,
  input: CollectionFields,
): Promise<CollectionDetail> {
  const description = safeDescription(input.description, COLLECTION_MESSAGES.description);
  await requireProducts(db, input.productIds);
  const cover = await saveImageInputs(db, storage, [input.coverImage], COVER_MESSAGES, false);
  const id = await withNewImages(db, storage, cover.created, () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(collections)
        .values(collectionRow(input, description, cover.mediaIds[0]!))
        .returning({ id: collections.id });
      await setMembers(tx, row!.id, input.productIds);
      return row!.id;
    }),
  );
  return (await getCollection(db, id, "admin"))!;
}

export const COLLECTION_NOT_FOUND = "Collection not found.";
const collectionGone = () => refuse("missing", COLLECTION_NOT_FOUND);

/**
 * Missing (404) when there is no such collection. A field the update leaves out keeps its
 * stored value, its products and cover included; the rules are checked on the result.
 */
export async function updateCollection(
  db: Database,
  storage: MediaStorage,
  id: string,
  update: CollectionUpdateBody,
): Promise<CollectionDetail> {
  if (!isUuidText(id)) throw collectionGone();
  // Checked before the cover is stored, and again on the locked row below.
  const before = await storedCollection(db, id);
  if (!before) throw collectionGone();
  const checked = readUpdated(CollectionUpdateSchema, before.form, update);
  safeDescription(checked.description, COLLECTION_MESSAGES.description);
  await requireProducts(db, checked.productIds);
  const cover = await saveImageInputs(db, storage, [checked.coverImage], COVER_MESSAGES, false);
  const covers = await withNewImages(db, storage, cover.created, () =>
    db.transaction(async (tx) => {
      // Deleted since the look above: the refusal undoes the transaction, and the new cover goes.
      const stored = await storedCollection(tx, id, true);
      if (!stored) throw collectionGone();
      const values = readUpdated(CollectionUpdateSchema, stored.form, update);
      const description = safeDescription(values.description, COLLECTION_MESSAGES.description);
      // A kept cover is the one the collection has now; a new one was stored above.
      const coverMediaId = values.coverImage.kind === "existing" ? values.coverImage.publicId : cover.mediaIds[0]!;
      await tx
        .update(collections)
        .set(collectionRow(values, description, coverMediaId))
        .where(eq(collections.id, id));
      await setMembers(tx, id, values.productIds);
      return { previous: stored.coverMediaId, current: coverMediaId };
    }),
  );
  if (covers.previous !== null && covers.previous !== covers.current) {
    await deleteUnusedMedia(db, storage, [covers.previous]);
  }
  // Deleted in the moment since the commit: gone all the same.
  const saved = await getCollection(db, id, "admin");
  if (!saved) throw collectionGone();
  return saved;
}

/** Missing (404) when there is no such collection. Its products stay, unassigned. */
export async function deleteCollection(db: Database, storage: MediaStorage, id: string): Promise<void> {
  if (!isUuidText(id)) throw collectionGone();
  const deleted = await db.transaction(async (tx) => {
    // Explicitly, rather than by the foreign key, so the products' updatedAt moves too.
    await tx.update(products).set({ collectionId: null }).where(eq(products.collectionId, id));
    return tx.delete(collections).where(eq(collections.id, id)).returning({ coverMediaId: collections.coverMediaId });
  });
  if (!deleted.length) throw collectionGone();
  const cover = deleted[0]!.coverMediaId;
  if (cover) await deleteUnusedMedia(db, storage, [cover]);
}
