/**
 * First checks the whole demo catalogue the e2e server's first start loaded (the loading
 * itself is tested on a part of it in server/db/seed/seed-demo.test.ts: drawing every
 * picture takes half a minute of both cores, which this run spends once). Then adds to it
 * what journeys pin their checks on (tests/support/e2e-fixtures.ts,
 * e2e-browse-fixtures.ts), through the same database and media pipeline the app uses.
 * Everything is older than the demo items, so it comes last in the newest-first lists
 * and the demo's first pages stay as they are. Nothing here waits for the app's background
 * work: the one picture a journey needs in AVIF gets it here.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { test as setup } from "../support/e2e-notices";
import { CATEGORIES } from "../../domain/catalog/categories";
import { PROJECT_CATEGORIES } from "../../domain/catalog/project-categories";
import { STYLES } from "../../domain/catalog/styles";
import { products } from "../../server/db/schema/catalog";
import { media } from "../../server/db/schema/media";
import { listCollections } from "../../server/modules/catalog/collections.service";
import { listProducts } from "../../server/modules/catalog/products.service";
import { listProjects } from "../../server/modules/projects/projects.service";
import { countDemoCatalogue } from "../../server/modules/setup/demo-catalogue.service";
import { insertCollection, insertProduct, insertProject, makeImage } from "../support/catalog-factory";
import { addBrowseShelf, addCollectionShelf } from "../support/e2e-browse-fixtures";
import { addAvif } from "../support/e2e-avif";
import { withE2eDatabase } from "../support/e2e-database";
import { E2E_DATA_DIR, E2E_SECRETS_KEY } from "../support/e2e-env";
import { updatePaymentSettings } from "../../server/modules/payments/payment-settings.service";
import { secretBox } from "../../server/modules/payments/secrets";
import {
  AVIF_PRODUCT,
  GALLERY_PROJECT,
  GLAM_COLLECTION,
  HOSPITALITY_PROJECTS,
  IMAGELESS_PROJECT,
  PINNED_BANK,
  PINNED_COLLECTION,
  PLAIN_PRODUCT,
  PROMO_SOFA,
  SOLD_PRODUCT,
} from "../support/e2e-fixtures";

const mediaDir = path.join(E2E_DATA_DIR, "media");
const longAgo = (day: number) => new Date(Date.UTC(2020, 0, day));

// The demo is checked before anything is added to it.
setup.describe.configure({ mode: "serial" });

setup("the demo catalogue: every category and style, with covers, projects and pictures", async () => {
  await withE2eDatabase(async (db) => {
    const { products: all, total } = await listProducts(db, { page: 1, limit: 100 });
    expect(total).toBeGreaterThanOrEqual(60);
    expect(new Set(all.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(all.map((p) => p.style))).toEqual(new Set(STYLES));
    const promos = all.filter((p) => p.isPromo);
    expect(promos.length).toBeGreaterThan(3);
    for (const p of promos) expect(p.discountedPrice).toBeLessThan(p.price);
    expect(all.some((p) => p.isBestSeller)).toBe(true);
    const foreign = all.filter((p) => p.isForeign);
    expect(foreign.length).toBeGreaterThan(3);
    for (const p of foreign) expect(p.origin).toBeTruthy();
    expect(all.some((p) => p.sold)).toBe(true);
    // Every picture went through the media pipeline: its files are there.
    for (const product of all) {
      expect(product.images.length).toBeGreaterThanOrEqual(1);
      for (const image of product.images) {
        for (const width of image.widths) {
          expect(existsSync(path.join(mediaDir, image.public_id, `${width}.webp`))).toBe(true);
        }
      }
    }

    const { collections, total: collectionCount } = await listCollections(db, { page: 1, limit: 100 });
    expect(collectionCount).toBe(10);
    for (const collection of collections) {
      expect(collection.coverImage).not.toBeNull();
      expect(collection.productIds.length).toBeGreaterThanOrEqual(3);
    }
    const { data, pagination } = await listProjects(db, { page: 1, limit: 100 });
    expect(pagination.totalItems).toBe(12);
    expect(new Set(data.map((p) => p.category))).toEqual(new Set(PROJECT_CATEGORIES));
    for (const project of data) expect(project.images.length).toBe(3);

    // Everything it loaded is marked as the demo's, which is what removing the demo removes.
    expect(await countDemoCatalogue(db)).toEqual({
      products: await db.$count(products),
      collections: 10,
      projects: 12,
      pictures: await db.$count(media),
    });
  });
});

setup("add the pinned catalogue items", async () => {
  await withE2eDatabase(async (db) => {
    const image = (color: string) => makeImage(db, mediaDir, color);

    for (let i = 1; i <= HOSPITALITY_PROJECTS.count; i += 1) {
      await insertProject(db, {
        title: `Archive Hotel ${i}`,
        location: "Victoria Island, Lagos",
        category: HOSPITALITY_PROJECTS.category,
        createdAt: longAgo(i),
        images: [await image(i % 2 ? "#9c7b5b" : "#c9b79c")],
      });
    }
    await insertProject(db, {
      title: GALLERY_PROJECT.title,
      location: "Maitama, Abuja",
      category: GALLERY_PROJECT.category,
      createdAt: longAgo(HOSPITALITY_PROJECTS.count + 1),
      images: await Promise.all(["#8a6f55", "#b7a58c", "#5f6b57"].slice(0, GALLERY_PROJECT.pictures).map(image)),
    });
    await insertProject(db, {
      title: IMAGELESS_PROJECT.title,
      location: "Yaba, Lagos",
      category: IMAGELESS_PROJECT.category,
      createdAt: longAgo(HOSPITALITY_PROJECTS.count + 2),
    });

    await insertCollection(db, {
      name: GLAM_COLLECTION.name,
      style: "Glam",
      createdAt: longAgo(20),
      coverMediaId: (await image("#7d6a8a")).id,
    });
    const corner = await insertCollection(db, {
      name: PINNED_COLLECTION.name,
      style: "Minimalist",
      priceKobo: PINNED_COLLECTION.price * 100,
      createdAt: longAgo(21),
      coverMediaId: (await image("#8c7a62")).id,
    });
    await addCollectionShelf(db, await image("#a08468"));

    await insertProduct(db, {
      name: PROMO_SOFA.name,
      category: "Living Room",
      style: "Modern",
      priceKobo: PROMO_SOFA.price * 100,
      discountedPriceKobo: PROMO_SOFA.discountedPrice * 100,
      isPromo: true,
      createdAt: longAgo(22),
      images: await Promise.all(["#6e5846", "#9a8470"].slice(0, PROMO_SOFA.pictures).map(image)),
    });
    for (const [name, color, createdAt] of [
      [PLAIN_PRODUCT.name, "#7a5c3e", longAgo(23)],
      [PINNED_COLLECTION.lamp, "#c4a77d", longAgo(24)],
    ] as const) {
      await insertProduct(db, {
        name,
        category: "Center Table",
        style: "Minimalist",
        priceKobo: PLAIN_PRODUCT.price * 100,
        collectionId: corner.id,
        createdAt,
        images: [await image(color)],
      });
    }
    await insertProduct(db, {
      name: SOLD_PRODUCT.name,
      category: "Armchair",
      style: "Bespoke",
      sold: true,
      createdAt: longAgo(25),
      images: [await image("#b59a73")],
    });
    // Wide enough to be offered as AVIF: the shop offers a picture under 200 px (a swatch) as WebP only.
    const walnut = await makeImage(db, mediaDir, "#5b4331", { width: 480, height: 360 });
    await addAvif(db, walnut);
    await insertProduct(db, {
      name: AVIF_PRODUCT.name,
      category: "TV Unit",
      style: "Contemporary",
      createdAt: longAgo(26),
      images: [walnut],
    });
    await addBrowseShelf(db, await image("#c2b29a"));
    // The shop takes payments: its bank account, and Paystack in test mode through the stand-in.
    await updatePaymentSettings(db, secretBox(E2E_SECRETS_KEY), {
      bank: PINNED_BANK,
      paystack: { mode: "test", publicKey: "pk_test_e2e", secretKey: "sk_test_e2e" },
    });
  });
});
