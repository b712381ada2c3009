/**
 * The catalogue's spreadsheet (docs/catalogue-csv.md): its columns, and how one row is
 * read into the very input the admin forms send, so that ProductInputSchema and
 * CollectionInputSchema check it with the forms' own messages. Pictures are named in
 * the file (web addresses or file names in a ZIP) and fetched by the server; here each
 * one stands in the form's input as a placeholder, so the schemas' picture rules (at
 * least one, at most 20, the cover required) apply to the row as written.
 */
import type { z } from "zod";
import { CollectionInputSchema, CollectionUpdateSchema } from "./collection-input.schema";
import { MAX_OPTIONS } from "./furniture";
import { ProductInputSchema } from "./product-input.schema";
import { formatNumber } from "../numbers";

export const OPTION_COLUMNS = Array.from({ length: MAX_OPTIONS }, (_, index) => [
  `option${index + 1}_name`,
  `option${index + 1}_image`,
  `option${index + 1}_price`,
  `option${index + 1}_pictures`,
]).flat();

/** Every column, in the order the export writes them. */
export const CSV_COLUMNS = [
  "type",
  "id",
  "handle",
  "name",
  "description",
  "items",
  "price",
  "discountedPrice",
  "isPromo",
  "isBestSeller",
  "isForeign",
  "origin",
  "sold",
  "category",
  "style",
  "make",
  "model",
  "collection",
  "status",
  "width",
  "depth",
  "height",
  "seatHeight",
  "materials",
  "availability",
  "weeksFrom",
  "weeksTo",
  "pictures",
  ...OPTION_COLUMNS,
  "products",
] as const;

export type CsvRecord = Record<string, string>;

export const ROW_TYPES = ["product", "collection"] as const;
export type RowType = (typeof ROW_TYPES)[number];

/** The largest spreadsheet an import takes, and the largest ZIP of pictures beside it. */
export const MAX_CSV_BYTES = 20 * 1024 * 1024;
export const MAX_ZIP_BYTES = 200 * 1024 * 1024;

/** Rows one import may hold (the header aside); a catalogue larger than this is imported in parts. */
export const MAX_IMPORT_ROWS = 20_000;
/** Longest handle; the ones the shop makes are at most 60 characters and a "-n". */
export const MAX_HANDLE_LENGTH = 80;
const HANDLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const CSV_MESSAGES = {
  type: 'Type must be "product" or "collection" (blank is a product).',
  unknownColumn: (name: string) => `Unknown column "${name}".`,
  twiceColumn: (name: string) => `The column "${name}" appears twice.`,
  noNameColumn: 'The first row must name the columns, with at least "id", "handle" or "name".',
  noRows: "The file has no rows below its header.",
  tooManyRows: `A file can hold at most ${formatNumber(MAX_IMPORT_ROWS)} rows; import it in parts.`,
  handle: `A handle is lowercase letters and digits joined by single hyphens (at most ${MAX_HANDLE_LENGTH} characters), e.g. "velvet-sofa".`,
  handleTaken: (item: RowType) => `Another ${item} already has this handle.`,
  handleTwice: (row: number) => `This handle is already used in row ${row}.`,
  idText: "The id must be a product's or collection's id as exported (or blank for a new one).",
  idAndHandle: (item: RowType) => `The id and the handle name two different ${item}s.`,
  sameItemTwice: (item: RowType, row: number) => `This ${item} is already in row ${row}.`,
  idOfOther: (item: RowType) => `This id belongs to a ${item === "product" ? "collection" : "product"}.`,
  flag: (column: string) => `${column} must be yes or no (or true/false, 1/0).`,
  collectionUnknown: (name: string) => `No collection "${name}" in the shop or in this file.`,
  collectionAmbiguous: (name: string) =>
    `Several collections are called "${name}": name it by its handle or id instead.`,
  productUnknown: (name: string) => `No product "${name}" in the shop or in this file.`,
  notForCollections: (column: string) => `A collection has no ${column}; leave it blank.`,
  notForProducts: "Only a collection lists products; leave it blank.",
  oneCover: "A collection has one picture, its cover.",
} as const;

/** One refusal of an import, as the report lists it: the spreadsheet's row number (the header is row 1) and column. */
export interface RowError {
  row: number;
  field: string;
  message: string;
}

export interface ImportReport {
  created: number;
  /** Items whose stored values the file changes (or, in a dry run, would change). */
  updated: number;
  /** Items the file names with the values they already have: not written. */
  unchanged: number;
  errors: RowError[];
}

export function isHandle(text: string): boolean {
  return text.length <= MAX_HANDLE_LENGTH && HANDLE.test(text);
}

/**
 * Every CSV the shop writes puts an apostrophe before a cell a spreadsheet would run as a
 * formula (server/write-csv.ts); the import takes it off again.
 */
