/**
 * Loads the demo catalogue into a new shop, once: a marker in app_meta remembers it, so
 * a shop whose owner later deletes every demo item does not get them back on restart.
 * Every item and picture it writes is marked `demo`, which is how "Remove demo
 * catalogue" knows them (server/modules/setup/demo-catalogue.service.ts).
 */
import { availableParallelism } from "node:os";
import { eq, inArray, sql } from "drizzle-orm";
import pLimit from "p-limit";
import { CATEGORIES } from "../../../domain/catalog/categories";
import { nairaToKobo } from "../../../domain/money";
import { storeImage, type StoredMedia } from "../../modules/media/media.service";
import { loadSharp } from "../../modules/media/load-sharp";
import type { Database } from "../client";
import { appMeta } from "../schema/app-meta";
import { collections, productImages, productOptionImages, productOptions, products } from "../schema/catalog";
import { media } from "../schema/media";
import { projectImages, projects } from "../schema/projects";
import {
  collectionDescription,
  DEMO_CATALOG,
  demoFurniture,
  FINISH_COLOURS,
  SHOWCASE_FINISHES,
  productDescription,
  projectDescription,
  type DemoCatalog,
  type DemoProduct,
} from "./demo-catalog";
import { productSvg, roomSvg, swatchSvg } from "./demo-images";
import type { MediaStorage } from "../../modules/media/storage/media-storage";

const SEED_LOCK = 4_242_002;
const MARKER = "demo_catalog";

interface Log {
  info(message: string): void;
}

