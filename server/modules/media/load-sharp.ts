/**
 * sharp (libvips), loaded the first time this process works on a picture. Its native
 * library takes about 20 MB of memory once loaded, which an instance serving pages need
 * not hold: an import's pictures and every AVIF version are made in the encoder process
 * (background-encoder.ts), so the app loads it only for an upload the owner waits on, a
 * link-preview card, an app icon or a backfilled colour.
 */
import type SharpModule from "sharp";

export type Sharp = typeof SharpModule;

let loading: Promise<Sharp> | undefined;

export function loadSharp(): Promise<Sharp> {
  return (loading ??= import("sharp").then(({ default: sharp }) => {
    // libvips' operation cache keeps decoded images and their buffers after a request
    // ends, for operations that repeat; pictures never repeat, so it only held memory. One
    // thread per pipeline: with glibc's allocator every extra thread keeps its own arena of
    // freed memory, which is not returned to the system (sharp already picks 1 there; this
    // makes other platforms behave the same).
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  }));
}
