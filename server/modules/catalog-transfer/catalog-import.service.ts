/**
 * Importing the catalogue's spreadsheet (docs/catalogue-csv.md; docs/product.md,
 * Catalogue import and export). All or nothing:
 *
 * 1. every row is read and checked by its form's schema (products with
 *    ProductInputSchema, collections with CollectionInputSchema), matched to the item it
 *    updates by id or handle, and its collection or products looked up, in the file or
 *    the shop; each refusal is reported with its row and column;
 * 2. every picture is fetched (web addresses, safely: picture-fetch.ts), taken from the
 *    ZIP, or recognised as one of this shop's own and reused; one that cannot be read is
 *    a refusal of the rows naming it;
 * 3. each row that updates an item is compared with the item as stored, value by value
 *    (kobo, trimmed text, sanitised HTML, media ids): only new items and items whose
 *    values change are written and counted; the others are reported unchanged;
 * 4. only when nothing was refused, and this is not a dry run, everything is written in
 *    ONE transaction. The per-item services (products-admin.service.ts) each run their own
 *    transaction per item, so this module writes the rows itself, with the same row
 *    shapes, sanitised descriptions and option rules, as set statements over the batch.
 *
 * New pictures are stored before the transaction, as the forms' saves do (re-encoding
 * takes seconds and no row should be locked meanwhile), and removed again if the import
 * stops short; the pictures the updated items no longer show are removed after it
 * commits, unless something else shows them.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { randomUUID } from "node:crypto";
import { asc, eq, inArray } from "drizzle-orm";
import {
  checkCollectionInput,
  checkProductInput,
  CSV_COLUMNS,
  CSV_MESSAGES,
  isHandle,
  MAX_IMPORT_ROWS,
  readRow,
  rowType,
  type CollectionRowFields,
  type CsvRecord,
  type ImportReport,
  type ProductRowFields,
  type RowType,
  type ImportPhase,
} from "../../../domain/catalog/catalog-csv";
import type { CatalogChange } from "../../../domain/catalog/catalog.types";
import { COLLECTION_MESSAGES } from "../../../domain/catalog/collection-input.schema";
import { FURNITURE_MESSAGES } from "../../../domain/catalog/furniture-input.schema";
import { PRODUCT_MESSAGES } from "../../../domain/catalog/product-input.schema";
import { isUuidText } from "../../../domain/ids.schema";
import { koboToNaira, nairaToKobo } from "../../../domain/money";
import type { Database } from "../../db/client";
import { collections, productImages, productOptionImages, productOptions, products } from "../../db/schema/catalog";
import { media } from "../../db/schema/media";
import { Refusal } from "../../../domain/refusal";
import { safeDescription } from "../catalog/admin-writes";
import { sanitizeRichTextForSaving } from "../catalog/rich-text";
import { MAX_PIXELS_PER_SAVE, tooManyPixels } from "../media/image-uploads.service";
import { MAX_IMAGE_PIXELS } from "../media/image-encoding";
import { deleteUnusedMedia, InvalidImageError, readImageHeader, storeImage } from "../media/media.service";
import type { StatusChange } from "../catalog/catalog-changes.service";
import { readCatalogueRecords } from "./catalog-export.service";
import { breather, readCsv, Refusals } from "./csv-read";
import { fetchPicture, PictureFetchError } from "./picture-fetch";
import { openPictureZip, type PictureZip } from "./picture-zip";
import type { MediaStorage } from "../media/storage/media-storage";

/** What an import needs. */
export interface TransferDeps {
  db: Database;
  storage: MediaStorage;
  /**
   * Told of every item written, after the commit (catalog-changes.service.ts). The
   * command line has none: a running shop's cache hears of the change from PostgreSQL,
   * and its AVIF runner finds the new pictures on its next look.
   */
  announce?: (change: CatalogChange, status: StatusChange) => void;
  /** PUBLIC_URL: pictures are exported on it, and its /media/ addresses are this shop's own. */
  publicUrl: string;
  /** Other origins the shop is served from (ALLOWED_ORIGINS): their /media/ addresses are its own too. */
  origins?: readonly string[];
  /** CATALOG_IMPORT_ALLOWED_HOSTS: "host:port" entries fetched from even on a private network. */
  allowedHosts: readonly string[];
  /** Where an import that fails unexpectedly is logged. */
  log?: { error(details: object, message: string): void };
}

export { MAX_CSV_BYTES, MAX_ZIP_BYTES } from "../../../domain/catalog/catalog-csv";

export interface ImportProgress {
  phase: ImportPhase;
  done: number;
  total: number;
}

export interface ImportFiles {
  csv: Buffer;
  zip?: Buffer | null;
}

/**
 * An item the import writes, as the journal reads it: its fields before (null for a new
 * item) and after, in the owner's words (naira, the collection's name); pictures by their
 * ids, which the journal only says changed.
 */
export interface ImportedItem {
  type: RowType;
  id: string;
  name: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown>;
}

/** The fields of an ImportedItem that hold pictures. */
export const PICTURE_FIELDS: readonly string[] = ["pictures", "cover picture", "option pictures"];

export interface ImportOptions {
  dryRun: boolean;
  onProgress?: (progress: ImportProgress) => void;
  /**
   * Writes the import's journal entries, in the import's own transaction (server/door.ts):
   * `items` are the items written, in the file's order, then the products a collection's
   * `products` cell moved.
   */
  journal?: (tx: Database, report: ImportReport, items: readonly ImportedItem[]) => Promise<void>;
}

const FILE_MESSAGES = {
  raced: "Another change to the catalogue took one of these handles meanwhile: check the file again.",
} as const;

const HIGH_BIT_DEPTH = "Pictures with more than 8 bits per colour are not accepted: save it as a JPEG or an 8-bit PNG.";
const PICTURE_GONE = "This picture is no longer in the shop.";

interface PlannedRow {
  row: number;
  type: RowType;
  /** The stored item it updates, or null for a new one. */
  existingId: string | null;
  /** The item's id once written: the stored one, the file's for a new one, or a new one. */
  id: string;
  /** The handle to store; "" lets the database make one from the name. */
  handle: string;
  record: CsvRecord;
  read: ReturnType<typeof readRow>;
  product?: ProductRowFields;
  collection?: CollectionRowFields;
  description?: string;
  /** For a product: its collection's id (null for none). */
  collectionId?: string | null;
}

