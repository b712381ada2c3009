import { sql, type SQL } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { AVAILABILITY_KINDS, MAX_CENTIMETRES, MAX_WEEKS } from "../../../domain/catalog/furniture";
import { createdAt, id, status, stripTags, tsvector, updatedAt } from "./columns";
import { media } from "./media";

const price = () => bigint("price_kobo", { mode: "number" }).notNull();
const discountedPrice = () => bigint("discounted_price_kobo", { mode: "number" });

/** Weighted document: name (A) above category, style and contents (C) above description (D). */
const searchDocument = (extra: string): SQL =>
  sql.raw(
    `setweight(to_tsvector('english', coalesce(name, '')), 'A') || ` +
      `setweight(to_tsvector('english', ${extra}), 'C') || ` +
      `setweight(to_tsvector('english', ${stripTags("description")}), 'D')`,
  );

export const availabilityKind = pgEnum("availability_kind", AVAILABILITY_KINDS);

/** When a piece can be ready (domain/catalog/furniture.ts): weeks only for what is not in stock. */
const availability = () => ({
  availabilityKind: availabilityKind("availability_kind").notNull().default("in_stock"),
  weeksFrom: integer("weeks_from"),
  weeksTo: integer("weeks_to"),
  materials: text("materials"),
});

const availabilityChecks = (table: string, t: { availabilityKind: unknown; weeksFrom: unknown; weeksTo: unknown }) => [
  check(
    `${table}_weeks_match_availability`,
    sql`case ${t.availabilityKind}
      when 'in_stock' then ${t.weeksFrom} is null and ${t.weeksTo} is null
      when 'made_to_order' then ${t.weeksFrom} is not null and ${t.weeksTo} is not null
      else ${t.weeksFrom} is not null end`,
  ),
  check(
    `${table}_weeks_range`,
    sql.raw(
      `coalesce(weeks_from, 1) between 1 and ${MAX_WEEKS} and coalesce(weeks_to, ${MAX_WEEKS}) between coalesce(weeks_from, 1) and ${MAX_WEEKS}`,
    ),
  ),
];

const centimetres = (name: string) => integer(name);

/** The condition of the indexes the shop's lists use (columns.ts, status). */
const published = sql.raw(`status = 'published'`);

/**
 * A stable slug naming the item in the catalogue's spreadsheet (docs/catalogue-csv.md):
 * the owner may match rows by it instead of the id. Unique per table. A row saved with
 * "" gets one made from its name by a trigger (migration 0011), so the forms, the demo
 * catalogue and duplicating need not know of it; renaming an item keeps its handle.
 */
const handle = () => text("handle").notNull().default("");

/** What a shopper pays; price filters use it. Turning promo off clears the discount. */
const effectivePrice = sql.raw(`coalesce(discounted_price_kobo, price_kobo)`);