/** `catalog`: the whole demo unless a test loads a part of it. */
export async function seedDemoCatalogOnce(
  db: Database,
  storage: MediaStorage,
  log: Log,
  catalog: DemoCatalog = DEMO_CATALOG,
): Promise<void> {
  await db.transaction(async (tx) => {
    // Instances starting together must not both load it.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [marker] = await tx.select().from(appMeta).where(eq(appMeta.key, MARKER));
    if (marker) return;
    const existing = await tx.$count(products);
    if (existing === 0) {
      const started = Date.now();
      log.info("Loading the demo catalogue (first start only)…");
      await loadDemoCatalog(tx, storage, log, catalog);
      log.info(`Demo catalogue loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    await tx
      .insert(appMeta)
      .values({ key: MARKER, value: { loadedAt: new Date().toISOString(), skipped: existing > 0 } });
  });
}

/** Every finish the demo's pieces come in, once each: one swatch each, shared by the pieces in it. */
const finishNamesOf = (catalog: DemoCatalog) => [
  ...new Set(catalog.products.flatMap((demo, index) => demoFurniture(demo, index).options)),
];

/**
 * The finishes a showcased piece has photos of its own in: all but its first, since the
 * piece's own pictures show it in its first, as its page opens.
 */
const photographedFinishes = (demo: DemoProduct) => Object.keys(SHOWCASE_FINISHES[demo.name] ?? {}).slice(1);

/** The colour a finish is drawn in. */
const colourOf = (name: string) => FINISH_COLOURS[name] ?? "#B8A88F";

/**
 * The pictures the demo draws: a collection's cover, two per piece, three per project, a
 * swatch per finish, and two photos per further finish of each showcased piece.
 */
export function demoPictureCount(catalog: DemoCatalog): number {
  const finishPhotos = catalog.products.reduce((sum, demo) => sum + photographedFinishes(demo).length * 2, 0);
  return (
    catalog.collections.length +
    catalog.products.length * 2 +
    catalog.projects.length * 3 +
    finishNamesOf(catalog).length +
    finishPhotos
  );
}

/** Progress lines while the pictures are drawn: one per quarter, not one per picture. */
const PROGRESS_LINES = 4;

async function loadDemoCatalog(db: Database, storage: MediaStorage, log: Log, catalog: DemoCatalog): Promise<void> {
  // Drawing and encoding the pictures is nearly all the work: one picture per core at a
  // time, every picture in one queue, so no core waits for a slow one to finish.
  const drawing = pLimit(availableParallelism());
  const finishNames = finishNamesOf(catalog);
  const showcased = catalog.products.filter((demo) => SHOWCASE_FINISHES[demo.name]);
  const total = demoPictureCount(catalog);
  const step = Math.ceil(total / PROGRESS_LINES);
  let drawn = 0;
  const store = (svg: string): Promise<StoredMedia> =>
    drawing(async () => {
      const sharp = await loadSharp();
      // The drawings fill their canvas, so their alpha channel says nothing: dropped here,
      // storing each picture takes a third less time (its colour and files are the same).
      const png = await sharp(Buffer.from(svg)).removeAlpha().png({ compressionLevel: 1 }).toBuffer();
      const stored = await storeImage(db, storage, png, { drawing: true });
      drawn += 1;
      if (drawn % step === 0 || drawn === total) log.info(`Loading the demo catalogue: ${drawn}/${total} pictures…`);
      return stored;
    });

  const indexInCategory = (product: DemoProduct) =>
    catalog.products.filter((p) => p.category === product.category).indexOf(product);
  // Interleave categories so the newest page shows a bit of everything.
  const ordered = [...catalog.products].sort(
    (a, b) =>
      indexInCategory(a) - indexInCategory(b) || CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category),
  );
  const [covers, productPictures, projectPictures, swatchList, showcasePhotos] = await Promise.all([
    Promise.all(catalog.collections.map((demo, index) => store(roomSvg("Collection", demo.style, index)))),
    Promise.all(
      ordered.map((demo) => {
        const variant = indexInCategory(demo);
        // A showcased piece is drawn in its first finish, as its page opens.
        const first = SHOWCASE_FINISHES[demo.name] ? Object.keys(SHOWCASE_FINISHES[demo.name]!)[0] : undefined;
        const fabric = first ? colourOf(first) : undefined;
        return Promise.all([
          store(productSvg(demo.category, demo.style, variant, false, fabric)),
          store(productSvg(demo.category, demo.style, variant + 1, true, fabric)),
        ]);
      }),
    ),
    Promise.all(
      catalog.projects.map((demo, index) =>
        Promise.all([
          store(roomSvg(demo.category, demo.style, index)),
          store(roomSvg(demo.category, demo.style, index + 1)),
          store(roomSvg("Collection", demo.style, index + 2)),
        ]),
      ),
    ),
    Promise.all(finishNames.map((name) => store(swatchSvg(name, colourOf(name))))),
    // The showcased pieces in each further finish: the studio shot and the closer one, in its colour.
    Promise.all(
      showcased.map((demo) => {
        const variant = indexInCategory(demo);
        return Promise.all(
          photographedFinishes(demo).map((name) =>
            Promise.all([
              store(productSvg(demo.category, demo.style, variant, false, colourOf(name))),
              store(productSvg(demo.category, demo.style, variant + 1, true, colourOf(name))),
            ]),
          ),
        );
      }),
    ),
  ]);
  const swatches = new Map(finishNames.map((name, index) => [name, swatchList[index]!]));
  const photosOf = new Map(
    showcased.map((demo, index) => [
      demo.name,
      new Map(photographedFinishes(demo).map((name, at) => [name, showcasePhotos[index]![at]!])),
    ]),
  );
  const pictureIds = [
    ...covers,
    ...productPictures.flat(),
    ...projectPictures.flat(),
    ...swatchList,
    ...showcasePhotos.flat(2),
  ].map((picture) => picture.id);
  await db.update(media).set({ demo: true }).where(inArray(media.id, pictureIds));

  const now = Date.now();
  const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000);

  const collectionIds = new Map<string, string>();
  const findProduct = (name: string): DemoProduct => {
    const product = catalog.products.find((p) => p.name === name);
    if (!product) throw new Error(`Demo collection names an unknown product: ${name}`);
    return product;
  };
  for (const [index, demo] of catalog.collections.entries()) {
    const members = demo.products.map(findProduct);
    const sum = members.reduce((total, p) => total + p.price, 0);
    const price = Math.round((sum * 0.92) / 5000) * 5000;
    const [row] = await db
      .insert(collections)
      .values({
        name: demo.name,
        description: collectionDescription(demo),
        items: members.map((p) => p.name).join(", "),
        priceKobo: nairaToKobo(price),
        discountedPriceKobo: demo.promo ? nairaToKobo(discounted(price, demo.promo)) : null,
        isPromo: Boolean(demo.promo),
        isBestSeller: Boolean(demo.bestSeller),
        style: demo.style,
        coverMediaId: covers[index]!.id,
        demo: true,
        createdAt: minutesAgo(index * 45),
      })
      .returning({ id: collections.id });
    for (const name of demo.products) collectionIds.set(name, row!.id);
  }

  for (const [index, demo] of ordered.entries()) {
    const furniture = demoFurniture(demo, index);
    const [row] = await db
      .insert(products)
      .values({
        name: demo.name,
        description: productDescription(demo),
        items: demo.items,
        priceKobo: nairaToKobo(demo.price),
        discountedPriceKobo: demo.promo ? nairaToKobo(discounted(demo.price, demo.promo)) : null,
        isPromo: Boolean(demo.promo),
        isBestSeller: Boolean(demo.bestSeller),
        isForeign: Boolean(demo.origin),
        origin: demo.origin ?? null,
        sold: Boolean(demo.sold),
        category: demo.category,
        style: demo.style,
        make: demo.origin ? null : "Furnish Workshop, Ikeja",
        collectionId: collectionIds.get(demo.name) ?? null,
        widthCm: furniture.dimensions.width,
        depthCm: furniture.dimensions.depth,
        heightCm: furniture.dimensions.height,
        seatHeightCm: furniture.dimensions.seatHeight,
        materials: furniture.materials,
        availabilityKind: furniture.availability.kind,
        weeksFrom: furniture.availability.weeksFrom,
        weeksTo: furniture.availability.weeksTo,
        demo: true,
        createdAt: minutesAgo(index * 11),
      })
      .returning({ id: products.id });
    const pictures = productPictures[index]!;
    await db
      .insert(productImages)
      .values(pictures.map((image, position) => ({ productId: row!.id, mediaId: image.id, position })));
    // Each option shows its finish's swatch, shared by every piece in it; a showcased
    // piece has photos of itself in each finish and dearer finishes.
    if (furniture.options.length) {
      const showcase = SHOWCASE_FINISHES[demo.name];
      const options = await db
        .insert(productOptions)
        .values(
          furniture.options.map((name, position) => ({
            productId: row!.id,
            position,
            name,
            mediaId: swatches.get(name)?.id ?? null,
            priceDifferenceKobo: nairaToKobo(showcase?.[name] ?? 0),
          })),
        )
        .returning({ id: productOptions.id, name: productOptions.name });
      const photos = photosOf.get(demo.name);
      const photoRows = options.flatMap((option) =>
        (photos?.get(option.name) ?? []).map((photo, position) => ({
          optionId: option.id,
          mediaId: photo.id,
          position,
        })),
      );
      if (photoRows.length) await db.insert(productOptionImages).values(photoRows);
    }
  }

  for (const [index, demo] of catalog.projects.entries()) {
    const [row] = await db
      .insert(projects)
      .values({
        title: demo.title,
        location: demo.location,
        category: demo.category,
        priceKobo: nairaToKobo(demo.budget),
        description: projectDescription(demo),
        demo: true,
        createdAt: minutesAgo(index * 90),
      })
      .returning({ id: projects.id });
    await db
      .insert(projectImages)
      .values(projectPictures[index]!.map((image, position) => ({ projectId: row!.id, mediaId: image.id, position })));
  }
}

/** Promo prices end in a round 500 naira, as a shop would set them. */
function discounted(price: number, percent: number): number {
  return Math.round((price * (1 - percent / 100)) / 500) * 500;
}