/** A picture's outcome: its media id, or why it cannot be used. */
type PictureOutcome =
  | { mediaId: string; created: boolean }
  | { reason: "unreadable" | "tooLarge" | "tooManyPixels" | "other"; message?: string };

function unreadableMessage(column: string, type: RowType): string {
  if (type === "collection") return COLLECTION_MESSAGES.coverUnreadable;
  return column === "pictures" ? PRODUCT_MESSAGES.image : FURNITURE_MESSAGES.optionImage;
}

function pictureMessage(outcome: Exclude<PictureOutcome, { mediaId: string }>, column: string, type: RowType): string {
  switch (outcome.reason) {
    case "unreadable":
      return unreadableMessage(column, type);
    case "tooManyPixels":
      return tooManyPixels("The picture");
    default:
      return outcome.message ?? unreadableMessage(column, type);
  }
}

const empty = (): ImportReport => ({ created: 0, updated: 0, unchanged: 0, errors: [] });

/**
 * Imports the spreadsheet: the report of what was (or, in a dry run, would be) created
 * and updated, or every refusal and nothing written. A request that is no import at all
 * (an unreadable ZIP) is a refusal.
 */
export async function importCatalogue(
  deps: TransferDeps,
  files: ImportFiles,
  { dryRun, onProgress = () => {}, journal = async () => {} }: ImportOptions,
): Promise<ImportReport> {
  onProgress({ phase: "reading", done: 0, total: 0 });
  const csv = await readCsv(files.csv);
  if ("field" in csv) return { ...empty(), errors: [csv] };
  const zip = files.zip?.length ? await openPictureZip(files.zip) : null;
  try {
    return await runImport(deps, csv, zip, dryRun, onProgress, journal);
  } finally {
    zip?.close();
  }
}

