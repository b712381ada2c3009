/**
 * The one way images enter the shop, uploads and demo pictures alike: check the bytes,
 * re-encode (which drops metadata and anything hidden in the file), store each width in
 * WebP and JPEG under a server-made name.
 */
import { randomBytes } from "node:crypto";
import { reviewPhotos } from "../../db/schema/reviews";
import { and, eq, inArray, notExists, sql } from "drizzle-orm";
import { isBase64DataUrl } from "../../../domain/catalog/input-fields";
import { Refusal } from "../../../domain/refusal";
import type { Database } from "../../db/client";
import { collections, productImages, productOptionImages, productOptions } from "../../db/schema/catalog";
import { media } from "../../db/schema/media";
import { projectImages } from "../../db/schema/projects";
import { shopPictures } from "../../db/schema/settings";
import { encodeSizesInBackground } from "./background-encoder";
import { encodeSizes, type EncodedSizes } from "./image-encoding";
import { loadSharp } from "./load-sharp";
import { MediaStorageUnavailableError, type MediaStorage } from "./storage/media-storage";

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif"]);
const UNREADABLE = "Failed to read image file.";

/** Bytes that are not an image of an accepted format, or that cannot be decoded. */
export class InvalidImageError extends Refusal {
  constructor(message: string) {
    super("invalid", message);
  }
}

export interface ImageHeader {
  width: number;
  height: number;
  /** More than 8 bits per sample: a 16-bit PNG, a 10-bit AVIF. */
  highBitDepth: boolean;
}

export interface StoredMedia {
  id: string;
  width: number;
  height: number;
  widths: number[];
  colour: string;
}

/**
 * What an image's header says, read without decoding its pixels (milliseconds even for
 * a huge image). InvalidImageError when the bytes are not an image of an accepted format:
 * JPEG, PNG, WebP, GIF or AVIF (which arrives as HEIF with AV1 compression; other HEIF,
 * such as iPhone HEVC, is not accepted).
 */
export async function readImageHeader(bytes: Buffer): Promise<ImageHeader> {
  // sharp refuses some inputs (an empty buffer) as it is created, before any promise.
  // The header of an image over the pixel limit is read too: the caller says why it is refused.
  const sharp = await loadSharp();
  const metadata = await Promise.resolve()
    .then(() => sharp(bytes, { limitInputPixels: false, animated: false }).metadata())
    .catch(() => null);
  const acceptable =
    metadata?.format !== undefined &&
    ACCEPTED_FORMATS.has(metadata.format) &&
    (metadata.format !== "heif" || metadata.compression === "av1") &&
    Boolean(metadata.width && metadata.height);
  if (!metadata || !acceptable) throw new InvalidImageError(UNREADABLE);
  return { width: metadata.width, height: metadata.height, highBitDepth: metadata.depth !== "uchar" };
}

/**
 * Uploads are held to their byte, pixel and depth limits before they get here
 * (saveImageInputs, before any is decoded); the pixel limit here is what keeps any other
 * caller's small file that decodes huge out. `background`: work nobody waits on (an
 * import's pictures), encoded one size at a time at low CPU priority (background-encoder.ts).
 * `drawing`: a flat picture the shop drew itself (the demo's), encoded quickly (encodeSizes).
 */
export async function storeImage(
  db: Database,
  storage: MediaStorage,
  bytes: Buffer,
  { background = false, drawing = false }: { background?: boolean; drawing?: boolean } = {},
): Promise<StoredMedia> {
  await readImageHeader(bytes);
  const id = randomBytes(12).toString("base64url");
  let sizes: EncodedSizes;
  try {
    sizes = background
      ? await encodeSizesInBackground(bytes)
      : await encodeSizes(bytes, { oneAtATime: false, drawing });
  } catch {
    throw new InvalidImageError(UNREADABLE);
  }
  const { files: encoded, ...stored } = { id, ...sizes };
  const files = encoded.map(([name, body]): [string, Buffer] => [`${id}/${name}`, body]);
  // The files first, then the row: a row never points at files that are not there.
  try {
    await Promise.all(files.map(([key, body]) => storage.put(key, body)));
    await db.insert(media).values(stored);
  } catch (error) {
    await removeMediaFiles(storage, [id]).catch(() => {});
    throw error;
  }
  return stored;
}

/** The bytes a base64 data URL holds, counted without decoding it. */
export function dataUrlByteLength(dataUrl: string): number {
  const comma = dataUrl.indexOf(",");
  const length = dataUrl.length - comma - 1;
  const padding = dataUrl.endsWith("==") ? 2 : dataUrl.endsWith("=") ? 1 : 0;
  return Math.floor((length * 3) / 4) - padding;
}

/** The bytes of an image sent as "data:<type>;base64,…"; the claimed type is ignored (the bytes decide). */
export function decodeImageDataUrl(dataUrl: string): Buffer {
  const bytes = isBase64DataUrl(dataUrl) ? Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64") : null;
  // Text that is not base64 at all ("!!!!") decodes to nothing.
  if (!bytes?.length) throw new InvalidImageError(UNREADABLE);
  return bytes;
}

/**
 * Removes these images, rows and files, unless a product (or one of its options: a swatch or a photo), project
 * or collection still shows them (an image may be shared). Returns the ids removed.
 */
export async function deleteUnusedMedia(
  db: Database,
  storage: MediaStorage,
  ids: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .delete(media)
    .where(
      and(
        inArray(media.id, unique),
        notExists(
          db
            .select({ one: sql`1` })
            .from(productImages)
            .where(eq(productImages.mediaId, media.id)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(projectImages)
            .where(eq(projectImages.mediaId, media.id)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(productOptions)
            .where(eq(productOptions.mediaId, media.id)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(productOptionImages)
            .where(eq(productOptionImages.mediaId, media.id)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(collections)
            .where(eq(collections.coverMediaId, media.id)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(shopPictures)
            .where(eq(shopPictures.mediaId, media.id)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(reviewPhotos)
            .where(eq(reviewPhotos.mediaId, media.id)),
        ),
      ),
    )
    .returning({ id: media.id });
  const removed = rows.map((row) => row.id);
  // The rows are gone: a bucket that does not answer now leaves unreachable files behind
  // (the store logged it), never a failed request for a change already saved.
  await removeMediaFiles(storage, removed).catch((error: unknown) => {
    if (!(error instanceof MediaStorageUnavailableError)) throw error;
  });
  return removed;
}

/** Removes the files of these images (their rows are gone or never were). */
export async function removeMediaFiles(storage: MediaStorage, ids: readonly string[]): Promise<void> {
  await storage.deletePrefixes(ids.filter((id) => /^[\w-]+$/.test(id)).map((id) => `${id}/`));
}
