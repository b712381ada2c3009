/**
 * What a restore takes from a backup's description before it writes any file: only the
 * tables and sequences the shop's own schema has (all that the migrations make), each
 * table once. A description naming anything else is refused with the name, and unpacking
 * it leaves its folder empty.
 */
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as tar from "tar-stream";
import { afterAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/test-database";
import { readArchive, readManifest } from "./backup-archive";
import { BACKUP_TABLES, isBackupSequence } from "./database-dump";

const db = useTestDatabase();

let scratch = "";
afterAll(() => rm(scratch, { recursive: true, force: true }));

interface Described {
  tables?: { schema: string; name: string }[];
  sequences?: { schema: string; name: string }[];
}

/** A backup file whose description holds these tables and sequences, with each table's rows entry. */
async function backupDescribing({ tables = [], sequences = [] }: Described): Promise<string> {
  scratch ||= await mkdtemp(path.join(tmpdir(), "furnish-backup-archive-"));
  const pack = tar.pack();
  const manifest = {
    format: "furnish-backup",
    version: 1,
    takenAt: new Date().toISOString(),
    serverVersion: "18.0",
    migrations: [],
    tables: tables.map((table) => ({ ...table, columns: ["id"], rows: 0 })),
    sequences: sequences.map((sequence) => ({ ...sequence, lastValue: "1" })),
  };
  pack.entry({ name: "furnish-backup.json" }, JSON.stringify(manifest));
  for (const { schema, name } of tables) pack.entry({ name: `database/${schema}.${name}.ndjson` }, "");
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  const file = path.join(scratch, `${Math.random().toString(36).slice(2)}.tar.gz`);
  await writeFile(file, gzipSync(Buffer.concat(chunks)));
  return file;
}

describe("a backup's description", () => {
  it.each<[string, Described, string]>([
    [
      "a table named with ../",
      { tables: [{ schema: "public", name: "../../../etc/planted" }] },
      'it holds a table the shop does not have ("public.../../../etc/planted")',
    ],
    [
      "a table in the shop's schema that the shop does not have",
      { tables: [{ schema: "public", name: "planted" }] },
      'it holds a table the shop does not have ("public.planted")',
    ],
    [
      "a table of another schema",
      { tables: [{ schema: "pg_catalog", name: "pg_authid" }] },
      'it holds a table the shop does not have ("pg_catalog.pg_authid")',
    ],
    [
      "a schema named with a path",
      { tables: [{ schema: "../..", name: "users" }] },
      'it holds a table the shop does not have ("../...users")',
    ],
    [
      "a name with a line break",
      { tables: [{ schema: "public", name: "users\nplanted" }] },
      'it holds a table the shop does not have ("public.users\\nplanted")',
    ],
    [
      "the same table twice",
      {
        tables: [
          { schema: "public", name: "users" },
          { schema: "public", name: "users" },
        ],
      },
      'it holds the table "public.users" twice',
    ],
    [
      "a sequence of another schema",
      { sequences: [{ schema: "audit", name: "events_id_seq" }] },
      'it holds a sequence the shop does not have ("audit.events_id_seq")',
    ],
    [
      "a sequence no table of the shop's owns",
      { sequences: [{ schema: "public", name: "planted_id_seq" }] },
      'it holds a sequence the shop does not have ("public.planted_id_seq")',
    ],
  ])("refuses %s, and unpacks nothing", async (_case, described, reason) => {
    const file = await backupDescribing(described);
    const message = `The backup is damaged: ${reason}.`;
    await expect(readManifest(file)).rejects.toThrow(message);
    const folder = await mkdtemp(path.join(scratch, "unpacked-"));
    await expect(readArchive(file, folder)).rejects.toThrow(message);
    expect(await readdir(folder)).toEqual([]);
  });

  it("knows every table and sequence the migrations make, and no other table", async () => {
    const { rows: tables } = await db.pool.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname in ('public', 'drizzle')`,
    );
    expect(tables.map((row) => row.name).sort()).toEqual([...BACKUP_TABLES].sort());
    const { rows: sequences } = await db.pool.query<{ schema: string; name: string }>(
      `select schemaname as schema, sequencename as name from pg_sequences where schemaname in ('public', 'drizzle')`,
    );
    expect(sequences.length).toBeGreaterThan(0);
    expect(sequences.filter((sequence) => !isBackupSequence(sequence))).toEqual([]);
  });

  it("takes the shop's own tables and the migrations' sequence", async () => {
    const tables = [...BACKUP_TABLES].map((table) => {
      const [schema, name] = table.split(/\.(.*)/) as [string, string];
      return { schema, name };
    });
    expect(tables).toEqual(expect.arrayContaining([{ schema: "public", name: "users" }]));
    const file = await backupDescribing({
      tables,
      sequences: [{ schema: "drizzle", name: "__drizzle_migrations_id_seq" }],
    });
    const folder = await mkdtemp(path.join(scratch, "unpacked-"));
    const { manifest } = await readArchive(file, folder);
    expect(manifest.tables).toHaveLength(BACKUP_TABLES.size);
    expect((await readdir(path.join(folder, "database"))).sort()).toEqual(
      [...BACKUP_TABLES].map((table) => `${table}.ndjson`).sort(),
    );
  });
});
