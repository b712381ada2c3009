import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/test-database";
import { media } from "../../db/schema/media";
import { connectDatabase } from "../../db/client";
import { createAvifJobs } from "./avif-jobs";
import type { MediaStorage } from "./storage/media-storage";
import { storeImage } from "./media.service";
import { storageOf } from "../../../tests/support/catalog-factory";

const database = useTestDatabase();
let mediaDir: string;
const warnings: string[] = [];
const log = { warn: (_details: object, message: string) => void warnings.push(message) };

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), "furnish-avif-"));
});

afterAll(async () => {
  await rm(mediaDir, { recursive: true, force: true });
});

const photo = (color: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

async function avifReady(id: string): Promise<boolean> {
  const [row] = await database.db.select({ ready: media.avifReady }).from(media).where(eq(media.id, id));
  return row!.ready;
}

describe("the AVIF jobs", () => {
  it("do nothing before start, stop when closed, and resume with a new runner (a restart)", async () => {
    const stored = await storeImage(database.db, storageOf(mediaDir), await photo("#224466"));
    const first = createAvifJobs({ db: database.db, storage: storageOf(mediaDir), log });
    first.wake();
    await first.idle();
    expect(await avifReady(stored.id)).toBe(false);

    first.start();
    await first.close();
    // Closed before its first width: nothing done, nothing left running.
    expect(await avifReady(stored.id)).toBe(false);
    first.wake();
    await first.idle();
    expect(await avifReady(stored.id)).toBe(false);

    const second = createAvifJobs({ db: database.db, storage: storageOf(mediaDir), log });
    second.start();
    await second.idle();
    expect(await avifReady(stored.id)).toBe(true);
    for (const width of stored.widths) {
      const file = path.join(mediaDir, stored.id, `${width}.avif`);
      const meta = await sharp(file).metadata();
      expect(meta).toMatchObject({ format: "heif", compression: "av1", width });
      expect(existsSync(`${file}.part`)).toBe(false);
    }

    // An upload wakes it up.
    const later = await storeImage(database.db, storageOf(mediaDir), await photo("#664422"));
    second.wake();
    await second.idle();
    expect(await avifReady(later.id)).toBe(true);
    await second.close();
  });

  it("skip an image whose files are gone, with a warning, and go on with the others", async () => {
    await database.db.update(media).set({ avifReady: true });
    const broken = await storeImage(database.db, storageOf(mediaDir), await photo("#112233"));
    await rm(path.join(mediaDir, broken.id), { recursive: true });
    const fine = await storeImage(database.db, storageOf(mediaDir), await photo("#445566"));
    const jobs = createAvifJobs({ db: database.db, storage: storageOf(mediaDir), log });
    jobs.start();
    await jobs.idle();
    await jobs.close();
    expect(await avifReady(fine.id)).toBe(true);
    expect(await avifReady(broken.id)).toBe(false);
    expect(warnings).toEqual(["could not encode AVIF; the image is served as WebP and JPEG"]);
  });

  it("never encode one image twice when two instances' runners share the database and the pictures", async () => {
    await database.db.update(media).set({ avifReady: true });
    const images = [];
    for (const color of ["#aa0000", "#00aa00", "#0000aa", "#aaaa00", "#00aaaa", "#aa00aa"]) {
      images.push(await storeImage(database.db, storageOf(mediaDir), await photo(color)));
    }
    const encoded = new Map<string, number>();
    const byRunner = [0, 0];
    // Each instance has its own connections and its own view of the shared pictures.
    const instance = (runner: number) => {
      const local = storageOf(mediaDir);
      const storage: MediaStorage = {
        ...local,
        async put(key, body) {
          if (key.endsWith(".avif")) {
            encoded.set(key, (encoded.get(key) ?? 0) + 1);
            byRunner[runner]! += 1;
          }
          await local.put(key, body);
        },
      };
      const connection = connectDatabase(database.url, { max: 3 });
      return { jobs: createAvifJobs({ db: connection.db, storage, log }), connection };
    };
    const first = instance(0);
    const second = instance(1);
    try {
      first.jobs.start();
      second.jobs.start();
      await Promise.all([first.jobs.idle(), second.jobs.idle()]);
      // Both are idle once neither finds an image to claim: every image is then done.
      for (const image of images) expect(await avifReady(image.id)).toBe(true);
      const expected = images.flatMap((image) => image.widths.map((width) => `${image.id}/${width}.avif`));
      expect([...encoded.keys()].sort()).toEqual(expected.sort());
      expect([...encoded.values()].every((times) => times === 1)).toBe(true);
      expect(byRunner[0]! + byRunner[1]!).toBe(expected.length);
    } finally {
      await first.jobs.close();
      await second.jobs.close();
      await first.connection.pool.end();
      await second.connection.pool.end();
    }
  });
});
