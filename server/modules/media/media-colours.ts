/**
 * Each picture's dominant colour, which pages paint in its place while it loads
 * (docs/product.md, Data saver: placeholders show in both modes). Computed once by sharp
 * when the picture is stored (storeImage); pictures stored before colours were kept get
 * theirs from a one-off backfill that runs in the background after each start until none
 * is left, reading the smallest WebP kept. Colours are written in batches: every write to
 * `media` empties the catalogue cache (migration 0002), once per batch is enough.
 */
import { and, asc, inArray, isNull, notInArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Database } from "../../db/client";
import { media } from "../../db/schema/media";
import { dominantColour } from "./image-encoding";
import { loadSharp } from "./load-sharp";
import type { MediaStorage } from "./storage/media-storage";

const BATCH = 50;

interface Log {
  warn(details: object, message: string): void;
}

/**
 * Gives every picture without a colour its colour; returns how many it coloured. A
 * picture whose file cannot be read keeps none (pages show the neutral background) and is
 * tried again after the next start.
 */
export async function backfillMediaColours(
  db: Database,
  storage: MediaStorage,
  { log, signal }: { log: Log; signal?: AbortSignal },
): Promise<number> {
  const failed: string[] = [];
  let coloured = 0;
  while (!signal?.aborted) {
    const rows = await db
      .select({ id: media.id, widths: media.widths })
      .from(media)
      .where(and(isNull(media.colour), failed.length ? notInArray(media.id, failed) : undefined))
      .orderBy(asc(media.createdAt))
      .limit(BATCH);
    if (rows.length === 0) break;
    const found = new Map<string, string>();
    for (const row of rows) {
      if (signal?.aborted) break;
      try {
        const bytes = await storage.read(`${row.id}/${Math.min(...row.widths)}.webp`);
        if (!bytes) throw new Error("the picture's smallest WebP is missing");
        found.set(row.id, await dominantColour((await loadSharp())(bytes)));
      } catch (error) {
        failed.push(row.id);
        log.warn(
          { err: { message: error instanceof Error ? error.message : String(error) }, mediaId: row.id },
          "could not read a picture's colour; it loads on a plain background",
        );
      }
    }
    if (found.size > 0) {
      const cases = sql.join(
        [...found].map(([id, colour]) => sql`when ${id} then ${colour}`),
        sql` `,
      );
      await db
        .update(media)
        .set({ colour: sql`case ${media.id} ${cases} end` })
        .where(inArray(media.id, [...found.keys()]));
      coloured += found.size;
    }
  }
  return coloured;
}

/** Runs the backfill in the background once the app is ready; closing the app stops it. */
export const mediaColoursPlugin = fp(
  async (app: FastifyInstance, { db, storage }: { db: Database; storage: MediaStorage }) => {
    const stopping = new AbortController();
    let running: Promise<unknown> = Promise.resolve();
    app.addHook("onReady", async () => {
      running = backfillMediaColours(db, storage, { log: app.log, signal: stopping.signal }).catch((error: unknown) =>
        app.log.warn(
          { err: { message: error instanceof Error ? error.message : String(error) } },
          "colour backfill stopped",
        ),
      );
    });
    app.addHook("onClose", async () => {
      stopping.abort();
      await running;
    });
  },
);
