/**
 * Catalogue rows for tests, written the way the app writes them (images through the
 * real media pipeline). Each row is a minute newer than the one before, so "newest
 * first" is predictable.
 */
import sharp from "sharp";
import type { Database } from "../../server/db/client";
import { collections, productImages, products } from "../../server/db/schema/catalog";
import { projectImages, projects } from "../../server/db/schema/projects";
import { storeImage, type StoredMedia } from "../../server/modules/media/media.service";
import { createLocalStorage } from "../../server/modules/media/storage/local-storage";
import type { MediaStorage } from "../../server/modules/media/storage/media-storage";

/** A folder stands for the local storage in it. */
export const storageOf = (media: MediaStorage | string) =>
  typeof media === "string" ? createLocalStorage(media) : media;

let clock = Date.UTC(2026, 0, 1);
const nextCreatedAt = () => new Date((clock += 60_000));

export async function makeImage(
  db: Database,
  media: MediaStorage | string,
  color = "#b08b5e",
  { width = 64, height = 48 } = {},
): Promise<StoredMedia> {
  const png = await sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
  return storeImage(db, storageOf(media), png);
}

type ProductInput = Partial<typeof products.$inferInsert> & { images?: StoredMedia[] };

export async function insertProduct(db: Database, { images = [], ...input }: ProductInput = {}) {
  const [row] = await db
    .insert(products)
    .values({
      name: "Test Sofa",
      description: "<p>Made by hand in our workshop.</p>",
      items: "1 piece",
      priceKobo: 500_000_00,
      category: "Living Room",
      style: "Modern",
      createdAt: nextCreatedAt(),
      ...input,
    })
    .returning();
  if (images.length) {
    await db
      .insert(productImages)
      .values(images.map((image, position) => ({ productId: row!.id, mediaId: image.id, position })));
  }
  return row!;
}

export async function insertCollection(db: Database, input: Partial<typeof collections.$inferInsert> = {}) {
  const [row] = await db
    .insert(collections)
    .values({
      name: "Test Collection",
      description: "<p>A test collection.</p>",
      priceKobo: 1_000_000_00,
      style: "Modern",
      createdAt: nextCreatedAt(),
      ...input,
    })
    .returning();
  return row!;
}

type ProjectInput = Partial<typeof projects.$inferInsert> & { images?: StoredMedia[] };

export async function insertProject(db: Database, { images = [], ...input }: ProjectInput = {}) {
  const [row] = await db
    .insert(projects)
    .values({
      title: "Test Residence",
      location: "Lekki, Lagos",
      priceKobo: 10_000_000_00,
      description: "<p>Full furnishing.</p>",
      category: "Residential",
      createdAt: nextCreatedAt(),
      ...input,
    })
    .returning();
  if (images.length) {
    await db
      .insert(projectImages)
      .values(images.map((image, position) => ({ projectId: row!.id, mediaId: image.id, position })));
  }
  return row!;
}