async function runImport(
  deps: TransferDeps,
  csv: { header: string[]; rows: string[][] },
  zip: PictureZip | null,
  dryRun: boolean,
  onProgress: (progress: ImportProgress) => void,
  journal: NonNullable<ImportOptions["journal"]>,
): Promise<ImportReport> {
  const { db } = deps;
  const refusals = new Refusals();
  const refuse = refusals.add;
  const pause = breather();

  // The header: known columns, each once, and something to name rows by.
  const known = new Set<string>(CSV_COLUMNS);
  const columns = csv.header;
  columns.forEach((name, index) => {
    if (name === "") return;
    if (!known.has(name)) refuse(1, name, CSV_MESSAGES.unknownColumn(name));
    else if (columns.indexOf(name) !== index) refuse(1, name, CSV_MESSAGES.twiceColumn(name));
  });
  if (!columns.some((name) => name === "id" || name === "handle" || name === "name")) {
    refuse(1, "file", CSV_MESSAGES.noNameColumn);
  }
  const present = columns.filter((name) => known.has(name));
  const lines = csv.rows
    .map((cells, index) => ({ row: index + 2, cells }))
    .filter(({ cells }) => cells.some((value) => value.trim() !== ""));
  if (lines.length === 0) refuse(2, "file", CSV_MESSAGES.noRows);
  if (lines.length > MAX_IMPORT_ROWS) refuse(1, "file", CSV_MESSAGES.tooManyRows);
  if (refusals.count) return { ...empty(), errors: refusals.list() };

  const total = lines.length;
  onProgress({ phase: "checking", done: 0, total });
  const fileRecords: { row: number; record: CsvRecord }[] = [];
  for (const { row, cells } of lines) {
    const record: CsvRecord = {};
    columns.forEach((name, index) => {
      if (known.has(name)) record[name] = cells[index] ?? "";
    });
    fileRecords.push({ row, record });
    await pause();
  }

  // The shop as it is: every item's id and handle, every collection's name.
  const shopProducts = await db
    .select({
      id: products.id,
      handle: products.handle,
      name: products.name,
      collectionId: products.collectionId,
      status: products.status,
    })
    .from(products);
  const shopCollections = await db
    .select({ id: collections.id, handle: collections.handle, name: collections.name, status: collections.status })
    .from(collections);
  const shop = {
    product: {
      byId: new Map(shopProducts.map((p) => [p.id, p])),
      byHandle: new Map(shopProducts.map((p) => [p.handle, p])),
    },
    collection: {
      byId: new Map(shopCollections.map((c) => [c.id, c])),
      byHandle: new Map(shopCollections.map((c) => [c.handle, c])),
    },
  };

  // 1. Which item each row is, and the stored cells it is laid over.
  const seenId = new Map<string, number>();
  const seenHandle = { product: new Map<string, number>(), collection: new Map<string, number>() };
  const matched: {
    row: number;
    type: RowType;
    record: CsvRecord;
    existingId: string | null;
    id: string;
    handle: string;
  }[] = [];
  for (const { row, record } of fileRecords) {
    await pause();
    const type = rowType(record);
    if (!type) {
      refuse(row, "type", CSV_MESSAGES.type);
      continue;
    }
    const other = type === "product" ? shop.collection : shop.product;
    const own = shop[type];
    const idCell = (record.id ?? "").trim().toLowerCase();
    const handleCell = (record.handle ?? "").trim();
    let failed = false;
    if (idCell && !isUuidText(idCell)) {
      refuse(row, "id", CSV_MESSAGES.idText);
      failed = true;
    } else if (idCell && other.byId.has(idCell)) {
      refuse(row, "id", CSV_MESSAGES.idOfOther(type));
      failed = true;
    }
    if (handleCell && !isHandle(handleCell)) {
      refuse(row, "handle", CSV_MESSAGES.handle);
      failed = true;
    }
    if (failed) continue;
    const byId = idCell ? own.byId.get(idCell) : undefined;
    const byHandle = handleCell ? own.byHandle.get(handleCell) : undefined;
    let existingId: string | null = byId?.id ?? null;
    if (byHandle && byId && byHandle.id !== byId.id) {
      refuse(row, "handle", CSV_MESSAGES.handleTaken(type));
      continue;
    }
    if (byHandle && !byId) {
      if (idCell) {
        refuse(row, "handle", CSV_MESSAGES.idAndHandle(type));
        continue;
      }
      existingId = byHandle.id;
    }
    const id = existingId ?? (idCell || randomUUID());
    const earlier = seenId.get(id);
    if (earlier !== undefined) {
      refuse(row, idCell ? "id" : "handle", CSV_MESSAGES.sameItemTwice(type, earlier));
      continue;
    }
    seenId.set(id, row);
    if (handleCell) {
      const handleRow = seenHandle[type].get(handleCell);
      if (handleRow !== undefined) {
        refuse(row, "handle", CSV_MESSAGES.handleTwice(handleRow));
        continue;
      }
      seenHandle[type].set(handleCell, row);
    }
    matched.push({ row, type, record, existingId, id, handle: handleCell });
  }

  // The stored cells of the items updated: a column the file leaves out keeps its value.
  const stored = await readCatalogueRecords(db, deps.publicUrl, {
    productIds: matched.filter((m) => m.type === "product" && m.existingId).map((m) => m.existingId!),
    collectionIds: matched.filter((m) => m.type === "collection" && m.existingId).map((m) => m.existingId!),
  });
  const planned: PlannedRow[] = [];
  for (const m of matched) {
    const base = m.existingId
      ? (m.type === "product" ? stored.products : stored.collections).get(m.existingId)
      : undefined;
    const record: CsvRecord = { ...(base ?? {}) };
    for (const name of present) record[name] = m.record[name] ?? "";
    // A handle left blank on an item that has one keeps it.
    const handle = m.handle || (base?.handle ?? "");
    planned.push({ ...m, handle, record, read: readRow(record, m.type) });
    await pause();
  }

  // Handles must not collide: with another row's as it will be stored (one written in the
  // file, or one an updated item keeps), or with a stored item's the file does not update.
  const fileIds = new Set(planned.map((p) => p.id));
  const finalHandles = { product: new Map<string, number>(), collection: new Map<string, number>() };
  for (const item of planned) {
    if (!item.handle) continue;
    const earlier = finalHandles[item.type].get(item.handle);
    if (earlier !== undefined) {
      refuse(item.row, "handle", CSV_MESSAGES.handleTwice(earlier));
      continue;
    }
    finalHandles[item.type].set(item.handle, item.row);
    const holder = shop[item.type].byHandle.get(item.handle);
    if (holder && holder.id !== item.id && !fileIds.has(holder.id)) {
      refuse(item.row, "handle", CSV_MESSAGES.handleTaken(item.type));
    }
  }

  // Collections named by products: the file's collection rows first, then the shop's.
  const fileCollections = planned.filter((p) => p.type === "collection");
  const fileCollectionByRef = new Map<string, PlannedRow>();
  for (const item of fileCollections) {
    fileCollectionByRef.set(item.id, item);
    if (item.handle) fileCollectionByRef.set(item.handle, item);
  }
  const collectionByName = new Map<string, string[]>();
  const nameKey = (name: string) => name.trim().toLocaleLowerCase("en");
  for (const c of shopCollections) {
    const fromFile = fileCollectionByRef.get(c.id);
    const name = fromFile ? (fromFile.record.name ?? "") : c.name;
    collectionByName.set(nameKey(name), [...(collectionByName.get(nameKey(name)) ?? []), c.id]);
  }
  for (const item of fileCollections.filter((c) => !c.existingId)) {
    const key = nameKey(item.record.name ?? "");
    collectionByName.set(key, [...(collectionByName.get(key) ?? []), item.id]);
  }
  const resolveCollection = (reference: string): { id: string } | { error: string } => {
    const key = reference.trim();
    const lower = key.toLowerCase();
    const inFile = fileCollectionByRef.get(lower) ?? fileCollectionByRef.get(key);
    if (inFile) return { id: inFile.id };
    const inShop = shop.collection.byId.get(lower) ?? shop.collection.byHandle.get(key);
    if (inShop) return { id: inShop.id };
    const named = collectionByName.get(nameKey(key)) ?? [];
    if (named.length === 1) return { id: named[0]! };
    return { error: named.length > 1 ? CSV_MESSAGES.collectionAmbiguous(key) : CSV_MESSAGES.collectionUnknown(key) };
  };

  // 2. Products: their collection, then their form's schema.
  for (const item of planned.filter((p) => p.type === "product")) {
    await pause();
    item.read.errors.forEach((error) => refuse(item.row, error.field, error.message));
    let collectionId: string | null = null;
    if (item.read.collection) {
      const found = resolveCollection(item.read.collection);
      if ("error" in found) refuse(item.row, "collection", found.error);
      else collectionId = found.id;
    }
    const checked = checkProductInput({ ...item.read.input, collectionId }, item.record);
    checked.errors.forEach((error) => refuse(item.row, error.field, error.message));
    if (checked.fields) {
      item.product = checked.fields;
      item.collectionId = collectionId;
      item.description = describe(item, checked.fields.description, PRODUCT_MESSAGES.description, refuse);
    }
  }

  // Collections: their products are those whose collection is theirs (docs/decisions/0003):
  // the file's product rows say where each goes; a shop product not in the file stays
  // where it is, unless a collection row lists it in its `products` cell.
  const fileProducts = planned.filter((p) => p.type === "product");
  const fileProductIds = new Set(fileProducts.map((p) => p.id));
  const fileProductRefs = new Set([...fileProductIds, ...fileProducts.flatMap((p) => (p.handle ? [p.handle] : []))]);
  const moves = new Map<string, { collectionId: string; row: number }>();
  for (const item of fileCollections) {
    await pause();
    for (const entry of item.read.products) {
      const lower = entry.toLowerCase();
      const product = shop.product.byId.get(lower) ?? shop.product.byHandle.get(entry);
      if (fileProductRefs.has(lower) || fileProductRefs.has(entry)) continue;
      if (!product) {
        refuse(item.row, "products", CSV_MESSAGES.productUnknown(entry));
        continue;
      }
      if (fileProductIds.has(product.id)) continue;
      const earlier = moves.get(product.id);
      if (earlier && earlier.collectionId !== item.id) {
        refuse(item.row, "products", `"${entry}" is also listed in row ${earlier.row}.`);
        continue;
      }
      moves.set(product.id, { collectionId: item.id, row: item.row });
    }
  }
  // A product listed by the collection it is already in does not move.
  for (const [productId, move] of moves) {
    if (shop.product.byId.get(productId)!.collectionId === move.collectionId) moves.delete(productId);
  }
  const members = new Map<string, Set<string>>();
  const addMember = (collectionId: string | null | undefined, productId: string) => {
    if (!collectionId) return;
    members.set(collectionId, (members.get(collectionId) ?? new Set()).add(productId));
  };
  for (const product of shopProducts) {
    if (fileProductIds.has(product.id)) continue;
    addMember(moves.get(product.id)?.collectionId ?? product.collectionId, product.id);
  }
  for (const item of fileProducts) addMember(item.collectionId, item.id);
  for (const item of fileCollections) {
    await pause();
    item.read.errors.forEach((error) => refuse(item.row, error.field, error.message));
    const productIds = [...(members.get(item.id) ?? [])];
    const checked = checkCollectionInput({ ...item.read.input, productIds }, item.existingId === null);
    checked.errors.forEach((error) => refuse(item.row, error.field, error.message));
    if (checked.fields) {
      item.collection = checked.fields;
      item.description = describe(item, checked.fields.description, COLLECTION_MESSAGES.description, refuse);
    }
  }
  onProgress({ phase: "checking", done: total, total });

  // 3. Pictures: each source once, stored only when the import will be written.
  const store = !dryRun && refusals.count === 0;
  const pictures = await resolvePictures(deps, planned, zip, store, refuse, onProgress);
  for (const item of planned) {
    await pause();
    for (const picture of item.read.pictures) {
      const outcome = pictures.outcomes.get(picture.source)!;
      if ("reason" in outcome) refuse(item.row, picture.column, pictureMessage(outcome, picture.column, item.type));
    }
  }

  if (refusals.count) {
    await deleteUnusedMedia(db, deps.storage, pictures.created);
    return { created: 0, updated: 0, unchanged: 0, errors: refusals.list() };
  }

  // Only the items whose values change are written (and counted as updated): a row as
  // exported, or only formatted otherwise by a spreadsheet, leaves its item as it is, so
  // the demo catalogue's items stay the demo's and nothing is announced for nothing.
  const changed = await changedItems(db, planned, moves, pictures.outcomes);
  const written = planned.filter((item) => !item.existingId || changed.has(item.id));
  // The journal names collections, not their ids: the shop's, and the file's new ones.
  const collectionNames = new Map(shopCollections.map((c) => [c.id, c.name]));
  for (const item of planned) if (item.collection) collectionNames.set(item.id, item.collection.name);
  const named = (id: unknown) => (typeof id === "string" ? (collectionNames.get(id) ?? id) : null);
  const movedIn = new Map<string, string[]>();
  for (const [productId, { collectionId }] of moves)
    movedIn.set(collectionId, [...(movedIn.get(collectionId) ?? []), shop.product.byId.get(productId)!.name]);
  const journalItems = (): ImportedItem[] => [
    ...written.map((item) => {
      const stored = changed.get(item.id);
      const moved = movedIn.get(item.id);
      return {
        type: item.type,
        id: item.id,
        name: (item.product ?? item.collection)!.name,
        before: stored ? journalView(storedAsWritten(stored, nextRow(item, pictures.outcomes)), named) : null,
        after: {
          ...journalView(writtenItem(item, pictures.outcomes), named),
          ...(moved ? { "products moved in": moved.join(", ") } : {}),
        },
      };
    }),
    ...[...moves].map(([productId, move]) => {
      const product = shop.product.byId.get(productId)!;
      return {
        type: "product" as const,
        id: productId,
        name: product.name,
        before: { collection: named(product.collectionId) },
        after: { collection: named(move.collectionId) },
      };
    }),
  ];
  const created = planned.filter((p) => !p.existingId).length;
  const report = { created, updated: written.length - created, unchanged: planned.length - written.length, errors: [] };
  if (dryRun) {
    await deleteUnusedMedia(db, deps.storage, pictures.created);
    onProgress({ phase: "done", done: total, total });
    return report;
  }

  // 4. One transaction for everything.
  let dropped: string[];
  try {
    dropped = await writeImport(
      db,
      written,
      moves,
      pictures.outcomes,
      (done) => onProgress({ phase: "writing", done, total: written.length }),
      (tx) => journal(tx, report, journalItems()),
    );
  } catch (error) {
    await deleteUnusedMedia(db, deps.storage, pictures.created);
    if ((error as { code?: string }).code === "23505") {
      return {
        created: 0,
        updated: 0,
        unchanged: 0,
        errors: [{ row: 1, field: "handle", message: FILE_MESSAGES.raced }],
      };
    }
    throw error;
  }
  await deleteUnusedMedia(db, deps.storage, dropped);
  const announce = deps.announce ?? (() => {});
  for (const item of written) {
    const was = item.existingId ? shop[item.type].byId.get(item.existingId)!.status : null;
    announce({ kind: item.type, id: item.id, action: "saved" }, { was, is: (item.product ?? item.collection)!.status });
  }
  for (const productId of moves.keys()) {
    const { status } = shop.product.byId.get(productId)!;
    announce({ kind: "product", id: productId, action: "saved" }, { was: status, is: status });
  }
  onProgress({ phase: "done", done: total, total });
  return report;
}

