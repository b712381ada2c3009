/**
 * Where stored images live and how pages ask for them. Every image is kept in WebP at
 * several widths (never wider than its source), so a phone downloads only the size it
 * shows, plus one JPEG for browsers without WebP and for link previews.
 */
import type { ImageRef } from "./catalog/catalog.types";

export const IMAGE_WIDTHS = [320, 640, 1024, 1600] as const;
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

/** "…/320.webp 320w, …/640.webp 640w" for a srcset attribute. */
export function srcSet(image: Pick<ImageRef, "public_id" | "widths">, format: ImageFormat, base = MEDIA_PATH): string {
  return image.widths.map((w) => `${mediaUrl(image.public_id, w, format, base)} ${w}w`).join(", ");
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
}): ImageRef {
  return {
    url: mediaUrl(media.id, jpegWidth(media), "jpg"),
    public_id: media.id,
    width: media.width,
    height: media.height,
    widths: media.widths,
    ...(media.avifReady ? { avif: true } : {}),
  };
}
