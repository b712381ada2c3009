/**
 * The shop's database as rows (docs/decisions/0008-backups-as-rows-and-migrations.md):
 * every table of the shop's schema read in one snapshot, one JSON object per row and
 * line, and the migrations that made those tables. Loading replays the same migrations
 * on an emptied database, then the rows, in one transaction: a restore that fails
 * changes nothing.
 */
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { finished } from "node:stream/promises";
import { is } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import type pg from "pg";
import { migrationsFolder } from "../../db/migrate";
import * as accounts from "../../db/schema/accounts";
import * as appMeta from "../../db/schema/app-meta";
import * as bulkChanges from "../../db/schema/bulk-changes";
import * as catalog from "../../db/schema/catalog";
import * as contact from "../../db/schema/contact";
import * as customers from "../../db/schema/customers";
import * as journal from "../../db/schema/journal";
import * as media from "../../db/schema/media";
import * as orders from "../../db/schema/orders";
import * as payments from "../../db/schema/payments";
import * as projects from "../../db/schema/projects";
import * as quotes from "../../db/schema/quotes";
import * as reviews from "../../db/schema/reviews";
import * as settings from "../../db/schema/settings";
import * as shoppingLists from "../../db/schema/shopping-lists";
import * as today from "../../db/schema/today";

/** The app's tables live in `public`; drizzle records the migrations applied in `drizzle`. */
const SCHEMAS = ["public", "drizzle"];
const MIGRATIONS_TABLE = "drizzle.__drizzle_migrations";

/**
 * The tables a backup holds and a restore accepts, as "schema.name": those of the shop's
 * own Drizzle schema (server/db/schema/, every file of it) and drizzle's record of the
 * migrations. A restore writes each table's rows to a file named after it before loading
 * them, so a name from a backup is taken only if it is one of these. A migration that drops
 * or renames a table keeps the old name here, or backups taken before it are refused.
 */
export const BACKUP_TABLES: ReadonlySet<string> = new Set([
  MIGRATIONS_TABLE,
  ...[
    accounts,
    appMeta,
    bulkChanges,
    catalog,
    contact,
    customers,
    journal,
    media,
    orders,
    payments,
    projects,
    quotes,
    reviews,
    settings,
    shoppingLists,
    today,
  ]
    .flatMap((module) => Object.values(module))
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => {
      const { schema = "public", name } = getTableConfig(table);
      return `${schema}.${name}`;
    }),
]);

/**
 * Whether a backup's sequence may be set on restore: in the shop's schemas, and owned by
 * one of its tables (PostgreSQL names a serial or identity column's sequence
 * "<table>_<column>_seq").
 */
export function isBackupSequence({ schema, name }: { schema: string; name: string }): boolean {
  if (!SCHEMAS.includes(schema) || !name.endsWith("_seq")) return false;
  return [...BACKUP_TABLES].some(
    (table) => table.startsWith(`${schema}.`) && name.startsWith(`${table.slice(schema.length + 1)}_`),
  );
}
/** Rows read from a cursor, or sent in one insert, at a time. */
const ROWS_PER_BATCH = 500;
const CHARACTERS_PER_BATCH = 2_000_000;

export interface TableDump {
  schema: string;
  name: string;
  /** The stored columns (generated ones are computed again on load). */
  columns: string[];
  rows: number;
}

export interface SequenceState {
  schema: string;
  name: string;
  /** As text: a bigint may exceed a JavaScript number. Null when the sequence was never used. */
  lastValue: string | null;
}

export interface DatabaseDump {
  /** When the snapshot was taken, by the database's clock. */
  takenAt: string;
  serverVersion: string;
  /** The migrations applied, as drizzle records them (`created_at` is the migration's timestamp). */
  migrations: { hash: string; createdAt: number }[];
  tables: TableDump[];
  sequences: SequenceState[];
}

/** Where a table's rows are, inside the dump's folder and the archive. */
export const tableFile = (table: Pick<TableDump, "schema" | "name">) => `${table.schema}.${table.name}.ndjson`;

