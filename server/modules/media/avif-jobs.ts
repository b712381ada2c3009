/**
 * AVIF versions of stored images, made in the background: AVIF is the smallest format for
 * phones but slow to encode here (docs/decisions/0005-avif-in-the-background.md), so an
 * upload answers once WebP and JPEG exist, and this runner adds AVIF afterwards. The work
 * list is the database itself (media rows with avif_ready = false), so a restart resumes
 * where it stopped. One image at a time, resting as long as it worked after each, so the
 * encoder takes at most half of one core and requests keep the rest. Marking images ready
 * changes the catalogue (migration 0002: cached pages then offer AVIF), so finished images
 * are marked together, at most every few seconds, rather than emptying the cache each
 * time.
 */
import { rename } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import sharp from "sharp";
import { mediaUrl } from "../../../domain/media";
import type { Database } from "../../db/client";
import { media } from "../../db/schema/media";
import { removeMediaFiles } from "./media.service";

/** Effort 2 of 9: about 1 s for a 1600 px photo here; the default (4) takes up to 15 s. */
const AVIF_OPTIONS = { quality: 50, effort: 2 } as const;
/** Another instance may have stored images: look now and then even without a wake-up. */
const POLL_MS = 60_000;
/** Finished images are marked ready together, at most this often while work remains. */
const MARK_EVERY_MS = 10_000;
/** The longest rest between two images. */
const MAX_REST_MS = 5_000;

export interface AvifJobs {
  /** Look for work now (after an upload). */
  wake(): void;
  /** Resolves once no image is waiting or being encoded (tests, shutdown). */
  idle(): Promise<void>;
  start(): void;
  /** Stops after the width being encoded; what is left is done after the next start. */
  close(): Promise<void>;
}

interface Log {
  warn(details: object, message: string): void;
}

declare module "fastify" {
  interface FastifyInstance {
    avifJobs: AvifJobs;
  }
}

export function createAvifJobs({ db, mediaDir, log }: { db: Database; mediaDir: string; log: Log }): AvifJobs {
  let running: Promise<void> | null = null;
  let wokenWhileRunning = false;
  let started = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  // Images that could not be encoded are skipped until the next start.
  const failed = new Set<string>();
  // Encoded, not yet marked ready.
  let finished: string[] = [];
  let markedAt = Date.now();
  const stopping = new AbortController();

  async function markFinished(): Promise<void> {
    markedAt = Date.now();
    if (!finished.length) return;
    const ids = finished;
    finished = [];
    const updated = new Set(
      (await db.update(media).set({ avifReady: true }).where(inArray(media.id, ids)).returning({ id: media.id })).map(
        (row) => row.id,
      ),
    );
    // Deleted while we worked: their folders may have been removed before our files appeared.
    await removeMediaFiles(
      mediaDir,
      ids.filter((id) => !updated.has(id)),
    );
  }

  /** True when every width was written. */
  async function encodeOne(row: { id: string; widths: number[] }): Promise<boolean> {
    const folder = path.join(mediaDir, row.id);
    const source = path.join(folder, `${Math.max(...row.widths)}.webp`);
    for (const width of [...row.widths].sort((a, b) => a - b)) {
      if (closed) return false;
      const file = path.join(folder, path.basename(mediaUrl(row.id, width, "avif")));
      // Written aside and renamed, so a browser never receives half a file.
      await sharp(source).resize({ width }).avif(AVIF_OPTIONS).toFile(`${file}.part`);
      await rename(`${file}.part`, file);
    }
    return true;
  }

  async function drain(): Promise<void> {
    try {
      await encodeAll();
    } finally {
      await markFinished();
    }
  }

  async function encodeAll(): Promise<void> {
    while (!closed) {
      const skip = [...failed, ...finished];
      const [row] = await db
        .select({ id: media.id, widths: media.widths })
        .from(media)
        .where(and(eq(media.avifReady, false), skip.length ? notInArray(media.id, skip) : undefined))
        .orderBy(asc(media.createdAt))
        .limit(1);
      if (!row) return;
      const started = Date.now();
      try {
        if (await encodeOne(row)) finished.push(row.id);
      } catch (error) {
        failed.add(row.id);
        const [still] = await db.select({ id: media.id }).from(media).where(eq(media.id, row.id));
        if (still) {
          log.warn(
            { err: { message: error instanceof Error ? error.message : String(error) }, mediaId: row.id },
            "could not encode AVIF; the image is served as WebP and JPEG",
          );
        }
      }
      if (Date.now() - markedAt >= MARK_EVERY_MS) await markFinished();
      const rest = Math.min(Date.now() - started, MAX_REST_MS);
      await sleep(rest, undefined, { signal: stopping.signal }).catch(() => {});
    }
  }

  function wake(): void {
    if (!started || closed) return;
    if (running) {
      wokenWhileRunning = true;
      return;
    }
    running = drain()
      .catch((error: unknown) =>
        log.warn({ err: { message: error instanceof Error ? error.message : String(error) } }, "AVIF jobs paused"),
      )
      .finally(() => {
        running = null;
        if (wokenWhileRunning) {
          wokenWhileRunning = false;
          wake();
        }
      });
  }

  return {
    wake,
    start() {
      if (started || closed) return;
      started = true;
      timer = setInterval(wake, POLL_MS).unref();
      wake();
    },
    async idle() {
      while (running) await running;
    },
    async close() {
      closed = true;
      clearInterval(timer);
      stopping.abort();
      while (running) await running;
    },
  };
}

/** Starts the runner when the app is ready and stops it (waiting for the current width) when it closes. */
export const avifJobsPlugin = fp(async (app: FastifyInstance, { db, mediaDir }: { db: Database; mediaDir: string }) => {
  const jobs = createAvifJobs({ db, mediaDir, log: app.log });
  app.decorate("avifJobs", jobs);
  app.addHook("onReady", async () => jobs.start());
  app.addHook("onClose", async () => jobs.close());
});
