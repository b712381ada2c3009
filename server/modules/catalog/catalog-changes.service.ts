/**
 * What follows every admin write to the catalogue (products, collections, projects):
 * the admin's next read must show it, new images get their AVIF, and open shop pages
 * learn which item changed without a reload (docs/product.md, Live updates).
 */
import { CATALOG_CHANGED_EVENT, type CatalogChange } from "../../../domain/catalog/catalog.types";
import type { Realtime } from "../../plugins/realtime";
import type { AvifJobs } from "../media/avif-jobs";
import type { CatalogCache } from "./catalog-cache";

export interface CatalogChangeListeners {
  cache: CatalogCache;
  avifJobs: Pick<AvifJobs, "wake">;
  realtime: Pick<Realtime, "broadcast">;
}

export function announceCatalogChange(
  { cache, avifJobs, realtime }: CatalogChangeListeners,
  change: CatalogChange,
): void {
  cache.invalidate();
  avifJobs.wake();
  realtime.broadcast(CATALOG_CHANGED_EVENT, change);
}
