/**
 * npm run media -- migrate
 *   Copies the pictures in DATA_DIR/media into the bucket S3_BUCKET names (with S3_REGION,
 *   S3_ENDPOINT, S3_FORCE_PATH_STYLE and the AWS_* credentials, as the shop reads them), so
 *   a shop that outgrew one machine keeps its library. Safe to run again: a file already in
 *   the bucket with the same size is skipped. The local folder is left as it is.
 * Prints its progress and a summary; a failure is one plain line on stderr and a non-zero exit.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { cliDataDir, runCommand } from "./db/cli-database";
import { parseEnv } from "./env";
import { s3SettingsFromEnv } from "./modules/media/storage/configured-storage";
import { createLocalStorage } from "./modules/media/storage/local-storage";
import { createS3Storage } from "./modules/media/storage/s3-storage";

const USAGE = "Usage: npm run media -- migrate";
/** A progress line every this many files. */
const PROGRESS_EVERY = 100;

async function migrate(): Promise<number> {
  const s3 = s3SettingsFromEnv(parseEnv(process.env));
  if (!s3) {
    console.error("S3_BUCKET is not set: name the bucket to copy the pictures into (README, Environment).");
    return 2;
  }
  const mediaDir = path.join(cliDataDir(), "media");
  if (!existsSync(mediaDir)) {
    console.error(`There is no picture folder at ${mediaDir}: nothing to copy.`);
    return 2;
  }
  const local = createLocalStorage(mediaDir);
  const bucket = createS3Storage(s3, { warn: () => {} });

  const inBucket = new Map<string, number>();
  for await (const item of bucket.list()) inBucket.set(item.key, item.size);
  const files = [];
  for await (const item of local.list()) files.push(item);
  console.log(`Copying ${files.length} picture files from ${mediaDir} to the bucket ${s3.bucket}…`);

  let copied = 0;
  let bytes = 0;
  let skipped = 0;
  for (const [index, { key, size }] of files.entries()) {
    if (inBucket.get(key) === size) {
      skipped += 1;
    } else {
      const body = await local.read(key);
      // Removed since it was listed (the shop deleted the picture): nothing to copy.
      if (body) {
        await bucket.put(key, body).catch((error: unknown) => {
          throw new Error(`Could not copy ${key}: ${error instanceof Error ? error.message : String(error)}`);
        });
        copied += 1;
        bytes += body.length;
      }
    }
    if ((index + 1) % PROGRESS_EVERY === 0) console.log(`  ${index + 1} of ${files.length}`);
  }
  const megabytes = (bytes / 1024 / 1024).toFixed(1);
  console.log(
    `Done: ${copied} ${copied === 1 ? "file" : "files"} copied (${megabytes} MB), ` +
      `${skipped} already in the bucket.`,
  );
  return 0;
}

async function main(): Promise<number> {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0] !== "migrate") {
    console.error(USAGE);
    return 2;
  }
  return migrate();
}

runCommand(main);
