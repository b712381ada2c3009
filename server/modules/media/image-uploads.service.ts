/**
 * Turns the images of an admin form (new ones as data strings, kept ones by public id)
 * into stored media ids, in the order given. Nothing is stored unless every image is
 * acceptable: sizes are checked before any work (413), every header is read before any
 * image is decoded, and images already stored by a failed save are removed again.
 */
import { refuse } from "../../../domain/refusal";
import { inArray } from "drizzle-orm";
import { MAX_IMAGE_BYTES, type ImageInput } from "../../../domain/catalog/input-fields";
import type { Database } from "../../db/client";
import { media } from "../../db/schema/media";
import {
  dataUrlByteLength,
  decodeImageDataUrl,
  deleteUnusedMedia,
  type ImageHeader,
  InvalidImageError,
  readImageHeader,
  storeImage,
} from "./media.service";
import { MAX_IMAGE_PIXELS } from "./image-encoding";
import type { MediaStorage } from "./storage/media-storage";

/**
 * Pixels all the new images of one save may hold together. Decoding is what an upload
 * costs in time and memory, and a few hundred kilobytes of PNG can hold 50 megapixels:
 * six such images kept a core busy for seconds and took over half a gigabyte. Six
 * 12-megapixel phone photos fit.
 */
export const MAX_PIXELS_PER_SAVE = 100_000_000;

export interface ImageMessages {
  /** The form field: "images" (errors["images.2"]) or "coverImage". */
  field: string;
  /** The form's message: 'Failed to read image file.' or 'Failed to read cover image file.' */
  unreadable: string;
  tooLarge: string;
  tooManyPixels: string;
}

export const IMAGE_GONE = "This image no longer exists. Please upload it again.";
const HIGH_BIT_DEPTH =
  "Images with more than 8 bits per colour are not accepted. Please save the image as a JPEG or an 8-bit PNG, then upload it again.";
const TOO_MANY_PIXELS_PER_SAVE = `The new images are too large together (more than ${MAX_PIXELS_PER_SAVE / 1_000_000} megapixels). Please upload fewer or smaller images at a time.`;

/** "Image is larger than 50 megapixels." for a field labelled "Image". */
export const tooManyPixels = (label: string) => `${label} is larger than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`;

export interface SavedImages {
  /** Every image's media id, in the order given. */
  mediaIds: string[];
  /** The ones stored by this call: to remove if the save that needs them fails. */
  created: string[];
}

type Fail = (kind: "invalid" | "too-large", message: string, index: number) => never;

export async function saveImageInputs(
  db: Database,
  storage: MediaStorage,
  images: readonly ImageInput[],
  messages: ImageMessages,
  many = true,
): Promise<SavedImages> {
  const key = (index: number) => (many ? `${messages.field}.${index}` : messages.field);
  const fail: Fail = (kind, message, index) => {
    throw refuse(kind, message, { [key(index)]: message });
  };

  // The one size check of an upload: every image at once, before any is decoded.
  images.forEach((image, index) => {
    if (image.kind === "new" && dataUrlByteLength(image.dataUrl) > MAX_IMAGE_BYTES) {
      fail("too-large", messages.tooLarge, index);
    }
  });

  const kept = images.flatMap((image) => (image.kind === "existing" ? [image.publicId] : []));
  if (kept.length) {
    const found = new Set(
      (await db.select({ id: media.id }).from(media).where(inArray(media.id, kept))).map((row) => row.id),
    );
    const missing = images.findIndex((image) => image.kind === "existing" && !found.has(image.publicId));
    if (missing >= 0) fail("invalid", IMAGE_GONE, missing);
  }

  const sources = await readNewImages(images, messages, fail);

  // One image at a time: each decode holds up to a few hundred megabytes, and images
  // decoded side by side would each hold theirs at once.
  const mediaIds: string[] = [];
  const created: string[] = [];
  for (const [index, image] of images.entries()) {
    if (image.kind === "existing") {
      mediaIds.push(image.publicId);
      continue;
    }
    try {
      const stored = await storeImage(db, storage, sources.get(index)!);
      mediaIds.push(stored.id);
      created.push(stored.id);
    } catch (error) {
      await deleteUnusedMedia(db, storage, created);
      if (error instanceof InvalidImageError) fail("invalid", messages.unreadable, index);
      throw error;
    }
  }
  return { mediaIds, created };
}

/**
 * The bytes of each new image, by its index, once every header says it can be decoded
 * within the limits: an image, in 8 bits, within its own pixel limit and, together with
 * the others, within the save's.
 */
async function readNewImages(
  images: readonly ImageInput[],
  messages: ImageMessages,
  fail: Fail,
): Promise<Map<number, Buffer>> {
  const sources = new Map<number, Buffer>();
  let pixels = 0;
  for (const [index, image] of images.entries()) {
    if (image.kind === "existing") continue;
    let bytes: Buffer;
    let header: ImageHeader;
    try {
      bytes = decodeImageDataUrl(image.dataUrl);
      header = await readImageHeader(bytes);
    } catch (error) {
      if (error instanceof InvalidImageError) fail("invalid", messages.unreadable, index);
      throw error;
    }
    // Decoding 16 bits per sample costs about two and a half times as much as 8 (and
    // converting to 8 early saves nothing: the decoding is the cost); stored images have 8.
    if (header.highBitDepth) fail("invalid", HIGH_BIT_DEPTH, index);
    const imagePixels = header.width * header.height;
    if (imagePixels > MAX_IMAGE_PIXELS) fail("too-large", messages.tooManyPixels, index);
    pixels += imagePixels;
    if (pixels > MAX_PIXELS_PER_SAVE) fail("too-large", TOO_MANY_PIXELS_PER_SAVE, index);
    sources.set(index, bytes);
  }
  return sources;
}

/** Runs a save; if it fails, the images stored for it are removed again. */
export async function withNewImages<T>(
  db: Database,
  storage: MediaStorage,
  created: string[],
  save: () => Promise<T>,
): Promise<T> {
  try {
    return await save();
  } catch (error) {
    await deleteUnusedMedia(db, storage, created);
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
