/**
 * The journal (docs/product.md, The journal): one entry per write, written by the door in
 * the write's own transaction; read newest first by the owner (all areas) and Accounts
 * (money areas); pruned past the years the settings keep, by one instance at a time.
 */
import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import {
  JOURNAL_AREAS,
  MONEY_AREAS,
  type JournalArea,
  type JournalEntry,
  type JournalPage,
  type JournalQuery,
} from "../../../domain/journal/journal.schema";
import type { Database } from "../../db/client";
import { journalEntries } from "../../db/schema/journal";
import type { Actor, JournalNote } from "../../door";
import { writeCsv } from "../../write-csv";

export async function writeJournalEntries(db: Database, by: Actor, notes: readonly JournalNote[]): Promise<void> {
  if (notes.length === 0) return;
  await db.insert(journalEntries).values(
    notes.map((note) => ({
      byId: by.id,
      byName: by.name,
      area: note.area,
      item: note.item,
      itemLabel: note.itemLabel,
      action: note.action,
      changes: note.changes ?? [],
    })),
  );
}

/** Which areas a reader sees: every one, or the money areas only. */
export type JournalReach = "all" | "money";

/** Midnight at the start of a Lagos day (UTC+1 all year), as an instant. */
const lagosMidnight = (day: string) => new Date(`${day}T00:00:00+01:00`);

function whereOf(query: Omit<JournalQuery, "page" | "limit">, reach: JournalReach): SQL | undefined {
  const areas: readonly JournalArea[] = reach === "all" ? JOURNAL_AREAS : MONEY_AREAS;
  const conditions: SQL[] = [inArray(journalEntries.area, [...areas])];
  if (query.person) conditions.push(eq(journalEntries.byId, query.person));
  if (query.area) conditions.push(eq(journalEntries.area, query.area));
  if (query.item) conditions.push(eq(journalEntries.item, query.item));
  if (query.from) conditions.push(gte(journalEntries.at, lagosMidnight(query.from)));
  if (query.to) {
    const next = lagosMidnight(query.to);
    next.setUTCDate(next.getUTCDate() + 1);
    conditions.push(lt(journalEntries.at, next));
  }
  return and(...conditions);
}

const toEntry = (row: typeof journalEntries.$inferSelect): JournalEntry => ({
  _id: row.id,
  at: row.at.toISOString(),
  by: { _id: row.byId, name: row.byName },
  area: row.area as JournalArea,
  item: row.item,
  itemLabel: row.itemLabel,
  action: row.action,
  changes: row.changes,
});

export async function listJournal(db: Database, query: JournalQuery, reach: JournalReach): Promise<JournalPage> {
  const where = whereOf(query, reach);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(journalEntries)
      .where(where)
      .orderBy(desc(journalEntries.at), desc(journalEntries.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(journalEntries).where(where),
  ]);
  const n = total?.n ?? 0;
  return { entries: rows.map(toEntry), total: n, hasMore: query.page * query.limit < n };
}

/** The most rows one export holds, newest first; narrow the filters for older ones. */
export const MAX_EXPORT_ROWS = 50_000;

const CSV_COLUMNS = ["at", "by", "area", "item", "item_label", "action", "field", "before", "after"] as const;

/** The entries as CSV, one line per changed field (an entry without fields gets one line). */
export async function exportJournal(
  db: Database,
  query: Omit<JournalQuery, "page" | "limit">,
  reach: JournalReach,
): Promise<string> {
  const rows = await db
    .select()
    .from(journalEntries)
    .where(whereOf(query, reach))
    .orderBy(desc(journalEntries.at), desc(journalEntries.id))
    .limit(MAX_EXPORT_ROWS);
  const lines: Record<(typeof CSV_COLUMNS)[number], string>[] = [];
  for (const row of rows) {
    const base = {
      at: row.at.toISOString(),
      by: row.byName,
      area: row.area,
      item: row.item,
      item_label: row.itemLabel,
      action: row.action,
    };
    if (row.changes.length === 0) lines.push({ ...base, field: "", before: "", after: "" });
    for (const change of row.changes)
      lines.push({ ...base, field: change.field, before: change.before ?? "", after: change.after ?? "" });
  }
  return writeCsv(lines, { columns: CSV_COLUMNS, header: true });
}

/** Held by the instance pruning, so two instances never prune at once. */
const JOURNAL_PRUNE_LOCK = 0x6a6f75726e616c; // "journal"

/** Deletes entries older than `years`; false when another instance is pruning now. Returns how many went. */
export async function pruneJournal(db: Database, years: number): Promise<number | false> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${JOURNAL_PRUNE_LOCK}) as locked`,
    );
    if (!rows[0]?.locked) return false;
    const deleted = await tx
      .delete(journalEntries)
      .where(lt(journalEntries.at, sql`now() - make_interval(years => ${years})`))
      .returning({ id: journalEntries.id });
    return deleted.length;
  });
}
