import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/test-database";
import { media } from "../../db/schema/media";
import { InvalidImageError, storeImage } from "./media.service";
import { storageOf } from "../../../tests/support/catalog-factory";

const database = useTestDatabase();
let mediaDir: string;

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), "furnish-media-"));
});

afterAll(async () => {
  await rm(mediaDir, { recursive: true, force: true });
});

async function photo(width: number, height: number, options: { orientation?: number; format?: "jpeg" | "png" } = {}) {
  const image = sharp({ create: { width, height, channels: 3, background: "#8a4f33" } });
  if (options.format === "png") return image.png().toBuffer();
  return image
    .withMetadata({
      orientation: options.orientation ?? 1,
      exif: { IFD0: { Artist: "Secret Person", Copyright: "GPS here" } },
    })
    .jpeg()
    .toBuffer();
}

describe("storeImage", () => {
  it("stores WebP at each width and one JPEG, and records the image", async () => {
    const stored = await storeImage(database.db, storageOf(mediaDir), await photo(2400, 1600));
    expect(stored).toMatchObject({ width: 1600, height: 1067, widths: [320, 480, 640, 800, 1024, 1600] });
    const files = (await readdir(path.join(mediaDir, stored.id))).sort();
    expect(files).toEqual(["1024.jpg", "1024.webp", "1600.webp", "320.webp", "480.webp", "640.webp", "800.webp"]);
    for (const width of stored.widths) {
      const meta = await sharp(path.join(mediaDir, stored.id, `${width}.webp`)).metadata();
      expect(meta.width).toBe(width);
    }
    const [row] = await database.db.select().from(media).where(eq(media.id, stored.id));
    expect(row).toMatchObject({
      width: 1600,
      height: 1067,
      widths: [320, 480, 640, 800, 1024, 1600],
      avifReady: false,
    });
  });

  it("drops the camera's metadata", async () => {
    const stored = await storeImage(database.db, storageOf(mediaDir), await photo(800, 600));
    const jpeg = await readFile(path.join(mediaDir, stored.id, "800.jpg"));
    expect((await sharp(jpeg).metadata()).exif).toBeUndefined();
    expect(jpeg.includes(Buffer.from("Secret Person"))).toBe(false);
  });

  it("turns a photo upright by its EXIF orientation", async () => {
    // Orientation 6: stored landscape, shown rotated 90° into portrait.
    const stored = await storeImage(database.db, storageOf(mediaDir), await photo(800, 600, { orientation: 6 }));
    expect(stored).toMatchObject({ width: 600, height: 800 });
  });

  it("accepts PNG and keeps small images at their own width", async () => {
    const stored = await storeImage(database.db, storageOf(mediaDir), await photo(200, 100, { format: "png" }));
    expect(stored.widths).toEqual([200]);
  });

  it("refuses bytes that are not an image, whatever they claim to be", async () => {
    const fake = Buffer.concat([Buffer.from("\x89PNG\r\n\x1a\n"), Buffer.from("just some text")]);
    await expect(storeImage(database.db, storageOf(mediaDir), fake)).rejects.toThrow(InvalidImageError);
    await expect(
      storeImage(database.db, storageOf(mediaDir), Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>")),
    ).rejects.toThrow("Failed to read image file.");
    const before = await database.db.$count(media);
    await expect(storeImage(database.db, storageOf(mediaDir), Buffer.from("hello"))).rejects.toThrow(InvalidImageError);
    expect(await database.db.$count(media)).toBe(before);
  });
});
