import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct, storageOf } from "../../../tests/support/catalog-factory";
import { SMALL_DEMO, SMALL_DEMO_PICTURES, seedSmallDemo } from "../../../tests/support/small-demo";
import { createTestDatabase, useTestDatabase } from "../../../tests/support/test-database";
import { listProducts } from "../../modules/catalog/products.service";
import { countDemoCatalogue } from "../../modules/setup/demo-catalogue.service";
import { products } from "../schema/catalog";
import { media } from "../schema/media";
import { seedDemoCatalogOnce } from "./seed-demo";

const database = useTestDatabase();
let mediaDir: string;
const firstLoad: string[] = [];

// A part of the demo (one collection, its products, a project), loaded as the whole is:
// drawing every picture of the whole takes half a minute of both cores, and the e2e
// server's first start does it anyway; tests/e2e/catalogue.setup.ts checks the whole there.
beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), "furnish-seed-"));
  await seedDemoCatalogOnce(
    database.db,
    storageOf(mediaDir),
    { info: (message) => firstLoad.push(message) },
    SMALL_DEMO,
  );
}, 120_000);

afterAll(async () => {
  await rm(mediaDir, { recursive: true, force: true });
});

describe("loading the demo catalogue", () => {
  it("tells its progress while it loads, in a handful of lines", async () => {
    // Every picture it drew is in the media table.
    const total = await database.db.$count(media);
    expect(total).toBe(SMALL_DEMO_PICTURES);
    expect(firstLoad[0]).toBe("Loading the demo catalogue (first start only)…");
    const progress = firstLoad.slice(1, -1);
    expect(progress.length).toBeLessThanOrEqual(5);
    const counts = progress.map((line) =>
      Number(/^Loading the demo catalogue: (\d+)\/(\d+) pictures…$/.exec(line)?.[1]),
    );
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts.at(-1)).toBe(total);
    expect(progress.at(-1)).toBe(`Loading the demo catalogue: ${total}/${total} pictures…`);
    expect(firstLoad.at(-1)).toMatch(/^Demo catalogue loaded in \d+\.\d s$/);
  });

  it("stores every picture through the media pipeline, files included", async () => {
    const { products: all } = await listProducts(database.db, { page: 1, limit: 100 });
    for (const product of all) {
      expect(product.images.length).toBeGreaterThanOrEqual(1);
      for (const image of product.images) {
        for (const width of image.widths) {
          expect(existsSync(path.join(mediaDir, image.public_id, `${width}.webp`))).toBe(true);
        }
        expect(existsSync(path.join(mediaDir, image.url.replace("/media/", "")))).toBe(true);
      }
    }
  });

  it("marks every item and picture it loads as the demo's, which is what removing the demo removes", async () => {
    expect(await countDemoCatalogue(database.db)).toEqual({
      products: SMALL_DEMO.products.length,
      collections: 1,
      projects: 1,
      pictures: await database.db.$count(media),
    });
  });

  it("loads only once, even after the owner deletes the demo products", async () => {
    const before = await database.db.$count(products);
    await seedSmallDemo(database.db, mediaDir);
    expect(await database.db.$count(products)).toBe(before);

    await database.db.delete(products);
    await seedSmallDemo(database.db, mediaDir);
    expect(await database.db.$count(products)).toBe(0);
  });

  it("leaves a shop that already has products alone", async () => {
    const other = await createTestDatabase();
    await insertProduct(other.db, { name: "The owner's own sofa" });
    await seedSmallDemo(other.db, mediaDir);
    expect(await other.db.$count(products)).toBe(1);
    await other.close();
  });
});
