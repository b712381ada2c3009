import { and, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { AdminProductFilter, AdminProductListQuery } from "../../../domain/catalog/admin-list-query.schema";
import type { CatalogListQuery } from "../../../domain/catalog/catalog-query.schema";
import type { ImageRef, Product, ProductPage } from "../../../domain/catalog/catalog.types";
import type { Category } from "../../../domain/catalog/categories";
import type { Style } from "../../../domain/catalog/styles";
import { toImageRef } from "../../../domain/media";
import { koboToNaira, withPriceDifference } from "../../../domain/money";
import type { Database } from "../../db/client";
import { isUuidText } from "../../../domain/ids.schema";
import { collections, products } from "../../db/schema/catalog";
import { publishedOnly, sharedFilters, type Audience } from "./catalog-filters";
import { loadCatalogPage, type PageQuery } from "./catalog-page";
import { planSearch, type SearchPlanner } from "./catalog-search";
import { availabilityOf } from "./furniture-columns";
import { orderedImages, productOptionsJson, type MediaJson } from "./media-json";
import { ratingJson } from "../reviews/review-json";
import { fixedSelectList } from "../../db/fixed-select-list";

const productColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  items: products.items,
  priceKobo: products.priceKobo,
  discountedPriceKobo: products.discountedPriceKobo,
  isPromo: products.isPromo,
  isBestSeller: products.isBestSeller,
  isForeign: products.isForeign,
  origin: products.origin,
  sold: products.sold,
  category: products.category,
  style: products.style,
  make: products.make,
  model: products.model,
  collectionId: products.collectionId,
  // Null for a product in no collection, or (for shoppers) in a draft one: a left join.
  collectionName: sql<string | null>`${collections.name}`,
  status: products.status,
  images: orderedImages("products"),
  options: productOptionsJson(),
  rating: ratingJson("products"),
  materials: products.materials,
  availabilityKind: products.availabilityKind,
  weeksFrom: products.weeksFrom,
  weeksTo: products.weeksTo,
  widthCm: products.widthCm,
  depthCm: products.depthCm,
  heightCm: products.heightCm,
  seatHeightCm: products.seatHeightCm,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

/** The list's columns, written as SQL once (server/db/fixed-select-list.ts): pages are the hottest read. */
const productList = fixedSelectList(productColumns);

/**
 * Products with their collection's name. For shoppers a product in a draft collection
 * names none: the collection's page would not open.
 */
const collectionJoin = (audience: Audience) =>
  audience === "public"
    ? and(eq(products.collectionId, collections.id), publishedOnly(collections.status))
    : eq(products.collectionId, collections.id);

function selectProducts(db: Database, audience: Audience) {
  return db.select(productColumns).from(products).leftJoin(collections, collectionJoin(audience));
}

/** A public read's condition on top of `where`: published products only. */
const seenBy = (audience: Audience, where?: SQL) =>
  audience === "public" ? and(publishedOnly(products.status), where) : where;

type ProductRow = Awaited<ReturnType<ReturnType<typeof selectProducts>["execute"]>>[number];

/** A product row as the API answers it (the floor of bench:api maps its rows with it too). */
export function productFromRow(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    title: row.name,
    description: row.description,
    items: row.items,
    price: koboToNaira(row.priceKobo),
    discountedPrice: row.discountedPriceKobo === null ? null : koboToNaira(row.discountedPriceKobo),
    isPromo: row.isPromo,
    isBestSeller: row.isBestSeller,
    isForeign: row.isForeign,
    origin: row.origin,
    sold: row.sold,
    category: row.category as Category,
    style: row.style as Style,
    make: row.make,
    model: row.model,
    collectionId:
      row.collectionId && row.collectionName !== null ? { _id: row.collectionId, name: row.collectionName } : null,
    images: row.images.map(toImageRef),
    rating: row.rating,
    dimensions:
      row.widthCm === null || row.depthCm === null || row.heightCm === null
        ? null
        : { width: row.widthCm, depth: row.depthCm, height: row.heightCm, seatHeight: row.seatHeightCm },
    materials: row.materials,
    options: row.options.map((option) => {
      const prices = withPriceDifference(
        {
          price: koboToNaira(row.priceKobo),
          isPromo: row.isPromo,
          discountedPrice: row.discountedPriceKobo === null ? null : koboToNaira(row.discountedPriceKobo),
        },
        option.priceDifferenceKobo,
      );
      return {
        _id: option.id,
        name: option.name,
        image: option.image ? toImageRef(option.image) : null,
        images: option.images.map(toImageRef),
        priceDifference: koboToNaira(option.priceDifferenceKobo),
        price: prices.price,
        discountedPrice: prices.discountedPrice,
      };
    }),
    ...availabilityOf(row),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function productFilters(query: CatalogListQuery): SQL[] {
  const conditions = [publishedOnly(products.status), ...sharedFilters(products, query)];
  if (query.category) conditions.push(eq(products.category, query.category));
  return conditions;
}

/** What the admin's list narrows by; drafts and published alike unless a status is asked for. */
export function adminProductFilters(filter: AdminProductFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.category) conditions.push(eq(products.category, filter.category));
  if (filter.style) conditions.push(eq(products.style, filter.style));
  if (filter.collectionId === "none") conditions.push(isNull(products.collectionId));
  else if (filter.collectionId) conditions.push(eq(products.collectionId, filter.collectionId));
  if (filter.isPromo !== undefined) conditions.push(eq(products.isPromo, filter.isPromo));
  if (filter.sold !== undefined) conditions.push(eq(products.sold, filter.sold));
  if (filter.status) conditions.push(eq(products.status, filter.status));
  if (filter.availability) conditions.push(eq(products.availabilityKind, filter.availability));
  return conditions;
}

async function loadProducts(
  db: Database,
  query: PageQuery,
  filters: SQL[],
  audience: Audience,
  plan: SearchPlanner,
): Promise<ProductPage> {
  const page = await loadCatalogPage(query, {
    db,
    planSearch: plan,
    table: products,
    filters,
    select: async (where, order, limit, offset, total) => {
      const { rows } = await db.execute<Record<string, unknown>>(
        sql`select ${productList.sql}, ${total} as total from ${products}
          left join ${collections} on ${collectionJoin(audience)}
          where ${where ?? sql`true`} order by ${sql.join(order, sql`, `)} limit ${limit} offset ${offset}`,
      );
      return rows.map((row) => ({ ...productList.decode(row), total: row.total === null ? null : Number(row.total) }));
    },
  });
  return { products: page.rows.map(productFromRow), hasMore: page.hasMore, total: page.total };
}

/** A page of published products in the order asked for: newest first by default, best match first when searching. */
export function listProducts(
  db: Database,
  query: CatalogListQuery,
  plan: SearchPlanner = (search) => planSearch(db, search),
): Promise<ProductPage> {
  return loadProducts(db, query, productFilters(query), "public", plan);
}

/** A page of the admin's list: drafts included, the owner's filters and sorts. */
export function listAdminProductPage(db: Database, query: AdminProductListQuery): Promise<ProductPage> {
  return loadProducts(db, query, adminProductFilters(query), "admin", (search) => planSearch(db, search));
}

/** How many products shoppers can see (the public count), or all of them for the admin. */
export async function countProducts(db: Database, audience: Audience = "public"): Promise<number> {
  return db.$count(products, seenBy(audience));
}

/** A product by id; a draft only for the admin. */
export async function getProduct(db: Database, id: string, audience: Audience = "public"): Promise<Product | null> {
  if (!isUuidText(id)) return null;
  const [row] = await selectProducts(db, audience)
    .where(seenBy(audience, eq(products.id, id)))
    .limit(1);
  return row ? productFromRow(row) : null;
}

/** A collection's own products, newest first (its drafts only for the admin). */
export async function listCollectionProducts(
  db: Database,
  collectionId: string,
  audience: Audience = "public",
): Promise<Product[]> {
  const rows = await selectProducts(db, audience)
    .where(seenBy(audience, eq(products.collectionId, collectionId)))
    .orderBy(desc(products.createdAt), desc(products.id));
  return rows.map(productFromRow);
}

/**
 * One picture per category or per style, for the home page's tiles: the first image of
 * the best-selling, then newest, product that has one.
 */
export async function listCovers(db: Database, by: "category" | "style"): Promise<Record<string, ImageRef>> {
  const column = by === "category" ? sql.raw("p.category") : sql.raw("p.style");
  const { rows } = await db.execute<{ key: string; image: MediaJson }>(sql`
    select distinct on (${column}) ${column} as key,
      json_build_object('id', m.id, 'width', m.width, 'height', m.height, 'widths', m.widths, 'avifReady', m.avif_ready, 'colour', m.colour) as image
    from products p
    join product_images i on i.product_id = p.id and i.position = (select min(position) from product_images where product_id = p.id)
    join media m on m.id = i.media_id
    where p.status = 'published'
    order by ${column}, p.is_best_seller desc, p.created_at desc`);
  return Object.fromEntries(rows.map((row) => [row.key, toImageRef(row.image)]));
}

/** The products with these ids that exist (malformed ids are skipped; drafts too, but for the admin), in no particular order. */
export async function getProductsByIds(db: Database, ids: string[], audience: Audience = "public"): Promise<Product[]> {
  const valid = ids.filter(isUuidText);
  if (valid.length === 0) return [];
  const rows = await selectProducts(db, audience).where(seenBy(audience, inArray(products.id, valid)));
  return rows.map(productFromRow);
}
