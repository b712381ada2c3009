/**
 * npm run backup [-- FOLDER | FILE]
 *   A backup of the shop (database and pictures) in one archive, while the shop keeps
 *   running: into BACKUP_DIR (DATA_DIR/backups by default), a folder, or a new file.
 *   Works against DATABASE_URL, the embedded database of the shop running on DATA_DIR,
 *   or, when the shop is stopped, the embedded database started just for this command.
 * npm run restore -- FILE
 *   Brings the stopped shop back to exactly that backup; refuses while the shop runs.
 * Every refusal is one plain line on stderr and a non-zero exit.
 */
import { existsSync } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { formatBackupSize } from "../domain/backups/backup-files";
import { runCommand } from "./db/cli-database";
import { findRunningEmbeddedPostgres, startEmbeddedPostgres, type EmbeddedPostgres } from "./db/embedded-postgres";
import { EnvError, parseEnv, type Env } from "./env";
import { takeBackup } from "./modules/backups/backups.service";
import { restoreBackup } from "./modules/backups/restore.service";
import { createConfiguredStorage, s3SettingsFromEnv } from "./modules/media/storage/configured-storage";
import { createS3Storage } from "./modules/media/storage/s3-storage";

/** A bucket that does not answer ends the command with the store's own message. */
const quiet = { warn: () => {} };

const USAGE = {
  backup: "Usage: npm run backup [-- FOLDER or FILE]",
  restore: "Usage: npm run restore -- FILE",
};

async function backup(env: Env, args: string[]): Promise<number> {
  if (args.length > 1) return usage(USAGE.backup);
  const dataDir = path.resolve(env.DATA_DIR);
  const target = args[0];
  const intoFolder = target === undefined || target.endsWith("/") || (await isFolder(target));
  let embedded: EmbeddedPostgres | undefined;
  let url = env.DATABASE_URL ?? (await findRunningEmbeddedPostgres(dataDir, "furnish"));
  if (!url) {
    if (!existsSync(path.join(dataDir, "postgres"))) {
      throw new Error(`There is no shop in ${dataDir} yet: start it once (npm start), then back it up.`);
    }
    embedded = await startEmbeddedPostgres({ dataDir, database: "furnish", log: () => {} });
    url = embedded.url;
  }
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const taken = await takeBackup(client, {
      storage: createConfiguredStorage({ s3: s3SettingsFromEnv(env), mediaDir: path.join(dataDir, "media") }, quiet),
      ...(intoFolder ? { dir: target ?? env.BACKUP_DIR } : { file: target }),
    });
    console.log(`Backup written to ${taken.file} (${formatBackupSize(taken.size)})`);
    return 0;
  } finally {
    await client.end().catch(() => {});
    await embedded?.stop();
  }
}

async function restore(env: Env, args: string[]): Promise<number> {
  if (args.length !== 1) return usage(USAGE.restore);
  const s3 = s3SettingsFromEnv(env);
  const restored = await restoreBackup({
    file: args[0]!,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    bucket: s3 && createS3Storage(s3, quiet),
  });
  console.log(
    `Restored the shop as it was at ${restored.takenAt}: ${restored.rows} rows in ${restored.tables} tables, ` +
      `${restored.mediaFiles} picture ${restored.mediaFiles === 1 ? "file" : "files"}.`,
  );
  return 0;
}

function usage(line: string): number {
  console.error(line);
  return 2;
}

const isFolder = (target: string) =>
  stat(target).then(
    (stats) => stats.isDirectory(),
    () => false,
  );

async function main(): Promise<number> {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const [command, ...args] = process.argv.slice(2);
  if (command !== "backup" && command !== "restore") return usage(`${USAGE.backup}\n${USAGE.restore}`);
  let env: Env;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    return 2;
  }
  return command === "backup" ? backup(env, args) : restore(env, args);
}

runCommand(main);
