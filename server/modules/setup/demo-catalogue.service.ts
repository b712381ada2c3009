/**
 * Removing the demo catalogue (docs/product.md, Demo catalogue): exactly the products,
 * collections and projects the demo loaded and the owner has not saved since (their
 * `demo` mark; a save through the admin makes an item the owner's), with the pictures
 * only they showed. It follows the rules of deleting one item at a time: cart and wishlist
 * lines of a removed item go with it, an owner's product in a demo collection stays,
 * unassigned, and a picture something that stays still shows stays too. Nothing the
 * owner added is touched: the demo's pictures are marked as well, and an owner's picture
 * only ever hangs on an item the owner saved, which is theirs.
 */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { DemoCatalogueCounts } from "../../../domain/setup/demo-catalogue.schema";
import type { Database } from "../../db/client";
import { collections, productImages, productOptionImages, productOptions, products } from "../../db/schema/catalog";
import { media } from "../../db/schema/media";
import { projectImages, projects } from "../../db/schema/projects";
import { announceCatalogChange } from "../catalog/catalog-changes.service";
import type { AdminWriteDeps } from "../catalog/catalog-admin.service";
import { deleteUnusedMedia } from "../media/media.service";
import type { MediaStorage } from "../media/storage/media-storage";

/** What is left of the demo catalogue. */
export async function countDemoCatalogue(db: Database): Promise<DemoCatalogueCounts> {
  const [productCount, collectionCount, projectCount, pictureCount] = await Promise.all([
    db.$count(products, eq(products.demo, true)),
    db.$count(collections, eq(collections.demo, true)),
    db.$count(projects, eq(projects.demo, true)),
    db.$count(media, eq(media.demo, true)),
  ]);
  return { products: productCount, collections: collectionCount, projects: projectCount, pictures: pictureCount };
}

/** The ids of what the removal took away. */
export interface RemovedDemo {
  products: string[];
  collections: string[];
  projects: string[];
  pictures: string[];
  /** Those of the removed items that were drafts: only the admins hear of them. */
  drafts: Set<string>;
}

export const removedCounts = (removed: RemovedDemo): DemoCatalogueCounts => ({
  products: removed.products.length,
  collections: removed.collections.length,
  projects: removed.projects.length,
  pictures: removed.pictures.length,
});

/**
 * Deletes the demo's items in one transaction, then the pictures nothing left shows, rows
 * and files. Running it again removes nothing. The catalogue cache of every running
 * instance hears of it from the database; live pages only through removeDemoCatalogue.
 */
export async function deleteDemoCatalogue(db: Database, storage: MediaStorage): Promise<RemovedDemo> {
  const removed = await db.transaction(async (tx) => {
    // The pictures the items show, read before they go (their picture rows go with them);
    // one after another: a transaction is one connection.
    const productPictures = await tx
      .select({ id: productImages.mediaId })
      .from(productImages)
      .innerJoin(products, eq(products.id, productImages.productId))
      .where(eq(products.demo, true));
    const optionPictures = await tx
      .select({ id: productOptions.mediaId })
      .from(productOptions)
      .innerJoin(products, eq(products.id, productOptions.productId))
      .where(and(eq(products.demo, true), isNotNull(productOptions.mediaId)));
    const optionPhotos = await tx
      .select({ id: productOptionImages.mediaId })
      .from(productOptionImages)
      .innerJoin(productOptions, eq(productOptions.id, productOptionImages.optionId))
      .innerJoin(products, eq(products.id, productOptions.productId))
      .where(eq(products.demo, true));
    const projectPictures = await tx
      .select({ id: projectImages.mediaId })
      .from(projectImages)
      .innerJoin(projects, eq(projects.id, projectImages.projectId))
      .where(eq(projects.demo, true));
    const covers = await tx
      .select({ id: collections.coverMediaId })
      .from(collections)
      .where(and(eq(collections.demo, true), isNotNull(collections.coverMediaId)));
    const productRows = await tx
      .delete(products)
      .where(eq(products.demo, true))
      .returning({ id: products.id, status: products.status });
    const demoCollections = tx.select({ id: collections.id }).from(collections).where(eq(collections.demo, true));
    // The owner's products in a demo collection stay, unassigned, as deleting a collection
    // leaves them (explicitly, so their updatedAt moves too).
    await tx.update(products).set({ collectionId: null }).where(inArray(products.collectionId, demoCollections));
    const collectionRows = await tx
      .delete(collections)
      .where(eq(collections.demo, true))
      .returning({ id: collections.id, status: collections.status });
    const projectRows = await tx
      .delete(projects)
      .where(eq(projects.demo, true))
      .returning({ id: projects.id, status: projects.status });
    const demoPictures = await tx.select({ id: media.id }).from(media).where(eq(media.demo, true));
    return {
      products: productRows.map((row) => row.id),
      collections: collectionRows.map((row) => row.id),
      projects: projectRows.map((row) => row.id),
      pictures: [
        ...productPictures,
        ...optionPictures,
        ...optionPhotos,
        ...projectPictures,
        ...covers,
        ...demoPictures,
      ].map((row) => row.id!),
      drafts: new Set(
        [...productRows, ...collectionRows, ...projectRows].flatMap((row) => (row.status === "draft" ? [row.id] : [])),
      ),
    };
  });
  return { ...removed, pictures: await deleteUnusedMedia(db, storage, removed.pictures) };
}

/**
 * The removal as the API route and the dashboard run it: afterwards every removed item
 * is announced as its own deletion is (the cache forgets, open pages of it hear it went).
 */
export async function removeDemoCatalogue(deps: AdminWriteDeps): Promise<DemoCatalogueCounts> {
  const removed = await deleteDemoCatalogue(deps.db, deps.storage);
  for (const [kind, ids] of [
    ["product", removed.products],
    ["collection", removed.collections],
    ["project", removed.projects],
  ] as const) {
    for (const id of ids) {
      const was = removed.drafts.has(id) ? "draft" : "published";
      announceCatalogChange(deps, { kind, id, action: "deleted" }, { was, is: null });
    }
  }
  return removedCounts(removed);
}
