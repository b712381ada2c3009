import { eq, inArray, sql, type SQL } from "drizzle-orm";
import type { CatalogListQuery } from "../../../domain/catalog/catalog-query.schema";
import type { Collection, CollectionDetail, CollectionPage } from "../../../domain/catalog/catalog.types";
import type { Style } from "../../../domain/catalog/styles";
import { toImageRef } from "../../../domain/media";
import { effectivePrice, koboToNaira, nairaToKobo } from "../../../domain/money";
import type { Database } from "../../db/client";
import { isUuidText } from "../../../domain/ids.schema";
import { collections } from "../../db/schema/catalog";
import { sharedFilters } from "./catalog-filters";
import { loadCatalogPage } from "./catalog-page";
import { planSearch, type SearchPlanner } from "./catalog-search";
import { availabilityOf } from "./furniture-columns";
import { collectionCover } from "./media-json";
import { listCollectionProducts } from "./products.service";

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
  productIds: sql<
    string[]
  >`array(select p.id::text from products p where p.collection_id = "collections".id order by p.created_at desc, p.id desc)`,
  createdAt: collections.createdAt,
  updatedAt: collections.updatedAt,
};

function selectCollections(db: Database) {
  return db.select(collectionColumns).from(collections);
}

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
    averageRating: null,
    reviews: [],
    materials: row.materials,
    ...availabilityOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function collectionFilters(query: CatalogListQuery): SQL[] {
  const conditions = sharedFilters(collections, query);
  // Collections have no category of their own: one matches when it holds a product of it.
  if (query.category) {
    conditions.push(
      sql`exists (select 1 from products p where p.collection_id = "collections".id and p.category = ${query.category})`,
    );
  }
  return conditions;
}

/** A page of collections in the order asked for: newest first by default, best match first when searching. */
export async function listCollections(
  db: Database,
  query: CatalogListQuery,
  plan: SearchPlanner = (search) => planSearch(db, search),
): Promise<CollectionPage> {
  const page = await loadCatalogPage(query, {
    db,
    planSearch: plan,
    table: collections,
    filters: collectionFilters(query),
    select: (where, order, limit, offset, total) =>
      db
        .select({ ...collectionColumns, total })
        .from(collections)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  });
  return { collections: page.rows.map(toCollection), hasMore: page.hasMore, total: page.total };
}

export async function countCollections(db: Database): Promise<number> {
  return db.$count(collections);
}

export async function getCollection(db: Database, id: string): Promise<CollectionDetail | null> {
  if (!isUuidText(id)) return null;
  const [row] = await selectCollections(db).where(eq(collections.id, id)).limit(1);
  if (!row) return null;
  const pieces = await listCollectionProducts(db, id);
  // What the pieces still for sale cost one by one: a sold piece cannot be bought apart.
  const forSale = pieces.filter((piece) => !piece.sold);
  const piecesPrice = koboToNaira(forSale.reduce((sum, piece) => sum + nairaToKobo(effectivePrice(piece)), 0));
  return { ...toCollection(row), productIds: pieces, piecesPrice };
}

/** The collections with these ids that exist (malformed ids are skipped), in no particular order. */
export async function getCollectionsByIds(db: Database, ids: string[]): Promise<Collection[]> {
  const valid = ids.filter(isUuidText);
  if (valid.length === 0) return [];
  const rows = await selectCollections(db).where(inArray(collections.id, valid));
  return rows.map(toCollection);
}
