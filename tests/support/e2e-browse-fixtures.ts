/**
 * Shelves that the browsing journeys (Load More, Back to the same place) read and nobody
 * changes: plain products, and collections, each at a price of their own, so the list
 * `?minPrice=…&maxPrice=…` holds exactly them, whatever other journeys add meanwhile.
 * Older than the demo catalogue, they come last in the newest-first lists and leave the
 * demo's first pages as they are. Added by tests/e2e/catalogue.setup.ts.
 */
import type { Database } from "../../server/db/client";
import type { StoredMedia } from "../../server/modules/media/media.service";
import { insertCollection, insertProduct } from "./catalog-factory";

export const BROWSE_SHELF = {
  count: 40,
  /** Naira; no other item costs this. */
  price: 123_457,
  name: (n: number) => `Shelf Piece ${String(n).padStart(2, "0")}`,
} as const;

/** The shelf as the shop lists it: newest first, so Shelf Piece 40 leads. */
export const BROWSE_SHELF_PATH = `/shop?minPrice=${BROWSE_SHELF.price}&maxPrice=${BROWSE_SHELF.price}`;

/** Adds the shelf; one small picture serves every piece (no background work per product). */
export async function addBrowseShelf(db: Database, picture: StoredMedia) {
  for (let n = 1; n <= BROWSE_SHELF.count; n += 1) {
    await insertProduct(db, {
      name: BROWSE_SHELF.name(n),
      category: "Carpet",
      style: "Minimalist",
      priceKobo: BROWSE_SHELF.price * 100,
      createdAt: new Date(Date.UTC(2019, 0, 1, 0, n)),
      images: [picture],
    });
  }
}

/** Collections beyond one page of 12 on the shop's Collections tab, and fewer than two. */
export const COLLECTION_SHELF = {
  count: 14,
  /** Naira; no other item costs this. */
  price: 234_567,
  name: (n: number) => `Shelf Set ${String(n).padStart(2, "0")}`,
} as const;

export const COLLECTION_SHELF_PATH = `/shop?view=collections&minPrice=${COLLECTION_SHELF.price}&maxPrice=${COLLECTION_SHELF.price}`;

/** Adds the collection shelf, every set with the same cover. */
export async function addCollectionShelf(db: Database, cover: StoredMedia) {
  for (let n = 1; n <= COLLECTION_SHELF.count; n += 1) {
    await insertCollection(db, {
      name: COLLECTION_SHELF.name(n),
      style: "Bespoke",
      priceKobo: COLLECTION_SHELF.price * 100,
      createdAt: new Date(Date.UTC(2019, 0, 1, 0, n)),
      coverMediaId: cover.id,
    });
  }
}
