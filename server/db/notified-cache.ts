/**
 * A read cache kept in memory until PostgreSQL announces a change to what it holds
 * (server/db/change-listener.ts): triggers notify a channel at commit and each instance
 * listens, so a cached read is never older than the last committed change, across
 * instances too. While the listening connection is down nothing is cached. The shop keeps
 * two: the catalogue's (server/modules/catalog/catalog-cache.ts) and the staff's customer
 * book and Today (server/modules/customers/operations-cache.ts).
 *
 * The cache is bounded by size, not by count: a stranger can ask for as many distinct
 * pages of 100 items as they like, and each is large. Sizes are measured as the JSON
 * the answer becomes (the objects in memory take a small multiple of that). A read whose
 * keys have no end (a list's every filter, page and search) can ask to be kept only from
 * its second ask (`fromSecondAsk`): what is asked once (a crawler's or a stranger's
 * distinct pages) then never pushes out what shoppers ask for again and again, and costs
 * neither its size count nor the work of collecting it from the older heap later.
 */
import { LRUCache } from "lru-cache";
import type pg from "pg";
import { listenForChanges } from "./change-listener";

export interface NotifiedCache {
  /**
   * The cached value, or compute() kept for next time; a null result is not kept. With
   * `fromSecondAsk`, kept only when the key was asked for before (a change does not forget
   * which keys were): a first ask is answered and let go.
   */
  remember<T extends object | null>(key: string, compute: () => Promise<T>, options?: RememberOptions): Promise<T>;
  /**
   * Forget everything now. The notification of a committed change arrives a moment
   * later; a writer calls this so that its own next read already sees the change.
   */
  invalidate(): void;
  /**
   * Calls `listener` whenever the cache empties (a change here, or announced by another
   * instance), for what must act on a change rather than read it again. Answers the call
   * that stops it.
   */
  onInvalidate(listener: () => void): () => void;
  /** True while it hears changes (and so keeps answers). */
  readonly listening: boolean;
  close(): Promise<void>;
  /** What is kept now: entries, and their size as JSON characters. */
  stats(): { entries: number; size: number };
}

export interface RememberOptions {
  fromSecondAsk?: boolean;
}

export interface NotifiedCacheOptions {
  connection: pg.ClientConfig;
  /** The channel its triggers announce changes on. */
  channel: string;
  /** Named in the warning logged while the database does not answer. */
  what: string;
  /** Its bound, in JSON characters. */
  maxSize: number;
  /** What a read shows by the clock alone is never older than this (none: only changes empty it). */
  ttlMs?: number;
  /**
   * Before each read, make sure every change committed before it has been heard (a round
   * trip on the listening connection), so a read after a write, on any instance, sees it.
   * Without it a change reaches the cache a moment after its commit, and writers on this
   * instance call `invalidate()` to see their own writes.
   */
  readsAfterWrites?: boolean;
  log?: { warn(message: string): void };
}

const jsonSize = (value: object) => JSON.stringify(value).length;

/** Every answer a cache holds or held: shared by every request that gets it, so never changed. */
const keptAnswers = new WeakSet<object>();

/**
 * Wraps the app's response serializer so that an answer from a cache, which many requests
 * send as it is, is checked and turned into JSON once per route rather than at every send.
 */
export const serializeKeptOnce =
  <R>(compile: (route: R) => (data: unknown) => string) =>
  (route: R) => {
    const serialize = compile(route);
    const sent = new WeakMap<object, string>();
    return (data: unknown): string => {
      if (typeof data !== "object" || data === null || !keptAnswers.has(data)) return serialize(data);
      let json = sent.get(data);
      if (json === undefined) sent.set(data, (json = serialize(data)));
      return json;
    };
  };

export async function startNotifiedCache({
  connection,
  channel,
  what,
  maxSize,
  ttlMs,
  readsAfterWrites = false,
  log,
}: NotifiedCacheOptions): Promise<NotifiedCache> {
  // An answer larger than an eighth of the whole is not kept: it would push out many others.
  const entries = new LRUCache<string, object>({
    maxSize,
    maxEntrySize: maxSize / 8,
    sizeCalculation: jsonSize,
    ...(ttlMs ? { ttl: ttlMs } : {}),
  });
  const inFlight = new Map<string, Promise<object | null>>();
  // The keys asked for once and not kept (fromSecondAsk): the latest few thousand, at most
  // half a megabyte of them.
  const askedOnce = new LRUCache<string, true>({
    max: 4096,
    maxSize: 512 * 1024,
    sizeCalculation: (_, key) => key.length,
  });
  /** Whether the key was asked for before; remembered if not. */
  const askedBefore = (key: string) => {
    if (askedOnce.has(key)) return true;
    askedOnce.set(key, true);
    return false;
  };
  // Bumped on every change: a read that began before it must not be cached after it.
  let generation = 0;
  const listeners = new Set<() => void>();

  const invalidate = () => {
    generation += 1;
    entries.clear();
    inFlight.clear();
    for (const listener of listeners) listener();
  };
  const changes = await listenForChanges({ connection, channels: [channel], onChange: invalidate, what, log });

  return {
    async remember<T extends object | null>(
      key: string,
      compute: () => Promise<T>,
      options?: RememberOptions,
    ): Promise<T> {
      if (!changes.listening) return compute();
      if (readsAfterWrites && !(await changes.heard())) return compute();
      const cached = entries.get(key) ?? inFlight.get(key);
      if (cached) return cached as Promise<T> | T;
      const started = generation;
      const pending = compute();
      inFlight.set(key, pending);
      try {
        const value = await pending;
        if (
          value !== null &&
          (!options?.fromSecondAsk || askedBefore(key)) &&
          started === generation &&
          changes.listening
        ) {
          entries.set(key, value);
          keptAnswers.add(value);
        }
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
    get listening() {
      return changes.listening;
    },
    stats: () => ({ entries: entries.size, size: entries.calculatedSize }),
    close: () => changes.close(),
  };
}
