/**
 * The door of every area (docs/architecture.md, The door). Each area's `<area>.actions.ts`
 * is the only way into its writes, for the API's routes and the pages' actions alike, and
 * each of its calls goes through here once: who may (the permission), then the write and
 * its journal entry in one transaction, then what follows a committed write (the cache
 * forgets, live events, pictures deleted from the store), which waits for the commit so
 * that nobody hears of a write that was rolled back.
 */
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { JournalArea, JournalChange } from "../domain/journal/journal.schema";
import type { Permission } from "../domain/staff/permissions";
import type { Database } from "./db/client";
import type { AvifJobs } from "./modules/media/avif-jobs";
import type { CatalogCache } from "./modules/catalog/catalog-cache";
import type { MediaStorage } from "./modules/media/storage/media-storage";
import { writeJournalEntries } from "./modules/journal/journal.service";
import type { Realtime } from "./plugins/realtime";
import { requireStaff } from "./plugins/session";

/** Who did it, as the journal and an order's timeline name them. */
export interface Actor {
  /** Null for what the shop does by itself: a payment a provider confirmed, named by the provider. */
  id: string | null;
  name: string;
}

/** Checks the permission (401, 403) and names the staff member who asks. */
export async function staffMember(request: FastifyRequest, permission: Permission): Promise<Actor> {
  const { viewer } = await requireStaff(request, permission);
  return { id: viewer._id, name: viewer.username };
}

/** One entry of the journal: what a write did to which item. */
export interface JournalNote {
  area: JournalArea;
  /** The item's id, or the area's name for a whole-shop write (settings). */
  item: string;
  /** How a person knows the item: a product's name, an order's reference. */
  itemLabel: string;
  action: string;
  changes?: JournalChange[];
}

/** What a write may tell the world of, all of it held back until the commit. */
export interface WriteEffects {
  cache: Pick<CatalogCache, "invalidate">;
  avifJobs: Pick<AvifJobs, "wake">;
  realtime: Pick<Realtime, "broadcast" | "tellAdmins" | "emit">;
  storage: MediaStorage;
}

/** The parts a write is made with: the database (the transaction, inside one) and its effects. */
export interface WriteParts extends WriteEffects {
  db: Database;
}

/** A door's write parts, from the app (its AVIF jobs and live events) and the shop's parts. */
export const writePartsOf = ({
  app,
  db,
  cache,
  storage,
}: Pick<WriteParts, "db" | "cache" | "storage"> & { app: FastifyInstance }): WriteParts => ({
  db,
  cache,
  storage,
  avifJobs: app.avifJobs,
  realtime: app.realtime,
});

/**
 * Runs `write` in one transaction with the journal entries `note` makes of its result;
 * a write that fails writes no entry, and an entry that cannot be written undoes the
 * write. Inside, `parts.db` is the transaction (a service's own transaction becomes a
 * savepoint of it) and every effect waits until the commit.
 */
export async function journaled<R, P extends WriteParts>(
  parts: P,
  by: Actor,
  write: (parts: P) => Promise<R>,
  note: (result: R, db: Database) => JournalNote | JournalNote[] | null | Promise<JournalNote | JournalNote[] | null>,
): Promise<R> {
  const afterCommit: Array<() => unknown> = [];
  const later =
    <A extends unknown[]>(run: (...args: A) => unknown) =>
    (...args: A) =>
      void afterCommit.push(() => void run(...args));
  const result = await parts.db.transaction(async (tx) => {
    const held: P = {
      ...parts,
      db: tx as unknown as Database,
      cache: { ...parts.cache, invalidate: later(() => parts.cache.invalidate()) },
      avifJobs: { ...parts.avifJobs, wake: later(() => parts.avifJobs.wake()) },
      realtime: {
        ...parts.realtime,
        broadcast: later((event: string, payload?: unknown) => parts.realtime.broadcast(event, payload)),
        tellAdmins: later((event: string, payload: unknown) => parts.realtime.tellAdmins(event, payload)),
        emit: later((room: string, event: string) => parts.realtime.emit(room, event)),
      },
      storage: heldDeletes(parts.storage, afterCommit),
    };
    const done = await write(held);
    const notes = await note(done, tx as unknown as Database);
    await writeJournalEntries(tx as unknown as Database, by, notes === null ? [] : [notes].flat());
    return done;
  });
  // In order, as the write made them; the files' removal is awaited, as it was before the door.
  for (const effect of afterCommit) await effect();
  return result;
}

/** The store as a write inside a transaction sees it: files it deletes go only once the write is committed. */
function heldDeletes(storage: MediaStorage, afterCommit: Array<() => unknown>): MediaStorage {
  return new Proxy(storage, {
    get(target, key, receiver) {
      if (key === "deletePrefixes")
        return async (prefixes: readonly string[]) => void afterCommit.push(() => target.deletePrefixes(prefixes));
      const value: unknown = Reflect.get(target, key, receiver);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * The fields that differ between two views of an item, before → after, as text; the
 * fields named in `secret` are never written, only that they changed.
 */
export function changesBetween(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  secret: readonly string[] = [],
): JournalChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: JournalChange[] = [];
  for (const field of fields) {
    const was = asText(before?.[field]);
    const is = asText(after?.[field]);
    if (was === is) continue;
    changes.push(
      secret.includes(field)
        ? { field, before: was === null ? null : "(hidden)", after: is === null ? null : "(changed)" }
        : { field, before: was, after: is },
    );
  }
  return changes;
}

const MAX_TEXT = 500;

function asText(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

/**
 * The staff scope's validator: a route's path and query are checked by their schemas as
 * everywhere, while its body passes untouched to the area's door, which reads it once
 * with the same schema the route documents (as it reads a page form's).
 */
export const bodyReadAtTheDoor: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === "body" ? (data: unknown) => ({ value: data }) : validatorCompiler(route as never);
