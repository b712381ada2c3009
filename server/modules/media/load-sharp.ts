/**
 * sharp (libvips), loaded the first time this process works on a picture: an upload or an
 * import (whose header the app reads even when the encoder process makes its sizes), the
 * demo's first drawing, a link-preview card, an app icon, a backfilled colour. Its native
 * library takes about 20 MB of memory once loaded, which an instance that only serves
 * pages never holds. A failed load (a broken install) is tried again at the next picture,
 * and each fails with sharp's own error.
 */
import type SharpModule from "sharp";

export type Sharp = typeof SharpModule;

let loading: Promise<Sharp> | undefined;

export function loadSharp(): Promise<Sharp> {
  loading ??= import("sharp").then(
    ({ default: sharp }) => {
      // libvips' operation cache keeps decoded images and their buffers after a request
      // ends, for operations that repeat; pictures never repeat, so it only held memory.
      // One thread per pipeline: with glibc's allocator every extra thread keeps its own
      // arena of freed memory, which is not returned to the system (sharp already picks 1
      // there; this makes other platforms behave the same).
      sharp.cache(false);
      sharp.concurrency(1);
      return sharp;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
