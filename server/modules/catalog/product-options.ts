/**
 * A product's options (finishes or fabrics) as the product form saves them. New option
 * pictures are stored before the product's transaction, like its other pictures
 * (media/item-images.service.ts); the options are written inside it; the pictures no
 * option uses any more are removed after it commits, unless something else shows them.
 */
import { asc, eq, inArray } from "drizzle-orm";
import { FURNITURE_MESSAGES, type OptionInput } from "../../../domain/catalog/furniture-input.schema";
import type { Database } from "../../db/client";
import { productOptions } from "../../db/schema/catalog";
import { Refusal, refuseField } from "../../../domain/refusal";
import { saveImageInputs, tooManyPixels, type SavedImages } from "../media/image-uploads.service";
import type { MediaStorage } from "../media/storage/media-storage";

export interface StoredOption {
  id: string | null;
  name: string;
  mediaId: string | null;
}

/** The product's options as its form reads them. */
export async function storedOptions(db: Database, productId: string) {
  const rows = await db
    .select()
    .from(productOptions)
    .where(eq(productOptions.productId, productId))
    .orderBy(asc(productOptions.position));
  return rows.map((row) => ({ _id: row.id, name: row.name, image: row.mediaId && { public_id: row.mediaId } }));
}

/**
 * Stores the options' new pictures, all in one go so that one save's limits hold for them
 * together: the options with their media ids, and the media stored by this call (to
 * remove if the save fails). A picture that cannot be read is a 400 naming its option.
 */
export async function storeOptionImages(
  db: Database,
  storage: MediaStorage,
  options: readonly OptionInput[],
): Promise<{ options: StoredOption[]; created: string[] }> {
  const pictured = options.flatMap((option, index) => (option.image ? [{ index, image: option.image }] : []));
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
      pictured.map(({ image }) => image),
      messages,
    );
  } catch (error) {
    // "options.2" counts the pictured options only: named again by the option's place.
    if (!(error instanceof Refusal) || !error.errors) throw error;
    const errors = Object.fromEntries(
      Object.entries(error.errors).map(([key, message]) => {
        const at = /^options\.(\d+)$/.exec(key)?.[1];
        return [at === undefined ? key : `options.${pictured[Number(at)]!.index}.image`, message];
      }),
    );
    throw new Refusal(error.kind, error.message, errors);
  }
  const mediaOf = new Map(pictured.map(({ index }, at) => [index, saved.mediaIds[at]!]));
  return {
    options: options.map((option, index) => ({
      id: option._id,
      name: option.name,
      mediaId: mediaOf.get(index) ?? null,
    })),
    created: saved.created,
  };
}

/**
 * Makes the product's options these, in this order, inside the product's transaction:
 * options kept by id keep their id (cart lines and orders that chose them still name
 * them); the others are deleted, with the cart lines that chose them. Returns the media
 * the product's options showed and no longer do.
 */
export async function writeOptions(tx: Database, productId: string, options: readonly StoredOption[]) {
  const before = await tx
    .select({ id: productOptions.id, mediaId: productOptions.mediaId })
    .from(productOptions)
    .where(eq(productOptions.productId, productId));
  const known = new Set(before.map((row) => row.id));
  const keptIds = options.flatMap((option) => (option.id ? [option.id] : []));
  // An id not this product's, or named twice, names no option of the list.
  const unknown = keptIds.findIndex((id, index) => !known.has(id) || keptIds.indexOf(id) !== index);
  if (unknown >= 0) throw refuseField(`options.${unknown}`, FURNITURE_MESSAGES.optionId);
  const removed = before.filter((row) => !keptIds.includes(row.id)).map((row) => row.id);
  if (removed.length) await tx.delete(productOptions).where(inArray(productOptions.id, removed));
  for (const [position, option] of options.entries()) {
    const values = { productId, position, name: option.name, mediaId: option.mediaId };
    if (option.id) await tx.update(productOptions).set(values).where(eq(productOptions.id, option.id));
    else await tx.insert(productOptions).values(values);
  }
  const shown = new Set(options.map((option) => option.mediaId));
  return before.flatMap((row) => (row.mediaId && !shown.has(row.mediaId) ? [row.mediaId] : []));
}
