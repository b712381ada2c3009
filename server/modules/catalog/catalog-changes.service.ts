/**
 * What follows every admin write to the catalogue (products, collections, projects):
 * the admin's next read must show it, new images get their AVIF, and open shop pages
 * learn which item changed without a reload (docs/product.md, Live updates). A draft is
 * the owner's alone (docs/product.md, Drafts), its id included: only the admins' pages
 * hear of an item shoppers could not see before the write and cannot see after it.
 */
import { eq } from "drizzle-orm";
import { CATALOG_CHANGED_EVENT, type CatalogChange } from "../../../domain/catalog/catalog.types";
import type { ItemStatus } from "../../../domain/catalog/item-status";
import { isUuidText } from "../../../domain/ids.schema";
import type { Database } from "../../db/client";
import { collections, products } from "../../db/schema/catalog";
import { projects } from "../../db/schema/projects";
import type { Realtime } from "../../plugins/realtime";
import type { AvifJobs } from "../media/avif-jobs";
import type { CatalogCache } from "./catalog-cache";

export interface CatalogChangeListeners {
  cache: Pick<CatalogCache, "invalidate">;
  avifJobs: Pick<AvifJobs, "wake">;
  realtime: Pick<Realtime, "broadcast" | "tellAdmins">;
}

/** The item's status before the write and after it; null where it did not exist. */
export interface StatusChange {
  was: ItemStatus | null;
  is: ItemStatus | null;
}

export function announceCatalogChange(
  { cache, avifJobs, realtime }: CatalogChangeListeners,
  change: CatalogChange,
  { was, is }: StatusChange,
): void {
  cache.invalidate();
  avifJobs.wake();
  // Shoppers' pages show published items only, so those are all they need to hear of,
  // including one that has just left them (unpublished or deleted).
  if (was === "published" || is === "published") realtime.broadcast(CATALOG_CHANGED_EVENT, change);
  else realtime.tellAdmins(CATALOG_CHANGED_EVENT, change);
}

const TABLES = { product: products, collection: collections, project: projects };

/** An item's stored status, read before a write changes or deletes it; null when there is no such item. */
export async function readStatus(db: Database, kind: CatalogChange["kind"], id: string): Promise<ItemStatus | null> {
  if (!isUuidText(id)) return null;
  const table = TABLES[kind];
  const [row] = await db.select({ status: table.status }).from(table).where(eq(table.id, id));
  return row?.status ?? null;
}
