/**
 * Storefront reads vastly outnumber catalogue writes, so list and detail reads are kept
 * in memory until the catalogue changes: a cache emptied by the 'catalog_changed' channel,
 * which the catalogue's tables announce every change on (migration 0002) and settings and
 * delivery writes too (server/db/notified-cache.ts). The backup schedule follows it to
 * plan again when the Owner changes it.
 */
import type pg from "pg";
import { startNotifiedCache, type NotifiedCache } from "../../db/notified-cache";

export type CatalogCache = NotifiedCache;

/** About 16 MB of JSON answers: a few hundred full pages, every page a shopper opens many times over. */
export const CATALOG_CACHE_SIZE = 16 * 1024 * 1024;

export const CATALOG_CHANNEL = "catalog_changed";

export const startCatalogCache = (
  connection: pg.ClientConfig,
  log: { warn(message: string): void } = console,
  maxSize = CATALOG_CACHE_SIZE,
): Promise<CatalogCache> =>
  startNotifiedCache({ connection, channel: CATALOG_CHANNEL, what: "Catalogue cache", maxSize, log });