export const collections = pgTable(
  "collections",
  {
    id: id(),
    handle: handle(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    items: text("items").notNull().default(""),
    priceKobo: price(),
    discountedPriceKobo: discountedPrice(),
    effectivePriceKobo: bigint("effective_price_kobo", { mode: "number" }).notNull().generatedAlwaysAs(effectivePrice),
    isPromo: boolean("is_promo").notNull().default(false),
    isBestSeller: boolean("is_best_seller").notNull().default(false),
    isForeign: boolean("is_foreign").notNull().default(false),
    origin: text("origin"),
    style: text("style").notNull(),
    coverMediaId: text("cover_media_id").references(() => media.id, { onDelete: "set null" }),
    ...availability(),
    status: status(),
    // Loaded by the demo catalogue and not saved by the owner since: what "Remove demo
    // catalogue" removes (server/modules/setup/demo-catalogue.service.ts).
    demo: boolean("demo").notNull().default(false),
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(searchDocument(`coalesce(style, '') || ' ' || coalesce(items, '')`)),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("collections_handle_idx").on(t.handle),
    // The shop's lists read published rows only; their indexes hold only those, so a
    // count can be answered from the index alone. The admin's lists are small reads.
    index("collections_newest_idx").on(t.createdAt, t.id).where(published),
    index("collections_style_newest_idx").on(t.style, t.createdAt).where(published),
    index("collections_effective_price_idx").on(t.effectivePriceKobo).where(published),
    index("collections_promo_idx")
      .on(t.createdAt)
      .where(sql`${t.isPromo} and ${published}`),
    index("collections_best_seller_idx")
      .on(t.createdAt)
      .where(sql`${t.isBestSeller} and ${published}`),
    index("collections_foreign_idx")
      .on(t.createdAt)
      .where(sql`${t.isForeign} and ${published}`),
    index("collections_search_idx").using("gin", t.searchVector),
    check("collections_price_not_negative", sql`${t.priceKobo} >= 0`),
    ...availabilityChecks("collections", t),
    check(
      "collections_discount_below_price",
      sql`${t.discountedPriceKobo} is null or (${t.discountedPriceKobo} > 0 and ${t.discountedPriceKobo} < ${t.priceKobo})`,
    ),
  ],
);

export const products = pgTable(
  "products",
  {
    id: id(),
    handle: handle(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    items: text("items").notNull().default(""),
    priceKobo: price(),
    discountedPriceKobo: discountedPrice(),
    effectivePriceKobo: bigint("effective_price_kobo", { mode: "number" }).notNull().generatedAlwaysAs(effectivePrice),
    isPromo: boolean("is_promo").notNull().default(false),
    isBestSeller: boolean("is_best_seller").notNull().default(false),
    isForeign: boolean("is_foreign").notNull().default(false),
    origin: text("origin"),
    sold: boolean("sold").notNull().default(false),
    category: text("category").notNull(),
    style: text("style").notNull(),
    make: text("make"),
    model: text("model"),
    // A product belongs to at most one collection; a collection's product list is
    // derived from this column, so the two can never disagree (docs/decisions/0003).
    collectionId: uuid("collection_id").references(() => collections.id, { onDelete: "set null" }),
    ...availability(),
    // Outside measurements in whole centimetres: all three, or none.
    widthCm: centimetres("width_cm"),
    depthCm: centimetres("depth_cm"),
    heightCm: centimetres("height_cm"),
    seatHeightCm: centimetres("seat_height_cm"),
    status: status(),
    // Loaded by the demo catalogue and not saved by the owner since: what "Remove demo
    // catalogue" removes (server/modules/setup/demo-catalogue.service.ts).
    demo: boolean("demo").notNull().default(false),
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        searchDocument(`coalesce(category, '') || ' ' || coalesce(style, '') || ' ' || coalesce(items, '')`),
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("products_handle_idx").on(t.handle),
    // As for collections: the shop's indexes hold published rows only.
    index("products_newest_idx").on(t.createdAt, t.id).where(published),
    index("products_category_newest_idx").on(t.category, t.createdAt).where(published),
    index("products_style_newest_idx").on(t.style, t.createdAt).where(published),
    index("products_effective_price_idx").on(t.effectivePriceKobo).where(published),
    index("products_promo_idx")
      .on(t.createdAt)
      .where(sql`${t.isPromo} and ${published}`),
    index("products_best_seller_idx")
      .on(t.createdAt)
      .where(sql`${t.isBestSeller} and ${published}`),
    index("products_foreign_idx")
      .on(t.createdAt)
      .where(sql`${t.isForeign} and ${published}`),
    index("products_collection_idx").on(t.collectionId),
    index("products_search_idx").using("gin", t.searchVector),
    check("products_price_not_negative", sql`${t.priceKobo} >= 0`),
    ...availabilityChecks("products", t),
    check(
      "products_dimensions_whole",
      sql.raw(
        `(width_cm is null) = (depth_cm is null) and (width_cm is null) = (height_cm is null) and (seat_height_cm is null or width_cm is not null) and ` +
          `coalesce(least(width_cm, depth_cm, height_cm, seat_height_cm), 1) >= 1 and coalesce(greatest(width_cm, depth_cm, height_cm, seat_height_cm), 1) <= ${MAX_CENTIMETRES}`,
      ),
    ),
    check(
      "products_discount_below_price",
      sql`${t.discountedPriceKobo} is null or (${t.discountedPriceKobo} > 0 and ${t.discountedPriceKobo} < ${t.priceKobo})`,
    ),
  ],
);

/**
 * Every word of the catalogue's searchable text (what search_vector is built from,
 * unstemmed and lowercased), with how many products and collections use it, and how
 * many of them in their name. Search looks query words up here to find the words they
 * may stand for: a word that holds them ("chair" in "armchair") or one a slip away
 * ("winbgack" for "wingback"). Triggers keep it (migration 0003); nothing else writes it.
 */
export const catalogWords = pgTable(
  "catalog_words",
  {
    word: text("word").primaryKey(),
    uses: integer("uses").notNull(),
    nameUses: integer("name_uses").notNull(),
    // The word and each spelling of it with one letter left out: two words share one
    // when they are a letter slip apart (symmetric deletion), so a slip is an index look-up.
    deletions: text("deletions")
      .array()
      .notNull()
      .generatedAlwaysAs(sql`catalog_word_deletions(word)`),
  },
  (t) => [
    index("catalog_words_deletions_idx").using("gin", t.deletions),
    index("catalog_words_trgm_idx").using("gin", t.word.op("gin_trgm_ops")),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    mediaId: text("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.mediaId] }),
    index("product_images_order_idx").on(t.productId, t.position),
  ],
);

/**
 * The finishes or fabrics a product comes in, in the order shown, each optionally with
 * its own picture. An option keeps its id while the owner edits the product, so a cart
 * line or an order that chose it still names it; deleting it takes its cart lines.
 */
export const productOptions = pgTable(
  "product_options",
  {
    id: id(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    /** The swatch: a small picture of the finish itself, never shown as the piece. */
    mediaId: text("media_id").references(() => media.id, { onDelete: "set null" }),
    /** What this finish adds to the product's price (and to its promotion price), in kobo. */
    priceDifferenceKobo: bigint("price_difference_kobo", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    index("product_options_order_idx").on(t.productId, t.position),
    index("product_options_media_idx").on(t.mediaId),
    check("product_options_price_difference_range", sql`${t.priceDifferenceKobo} >= 0`),
  ],
);

/**
 * Photos of the piece in one finish, in the order shown: the product's gallery shows them
 * while the finish is chosen (the product's own photos when a finish has none).
 */
export const productOptionImages = pgTable(
  "product_option_images",
  {
    optionId: uuid("option_id")
      .notNull()
      .references(() => productOptions.id, { onDelete: "cascade" }),
    mediaId: text("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.optionId, t.mediaId] }),
    index("product_option_images_order_idx").on(t.optionId, t.position),
    index("product_option_images_media_idx").on(t.mediaId),
  ],
);

/**
 * A catalogue import started from the admin panel, as it goes (docs/catalogue-csv.md,
 * Progress): the page polls this row, so any instance can answer it. `report` holds the
 * answer once it is done; old rows are removed when a new import starts.
 */
export const catalogImportJobs = pgTable("catalog_import_jobs", {
  id: text("id").primaryKey(),
  dryRun: boolean("dry_run").notNull(),
  phase: text("phase").notNull(),
  done: integer("done").notNull().default(0),
  total: integer("total").notNull().default(0),
  report: jsonb("report"),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
