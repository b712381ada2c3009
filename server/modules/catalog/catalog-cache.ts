/**
 * Storefront reads vastly outnumber catalogue writes, so list and detail reads are
 * kept in memory until the catalogue changes. PostgreSQL announces every change on the
 * 'catalog_changed' channel (migration 0002) and each instance listens, so a cached
 * read is never older than the last committed change, across instances too. While the
 * listening connection is down nothing is cached.
 *
 * The cache is bounded by size, not by count: a stranger can ask for as many distinct
 * pages of 100 items as they like, and each is large. Sizes are measured as the JSON
 * the answer becomes (the objects in memory take a small multiple of that).
 */
import { LRUCache } from "lru-cache";
import pg from "pg";

export interface CatalogCache {
  /** The cached value, or compute() kept for next time; a null result is not kept. */
  remember<T extends object | null>(key: string, compute: () => Promise<T>): Promise<T>;
  /**
   * Forget everything now. The notification of a committed change arrives a moment
   * later; a writer calls this so that its own next read already sees the change.
   */
  invalidate(): void;
  /**
   * Calls `listener` whenever the cache empties (a change here, or announced by another
   * instance), for what must act on a change rather than read it again: the backup
   * schedule plans again. Answers the call that stops it.
   */
  onInvalidate(listener: () => void): () => void;
  close(): Promise<void>;
  /** What is kept now: entries, and their size as JSON characters. */
  stats(): { entries: number; size: number };
}

/** About 16 MB of JSON answers: a few hundred full pages, every page a shopper opens many times over. */
export const CATALOG_CACHE_SIZE = 16 * 1024 * 1024;

const jsonSize = (value: object) => JSON.stringify(value).length;

const CHANNEL = "catalog_changed";

export async function startCatalogCache(
  connection: pg.ClientConfig,
  log: { warn(message: string): void } = console,
  maxSize = CATALOG_CACHE_SIZE,
): Promise<CatalogCache> {
  // An answer larger than an eighth of the whole is not kept: it would push out many others.
  const entries = new LRUCache<string, object>({ maxSize, maxEntrySize: maxSize / 8, sizeCalculation: jsonSize });
  const inFlight = new Map<string, Promise<object | null>>();
  // Bumped on every change: a read that began before it must not be cached after it.
  let generation = 0;
  let listener: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const listeners = new Set<() => void>();

  const invalidate = () => {
    generation += 1;
    entries.clear();
    inFlight.clear();
    for (const listener of listeners) listener();
  };

  const listenLater = () => {
    clearTimeout(retry);
    if (!closed) retry = setTimeout(() => void listen(), 1000);
  };

  const listen = async (): Promise<void> => {
    const client = new pg.Client(connection);
    client.on("notification", invalidate);
    client.on("error", () => {});
    client.on("end", () => {
      if (listener !== client) return;
      listener = null;
      invalidate();
      listenLater();
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      // Changes made while we were not listening are unknown: start empty.
      invalidate();
      listener = client;
    } catch (error) {
      log.warn(`Catalogue cache is off until the database answers: ${(error as Error).message}`);
      await client.end().catch(() => {});
      listenLater();
    }
  };
  await listen();

  return {
    async remember<T extends object | null>(key: string, compute: () => Promise<T>): Promise<T> {
      if (!listener) return compute();
      const cached = entries.get(key) ?? inFlight.get(key);
      if (cached) return cached as Promise<T> | T;
      const started = generation;
      const pending = compute();
      inFlight.set(key, pending);
      try {
        const value = await pending;
        if (value !== null && started === generation && listener) entries.set(key, value);
        return value;
      } finally {
        if (inFlight.get(key) === pending) inFlight.delete(key);
      }
    },
    invalidate,
    onInvalidate(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    stats: () => ({ entries: entries.size, size: entries.calculatedSize }),
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
    },
  };
}