/** The description as stored (sanitised), or a refusal when nothing is left of it. */
function describe(
  item: PlannedRow,
  html: string,
  emptyMessage: string,
  refuse: (row: number, field: string, message: string) => void,
): string | undefined {
  try {
    return safeDescription(html, emptyMessage);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    refuse(item.row, "description", error.message);
    return undefined;
  }
}

const MEDIA_PATH = /^\/media\/([\w-]{1,64})\//;

/**
 * The media id an address names when it has the path of a stored picture
 * (`/media/<id>/…`), on any host or none, and whether that host is one of this shop's
 * own. An export names pictures on the shop's public address, which on a machine without
 * PUBLIC_URL (or after a move to a new domain) is not the address the shop has now: the
 * id, which no other shop's picture has, says it is this shop's all the same.
 */
function mediaIdIn(source: string, origins: readonly string[]): { id: string; ownHost: boolean } | null {
  if (source.startsWith("/media/")) {
    const id = MEDIA_PATH.exec(source)?.[1];
    return id ? { id, ownHost: true } : null;
  }
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const id = MEDIA_PATH.exec(url.pathname)?.[1];
  return id ? { id, ownHost: origins.includes(url.origin) } : null;
}

/**
 * Pixels the new pictures of one import may hold together. A picture is checked against
 * the forms' limits (MAX_IMAGE_PIXELS each, MAX_PIXELS_PER_SAVE for one item's pictures,
 * a row being one item's save); the whole file against this, about twenty saves' worth:
 * re-encoding takes about a second of a core for a 12-megapixel photo, so this is a few
 * minutes of work, and a catalogue with more new photos is imported in parts.
 */
