/**
 * The database a command-line tool (npm run admin, npm run demo) works on: DATABASE_URL,
 * the embedded database of a Furnish process already running on DATA_DIR, or, when none
 * runs, the embedded database started just for this command. Migrated first, so the tool
 * meets the schema it was written for.
 */
import path from "node:path";
import { connectDatabase, type Database } from "./client";
import { findRunningEmbeddedPostgres, startEmbeddedPostgres, type EmbeddedPostgres } from "./embedded-postgres";
import { migrateDatabase } from "./migrate";
import { parseEnv } from "../env";
import { createConfiguredStorage, s3SettingsFromEnv } from "../modules/media/storage/configured-storage";
import type { MediaStorage } from "../modules/media/storage/media-storage";

/** DATA_DIR as the app resolves it (README, Environment). */
export const cliDataDir = () => path.resolve(process.env.DATA_DIR?.trim() || "./data");

/** Where the shop's pictures live (S3_BUCKET's bucket, else DATA_DIR/media), for a tool that adds or removes some. */
export function cliMediaStorage(): MediaStorage {
  const s3 = s3SettingsFromEnv(parseEnv(process.env));
  return createConfiguredStorage({ s3, mediaDir: path.join(cliDataDir(), "media") }, { warn: () => {} });
}

export async function withCliDatabase<T>(run: (db: Database) => Promise<T>): Promise<T> {
  const dataDir = cliDataDir();
  let embedded: EmbeddedPostgres | undefined;
  let url = process.env.DATABASE_URL?.trim() || (await findRunningEmbeddedPostgres(dataDir, "furnish"));
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir, database: "furnish", log: () => {} });
    url = embedded.url;
  }
  const connection = connectDatabase(url, { max: 2 });
  try {
    await migrateDatabase(connection);
    return await run(connection.db);
  } finally {
    await connection.pool.end();
    await embedded?.stop();
  }
}

/** Runs a command's `main` and exits with its code; a failure prints its message only (no stack) and exits 1. */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
