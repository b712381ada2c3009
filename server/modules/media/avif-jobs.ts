/**
 * AVIF versions of stored images, made in the background: AVIF is the smallest format for
 * phones but slow to encode here (docs/decisions/0005-avif-in-the-background.md), so an
 * upload answers once WebP and JPEG exist, and this runner adds AVIF afterwards. The work
 * list is the database itself (media rows with avif_ready = false), so a restart resumes
 * where it stopped. One image at a time, encoded in the background encoder's process at the
 * lowest CPU priority (background-encoder.ts), resting as long as it worked after each, so
 * the encoder takes at most half of one core, and requests keep the CPU they ask for. Marking images ready
 * changes the catalogue (migration 0002: cached pages then offer AVIF), so finished images
 * are marked together, at most every few seconds, rather than emptying the cache each
 * time.
 *
 * Several instances share one database and one picture store, and each runs this: an
 * image is encoded by the one that holds its lock. A batch is one transaction; each image
 * in it is claimed with a transaction-level advisory lock (pg_try_advisory_xact_lock, so
 * a claimed image never blocks an admin deleting it), and the batch marks its images ready
 * in that same transaction, so the locks go only once the images are marked.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { mediaUrl } from "../../../domain/media";
import type { Database } from "../../db/client";
import { media } from "../../db/schema/media";
import { encodeAvifInBackground } from "./background-encoder";
import { removeMediaFiles } from "./media.service";
import { MediaStorageUnavailableError } from "./storage/media-storage";
import type { MediaStorage } from "./storage/media-storage";

/** Another instance may have stored images: look now and then even without a wake-up. */
const POLL_MS = 60_000;
/** Finished images are marked ready together, at most this often while work remains. */
const MARK_EVERY_MS = 10_000;
/** The longest rest between two images. */
const MAX_REST_MS = 5_000;
/** Images looked at per claim: the first that no other instance holds is taken. */
const CANDIDATES = 20;

export interface AvifJobs {
  /** Look for work now (after an upload). */
  wake(): void;
  /** Resolves once no image is waiting or being encoded (tests, shutdown). */
  idle(): Promise<void>;
  start(): void;
  /** Stops after the width being encoded; what is left is done after the next start. */
  close(): Promise<void>;
}

/** An image waiting for its AVIF versions. */
interface Waiting {
  id: string;
  widths: number[];
  demo: boolean;
}

interface Log {
  warn(details: object, message: string): void;
}

declare module "fastify" {
  interface FastifyInstance {
    avifJobs: AvifJobs;
  }
}

export function createAvifJobs({ db, storage, log }: { db: Database; storage: MediaStorage; log: Log }): AvifJobs {
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

  /** Marks the batch's encoded images ready, in the batch's transaction (which then ends). */
  async function markFinished(tx: Database): Promise<void> {
    markedAt = Date.now();
    if (!finished.length) return;
    const ids = finished;
    finished = [];
    const updated = new Set(
      (await tx.update(media).set({ avifReady: true }).where(inArray(media.id, ids)).returning({ id: media.id })).map(
        (row) => row.id,
      ),
    );
    // Deleted while we worked: their files may have been removed before ours appeared.
    await removeMediaFiles(
      storage,
      ids.filter((id) => !updated.has(id)),
    );
  }

  /** True when every width was written. */
  async function encodeOne(tx: Database, row: Waiting): Promise<boolean> {
    const source = await storage.read(`${row.id}/${Math.max(...row.widths)}.webp`);
    if (!source) throw new Error("the image's files are gone");
    const stillThere = async () =>
      (await tx.select({ id: media.id }).from(media).where(eq(media.id, row.id))).length > 0;
    for (const width of [...row.widths].sort((a, b) => a - b)) {
      if (closed) return false;
      const key = mediaUrl(row.id, width, "avif").replace(/^\/media\//, "");
      // The demo's pictures are the shop's own drawings, encoded quicker (encodeAvif).
      const avif = await encodeAvifInBackground(source, width, row.demo);
      // Deleted while it was encoded (its files went with it): nothing is written back.
      if (!(await stillThere())) return false;
      await storage.put(key, avif);
      // Deleted in the moment between that look and the write: its files went before ours
      // arrived, so ours go now.
      if (!(await stillThere())) {
        await removeMediaFiles(storage, [row.id]);
        return false;
      }
    }
    return true;
  }

  /**
   * The oldest waiting image no other instance is encoding, locked for this transaction;
   * null when none is left.
   */
  async function claim(tx: Database): Promise<Waiting | null> {
    const skip = [...failed, ...finished];
    const candidates = await tx
      .select({ id: media.id, widths: media.widths, demo: media.demo })
      .from(media)
      .where(and(eq(media.avifReady, false), skip.length ? notInArray(media.id, skip) : undefined))
      .orderBy(asc(media.createdAt))
      .limit(CANDIDATES);
    for (const row of candidates) {
      const { rows } = await tx.execute<{ locked: boolean }>(
        sql`select pg_try_advisory_xact_lock(hashtextextended(${`avif:${row.id}`}, 0)) as locked`,
      );
      if (!rows[0]?.locked) continue;
      // Another instance may have finished it between our list and our lock.
      const [still] = await tx
        .select({ id: media.id })
        .from(media)
        .where(and(eq(media.id, row.id), eq(media.avifReady, false)));
      if (still) return row;
    }
    return null;
  }

  /** One batch: images encoded for up to MARK_EVERY_MS, then marked. False when no work was left. */
  async function batch(): Promise<boolean> {
    return db.transaction(async (tx) => {
      try {
        while (!closed) {
          const row = await claim(tx);
          if (!row) return false;
          const started = Date.now();
          try {
            if (await encodeOne(tx, row)) finished.push(row.id);
          } catch (error) {
            // The store is down: stop here, keep what is done, try again on the next wake.
            if (error instanceof MediaStorageUnavailableError) return false;
            failed.add(row.id);
            const [still] = await tx.select({ id: media.id }).from(media).where(eq(media.id, row.id));
            if (still) {
              log.warn(
                { err: { message: error instanceof Error ? error.message : String(error) }, mediaId: row.id },
                "could not encode AVIF; the image is served as WebP and JPEG",
              );
            }
          }
          const rest = Math.min(Date.now() - started, MAX_REST_MS);
          await sleep(rest, undefined, { signal: stopping.signal }).catch(() => {});
          if (Date.now() - markedAt >= MARK_EVERY_MS) return true;
        }
        return false;
      } finally {
        await markFinished(tx);
      }
    });
  }

  async function drain(): Promise<void> {
    markedAt = Date.now();
    while (!closed && (await batch()));
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
export const avifJobsPlugin = fp(
  async (app: FastifyInstance, { db, storage }: { db: Database; storage: MediaStorage }) => {
    const jobs = createAvifJobs({ db, storage, log: app.log });
    app.decorate("avifJobs", jobs);
    app.addHook("onReady", async () => jobs.start());
    app.addHook("onClose", async () => jobs.close());
  },
);