export const MAX_PIXELS_PER_IMPORT = 2_000_000_000;
/** Pictures fetched (or unpacked) ahead of the one being re-encoded. */
const FETCH_AHEAD = 4;
/** The longest rest after a picture, as the AVIF encoder's. */
const MAX_PICTURE_REST_MS = 5_000;

export const PICTURE_BUDGET_MESSAGES = {
  row: `The new pictures of this row are too large together (more than ${MAX_PIXELS_PER_SAVE / 1_000_000} megapixels): use fewer or smaller pictures.`,
  file: `The new pictures of this file are too large together (more than ${(MAX_PIXELS_PER_IMPORT / 1_000_000).toLocaleString("en")} megapixels): import it in parts.`,
} as const;

type Refused = Exclude<PictureOutcome, { mediaId: string }>;

/**
 * Every picture the rows name, each source once, in the order the file names them.
 * Up to FETCH_AHEAD are fetched or unpacked ahead, but each is then checked and
 * re-encoded one at a time, each of its sizes in turn, resting as long as it worked
 * after each: a decode holds a core (and up to a few hundred megabytes) for seconds, and
 * pictures or sizes encoded side by side would take every thread sign-ins and pages need. Every header is checked against the pixel budgets before its picture is
 * decoded; once anything is refused, nothing more is decoded (nothing will be written),
 * but the rest are still checked, so the report names every picture that is wrong.
 */
async function resolvePictures(
  deps: TransferDeps,
  planned: PlannedRow[],
  zip: PictureZip | null,
  store: boolean,
  refuse: (row: number, field: string, message: string) => void,
  onProgress: (progress: ImportProgress) => void,
): Promise<{ outcomes: Map<string, PictureOutcome>; created: string[] }> {
  const origins = [new URL(deps.publicUrl).origin, ...(deps.origins ?? [])];
  // Every loop here gives the event loop its turns: a file may name a picture on each of 20,000 rows.
  const pause = breather();
  // Who names each source: a row naming one twice counts it once.
  const namedBy = new Map<string, { row: number; column: string }[]>();
  for (const item of planned) {
    await pause();
    for (const picture of item.read.pictures) {
      const rows = namedBy.get(picture.source) ?? [];
      if (!rows.some((entry) => entry.row === item.row)) rows.push({ row: item.row, column: picture.column });
      namedBy.set(picture.source, rows);
    }
  }
  const sources = [...namedBy.keys()];
  const outcomes = new Map<string, PictureOutcome>();
  const created: string[] = [];

  // This shop's own pictures are reused, never fetched: an address on one of its origins
  // (gone when its picture is), or any address whose path names a picture it has.
  const named = new Map<string, NonNullable<ReturnType<typeof mediaIdIn>>>();
  for (const source of sources) {
    await pause();
    const id = mediaIdIn(source, origins);
    if (id) named.set(source, id);
  }
  const namedIds = [...new Set([...named.values()].map(({ id }) => id))];
  const found = new Set<string>();
  for (let start = 0; start < namedIds.length; start += 5000) {
    const rows = await deps.db
      .select({ id: media.id })
      .from(media)
      .where(inArray(media.id, namedIds.slice(start, start + 5000)));
    rows.forEach((row) => found.add(row.id));
  }
  const own = new Map(
    [...named].flatMap(([source, { id, ownHost }]) => (found.has(id) || ownHost ? [[source, id] as const] : [])),
  );

  const total = sources.length;
  onProgress({ phase: "pictures", done: 0, total });
  const reads = new Map<number, Promise<{ bytes: Buffer } | Refused>>();
  const readAhead = (index: number) => {
    const source = sources[index];
    if (source === undefined || own.has(source) || reads.has(index)) return;
    const read = readPicture(deps, source, zip);
    // Awaited in its turn; one left behind by an import that stopped short must not go unhandled.
    read.catch(() => {});
    reads.set(index, read);
  };
  for (let index = 0; index < FETCH_AHEAD; index++) readAhead(index);

  let storing = store;
  let filePixels = 0;
  const rowPixels = new Map<number, number>();
  const overBudget = new Set<number>();
  for (const [index, source] of sources.entries()) {
    // A picture read or refused at once is only a promise already settled: without this,
    // thousands of them would hold the event loop to the end.
    await pause();
    readAhead(index + FETCH_AHEAD);
    const ownId = own.get(source);
    let outcome: PictureOutcome;
    if (ownId !== undefined) {
      outcome = found.has(ownId) ? { mediaId: ownId, created: false } : { reason: "other", message: PICTURE_GONE };
    } else {
      const read = await reads.get(index)!;
      reads.delete(index);
      const checked = "bytes" in read ? await checkPicture(read.bytes) : read;
      if ("reason" in checked) outcome = checked;
      else {
        const { pixels, bytes } = checked;
        const fileBefore = filePixels;
        filePixels += pixels;
        if (fileBefore <= MAX_PIXELS_PER_IMPORT && filePixels > MAX_PIXELS_PER_IMPORT) {
          const first = namedBy.get(source)![0]!;
          refuse(first.row, first.column, PICTURE_BUDGET_MESSAGES.file);
          storing = false;
        }
        for (const { row, column } of namedBy.get(source)!) {
          const sum = (rowPixels.get(row) ?? 0) + pixels;
          rowPixels.set(row, sum);
          if (sum > MAX_PIXELS_PER_SAVE && !overBudget.has(row)) {
            overBudget.add(row);
            refuse(row, column, PICTURE_BUDGET_MESSAGES.row);
            storing = false;
          }
        }
        outcome = { mediaId: "", created: false };
        if (storing) {
          try {
            const started = Date.now();
            const stored = await storeImage(deps.db, deps.storage, bytes, { background: true });
            created.push(stored.id);
            outcome = { mediaId: stored.id, created: true };
            // Rest as long as it worked: with the AVIF encoder, pictures take one core at most.
            await sleep(Math.min(Date.now() - started, MAX_PICTURE_REST_MS));
          } catch (error) {
            if (!(error instanceof InvalidImageError)) throw error;
            outcome = { reason: "unreadable" };
          }
        }
      }
    }
    if ("reason" in outcome) storing = false;
    outcomes.set(source, outcome);
    if ((index + 1) % 10 === 0 || index + 1 === total) onProgress({ phase: "pictures", done: index + 1, total });
  }
  return { outcomes, created };
}

