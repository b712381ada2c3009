/**
 * Where stored images live and how pages ask for them. Every image is kept in WebP at
 * several widths (never wider than its source), so a phone downloads only the size it
 * shows, plus one JPEG for browsers without WebP and for link previews.
 */
import type { ImageRef } from "./catalog/catalog.types";

/**
 * No step much over a third wider than the last: a phone takes the first width at least
 * as wide as the picture shows times its pixel density, so a card 169 points wide on a
 * 2.6× screen (443 px) takes 480, not 640, and one 273 points wide (717 px) 800, not 1024.
 */
export const IMAGE_WIDTHS = [320, 480, 640, 800, 1024, 1600] as const;
/**
 * In Data saver mode (docs/product.md, Data saver) pages offer no stored width above these:
 * the first picture a visitor sees (a hero, a gallery's first) up to 640 px, every other
 * (cards, tiles, thumbnails) up to 320 px. A phone's screen then gets about one picture
 * pixel per point, not three.
 */
export const DATA_SAVER_WIDTHS = { first: 640, other: 320 } as const;
export const MAX_STORED_WIDTH = 1600;
/** The JPEG fallback is this wide, or the widest kept when the image is narrower. */
export const JPEG_WIDTH = 1024;

export type ImageFormat = "webp" | "jpg" | "avif";

/** Where the shop serves its pictures; a bucket or CDN address (S3_PUBLIC_URL) may stand for it in pages. */
export const MEDIA_PATH = "/media";

export function mediaUrl(publicId: string, width: number, format: ImageFormat, base = MEDIA_PATH): string {
  return `${base}/${publicId}/${width}.${format}`;
}

/** The image's fallback address, from `base` (S3_PUBLIC_URL) when pictures are served from there. */
export function imageUrl(image: Pick<ImageRef, "url">, base = MEDIA_PATH): string {
  return base !== MEDIA_PATH && image.url.startsWith(`${MEDIA_PATH}/`)
    ? base + image.url.slice(MEDIA_PATH.length)
    : image.url;
}

/** The widths to keep for a source image of this width. */
export function widthsFor(sourceWidth: number): number[] {
  const widest = Math.min(sourceWidth, MAX_STORED_WIDTH);
  return [...IMAGE_WIDTHS.filter((w) => w < widest), widest];
}

/**
 * The stored widths a page offers: all of them, or, given a Data saver limit
 * (DATA_SAVER_WIDTHS), those up to it (at least the smallest).
 */
export function offeredWidths(widths: readonly number[], limit?: number): number[] {
  if (limit === undefined) return [...widths];
  const small = widths.filter((w) => w <= limit);
  return small.length > 0 ? small : widths.slice(0, 1);
}

/**
 * "…/320.webp 320w, …/640.webp 640w" for a srcset attribute: from `base` (S3_PUBLIC_URL)
 * when pictures are served from there; `limit` offers the smaller widths only.
 */
export function srcSet(
  image: Pick<ImageRef, "public_id" | "widths">,
  format: ImageFormat,
  { base = MEDIA_PATH, limit }: { base?: string; limit?: number | undefined } = {},
): string {
  return offeredWidths(image.widths, limit)
    .map((w) => `${mediaUrl(image.public_id, w, format, base)} ${w}w`)
    .join(", ");
}

export function jpegWidth(image: { width: number; widths: number[] }): number {
  return image.widths.find((w) => w >= JPEG_WIDTH) ?? image.width;
}

export function toImageRef(media: {
  id: string;
  width: number;
  height: number;
  widths: number[];
  avifReady?: boolean;
  colour?: string | null;
}): ImageRef {
  return {
    url: mediaUrl(media.id, jpegWidth(media), "jpg"),
    public_id: media.id,
    width: media.width,
    height: media.height,
    widths: media.widths,
    ...(media.avifReady ? { avif: true } : {}),
    ...(media.colour ? { colour: media.colour } : {}),
  };
}
