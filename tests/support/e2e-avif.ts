/**
 * AVIF files made by a test, as the app's background runner makes them
 * (server/modules/media/avif-jobs.ts): its own encoding, each file written aside and
 * renamed (the runner may be writing the same one meanwhile), then the picture marked as
 * having them, which the app's catalogue cache hears of from the database.
 */
import { readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, desc, eq, notInArray } from "drizzle-orm";
import { mediaUrl } from "../../domain/media";
import type { Database } from "../../server/db/client";
import { media } from "../../server/db/schema/media";
// The runner's own encoding (one core per pipeline, as it has): the other core runs the journeys beside it.
import { encodeAvif } from "../../server/modules/media/image-encoding";
import { E2E_DATA_DIR } from "./e2e-env";

const mediaDir = path.join(E2E_DATA_DIR, "media");

/** `demo`: one of the demo catalogue's drawings, encoded as the runner encodes them. */
export async function addAvif(db: Database, picture: { id: string; widths: number[]; demo?: boolean }) {
  const folder = path.join(mediaDir, picture.id);
  const source = await readFile(path.join(folder, `${Math.max(...picture.widths)}.webp`));
  for (const width of picture.widths) {
    const file = path.join(folder, path.basename(mediaUrl(picture.id, width, "avif")));
    await writeFile(`${file}.setup`, await encodeAvif(source, width, { drawing: picture.demo ?? false }));
    await rename(`${file}.setup`, file);
  }
  await db.update(media).set({ avifReady: true }).where(eq(media.id, picture.id));
}

/**
 * Makes the AVIF files of every picture still waiting for them, newest first while the
 * app's runner works from the oldest, so that a test that needs a settled shop need not
 * wait for the runner, which rests as long as it works. A picture deleted meanwhile (by a
 * journey beside it) is passed over.
 */
export async function addWaitingAvif(db: Database) {
  const passedOver: string[] = [];
  for (;;) {
    const [next] = await db
      .select({ id: media.id, widths: media.widths, demo: media.demo })
      .from(media)
      .where(and(eq(media.avifReady, false), passedOver.length ? notInArray(media.id, passedOver) : undefined))
      .orderBy(desc(media.createdAt))
      .limit(1);
    if (!next) return;
    await addAvif(db, next).catch(() => passedOver.push(next.id));
  }
}