/** A picture's bytes, fetched from its address or unpacked from the ZIP, or why they cannot be had. */
async function readPicture(
  deps: TransferDeps,
  source: string,
  zip: PictureZip | null,
): Promise<{ bytes: Buffer } | Refused> {
  if (/^https?:\/\//i.test(source)) {
    try {
      return { bytes: await fetchPicture(source, { allowedHosts: deps.allowedHosts }) };
    } catch (error) {
      if (!(error instanceof PictureFetchError)) throw error;
      return { reason: error.reason === "tooLarge" ? "tooLarge" : "other", message: error.message };
    }
  }
  if (zip) {
    const entry = await zip.read(source);
    if ("error" in entry)
      return { reason: entry.reason === "unreadable" ? "unreadable" : "other", message: entry.error };
    return { bytes: entry.bytes };
  }
  return {
    reason: "other",
    message: `"${source}" is not a web address (https://…), and no ZIP of pictures was sent with the file.`,
  };
}

/** The picture's pixels when its header says it can be decoded within the per-picture limits. */
async function checkPicture(bytes: Buffer): Promise<{ pixels: number; bytes: Buffer } | Refused> {
  try {
    const header = await readImageHeader(bytes);
    if (header.highBitDepth) return { reason: "other", message: HIGH_BIT_DEPTH };
    const pixels = header.width * header.height;
    if (pixels > MAX_IMAGE_PIXELS) return { reason: "tooManyPixels" };
    return { pixels, bytes };
  } catch (error) {
    if (error instanceof InvalidImageError) return { reason: "unreadable" };
    throw error;
  }
}

/** Rows in slices a statement's parameters can hold. */
function slices<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += size) out.push(rows.slice(start, start + size));
  return out;
}

const mediaOf = (outcomes: Map<string, PictureOutcome>, source: string) => {
  const outcome = outcomes.get(source);
  return outcome && "mediaId" in outcome ? outcome.mediaId : null;
};

function sharedRow(fields: ProductRowFields | CollectionRowFields, description: string) {
  return {
    name: fields.name,
    description,
    items: fields.items,
    priceKobo: nairaToKobo(fields.price),
    discountedPriceKobo: fields.discountedPrice === null ? null : nairaToKobo(fields.discountedPrice),
    isPromo: fields.isPromo,
    isBestSeller: fields.isBestSeller,
    isForeign: fields.isForeign,
    origin: fields.origin,
    style: fields.style,
    materials: fields.materials,
    availabilityKind: fields.availability.kind,
    weeksFrom: fields.availability.weeksFrom,
    weeksTo: fields.availability.weeksTo,
    status: fields.status,
    // Saved by the owner: theirs from now on, kept when the demo catalogue is removed.
    demo: false,
  };
}

function collectionRow(item: PlannedRow, outcomes: Map<string, PictureOutcome>) {
  return {
    ...sharedRow(item.collection!, item.description!),
    handle: item.handle,
    coverMediaId: mediaOf(outcomes, item.read.pictures[0]!.source),
  };
}

function productRow(item: PlannedRow) {
  const fields = item.product!;
  return {
    ...sharedRow(fields, item.description!),
    handle: item.handle,
    sold: fields.sold,
    category: fields.category,
    make: fields.make,
    model: fields.model,
    collectionId: item.collectionId ?? null,
    widthCm: fields.dimensions?.width ?? null,
    depthCm: fields.dimensions?.depth ?? null,
    heightCm: fields.dimensions?.height ?? null,
    seatHeightCm: fields.dimensions?.seatHeight ?? null,
  };
}

/** A product's pictures as stored, in order: a picture named twice is shown once. */
function productPictures(item: PlannedRow, outcomes: Map<string, PictureOutcome>): string[] {
  return [
    ...new Set(item.read.pictures.filter((p) => p.column === "pictures").map((p) => mediaOf(outcomes, p.source)!)),
  ];
}

interface OptionRow {
  name: string;
  /** The swatch. */
  mediaId: string | null;
  priceDifferenceKobo: number;
  /** Photos of the piece in it, in order; a photo named twice is shown once. */
  photos: string[];
}

/** A product's options as stored, in order: each name, its swatch, its price difference and its photos. */
function productOptionRows(item: PlannedRow, outcomes: Map<string, PictureOutcome>): OptionRow[] {
  return item.product!.options.map((option, position) => {
    const ofOption = item.read.pictures.filter((p) => p.column !== "pictures" && p.index === position);
    const swatch = ofOption.find((p) => p.column.endsWith("_image"));
    const photos = ofOption.filter((p) => p.column.endsWith("_pictures")).map((p) => mediaOf(outcomes, p.source)!);
    return {
      name: option.name,
      mediaId: swatch ? mediaOf(outcomes, swatch.source) : null,
      priceDifferenceKobo: nairaToKobo(option.priceDifference ?? 0),
      photos: [...new Set(photos)],
    };
  });
}

/** Each option's photos of the piece, in order, by option id. */
async function photosOfOptions(db: Database, optionIds: readonly string[]): Promise<Map<string, string[]>> {
  const photos = new Map<string, string[]>();
  for (const slice of slices([...optionIds], 5000)) {
    const rows = await db
      .select()
      .from(productOptionImages)
      .where(inArray(productOptionImages.optionId, slice))
      .orderBy(asc(productOptionImages.optionId), asc(productOptionImages.position));
    for (const row of rows) photos.set(row.optionId, [...(photos.get(row.optionId) ?? []), row.mediaId]);
  }
  return photos;
}

/**
 * One stored value against the one a row would write. Text the forms trim, and blank
 * text that is stored as null, are the same either way; kobo, centimetres, flags and
 * media ids compare as they are, so "₦150,000.00" is 150000 naira and another size or
 * host of the same stored picture is that picture.
 */
