/**
 * Duplicating a product or a collection into a new draft (docs/product.md, Catalogue
 * tools): every field is copied and the name gains " (copy)"; pictures are shared, not
 * copied: the copy points at the same stored pictures, which are removed only when
 * nothing uses them any more (deleteUnusedMedia). A collection's copy also gets a draft
 * copy of each of its pieces, since a piece belongs to one collection only.
 */
import { asc, eq, inArray } from "drizzle-orm";
import type { CollectionDetail, Product } from "../../../domain/catalog/catalog.types";
import { isUuidText } from "../../../domain/ids.schema";
import type { Database } from "../../db/client";
import { collections, productImages, productOptionImages, productOptions, products } from "../../db/schema/catalog";
import { refuse } from "../../../domain/refusal";
import type { AdminWriteDeps } from "./catalog-admin.service";
import { COLLECTION_NOT_FOUND } from "./collections-admin.service";
import { PRODUCT_NOT_FOUND } from "./products-admin.service";
import { announceCatalogChange } from "./catalog-changes.service";
import { getCollection } from "./collections.service";
import { getProduct } from "./products.service";

const MAX_NAME = 200;
const copyName = (name: string) => `${name.slice(0, MAX_NAME - " (copy)".length)} (copy)`;

/** A stored row's own fields, without what the database makes for a new row (its id, times, generated columns). */
function copiedFields<
  Row extends { id: string; effectivePriceKobo: number; searchVector: string; createdAt: Date; updatedAt: Date },
>(row: Row) {
  const {
    id: _id,
    effectivePriceKobo: _price,
    searchVector: _search,
    createdAt: _created,
    updatedAt: _updated,
    ...fields
  } = row;
  return fields;
}

/** Copies one product's row (as just read), its pictures and its options into a draft; answers the copy's id. */
async function copyProduct(
  tx: Database,
  row: typeof products.$inferSelect,
  changes: { name?: (name: string) => string; collectionId?: string },
): Promise<string> {
  const id = row.id;
  const [copy] = await tx
    .insert(products)
    .values({
      ...copiedFields(row),
      name: changes.name ? changes.name(row.name) : row.name,
      collectionId: changes.collectionId ?? row.collectionId,
      status: "draft",
      demo: false,
    })
    .returning({ id: products.id });
  const copyId = copy!.id;
  const images = await tx.select().from(productImages).where(eq(productImages.productId, id));
  if (images.length) await tx.insert(productImages).values(images.map((image) => ({ ...image, productId: copyId })));
  const options = await tx
    .select()
    .from(productOptions)
    .where(eq(productOptions.productId, id))
    .orderBy(asc(productOptions.position));
  if (options.length) {
    const copies = await tx
      .insert(productOptions)
      .values(options.map(({ id: _option, ...option }) => ({ ...option, productId: copyId })))
      .returning({ id: productOptions.id, position: productOptions.position });
    // Each copied option shows the same photos of the piece, shared rather than copied.
    const copyOf = new Map(
      copies.map((copy) => [options.find((option) => option.position === copy.position)!.id, copy.id]),
    );
    const photos = await tx
      .select()
      .from(productOptionImages)
      .where(inArray(productOptionImages.optionId, [...copyOf.keys()]));
    if (photos.length)
      await tx
        .insert(productOptionImages)
        .values(photos.map((photo) => ({ ...photo, optionId: copyOf.get(photo.optionId)! })));
  }
  return copyId;
}

export async function duplicateProduct(deps: AdminWriteDeps, id: string): Promise<Product> {
  if (!isUuidText(id)) throw refuse("missing", PRODUCT_NOT_FOUND);
  const copyId = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(products).where(eq(products.id, id));
    if (!row) throw refuse("missing", PRODUCT_NOT_FOUND);
    return copyProduct(tx, row, { name: copyName });
  });
  const copy = (await getProduct(deps.db, copyId, "admin"))!;
  announceCatalogChange(deps, { kind: "product", id: copyId, action: "saved" }, { was: null, is: copy.status });
  return copy;
}

export async function duplicateCollection(deps: AdminWriteDeps, id: string): Promise<CollectionDetail> {
  if (!isUuidText(id)) throw refuse("missing", COLLECTION_NOT_FOUND);
  const copyId = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(collections).where(eq(collections.id, id));
    if (!row) throw refuse("missing", COLLECTION_NOT_FOUND);
    const [copy] = await tx
      .insert(collections)
      .values({ ...copiedFields(row), name: copyName(row.name), status: "draft", demo: false })
      .returning({ id: collections.id });
    const pieces = await tx
      .select()
      .from(products)
      .where(eq(products.collectionId, id))
      .orderBy(asc(products.createdAt), asc(products.id));
    // Oldest first, so the copies list in the collection's own order (newest first).
    for (const piece of pieces) await copyProduct(tx, piece, { collectionId: copy!.id });
    return copy!.id;
  });
  const copy = (await getCollection(deps.db, copyId, "admin"))!;
  announceCatalogChange(deps, { kind: "collection", id: copyId, action: "saved" }, { was: null, is: copy.status });
  return copy;
}
