/**
 * Bringing a stopped shop back to a backup: its database (DATABASE_URL, or the embedded
 * one in DATA_DIR, started here for the purpose) and DATA_DIR/media become exactly what
 * the backup holds (or, with S3_BUCKET, the bucket). Nothing changes until the whole
 * archive has been read and checked; the database changes in one transaction, then the
 * pictures are swapped.
 */
import { access, constants, cp, mkdir, mkdtemp, readdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import pg from "pg";
import { connectDatabase } from "../../db/client";
import { dataDirOwner, startEmbeddedPostgres, type EmbeddedPostgres } from "../../db/embedded-postgres";
import { migrateDatabase } from "../../db/migrate";
import { NotABackupError, readArchive, readManifest } from "./backup-archive";
import type { MediaStorage } from "../media/storage/media-storage";
import { loadDatabase, migrationsToReplay } from "./database-dump";

export interface RestoreOptions {
  file: string;
  dataDir: string;
  /** DATABASE_URL; without it, the embedded database in DATA_DIR. */
  databaseUrl?: string | undefined;
  /** The shop's pictures live in this bucket (S3_BUCKET) rather than DATA_DIR/media. */
  bucket?: MediaStorage | undefined;
}

export interface RestoredBackup {
  takenAt: string;
  tables: number;
  rows: number;
  mediaFiles: number;
}

/** The folder a restore unpacks into, inside DATA_DIR so the pictures move into place without a copy. */
const SCRATCH = ".furnish-restore-";

/** How long connections that are closing (a shop that was just stopped) get to go before a restore refuses. */
const CLOSING_CONNECTIONS_MS = 3_000;

export async function restoreBackup({
  file,
  dataDir: givenDataDir,
  databaseUrl,
  bucket,
}: RestoreOptions): Promise<RestoredBackup> {
  const dataDir = path.resolve(givenDataDir);
  await access(file, constants.R_OK).catch((error: NodeJS.ErrnoException) => {
    throw new Error(`Cannot read ${file}: ${error.code === "ENOENT" ? "there is no such file" : error.message}.`);
  });
  const notABackup = (error: unknown) => {
    throw error instanceof NotABackupError ? new Error(`${file} is not a Furnish backup.`) : error;
  };
  migrationsToReplay(await readManifest(file).catch(notABackup));
  if (!databaseUrl) {
    const owner = await dataDirOwner(dataDir);
    if (owner !== null) {
      throw new Error(`The shop is running (process ${owner} uses ${dataDir}): stop it, then restore.`);
    }
  }

  let client = databaseUrl ? await refuseWhileConnected(databaseUrl) : undefined;
  let embedded: EmbeddedPostgres | undefined;
  let work: string | undefined;
  try {
    await mkdir(dataDir, { recursive: true });
    // What a restore killed half-way left behind: nothing else runs on DATA_DIR now.
    for (const name of await readdir(dataDir)) {
      if (name.startsWith(SCRATCH)) await rm(path.join(dataDir, name), { recursive: true, force: true });
    }
    work = await mkdtemp(path.join(dataDir, SCRATCH));
    const { manifest, mediaFiles } = await readArchive(file, work).catch(notABackup);
    if (!client) {
      // The shop is stopped, and so is its database: start it for the restore only.
      embedded = await startEmbeddedPostgres({ dataDir, database: "furnish", log: () => {} });
      client = await refuseWhileConnected(embedded.url);
    }
    await loadDatabase(client, path.join(work, "database"), manifest);
    await client.end();
    client = undefined;
    // Migrations newer than the backup, as the shop would apply them at its next start.
    const connection = connectDatabase(databaseUrl ?? embedded!.url, { max: 2 });
    await migrateDatabase(connection).finally(() => connection.pool.end());
    if (bucket) await replaceBucketMedia(bucket, path.join(work, "media"));
    else await replaceMedia(path.join(dataDir, "media"), path.join(work, "media"));
    return {
      takenAt: manifest.takenAt,
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
      mediaFiles,
    };
  } finally {
    await client?.end().catch(() => {});
    if (work) await rm(work, { recursive: true, force: true });
    await embedded?.stop();
  }
}

/**
 * A client of the database at `url`, once nothing else is connected to it: every
 * instance of the running shop holds connections (its live catalogue listener at least).
 */
async function refuseWhileConnected(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const deadline = Date.now() + CLOSING_CONNECTIONS_MS;
  for (;;) {
    const { rows } = await client.query<{ others: number }>(
      `select count(*)::int as others from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    const others = rows[0]!.others;
    if (others === 0) return client;
    if (Date.now() > deadline) {
      await client.end();
      throw new Error(
        `The shop is running (${others} other ${others === 1 ? "connection" : "connections"} to its database): stop every instance, then restore.`,
      );
    }
    await delay(200);
  }
}

/** Empties `mediaDir` and moves the restored pictures in (copied when they are on another disk). */
async function replaceMedia(mediaDir: string, restored: string): Promise<void> {
  await mkdir(mediaDir, { recursive: true });
  for (const name of await readdir(mediaDir)) await rm(path.join(mediaDir, name), { recursive: true, force: true });
  for (const name of await readdir(restored)) {
    const from = path.join(restored, name);
    const to = path.join(mediaDir, name);
    await rename(from, to).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== "EXDEV") throw error;
      await cp(from, to, { recursive: true });
    });
  }
}

/** Empties the bucket and uploads the restored pictures, one file at a time. */
async function replaceBucketMedia(bucket: MediaStorage, restored: string): Promise<void> {
  const folders = new Set<string>();
  for await (const { key } of bucket.list()) folders.add(`${key.split("/")[0]}/`);
  await bucket.deletePrefixes([...folders]);
  const entries = await readdir(restored, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    await bucket.put(path.relative(restored, file).split(path.sep).join("/"), await readFile(file));
  }
}