function sameValue(next: unknown, stored: unknown): boolean {
  const plain = (value: unknown) => {
    if (typeof value !== "string") return value ?? null;
    const text = value.trim();
    return text === "" ? null : text;
  };
  return plain(next) === plain(stored);
}

/** The description as the shop shows it: stored ones are sanitised again when read, so compared so. */
const shownDescription = (html: string | null) => (html === null ? null : (sanitizeRichTextForSaving(html) ?? html));

function sameRow(next: Record<string, unknown>, stored: Record<string, unknown>): boolean {
  return Object.entries(next).every(([key, value]) => {
    // The demo mark is not a value of the file: an item the file leaves as it is keeps it.
    if (key === "demo") return true;
    if (key === "description") return value === shownDescription(stored.description as string | null);
    return sameValue(value, stored[key]);
  });
}

const sameList = <T>(next: readonly T[], stored: readonly T[], same: (a: T, b: T) => boolean) =>
  next.length === stored.length && next.every((value, index) => same(value, stored[index]!));

/** An item's fields as a row writes them or as they are stored: its row, pictures and options. */
interface ItemFields {
  type: RowType;
  row: Record<string, unknown>;
  pictures: readonly string[];
  options: readonly { name: string; mediaId: string | null }[];
}

const nextRow = (item: PlannedRow, outcomes: Map<string, PictureOutcome>): Record<string, unknown> =>
  item.type === "collection" ? collectionRow(item, outcomes) : productRow(item);

/** The item as the import writes it. */
function writtenItem(item: PlannedRow, outcomes: Map<string, PictureOutcome>): ItemFields {
  const product = item.type === "product";
  return {
    type: item.type,
    row: nextRow(item, outcomes),
    pictures: product ? productPictures(item, outcomes) : [],
    options: product ? productOptionRows(item, outcomes) : [],
  };
}

/** The stored item's fields that the row writes, compared as sameRow compares them. */
function storedAsWritten(stored: ItemFields, next: Record<string, unknown>): ItemFields {
  const row: Record<string, unknown> = {};
  for (const key of Object.keys(next))
    row[key] = key === "description" ? shownDescription(stored.row.description as string | null) : stored.row[key];
  return { ...stored, row };
}

/**
 * An item's fields in the journal's words: naira rather than kobo, the collection's name
 * rather than its id, blank text as none; pictures stay ids (the journal only says they
 * changed: PICTURE_FIELDS).
 */
function journalView(item: ItemFields, named: (id: unknown) => string | null): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item.row)) {
    if (key === "demo") continue;
    if (key.endsWith("Kobo"))
      view[key.slice(0, -"Kobo".length)] = typeof value === "number" ? koboToNaira(value) : null;
    else if (key === "collectionId") view.collection = named(value);
    else if (key === "coverMediaId") view["cover picture"] = value ?? null;
    else view[key] = typeof value === "string" ? value.trim() || null : (value ?? null);
  }
  if (item.type === "product") {
    view.pictures = item.pictures.join(" ") || null;
    view.options = item.options.map((option) => option.name).join(", ") || null;
    view["option pictures"] = item.options.some((option) => option.mediaId)
      ? item.options.map((option) => option.mediaId ?? "none").join(" ")
      : null;
  }
  return view;
}

/**
 * The stored items the rows would change, each as it is stored: a field, a picture or its
 * place, an option's name, place or picture, or (for a collection) a product its
 * `products` cell moves in.
 */
async function changedItems(
  db: Database,
  planned: PlannedRow[],
  moves: Map<string, { collectionId: string }>,
  outcomes: Map<string, PictureOutcome>,
): Promise<Map<string, ItemFields>> {
  const productIds = planned.filter((item) => item.type === "product" && item.existingId).map((item) => item.id);
  const collectionIds = planned.filter((item) => item.type === "collection" && item.existingId).map((item) => item.id);
  const storedProducts = new Map<string, Record<string, unknown>>();
  const storedCollections = new Map<string, Record<string, unknown>>();
  const storedPictures = new Map<string, string[]>();
  const storedOptions = new Map<string, OptionRow[]>();
  for (const slice of slices(productIds, 5000)) {
    for (const row of await db.select().from(products).where(inArray(products.id, slice))) {
      storedProducts.set(row.id, row);
    }
    const images = await db
      .select({ productId: productImages.productId, mediaId: productImages.mediaId })
      .from(productImages)
      .where(inArray(productImages.productId, slice))
      .orderBy(asc(productImages.productId), asc(productImages.position));
    for (const row of images)
      storedPictures.set(row.productId, [...(storedPictures.get(row.productId) ?? []), row.mediaId]);
    const options = await db
      .select()
      .from(productOptions)
      .where(inArray(productOptions.productId, slice))
      .orderBy(asc(productOptions.productId), asc(productOptions.position));
    const photos = await photosOfOptions(
      db,
      options.map((option) => option.id),
    );
    for (const { productId, id, name, mediaId, priceDifferenceKobo } of options) {
      const option = { name, mediaId, priceDifferenceKobo, photos: photos.get(id) ?? [] };
      storedOptions.set(productId, [...(storedOptions.get(productId) ?? []), option]);
    }
  }
  for (const slice of slices(collectionIds, 5000)) {
    for (const row of await db.select().from(collections).where(inArray(collections.id, slice))) {
      storedCollections.set(row.id, row);
    }
  }
  const movedInto = new Set([...moves.values()].map((move) => move.collectionId));

  const changed = new Map<string, ItemFields>();
  for (const item of planned) {
    if (!item.existingId) continue;
    // An item deleted since the file was read is left to the write, as before this check.
    const stored = (item.type === "collection" ? storedCollections : storedProducts).get(item.id);
    const same =
      stored !== undefined &&
      (item.type === "collection"
        ? !movedInto.has(item.id) && sameRow(collectionRow(item, outcomes), stored)
        : sameRow(productRow(item), stored) &&
          sameList(productPictures(item, outcomes), storedPictures.get(item.id) ?? [], (a, b) => a === b) &&
          sameList(
            productOptionRows(item, outcomes),
            storedOptions.get(item.id) ?? [],
            (a, b) =>
              a.name === b.name &&
              a.mediaId === b.mediaId &&
              a.priceDifferenceKobo === b.priceDifferenceKobo &&
              sameList(a.photos, b.photos, (x, y) => x === y),
          ));
    if (!same)
      changed.set(item.id, {
        type: item.type,
        row: stored ?? {},
        pictures: storedPictures.get(item.id) ?? [],
        options: storedOptions.get(item.id) ?? [],
      });
  }
  return changed;
}