/**
 * Writes every table's rows into `folder` (one file each, see tableFile), all read in one
 * repeatable-read snapshot, so the dump is consistent while the shop keeps writing.
 */
export async function dumpDatabase(client: pg.ClientBase, folder: string, signal?: AbortSignal): Promise<DatabaseDump> {
  await mkdir(folder, { recursive: true });
  await client.query("begin isolation level repeatable read read only");
  try {
    // The first query fixes the snapshot every later one reads.
    const { rows: facts } = await client.query<{ now: Date; version: string; recorded: string | null }>(
      "select now(), current_setting('server_version') as version, to_regclass($1)::text as recorded",
      [MIGRATIONS_TABLE],
    );
    const { now, version, recorded } = facts[0]!;
    if (!recorded) throw new Error("This database holds no Furnish shop yet: start the shop once, then back it up.");
    const { rows: migrations } = await client.query<{ hash: string; createdAt: string }>(
      `select hash, created_at as "createdAt" from ${MIGRATIONS_TABLE} order by id`,
    );
    const { rows: tables } = await client.query<{ schema: string; name: string; oid: number }>(
      `select n.nspname as schema, c.relname as name, c.oid
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname = any($1) order by 1, 2`,
      [SCHEMAS],
    );
    const dumped: TableDump[] = [];
    // A table someone added by hand is not the shop's: a restore would have nowhere to put it.
    for (const table of tables.filter((t) => BACKUP_TABLES.has(`${t.schema}.${t.name}`))) {
      signal?.throwIfAborted();
      const { rows: columns } = await client.query<{ name: string }>(
        `select attname as name from pg_attribute
          where attrelid = $1 and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
        [table.oid],
      );
      const names = columns.map((column) => column.name);
      const rows = await dumpTable(client, table, names, path.join(folder, tableFile(table)), signal);
      dumped.push({ schema: table.schema, name: table.name, columns: names, rows });
    }
    const { rows: allSequences } = await client.query<SequenceState>(
      `select schemaname as schema, sequencename as name, last_value::text as "lastValue"
         from pg_sequences where schemaname = any($1) order by 1, 2`,
      [SCHEMAS],
    );
    const sequences = allSequences.filter(isBackupSequence);
    await client.query("commit");
    return {
      takenAt: now.toISOString(),
      serverVersion: version,
      migrations: migrations.map((m) => ({ hash: m.hash, createdAt: Number(m.createdAt) })),
      tables: dumped,
      sequences,
    };
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  }
}

/**
 * One table's rows as JSON lines. The JSON is the database's own (row_to_json) and is
 * never parsed here, so every value (a bigint, a timestamp's microseconds) comes back as
 * it was stored.
 */
async function dumpTable(
  client: pg.ClientBase,
  table: { schema: string; name: string },
  columns: string[],
  file: string,
  signal?: AbortSignal,
): Promise<number> {
  const out = createWriteStream(file, { flags: "wx" });
  let count = 0;
  try {
    await client.query(
      `declare furnish_rows no scroll cursor for
         select row_to_json(r)::text as row from (select ${columns.map((c) => client.escapeIdentifier(c)).join(", ")}
           from ${qualified(client, table)}) as r`,
    );
    for (;;) {
      signal?.throwIfAborted();
      const { rows } = await client.query<{ row: string }>(`fetch forward ${ROWS_PER_BATCH} from furnish_rows`);
      if (rows.length === 0) break;
      count += rows.length;
      if (!out.write(rows.map((r) => `${r.row}\n`).join(""))) await once(out, "drain");
    }
    await client.query("close furnish_rows");
  } finally {
    out.end();
    await finished(out);
  }
  return count;
}

/** The migrations of this code that the dump's database had applied, in order; throws when it had one this code lacks. */
export function migrationsToReplay(dump: Pick<DatabaseDump, "migrations">) {
  const known = readMigrationFiles({ migrationsFolder });
  const applied = new Set(dump.migrations.map((m) => m.createdAt));
  if ([...applied].some((createdAt) => !known.some((m) => m.folderMillis === createdAt))) {
    throw new Error("This backup was taken by a newer version of Furnish: update Furnish, then restore it.");
  }
  return known.filter((m) => applied.has(m.folderMillis));
}

/**
 * Empties the database, replays the dump's migrations, loads every table's rows from
 * `folder` and sets the sequences where they were, in one transaction. Triggers of the
 * app's own (the catalogue's word counts, change notices) stay off while rows load: the
 * rows already hold what they would compute. Tables load parents first, so foreign keys
 * are checked as usual.
 */
export async function loadDatabase(client: pg.ClientBase, folder: string, dump: DatabaseDump): Promise<void> {
  const migrations = migrationsToReplay(dump);
  await client.query("begin");
  try {
    await client.query("drop schema if exists drizzle cascade");
    await client.query("drop schema if exists public cascade");
    await client.query("create schema public");
    // As drizzle's migrator makes it; its rows come from the dump like any table's.
    await client.query("create schema drizzle");
    await client.query(
      `create table ${MIGRATIONS_TABLE} (id serial primary key, hash text not null, created_at bigint)`,
    );
    for (const migration of migrations) {
      for (const statement of migration.sql) await client.query(statement);
    }
    const tables = await parentsFirst(client, dump.tables);
    for (const table of tables) await client.query(`alter table ${qualified(client, table)} disable trigger user`);
    for (const table of tables) await loadTable(client, table, path.join(folder, tableFile(table)));
    for (const table of tables) await client.query(`alter table ${qualified(client, table)} enable trigger user`);
    for (const sequence of dump.sequences) {
      await client.query("select setval($1::regclass, $2::bigint, $3)", [
        qualified(client, sequence),
        sequence.lastValue ?? "1",
        sequence.lastValue !== null,
      ]);
    }
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  }
}

async function loadTable(client: pg.ClientBase, table: TableDump, file: string): Promise<void> {
  const name = qualified(client, table);
  const columns = table.columns.map((c) => client.escapeIdentifier(c)).join(", ");
  const insert = `insert into ${name} (${columns}) overriding system value
    select ${columns} from json_populate_recordset(null::${name}, $1::json)`;
  let batch: string[] = [];
  let characters = 0;
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await client.query(insert, [`[${batch.join(",")}]`]);
    count += batch.length;
    batch = [];
    characters = 0;
  };
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (line === "") continue;
    batch.push(line);
    characters += line.length;
    if (batch.length >= ROWS_PER_BATCH || characters >= CHARACTERS_PER_BATCH) await flush();
  }
  await flush();
  if (count !== table.rows) {
    throw new Error(`The backup is damaged: ${table.name} has ${count} rows instead of ${table.rows}.`);
  }
}

/** The tables in an order where every table comes after those its foreign keys point to. */
async function parentsFirst(client: pg.ClientBase, tables: TableDump[]): Promise<TableDump[]> {
  const { rows: links } = await client.query<{ child: string; parent: string }>(
    `select cn.nspname || '.' || cc.relname as child, pn.nspname || '.' || pc.relname as parent
       from pg_constraint k
       join pg_class cc on cc.oid = k.conrelid join pg_namespace cn on cn.oid = cc.relnamespace
       join pg_class pc on pc.oid = k.confrelid join pg_namespace pn on pn.oid = pc.relnamespace
      where k.contype = 'f' and k.conrelid <> k.confrelid`,
  );
  const waiting = new Map(tables.map((table) => [`${table.schema}.${table.name}`, table]));
  const ordered: TableDump[] = [];
  while (waiting.size > 0) {
    const ready = [...waiting].filter(([key]) => !links.some((l) => l.child === key && waiting.has(l.parent)));
    // A cycle of foreign keys would have no start: load the rest as they come and let the keys say.
    for (const [key, table] of ready.length > 0 ? ready : [...waiting]) {
      ordered.push(table);
      waiting.delete(key);
    }
  }
  return ordered;
}

function qualified(client: pg.ClientBase, table: { schema: string; name: string }): string {
  return `${client.escapeIdentifier(table.schema)}.${client.escapeIdentifier(table.name)}`;
}
