/**
 * A small part of the demo catalogue, loaded the way the whole demo is (seed-demo.ts, which
 * marks every item and picture as the demo's): one collection with its products and one
 * project, a dozen pictures: a few seconds' drawing instead of the whole demo's 45.
 */
import type { Database } from "../../server/db/client";
import { DEMO_COLLECTIONS, DEMO_PRODUCTS, DEMO_PROJECTS, type DemoCatalog } from "../../server/db/seed/demo-catalog";
import { demoPictureCount, seedDemoCatalogOnce } from "../../server/db/seed/seed-demo";
import type { MediaStorage } from "../../server/modules/media/storage/media-storage";
import { storageOf } from "./catalog-factory";

const collection = DEMO_COLLECTIONS[0]!;

export const SMALL_DEMO: DemoCatalog = {
  products: DEMO_PRODUCTS.filter((product) => collection.products.includes(product.name)),
  collections: [collection],
  projects: [DEMO_PROJECTS[0]!],
};

/** The pictures the small demo draws: a cover, two for each product, three for the project, its finishes' swatches and photos. */
export const SMALL_DEMO_PICTURES = demoPictureCount(SMALL_DEMO);

export function seedSmallDemo(db: Database, media: MediaStorage | string): Promise<void> {
  return seedDemoCatalogOnce(db, storageOf(media), { info: () => {} }, SMALL_DEMO);
}