/** Writes every row in one transaction; returns the media the updated items no longer show. */
async function writeImport(
  db: Database,
  planned: PlannedRow[],
  moves: Map<string, { collectionId: string }>,
  outcomes: Map<string, PictureOutcome>,
  progress: (done: number) => void,
  journal: (tx: Database) => Promise<void>,
): Promise<string[]> {
  const collectionRows = planned.filter((p) => p.type === "collection");
  const productRows = planned.filter((p) => p.type === "product");
  return db.transaction(async (tx) => {
    let done = 0;
    const advance = (count: number) => {
      done += count;
      progress(done);
    };
    const dropped: string[] = [];

    // Collections first: products name them.
    const collectionValues = (item: PlannedRow) => collectionRow(item, outcomes);
    const newCollections = collectionRows.filter((item) => !item.existingId);
    for (const slice of slices(newCollections, 500)) {
      await tx.insert(collections).values(slice.map((item) => ({ id: item.id, ...collectionValues(item) })));
      advance(slice.length);
    }
    const updatedCollections = collectionRows.filter((item) => item.existingId);
    if (updatedCollections.length) {
      const before = await tx
        .select({ cover: collections.coverMediaId })
        .from(collections)
        .where(
          inArray(
            collections.id,
            updatedCollections.map((item) => item.id),
          ),
        );
      dropped.push(...before.flatMap((row) => (row.cover ? [row.cover] : [])));
    }
    for (const item of updatedCollections) {
      await tx.update(collections).set(collectionValues(item)).where(eq(collections.id, item.id));
      advance(1);
    }

    const productValues = productRow;
    const newProducts = productRows.filter((item) => !item.existingId);
    for (const slice of slices(newProducts, 500)) {
      await tx.insert(products).values(slice.map((item) => ({ id: item.id, ...productValues(item) })));
      advance(slice.length);
    }
    const updatedProducts = productRows.filter((item) => item.existingId);
    for (const item of updatedProducts) {
      await tx.update(products).set(productValues(item)).where(eq(products.id, item.id));
      advance(1);
    }
    for (const [collectionId, ids] of groupMoves(moves)) {
      await tx.update(products).set({ collectionId }).where(inArray(products.id, ids));
    }

    // Pictures, in the order written; a picture named twice is shown once.
    const updatedIds = updatedProducts.map((item) => item.id);
    for (const slice of slices(updatedIds, 5000)) {
      const before = await tx
        .delete(productImages)
        .where(inArray(productImages.productId, slice))
        .returning({ mediaId: productImages.mediaId });
      dropped.push(...before.map((row) => row.mediaId));
    }
    const imageRows = productRows.flatMap((item) =>
      productPictures(item, outcomes).map((mediaId, position) => ({ productId: item.id, mediaId, position })),
    );
    for (const slice of slices(imageRows, 2000)) await tx.insert(productImages).values(slice);

    // Options: an option keeps its id when its product still offers one of that name, so
    // cart lines and orders that chose it still name it (product-options.ts).
    const existingOptions = new Map<string, { id: string; name: string; mediaId: string | null }[]>();
    for (const slice of slices(updatedIds, 5000)) {
      const rows = await tx.select().from(productOptions).where(inArray(productOptions.productId, slice));
      for (const row of rows) existingOptions.set(row.productId, [...(existingOptions.get(row.productId) ?? []), row]);
    }
    // Every option's photos are written again: the kept options' are read (to drop the
    // ones no longer shown) and cleared first.
    const photosBefore = await photosOfOptions(
      tx as unknown as Database,
      [...existingOptions.values()].flat().map((option) => option.id),
    );
    for (const slice of slices([...photosBefore.keys()], 5000)) {
      await tx.delete(productOptionImages).where(inArray(productOptionImages.optionId, slice));
    }
    dropped.push(...[...photosBefore.values()].flat());
    const optionInserts: (typeof productOptions.$inferInsert)[] = [];
    const photoRows: (typeof productOptionImages.$inferInsert)[] = [];
    const keptOptions = new Set<string>();
    for (const item of productRows) {
      const before = existingOptions.get(item.id) ?? [];
      const byName = new Map(before.map((option) => [option.name.toLocaleLowerCase("en"), option]));
      for (const [position, { name, mediaId, priceDifferenceKobo, photos }] of productOptionRows(
        item,
        outcomes,
      ).entries()) {
        const kept = byName.get(name.toLocaleLowerCase("en"));
        const values = { position, name, mediaId, priceDifferenceKobo };
        if (kept && !keptOptions.has(kept.id)) {
          keptOptions.add(kept.id);
          await tx.update(productOptions).set(values).where(eq(productOptions.id, kept.id));
          photoRows.push(...photos.map((photo, at) => ({ optionId: kept.id, mediaId: photo, position: at })));
        } else {
          // Its id made here, so its photos can name it in the same batch.
          const id = randomUUID();
          optionInserts.push({ id, productId: item.id, ...values });
          photoRows.push(...photos.map((photo, at) => ({ optionId: id, mediaId: photo, position: at })));
        }
      }
    }
    const removedOptions = [...existingOptions.values()].flat().filter((option) => !keptOptions.has(option.id));
    for (const slice of slices(
      removedOptions.map((option) => option.id),
      5000,
    )) {
      await tx.delete(productOptions).where(inArray(productOptions.id, slice));
    }
    dropped.push(...[...existingOptions.values()].flat().flatMap((option) => (option.mediaId ? [option.mediaId] : [])));
    for (const slice of slices(optionInserts, 2000)) await tx.insert(productOptions).values(slice);
    for (const slice of slices(photoRows, 2000)) await tx.insert(productOptionImages).values(slice);
    await journal(tx as unknown as Database);
    return dropped;
  });
}

function groupMoves(moves: Map<string, { collectionId: string }>): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const [productId, { collectionId }] of moves)
    groups.set(collectionId, [...(groups.get(collectionId) ?? []), productId]);
  return groups;
}
