import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORIES } from "../../../domain/catalog/categories";
import { PROJECT_CATEGORIES } from "../../../domain/catalog/project-categories";
import { STYLES } from "../../../domain/catalog/styles";
import { insertProduct, storageOf } from "../../../tests/support/catalog-factory";
import { createTestDatabase, useTestDatabase } from "../../../tests/support/test-database";
import { listCollections } from "../../modules/catalog/collections.service";
import { listProducts } from "../../modules/catalog/products.service";
import { listProjects } from "../../modules/projects/projects.service";
import { countDemoCatalogue } from "../../modules/setup/demo-catalogue.service";
import { products } from "../schema/catalog";
import { media } from "../schema/media";
import { seedDemoCatalogOnce } from "./seed-demo";

const database = useTestDatabase();
let mediaDir: string;
const quiet = { info: () => {} };
const firstLoad: string[] = [];

// Drawing and encoding every demo picture takes about 30 s of both cores here; a
// machine busy with other test files can take three times that.
beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), "furnish-seed-"));
  await seedDemoCatalogOnce(database.db, storageOf(mediaDir), { info: (message) => firstLoad.push(message) });
}, 360_000);

afterAll(async () => {
  await rm(mediaDir, { recursive: true, force: true });
});

describe("the demo catalogue", () => {
  it("tells its progress while it loads, in a handful of lines", async () => {
    // Every picture it drew is in the media table.
    const total = await database.db.$count(media);
    expect(total).toBeGreaterThan(100);
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

  it("has at least 60 products across every category and style, with promos, best sellers, imports and sold pieces", async () => {
    const { products: all, total } = await listProducts(database.db, { page: 1, limit: 100 });
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

  it("has 10 collections with covers and products, and 12 projects in every category", async () => {
    const { collections, total } = await listCollections(database.db, { page: 1, limit: 100 });
    expect(total).toBe(10);
    for (const collection of collections) {
      expect(collection.coverImage).not.toBeNull();
      expect(collection.productIds.length).toBeGreaterThanOrEqual(3);
    }
    const { data, pagination } = await listProjects(database.db, { page: 1, limit: 100 });
    expect(pagination.totalItems).toBe(12);
    expect(new Set(data.map((p) => p.category))).toEqual(new Set(PROJECT_CATEGORIES));
    for (const project of data) expect(project.images.length).toBe(3);
  });

  it("marks every item and picture it loads as the demo's, which is what removing the demo removes", async () => {
    expect(await countDemoCatalogue(database.db)).toEqual({
      products: await database.db.$count(products),
      collections: 10,
      projects: 12,
      pictures: await database.db.$count(media),
    });
  });

  it("loads only once, even after the owner deletes the demo products", async () => {
    const before = await database.db.$count(products);
    await seedDemoCatalogOnce(database.db, storageOf(mediaDir), quiet);
    expect(await database.db.$count(products)).toBe(before);

    await database.db.delete(products);
    await seedDemoCatalogOnce(database.db, storageOf(mediaDir), quiet);
    expect(await database.db.$count(products)).toBe(0);
  });

  it("leaves a shop that already has products alone", async () => {
    const other = await createTestDatabase();
    await insertProduct(other.db, { name: "The owner's own sofa" });
    await seedDemoCatalogOnce(other.db, storageOf(mediaDir), quiet);
    expect(await other.db.$count(products)).toBe(1);
    await other.close();
  });
});
