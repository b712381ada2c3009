/**
 * The catalogue as one spreadsheet (docs/catalogue-csv.md): every collection, then every
 * product, oldest first, in the columns of domain/catalog/catalog-csv.ts. UTF-8 with a
 * byte order mark, so Excel reads naira signs and accents as they are. Pictures are
 * absolute addresses of the widest stored WebP, so another shop (or this one, again)
 * can fetch them; this shop recognises its own and reuses them.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { asc, inArray, sql } from "drizzle-orm";
import { CSV_COLUMNS, type CsvRecord } from "../../../domain/catalog/catalog-csv";
import { mediaUrl } from "../../../domain/media";
import { koboToNaira } from "../../../domain/money";
import type { Database } from "../../db/client";
import { collections, productImages, productOptionImages, productOptions, products } from "../../db/schema/catalog";
import { media } from "../../db/schema/media";
import { writeCsv } from "../../write-csv";
import { breather } from "./csv-read";

export const BOM = "\uFEFF";

const yesNo = (value: boolean) => (value ? "yes" : "no");
const text = (value: string | null | undefined) => value ?? "";
const naira = (kobo: number | null) => (kobo === null ? "" : String(koboToNaira(kobo)));
const whole = (value: number | null) => (value === null ? "" : String(value));

interface Which {
  /** Only these (an import reads the stored rows it updates); all when left out. */
  productIds?: readonly string[];
  collectionIds?: readonly string[];
}

/** Picture addresses by media id: the widest WebP kept, on the shop's public address. */
async function pictureUrls(db: Database, publicUrl: string, ids: readonly string[]): Promise<Map<string, string>> {
  const urls = new Map<string, string>();
  const unique = [...new Set(ids)];
  for (let start = 0; start < unique.length; start += 5000) {
    const rows = await db
      .select({ id: media.id, widths: media.widths })
      .from(media)
      .where(inArray(media.id, unique.slice(start, start + 5000)));
    for (const row of rows) urls.set(row.id, `${publicUrl}${mediaUrl(row.id, Math.max(...row.widths), "webp")}`);
  }
  return urls;
}

/** Rows by id, in chunks (a query's parameters are limited). */
async function inChunks<T>(ids: readonly string[] | undefined, read: (ids?: string[]) => Promise<T[]>): Promise<T[]> {
  if (ids === undefined) return read();
  const rows: T[] = [];
  for (let start = 0; start < ids.length; start += 5000) rows.push(...(await read(ids.slice(start, start + 5000))));
  return rows;
}

