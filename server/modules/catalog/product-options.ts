/**
 * A product's options (finishes or fabrics) as the product form saves them. New option
 * pictures are stored before the product's transaction, like its other pictures
 * (media/item-images.service.ts); the options are written inside it; the pictures no
 * option uses any more are removed after it commits, unless something else shows them.
 */
import { asc, eq, inArray } from "drizzle-orm";
import { FURNITURE_MESSAGES, type OptionInput } from "../../../domain/catalog/furniture-input.schema";
import { nairaToKobo } from "../../../domain/money";
import type { Database } from "../../db/client";
import { productOptionImages, productOptions } from "../../db/schema/catalog";
import { Refusal, refuseField } from "../../../domain/refusal";
import { saveImageInputs, tooManyPixels, type SavedImages } from "../media/image-uploads.service";
import type { MediaStorage } from "../media/storage/media-storage";

export interface StoredOption {
  id: string | null;
  name: string;
  /** The swatch. */
  mediaId: string | null;
  /** Photos of the piece in this option, in order; null keeps a kept option's (none for a new one). */
  mediaIds: string[] | null;
  /** Null keeps a kept option's (nothing for a new one). */
  priceDifferenceKobo: number | null;
}

/** Each option's photos of the piece, in order, by option id. */
export async function optionPhotoIds(db: Database, optionIds: readonly string[]): Promise<Map<string, string[]>> {
  const photos = new Map<string, string[]>();
  if (optionIds.length === 0) return photos;
  const rows = await db
    .select()
    .from(productOptionImages)
    .where(inArray(productOptionImages.optionId, [...optionIds]))
    .orderBy(asc(productOptionImages.optionId), asc(productOptionImages.position));
  for (const row of rows) photos.set(row.optionId, [...(photos.get(row.optionId) ?? []), row.mediaId]);
  return photos;
}

/** The product's options as its form reads them. */
export async function storedOptions(db: Database, productId: string) {
  const rows = await db
    .select()
    .from(productOptions)
    .where(eq(productOptions.productId, productId))
    .orderBy(asc(productOptions.position));
  const photos = await optionPhotoIds(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    image: row.mediaId && { public_id: row.mediaId },
    images: (photos.get(row.id) ?? []).map((mediaId) => ({ public_id: mediaId })),
    priceDifference: row.priceDifferenceKobo / 100,
  }));
}

/**
 * Stores the options' new pictures (swatches and photos of the piece), all in one go so
 * that one save's limits hold for them together: the options with their media ids, and
 * the media stored by this call (to remove if the save fails). A picture that cannot be
 * read is a 400 naming its option's field.
 */
export async function storeOptionImages(
  db: Database,
  storage: MediaStorage,
  options: readonly OptionInput[],
): Promise<{ options: StoredOption[]; created: string[] }> {
  // Every picture of every option, in one list, with the field each belongs to.
  const pictures = options.flatMap((option, index) => [
    ...(option.image ? [{ field: `options.${index}.image`, image: option.image }] : []),
    ...(option.images ?? []).map((image, at) => ({ field: `options.${index}.images.${at}`, image })),
  ]);
  const messages = {
    field: "options",
    unreadable: FURNITURE_MESSAGES.optionImage,
    tooLarge: "The option's picture is larger than 10 MB.",
    tooManyPixels: tooManyPixels("The option's picture"),
  };
  let saved: SavedImages;
  try {
    saved = await saveImageInputs(
      db,
      storage,
      pictures.map(({ image }) => image),
      messages,
    );
  } catch (error) {
    // "options.2" counts the pictures of all options together: named again by its own field.
    if (!(error instanceof Refusal) || !error.errors) throw error;
    const errors = Object.fromEntries(
      Object.entries(error.errors).map(([key, message]) => {
        const at = /^options\.(\d+)$/.exec(key)?.[1];
        return [at === undefined ? key : pictures[Number(at)]!.field, message];
      }),
    );
    throw new Refusal(error.kind, error.message, errors);
  }
  const mediaOf = new Map(pictures.map(({ field }, at) => [field, saved.mediaIds[at]!]));
  return {
    options: options.map((option, index) => ({
      id: option._id,
      name: option.name,
      mediaId: mediaOf.get(`options.${index}.image`) ?? null,
      mediaIds: option.images && option.images.map((_, at) => mediaOf.get(`options.${index}.images.${at}`)!),
      priceDifferenceKobo: option.priceDifference === null ? null : nairaToKobo(option.priceDifference),
    })),
    created: saved.created,
  };
}

/**
 * Makes the product's options these, in this order, inside the product's transaction:
 * options kept by id keep their id (cart lines and orders that chose them still name
 * them); the others are deleted, with the cart lines that chose them. Returns the media
 * the product's options showed (swatches and photos) and no longer do.
 */
export async function writeOptions(tx: Database, productId: string, options: readonly StoredOption[]) {
  const before = await tx
    .select({ id: productOptions.id, mediaId: productOptions.mediaId })
    .from(productOptions)
    .where(eq(productOptions.productId, productId));
  const photosBefore = await optionPhotoIds(
    tx,
    before.map((row) => row.id),
  );
  const known = new Set(before.map((row) => row.id));
  const keptIds = options.flatMap((option) => (option.id ? [option.id] : []));
  // An id not this product's, or named twice, names no option of the list.
  const unknown = keptIds.findIndex((id, index) => !known.has(id) || keptIds.indexOf(id) !== index);
  if (unknown >= 0) throw refuseField(`options.${unknown}`, FURNITURE_MESSAGES.optionId);
  const removed = before.filter((row) => !keptIds.includes(row.id)).map((row) => row.id);
  if (removed.length) await tx.delete(productOptions).where(inArray(productOptions.id, removed));
  const shown = new Set<string>();
  for (const [position, option] of options.entries()) {
    const values = {
      productId,
      position,
      name: option.name,
      mediaId: option.mediaId,
      ...(option.priceDifferenceKobo === null ? {} : { priceDifferenceKobo: option.priceDifferenceKobo }),
    };
    let id = option.id;
    if (id) await tx.update(productOptions).set(values).where(eq(productOptions.id, id));
    else id = (await tx.insert(productOptions).values(values).returning({ id: productOptions.id }))[0]!.id;
    if (option.mediaId) shown.add(option.mediaId);
    const photos = option.mediaIds ?? (option.id ? (photosBefore.get(option.id) ?? []) : []);
    for (const mediaId of photos) shown.add(mediaId);
    if (option.mediaIds === null) continue;
    await tx.delete(productOptionImages).where(eq(productOptionImages.optionId, id!));
    // A photo named twice is shown once, where it first comes.
    const unique = [...new Set(option.mediaIds)];
    if (unique.length)
      await tx
        .insert(productOptionImages)
        .values(unique.map((mediaId, at) => ({ optionId: id!, mediaId, position: at })));
  }
  const showedBefore = [...before.map((row) => row.mediaId), ...[...photosBefore.values()].flat()];
  return [...new Set(showedBefore.flatMap((mediaId) => (mediaId && !shown.has(mediaId) ? [mediaId] : [])))];
}