function unprotectCell(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** "yes"/"no" as the export writes them; true/false, y/n and 1/0 are read too, blank is no. */
const YES = new Set(["yes", "y", "true", "1"]);
const NO = new Set(["no", "n", "false", "0", ""]);

function readFlag(text: string | undefined): boolean | string | undefined {
  if (text === undefined) return undefined;
  const word = text.trim().toLowerCase();
  if (YES.has(word)) return true;
  if (NO.has(word)) return false;
  return text;
}

/** A price as typed in a spreadsheet: "₦150,000", "NGN 150000.50"; the form's rules read the rest. */
function readPrice(text: string | undefined): string | undefined {
  return text?.replace(/^\s*(?:₦|NGN)\s*/i, "");
}

/** "in stock", "Made to order", "made-to-order" → the stored kind; blank is in stock. */
function readAvailability(text: string | undefined): string | undefined {
  const kind = text
    ?.trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  return kind ? kind : undefined;
}

/**
 * The pictures named in a cell, in order: separated by spaces, new lines or "|" (a web
 * address has none of these unencoded).
 */
export function pictureTokens(text: string | undefined): string[] {
  return (text ?? "").split(/[\s|]+/).filter(Boolean);
}

/** The handles or ids a collection's `products` cell lists, separated by "|" or new lines. */
export function listedProducts(text: string | undefined): string[] {
  return (text ?? "")
    .split(/[|\n]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** A picture named in the row, at its place in the form's input. */
export interface PictureRef {
  /** "pictures", "option3_image" (a swatch) or "option3_pictures" (a photo of the piece in it): the column it was written in. */
  column: string;
  /** Its place among the item's pictures (or, for an option's swatch or photo, the option's index). */
  index: number;
  /** A web address, or a file name in the ZIP sent alongside. */
  source: string;
}

/** Stand-in media ids while the row is checked; the server puts the stored pictures in their places. */
const placeholder = (column: string, index: number) => ({ public_id: `csv-${column.replace(/_/g, "-")}-${index}` });

export interface ReadRow {
  type: RowType;
  /** The form's input, with placeholders for pictures and the collection left as written. */
  input: Record<string, unknown>;
  pictures: PictureRef[];
  /** The `collection` cell as written (a product's), or the `products` cell's entries (a collection's). */
  collection: string;
  products: string[];
  errors: { field: string; message: string }[];
}

const cell = (record: CsvRecord, column: string) => {
  const value = record[column];
  return value === undefined ? undefined : unprotectCell(value);
};

const blank = (value: string | undefined) => value === undefined || value.trim() === "";

/** The row's type, or null when its `type` cell says neither. */
export function rowType(record: CsvRecord): RowType | null {
  const type = (record.type ?? "").trim().toLowerCase();
  if (type === "") return "product";
  return (ROW_TYPES as readonly string[]).includes(type) ? (type as RowType) : null;
}

const PRODUCT_ONLY = [
  "sold",
  "category",
  "make",
  "model",
  "collection",
  "width",
  "depth",
  "height",
  "seatHeight",
  ...OPTION_COLUMNS,
];

/**
 * Reads one row (the stored item's cells already laid under it for an update) into the
 * form's input. Cells a form has no field for, filled in on the wrong kind of row, are
 * errors; everything else is left for the form's schema to judge.
 */
export function readRow(record: CsvRecord, type: RowType): ReadRow {
  const get = (column: string) => cell(record, column);
  const errors: ReadRow["errors"] = [];
  const flags: Record<string, boolean | string | undefined> = {};
  for (const column of ["isPromo", "isBestSeller", "isForeign", ...(type === "product" ? ["sold"] : [])]) {
    const value = readFlag(get(column));
    if (typeof value === "string") errors.push({ field: column, message: CSV_MESSAGES.flag(column) });
    else flags[column] = value;
  }
  const pictures = pictureTokens(get("pictures")).map((source, index): PictureRef => ({
    column: "pictures",
    index,
    source,
  }));
  const shared = {
    name: get("name") ?? "",
    description: get("description") ?? "",
    items: get("items") ?? "",
    price: readPrice(get("price")),
    discountedPrice: readPrice(get("discountedPrice")),
    ...flags,
    origin: blank(get("origin")) ? null : get("origin"),
    style: get("style") ?? "",
    materials: get("materials"),
    availability: {
      kind: readAvailability(get("availability")) ?? "in_stock",
      weeksFrom: get("weeksFrom"),
      weeksTo: get("weeksTo"),
    },
    status: blank(get("status")) ? undefined : get("status")!.trim().toLowerCase(),
  };

  if (type === "collection") {
    for (const column of PRODUCT_ONLY) {
      if (!blank(get(column))) errors.push({ field: column, message: CSV_MESSAGES.notForCollections(column) });
    }
    if (pictures.length > 1) errors.push({ field: "pictures", message: CSV_MESSAGES.oneCover });
    return {
      type,
      input: { ...shared, coverImage: pictures[0] ? placeholder("pictures", 0) : undefined },
      pictures: pictures.slice(0, 1),
      collection: "",
      products: listedProducts(get("products")),
      errors,
    };
  }

  if (!blank(get("products"))) errors.push({ field: "products", message: CSV_MESSAGES.notForProducts });
  const options: Array<{
    _id: null;
    name: string;
    image: { public_id: string } | null;
    images: Array<{ public_id: string }>;
    priceDifference: string;
  }> = [];
  for (let index = 0; index < MAX_OPTIONS; index++) {
    const name = get(`option${index + 1}_name`);
    const image = pictureTokens(get(`option${index + 1}_image`));
    const photos = pictureTokens(get(`option${index + 1}_pictures`));
    const price = get(`option${index + 1}_price`);
    if (blank(name) && image.length === 0 && photos.length === 0 && blank(price)) continue;
    const column = `option${index + 1}_image`;
    const photoColumn = `option${index + 1}_pictures`;
    if (image.length > 1) errors.push({ field: column, message: "An option has one swatch picture." });
    if (image[0]) pictures.push({ column, index: options.length, source: image[0] });
    for (const source of photos) pictures.push({ column: photoColumn, index: options.length, source });
    options.push({
      _id: null,
      name: name ?? "",
      image: image[0] ? placeholder(column, options.length) : null,
      images: photos.map((_, at) => placeholder(photoColumn, at)),
      // Blank: nothing more than the product's price.
      priceDifference: readPrice(price) ?? "",
    });
  }
  return {
    type,
    input: {
      ...shared,
      category: get("category") ?? "",
      make: get("make"),
      model: get("model"),
      images: pictures.filter((picture) => picture.column === "pictures").map((p) => placeholder(p.column, p.index)),
      dimensions: {
        width: get("width"),
        depth: get("depth"),
        height: get("height"),
        seatHeight: get("seatHeight"),
      },
      options,
    },
    pictures,
    collection: (get("collection") ?? "").trim(),
    products: [],
    errors,
  };
}

/** The form field an issue names, as the column the owner sees. */
export function columnOf(path: readonly PropertyKey[], options: readonly { column: number }[] = []): string {
  const [head, next, leaf] = path.map(String);
  switch (head) {
    case undefined:
      return "row";
    case "collectionId":
      return "collection";
    case "images":
    case "coverImage":
      return "pictures";
    case "productIds":
      return "products";
    case "dimensions":
      return next ?? "width";
    case "availability":
      return next === "weeksFrom" || next === "weeksTo" ? next : "availability";
    case "options": {
      if (next === undefined) return "option1_name";
      const number = (options[Number(next)]?.column ?? Number(next)) + 1;
      const column = { image: "image", images: "pictures", priceDifference: "price" }[leaf ?? ""] ?? "name";
      return `option${number}_${column}`;
    }
    default:
      return head;
  }
}

/** Which optionN columns each of the form's options came from, in order. */
export function optionColumns(record: CsvRecord): { column: number }[] {
  const columns: { column: number }[] = [];
  for (let index = 0; index < MAX_OPTIONS; index++) {
    const name = cell(record, `option${index + 1}_name`);
    const image = cell(record, `option${index + 1}_image`);
    const photos = cell(record, `option${index + 1}_pictures`);
    const price = cell(record, `option${index + 1}_price`);
    if (!blank(name) || pictureTokens(image).length > 0 || pictureTokens(photos).length > 0 || !blank(price))
      columns.push({ column: index });
  }
  return columns;
}

export type ProductRowFields = z.output<typeof ProductInputSchema>;
export type CollectionRowFields = z.output<typeof CollectionInputSchema>;

/** The row checked by its form's schema: the fields, or each refused column's first message. */
export function checkProductInput(input: Record<string, unknown>, record: CsvRecord) {
  const result = ProductInputSchema.safeParse(input);
  if (result.success) return { fields: result.data, errors: [] };
  const options = optionColumns(record);
  return { fields: null, errors: firstPerColumn(result.error.issues, (path) => columnOf(path, options)) };
}

export function checkCollectionInput(input: Record<string, unknown>, isNew: boolean) {
  const result = (isNew ? CollectionInputSchema : CollectionUpdateSchema).safeParse(input);
  if (result.success) return { fields: result.data, errors: [] };
  return { fields: null, errors: firstPerColumn(result.error.issues, (path) => columnOf(path)) };
}

function firstPerColumn(issues: readonly z.core.$ZodIssue[], column: (path: readonly PropertyKey[]) => string) {
  const seen = new Map<string, string>();
  for (const issue of issues) {
    const field = column(issue.path);
    if (!seen.has(field)) seen.set(field, issue.message);
  }
  return [...seen].map(([field, message]) => ({ field, message }));
}

export const IMPORT_PHASES = ["reading", "checking", "pictures", "writing", "done"] as const;
export type ImportPhase = (typeof IMPORT_PHASES)[number];

/** An import started from the panel, as it goes: `report` once it is done. */
export interface ImportJob {
  id: string;
  dryRun: boolean;
  phase: ImportPhase;
  done: number;
  total: number;
  report: ImportReport | null;
}
