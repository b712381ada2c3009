/**
 * A scratch shop for the benches: a database holding the 10,000-product catalogue (with
 * its pictures in a temporary media folder) or, with `{ empty: true }`, no catalogue at
 * all, on the PostgreSQL server in BENCH_DATABASE_URL or on an embedded one. `drop()`
 * removes every trace.
 */
import { randomBytes } from "node:crypto";
import { chmod, mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { connectDatabase, type DatabaseConnection } from "../server/db/client";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../server/db/embedded-postgres";
import { migrateDatabase } from "../server/db/migrate";
import { createLocalStorage } from "../server/modules/media/storage/local-storage";
import { BENCH_PRODUCTS, seedTenThousand } from "./api/seed-10k";

export interface ScratchCatalogue {
  /** A temporary folder: the shop's DATA_DIR, if the bench runs the whole app. */
  workDir: string;
  mediaDir: string;
  databaseUrl: string;
  /** Open until drop(). */
  connection: DatabaseConnection;
  drop(): Promise<void>;
}

export async function createScratchCatalogue(name: string, { empty = false } = {}): Promise<ScratchCatalogue> {
  const workDir = await mkdtemp(path.join(tmpdir(), `furnish-${name}-`));
  // As root, an embedded PostgreSQL runs as its own user and must be able to enter it.
  await chmod(workDir, 0o755);
  const mediaDir = path.join(workDir, "media");
  await mkdir(mediaDir);

  let embedded: EmbeddedPostgres | undefined;
  let serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: path.join(workDir, "pg"), database: "postgres", log: () => {} });
    serverUrl = embedded.url;
  }
  const database = `furnish_${name}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;

  const connection = connectDatabase(url.toString());
  await migrateDatabase(connection);
  if (!empty) await seed(connection, mediaDir);

  return {
    workDir,
    mediaDir,
    databaseUrl: url.toString(),
    connection,
    async drop() {
      await connection.pool.end().catch(() => {});
      await admin.query(`drop database if exists ${database} with (force)`).catch(() => {});
      await admin.end();
      await embedded?.stop();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}

async function seed(connection: DatabaseConnection, mediaDir: string) {
  console.log(`Seeding ${BENCH_PRODUCTS.toLocaleString("en")} products…`);
  const started = Date.now();
  await seedTenThousand(connection.db, createLocalStorage(mediaDir));
  console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
