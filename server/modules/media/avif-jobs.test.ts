import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/test-database";
import { media } from "../../db/schema/media";
import { createAvifJobs } from "./avif-jobs";
import { storeImage } from "./media.service";

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
    const stored = await storeImage(database.db, mediaDir, await photo("#224466"));
    const first = createAvifJobs({ db: database.db, mediaDir, log });
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

    const second = createAvifJobs({ db: database.db, mediaDir, log });
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
    const later = await storeImage(database.db, mediaDir, await photo("#664422"));
    second.wake();
    await second.idle();
    expect(await avifReady(later.id)).toBe(true);
    await second.close();
  });

  it("skip an image whose files are gone, with a warning, and go on with the others", async () => {
    await database.db.update(media).set({ avifReady: true });
    const broken = await storeImage(database.db, mediaDir, await photo("#112233"));
    await rm(path.join(mediaDir, broken.id), { recursive: true });
    const fine = await storeImage(database.db, mediaDir, await photo("#445566"));
    const jobs = createAvifJobs({ db: database.db, mediaDir, log });
    jobs.start();
    await jobs.idle();
    await jobs.close();
    expect(await avifReady(fine.id)).toBe(true);
    expect(await avifReady(broken.id)).toBe(false);
    expect(warnings).toEqual(["could not encode AVIF; the image is served as WebP and JPEG"]);
  });
});
