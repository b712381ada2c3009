/**
 * Adds to the demo catalogue what journeys pin their checks on (tests/support/e2e-fixtures.ts),
 * through the same database and media pipeline the app uses: projects and collections
 * beyond a first page, a promotional sofa, a Glam collection, a sold product, a project
 * without pictures and one with several. Everything but the gallery project is
 * older than the demo items, so it comes last in the newest-first lists and the demo's
 * first pages stay as they are.
 */
import path from "node:path";
import { test as setup } from "@playwright/test";
import { connectDatabase } from "../../server/db/client";
import { findRunningEmbeddedPostgres } from "../../server/db/embedded-postgres";
import { insertCollection, insertProduct, insertProject, makeImage } from "../support/catalog-factory";
import { addBrowseShelf } from "../support/e2e-browse-fixtures";
import { E2E_DATA_DIR } from "../support/e2e-env";
import {
  EXTRA_COLLECTIONS,
  EXTRA_PROJECTS,
  GALLERY_PROJECT,
  GLAM_COLLECTION,
  IMAGELESS_PROJECT,
  PROMO_SOFA,
  SOLD_PRODUCT,
} from "../support/e2e-fixtures";

const longAgo = (day: number) => new Date(Date.UTC(2020, 0, day));

setup("add the pinned catalogue items", async () => {
  const url = await findRunningEmbeddedPostgres(E2E_DATA_DIR, "furnish");
  if (!url) throw new Error(`No running e2e database in ${E2E_DATA_DIR}`);
  const connection = connectDatabase(url);
  const { db } = connection;
  const mediaDir = path.join(E2E_DATA_DIR, "media");
  const image = (color: string) => makeImage(db, mediaDir, color);
  try {
    for (let i = 1; i <= EXTRA_PROJECTS; i += 1) {
      await insertProject(db, {
        title: `Archive Residence ${i}`,
        location: "Ikoyi, Lagos",
        category: "Residential",
        createdAt: longAgo(i),
        images: [await image(i % 2 ? "#9c7b5b" : "#c9b79c")],
      });
    }
    await insertProject(db, {
      title: GALLERY_PROJECT.title,
      location: "Maitama, Abuja",
      category: "Residential",
      // Among the demo projects, so it is on the list's first page.
      createdAt: new Date(Date.now() - 100 * 60_000),
      images: await Promise.all(["#8a6f55", "#b7a58c", "#5f6b57"].slice(0, GALLERY_PROJECT.pictures).map(image)),
    });
    await insertProject(db, {
      title: IMAGELESS_PROJECT.title,
      location: "Yaba, Lagos",
      category: IMAGELESS_PROJECT.category,
      createdAt: longAgo(EXTRA_PROJECTS + 1),
    });

    for (let i = 1; i <= EXTRA_COLLECTIONS; i += 1) {
      await insertCollection(db, {
        name: `Archive Collection ${i}`,
        style: "Bespoke",
        createdAt: longAgo(i),
        coverMediaId: (await image("#a08468")).id,
      });
    }
    await insertCollection(db, {
      name: GLAM_COLLECTION.name,
      style: "Glam",
      createdAt: longAgo(20),
      coverMediaId: (await image("#7d6a8a")).id,
    });

    await insertProduct(db, {
      name: PROMO_SOFA.name,
      category: "Living Room",
      style: "Modern",
      priceKobo: PROMO_SOFA.price * 100,
      discountedPriceKobo: PROMO_SOFA.discountedPrice * 100,
      isPromo: true,
      createdAt: longAgo(21),
      images: [await image("#6e5846")],
    });
    await insertProduct(db, {
      name: SOLD_PRODUCT.name,
      category: "Armchair",
      style: "Bespoke",
      sold: true,
      createdAt: longAgo(22),
      images: [await image("#b59a73")],
    });
    await addBrowseShelf(db, await image("#c2b29a"));
  } finally {
    await connection.pool.end();
  }
});