/** The catalogue's rows as the spreadsheet holds them: collections first, each by id. */
export async function readCatalogueRecords(
  db: Database,
  publicUrl: string,
  which: Which = {},
): Promise<{ collections: Map<string, CsvRecord>; products: Map<string, CsvRecord> }> {
  const collectionRows = await inChunks(which.productIds && !which.collectionIds ? [] : which.collectionIds, (ids) =>
    db
      .select()
      .from(collections)
      .where(ids ? inArray(collections.id, ids) : undefined)
      .orderBy(asc(collections.createdAt), asc(collections.id)),
  );
  const productRows = await inChunks(which.collectionIds && !which.productIds ? [] : which.productIds, (ids) =>
    db
      .select()
      .from(products)
      .where(ids ? inArray(products.id, ids) : undefined)
      .orderBy(asc(products.createdAt), asc(products.id)),
  );
  const productIds = productRows.map((row) => row.id);
  const images = await inChunks(productIds, (ids) =>
    db
      .select()
      .from(productImages)
      .where(inArray(productImages.productId, ids!))
      .orderBy(asc(productImages.productId), asc(productImages.position)),
  );
  const options = await inChunks(productIds, (ids) =>
    db
      .select()
      .from(productOptions)
      .where(inArray(productOptions.productId, ids!))
      .orderBy(asc(productOptions.productId), asc(productOptions.position)),
  );
  // Every collection's handle and its products' handles, whatever was asked for: a
  // product names its collection, a collection lists its products.
  const allCollections = await db.select({ id: collections.id, handle: collections.handle }).from(collections);
  const handleOfCollection = new Map(allCollections.map((row) => [row.id, row.handle]));
  const members = new Map<string, string[]>();
  if (collectionRows.length) {
    const memberRows = await db
      .select({ handle: products.handle, collectionId: products.collectionId })
      .from(products)
      .where(sql`${products.collectionId} is not null`)
      .orderBy(asc(products.createdAt), asc(products.id));
    for (const row of memberRows)
      members.set(row.collectionId!, [...(members.get(row.collectionId!) ?? []), row.handle]);
  }
  const photos = await inChunks(
    options.map((row) => row.id),
    (ids) =>
      db
        .select()
        .from(productOptionImages)
        .where(inArray(productOptionImages.optionId, ids!))
        .orderBy(asc(productOptionImages.optionId), asc(productOptionImages.position)),
  );
  const urls = await pictureUrls(db, publicUrl, [
    ...images.map((row) => row.mediaId),
    ...options.flatMap((row) => (row.mediaId ? [row.mediaId] : [])),
    ...photos.map((row) => row.mediaId),
    ...collectionRows.flatMap((row) => (row.coverMediaId ? [row.coverMediaId] : [])),
  ]);
  const imagesOf = new Map<string, string[]>();
  for (const row of images) {
    const url = urls.get(row.mediaId);
    if (url) imagesOf.set(row.productId, [...(imagesOf.get(row.productId) ?? []), url]);
  }
  const photosOf = new Map<string, string[]>();
  for (const row of photos) {
    const url = urls.get(row.mediaId);
    if (url) photosOf.set(row.optionId, [...(photosOf.get(row.optionId) ?? []), url]);
  }
  const optionsOf = new Map<string, { name: string; image: string; price: string; pictures: string }[]>();
  for (const row of options) {
    const option = {
      name: row.name,
      image: (row.mediaId && urls.get(row.mediaId)) || "",
      // Blank for a finish at the product's own price.
      price: row.priceDifferenceKobo ? naira(row.priceDifferenceKobo) : "",
      pictures: (photosOf.get(row.id) ?? []).join(" | "),
    };
    optionsOf.set(row.productId, [...(optionsOf.get(row.productId) ?? []), option]);
  }

  const blankRecord = () => Object.fromEntries(CSV_COLUMNS.map((column) => [column, ""])) as CsvRecord;
  const shared = (row: (typeof collectionRows)[number] | (typeof productRows)[number]): CsvRecord => ({
    ...blankRecord(),
    id: row.id,
    handle: row.handle,
    name: text(row.name),
    description: text(row.description),
    items: text(row.items),
    price: naira(row.priceKobo),
    discountedPrice: naira(row.discountedPriceKobo),
    isPromo: yesNo(row.isPromo),
    isBestSeller: yesNo(row.isBestSeller),
    isForeign: yesNo(row.isForeign),
    origin: text(row.origin),
    style: row.style,
    status: row.status,
    materials: text(row.materials),
    availability: row.availabilityKind,
    weeksFrom: whole(row.weeksFrom),
    weeksTo: whole(row.weeksTo),
  });

  const pause = breather();
  const collectionRecords = new Map<string, CsvRecord>();
  for (const row of collectionRows) {
    await pause();
    collectionRecords.set(row.id, {
      ...shared(row),
      type: "collection",
      pictures: (row.coverMediaId && urls.get(row.coverMediaId)) || "",
      products: (members.get(row.id) ?? []).join(" | "),
    });
  }
  const productRecords = new Map<string, CsvRecord>();
  for (const row of productRows) {
    await pause();
    const record: CsvRecord = {
      ...shared(row),
      type: "product",
      sold: yesNo(row.sold),
      category: row.category,
      make: text(row.make),
      model: text(row.model),
      collection: row.collectionId ? (handleOfCollection.get(row.collectionId) ?? "") : "",
      width: whole(row.widthCm),
      depth: whole(row.depthCm),
      height: whole(row.heightCm),
      seatHeight: whole(row.seatHeightCm),
      pictures: (imagesOf.get(row.id) ?? []).join(" | "),
    };
    (optionsOf.get(row.id) ?? []).forEach((option, index) => {
      record[`option${index + 1}_name`] = text(option.name);
      record[`option${index + 1}_image`] = option.image;
      record[`option${index + 1}_price`] = option.price;
      record[`option${index + 1}_pictures`] = option.pictures;
    });
    productRecords.set(row.id, record);
  }
  return { collections: collectionRecords, products: productRecords };
}

/** Rows written as CSV between turns of the event loop. */
const EXPORT_SLICE = 200;

/**
 * The whole catalogue as CSV text, BOM first. Written a slice of rows at a time, giving
 * the event loop a turn between slices: ten thousand products are megabytes of text, and
 * shoppers' requests are answered meanwhile.
 */
export async function exportCatalogueCsv(db: Database, publicUrl: string): Promise<string> {
  const records = await readCatalogueRecords(db, publicUrl);
  const rows = [...records.collections.values(), ...records.products.values()];
  const parts = [BOM, writeCsv([], { header: true, columns: CSV_COLUMNS })];
  for (let start = 0; start < rows.length; start += EXPORT_SLICE) {
    parts.push(writeCsv(rows.slice(start, start + EXPORT_SLICE), { columns: CSV_COLUMNS }));
    await nextTurn();
  }
  return parts.join("");
}
