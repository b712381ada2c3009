import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { AdminCollectionFilter, AdminCollectionListQuery } from "../../../domain/catalog/admin-list-query.schema";
import type { CatalogListQuery } from "../../../domain/catalog/catalog-query.schema";
import type { Collection, CollectionDetail, CollectionPage } from "../../../domain/catalog/catalog.types";
import type { Style } from "../../../domain/catalog/styles";
import { toImageRef } from "../../../domain/media";
import { effectivePrice, koboToNaira, nairaToKobo } from "../../../domain/money";
import type { Database } from "../../db/client";
import { isUuidText } from "../../../domain/ids.schema";
import { collections } from "../../db/schema/catalog";
import { publishedOnly, sharedFilters, type Audience } from "./catalog-filters";
import { loadCatalogPage, type PageQuery } from "./catalog-page";
import { planSearch, type SearchPlanner } from "./catalog-search";
import { availabilityOf } from "./furniture-columns";
import { collectionCover } from "./media-json";
import { listCollectionProducts } from "./products.service";
import { latestReviewsJson, ratingJson, toPublicReview } from "../reviews/review-json";

/** A collection's product ids, newest first: for shoppers, its published products only. */
const productIdsOf = (audience: Audience) =>
  audience === "public"
    ? sql<
        string[]
      >`array(select p.id::text from products p where p.collection_id = "collections".id and p.status = 'published' order by p.created_at desc, p.id desc)`
    : sql<
        string[]
      >`array(select p.id::text from products p where p.collection_id = "collections".id order by p.created_at desc, p.id desc)`;

const collectionColumns = {
  id: collections.id,
  name: collections.name,
  description: collections.description,
  items: collections.items,
  priceKobo: collections.priceKobo,
  discountedPriceKobo: collections.discountedPriceKobo,
  isPromo: collections.isPromo,
  isBestSeller: collections.isBestSeller,
  isForeign: collections.isForeign,
  origin: collections.origin,
  style: collections.style,
  coverImage: collectionCover(),
  materials: collections.materials,
  availabilityKind: collections.availabilityKind,
  weeksFrom: collections.weeksFrom,
  weeksTo: collections.weeksTo,
  productIds: productIdsOf("public"),
  rating: ratingJson("collections"),
  reviews: latestReviewsJson("collections"),
  status: collections.status,
  createdAt: collections.createdAt,
  updatedAt: collections.updatedAt,
};

const columnsFor = (audience: Audience) =>
  audience === "public" ? collectionColumns : { ...collectionColumns, productIds: productIdsOf("admin") };

function selectCollections(db: Database, audience: Audience = "public") {
  return db.select(columnsFor(audience)).from(collections);
}

const seenBy = (audience: Audience, where?: SQL) =>
  audience === "public" ? and(publishedOnly(collections.status), where) : where;

type CollectionRow = Awaited<ReturnType<ReturnType<typeof selectCollections>["execute"]>>[number];

function toCollection(row: CollectionRow): Collection {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    items: row.items,
    price: koboToNaira(row.priceKobo),
    discountedPrice: row.discountedPriceKobo === null ? null : koboToNaira(row.discountedPriceKobo),
    isPromo: row.isPromo,
    isBestSeller: row.isBestSeller,
    isForeign: row.isForeign,
    origin: row.origin,
    style: row.style as Style,
    coverImage: row.coverImage ? toImageRef(row.coverImage) : null,
    productIds: row.productIds,
    rating: row.rating,
    averageRating: row.rating?.average ?? null,
    reviews: row.reviews.map(toPublicReview),
    materials: row.materials,
    ...availabilityOf(row),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function collectionFilters(query: CatalogListQuery): SQL[] {
  const conditions = [publishedOnly(collections.status), ...sharedFilters(collections, query)];
  // Collections have no category of their own: one matches when it holds a published product of it.
  if (query.category) {
    conditions.push(
      sql`exists (select 1 from products p where p.collection_id = "collections".id and p.category = ${query.category} and p.status = 'published')`,
    );
  }
  return conditions;
}

/** What the admin's list narrows by; drafts and published alike unless a status is asked for. */
export function adminCollectionFilters(filter: AdminCollectionFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.style) conditions.push(eq(collections.style, filter.style));
  if (filter.isPromo !== undefined) conditions.push(eq(collections.isPromo, filter.isPromo));
  if (filter.status) conditions.push(eq(collections.status, filter.status));
  if (filter.availability) conditions.push(eq(collections.availabilityKind, filter.availability));
  return conditions;
}

async function loadCollections(
  db: Database,
  query: PageQuery,
  filters: SQL[],
  audience: Audience,
  plan: SearchPlanner,
): Promise<CollectionPage> {
  const page = await loadCatalogPage(query, {
    db,
    planSearch: plan,
    table: collections,
    filters,
    select: (where, order, limit, offset, total) =>
      db
        .select({ ...columnsFor(audience), total })
        .from(collections)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  });
  return { collections: page.rows.map(toCollection), hasMore: page.hasMore, total: page.total };
}

/** A page of published collections in the order asked for: newest first by default, best match first when searching. */
export function listCollections(
  db: Database,
  query: CatalogListQuery,
  plan: SearchPlanner = (search) => planSearch(db, search),
): Promise<CollectionPage> {
  return loadCollections(db, query, collectionFilters(query), "public", plan);
}

/** A page of the admin's list: drafts included, the owner's filters and sorts. */
export function listAdminCollectionPage(db: Database, query: AdminCollectionListQuery): Promise<CollectionPage> {
  return loadCollections(db, query, adminCollectionFilters(query), "admin", (search) => planSearch(db, search));
}

/** How many collections shoppers can see, or all of them for the admin. */
export async function countCollections(db: Database, audience: Audience = "public"): Promise<number> {
  return db.$count(collections, seenBy(audience));
}

/** A collection with its pieces; a draft only for the admin. */
export async function getCollection(
  db: Database,
  id: string,
  audience: Audience = "public",
): Promise<CollectionDetail | null> {
  if (!isUuidText(id)) return null;
  const [row] = await selectCollections(db, audience)
    .where(seenBy(audience, eq(collections.id, id)))
    .limit(1);
  if (!row) return null;
  const pieces = await listCollectionProducts(db, id, audience);
  // What the pieces still for sale cost one by one: a sold piece cannot be bought apart.
  const forSale = pieces.filter((piece) => !piece.sold);
  const piecesPrice = koboToNaira(forSale.reduce((sum, piece) => sum + nairaToKobo(effectivePrice(piece)), 0));
  return { ...toCollection(row), productIds: pieces, piecesPrice };
}

/** The collections with these ids that exist (malformed ids are skipped; drafts too, but for the admin), in no particular order. */
export async function getCollectionsByIds(
  db: Database,
  ids: string[],
  audience: Audience = "public",
): Promise<Collection[]> {
  const valid = ids.filter(isUuidText);
  if (valid.length === 0) return [];
  const rows = await selectCollections(db, audience).where(seenBy(audience, inArray(collections.id, valid)));
  return rows.map(toCollection);
}
