/**
 * The migration that marks the demo catalogue of shops that loaded it before items were
 * marked: it finds exactly the rows the demo's load wrote and nobody changed since.
 */
import { readFile } from "node:fs/promises";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct, makeImage } from "../../tests/support/catalog-factory";
import { SMALL_DEMO, SMALL_DEMO_PICTURES, seedSmallDemo } from "../../tests/support/small-demo";
import { useTestDatabase } from "../../tests/support/test-database";
import { appMeta } from "./schema/app-meta";
import { collections, products } from "./schema/catalog";
import { media } from "./schema/media";
import { projects } from "./schema/projects";

const database = useTestDatabase();
let mediaDir: string;

/** The migration's data steps (its column additions are in the template already). */
const markDemoRows = async () => {
  const text = await readFile(new URL("./migrations/0007_demo_catalogue_marks.sql", import.meta.url), "utf8");
  for (const statement of text.split("--> statement-breakpoint").filter((s) => /\bUPDATE\b/.test(s))) {
    await database.pool.query(statement);
  }
};

/** As a shop looked before the marks: every row unmarked. */
const forgetMarks = async () => {
  for (const table of [products, collections, projects, media]) {
    // Straight SQL: the app's update would also move updated_at.
    await database.db.execute(sql`update ${table} set demo = false`);
  }
};

const marked = async () => ({
  products: (await database.db.select({ name: products.name }).from(products).where(eq(products.demo, true)))
    .map((row) => row.name)
    .sort(),
  collections: await database.db.$count(collections, eq(collections.demo, true)),
  projects: await database.db.$count(projects, eq(projects.demo, true)),
  pictures: await database.db.$count(media, eq(media.demo, true)),
});

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), "furnish-demo-marks-"));
  await seedSmallDemo(database.db, mediaDir);
});

afterAll(async () => {
  await rm(mediaDir, { recursive: true, force: true });
});

describe("the demo catalogue marks migration", () => {
  it("marks what the demo's load wrote, as the seed marks it", async () => {
    const seeded = await marked();
    expect(seeded.products).toHaveLength(SMALL_DEMO.products.length);
    expect(seeded.pictures).toBe(SMALL_DEMO_PICTURES);
    await forgetMarks();
    await markDemoRows();
    expect(await marked()).toEqual(seeded);
  });

  it("leaves the owner's items alone, a demo item they changed and one they named like a demo item", async () => {
    await forgetMarks();
    const [edited, ...untouched] = SMALL_DEMO.products.map((product) => product.name);
    // Saved by the owner since (the app's update moves updated_at).
    await database.db.update(products).set({ sold: true }).where(eq(products.name, edited!));
    await insertProduct(database.db, {
      name: untouched[0]!,
      createdAt: new Date(Date.UTC(2020, 0, 1)),
      images: [await makeImage(database.db, mediaDir)],
    });
    await insertProduct(database.db, { name: "Owner's Own Stool" });
    await markDemoRows();
    const after = await marked();
    expect(after.products).toEqual([...untouched].sort());
    expect(after).toMatchObject({ collections: 1, projects: 1, pictures: SMALL_DEMO_PICTURES });
  });

  it("marks nothing in a shop that skipped the demo", async () => {
    await forgetMarks();
    const [marker] = await database.db.select().from(appMeta).where(eq(appMeta.key, "demo_catalog"));
    await database.db.execute(
      sql`update app_meta set value = ${JSON.stringify({ ...(marker!.value as object), skipped: true })}::jsonb where key = 'demo_catalog'`,
    );
    await markDemoRows();
    expect(await marked()).toEqual({ products: [], collections: 0, projects: 0, pictures: 0 });
  });
});
