/**
 * Turns the images of an admin form (new ones as data strings, kept ones by public id;
 * SPEC.md §4 "Images") into stored media ids, in the order given. Nothing is stored
 * unless every image is acceptable: sizes are checked before any work (413), and images
 * already stored by a failed save are removed again.
 */
import { inArray } from "drizzle-orm";
import { MAX_IMAGE_BYTES, type ImageInput } from "../../../domain/catalog/input-fields";
import type { Database } from "../../db/client";
import { media } from "../../db/schema/media";
import { HttpError } from "../../plugins/errors";
import {
  dataUrlByteLength,
  decodeImageDataUrl,
  deleteUnusedMedia,
  InvalidImageError,
  storeImage,
} from "./media.service";

export interface ImageMessages {
  /** The form field: "images" (errors["images.2"]) or "coverImage". */
  field: string;
  /** SPEC.md §5: 'Failed to read image file.' or 'Failed to read cover image file.' */
  unreadable: string;
  tooLarge: string;
}

export const IMAGE_GONE = "This image no longer exists. Please upload it again.";

export interface SavedImages {
  /** Every image's media id, in the order given. */
  mediaIds: string[];
  /** The ones stored by this call: to remove if the save that needs them fails. */
  created: string[];
}

export async function saveImageInputs(
  db: Database,
  mediaDir: string,
  images: readonly ImageInput[],
  messages: ImageMessages,
  many = true,
): Promise<SavedImages> {
  const key = (index: number) => (many ? `${messages.field}.${index}` : messages.field);
  const fail = (status: number, message: string, index: number): never => {
    throw new HttpError(status, message, { [key(index)]: message });
  };

  // The one size check of an upload: every image at once, before any is decoded.
  images.forEach((image, index) => {
    if (image.kind === "new" && dataUrlByteLength(image.dataUrl) > MAX_IMAGE_BYTES) {
      fail(413, messages.tooLarge, index);
    }
  });

  const kept = images.flatMap((image) => (image.kind === "existing" ? [image.publicId] : []));
  if (kept.length) {
    const found = new Set(
      (await db.select({ id: media.id }).from(media).where(inArray(media.id, kept))).map((row) => row.id),
    );
    const missing = images.findIndex((image) => image.kind === "existing" && !found.has(image.publicId));
    if (missing >= 0) fail(400, IMAGE_GONE, missing);
  }

  // The images are independent: encoding them together keeps both cores busy.
  const results = await Promise.allSettled(
    images.map(async (image) => {
      if (image.kind === "existing") return { id: image.publicId, created: false };
      const stored = await storeImage(db, mediaDir, decodeImageDataUrl(image.dataUrl));
      return { id: stored.id, created: true };
    }),
  );
  const created = results.flatMap((result) =>
    result.status === "fulfilled" && result.value.created ? [result.value.id] : [],
  );
  const failed = results.findIndex((result) => result.status === "rejected");
  if (failed >= 0) {
    await deleteUnusedMedia(db, mediaDir, created);
    const reason = (results[failed] as PromiseRejectedResult).reason;
    if (reason instanceof InvalidImageError) fail(400, messages.unreadable, failed);
    throw reason;
  }
  return {
    mediaIds: results.map((result) => (result as PromiseFulfilledResult<{ id: string }>).value.id),
    created,
  };
}

/** Runs a save; if it fails, the images stored for it are removed again. */
export async function withNewImages<T>(
  db: Database,
  mediaDir: string,
  created: string[],
  save: () => Promise<T>,
): Promise<T> {
  try {
    return await save();
  } catch (error) {
    await deleteUnusedMedia(db, mediaDir, created);
    throw error;
  }
}

/**
 * The JSON body limit of a route taking up to `images` new images: each at most 10 MB,
 * a third larger as base64, plus 1 MB for the other fields (descriptions included).
 */
export function imagesBodyLimit(images: number): number {
  return images * (Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 100) + 1024 * 1024;
}
