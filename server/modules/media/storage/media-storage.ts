/**
 * Where picture files live, behind one interface (docs/decisions/0009-media-storage.md):
 * the local folder DATA_DIR/media by default, or an S3-compatible bucket when S3_BUCKET is
 * set, so several instances of the shop share one library. Keys are the paths under
 * /media/: "<media id>/<width>.<format>", plus link-preview cards under "og/".
 */
import { Refusal } from "../../../../domain/refusal";
import type { Readable } from "node:stream";

export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

export interface ListedObject {
  key: string;
  size: number;
}

export interface MediaStorage {
  /** "local" or "s3", for logs and the migrate command. */
  readonly kind: "local" | "s3";
  /**
   * Where pages link pictures from: null when the app serves them itself under /media/,
   * else the bucket's or a CDN's address (S3_PUBLIC_URL).
   */
  readonly publicUrl: string | null;
  /** Writes the whole object; a reader never sees half of it. */
  put(key: string, body: Buffer): Promise<void>;
  /** The object as a stream, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** The whole object in memory, or null when there is none (small files: pictures, cards). */
  read(key: string): Promise<Buffer | null>;
  /** The object's size in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Removes every object whose key starts with one of these prefixes ("<media id>/"). */
  deletePrefixes(prefixes: readonly string[]): Promise<void>;
  /** Every object under the prefix (all when empty), in a stable order. */
  list(prefix?: string): AsyncIterable<ListedObject>;
}

/** A bucket that does not answer, or refuses: the request can be tried again later. */
export class MediaStorageUnavailableError extends Refusal {
  constructor() {
    super(
      "unavailable",
      "The picture store is not answering right now. Nothing was saved; please try again in a minute.",
    );
  }
}

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  avif: "image/avif",
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";
}

/**
 * A key a request may name: path segments of letters, digits, "-", "_" and ".", never
 * "." or ".." alone nor starting with a dot, so no key escapes the library.
 */
export function isSafeKey(key: string): boolean {
  return key.length > 0 && key.length <= 200 && key.split("/").every((segment) => /^[\w-][\w.-]*$/.test(segment));
}
