/** `npm run media -- migrate`, run as the owner runs it, copying a local library into a real S3-compatible server. */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeImage } from "../tests/support/catalog-factory";
import { startS3Server, type S3Server } from "../tests/support/s3-server";
import { useTestDatabase } from "../tests/support/test-database";
import { createLocalStorage } from "./modules/media/storage/local-storage";
import { createS3Storage } from "./modules/media/storage/s3-storage";

const run = promisify(execFile);
const database = useTestDatabase();
let dataDir: string;
let s3: S3Server;

function mediaCli(args: string[], env: Record<string, string>) {
  return run(process.execPath, ["server/cli.js", "media", ...args], {
    env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir, ...env },
  }).then(
    ({ stdout }) => ({ code: 0, stdout, stderr: "" }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

async function listed(storage: { list(): AsyncIterable<{ key: string; size: number }> }) {
  const items: { key: string; size: number }[] = [];
  for await (const item of storage.list()) items.push(item);
  return items;
}

beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = await mkdtemp(path.join(tmpdir(), "furnish-media-cli-"));
});
afterAll(async () => {
  await s3?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe("npm run media -- migrate", () => {
  it("copies every picture of the local library into the bucket, and skips what is there on a second run", async () => {
    const mediaDir = path.join(dataDir, "media");
    const pictures = [
      await makeImage(database.db, mediaDir, "#8a4f33"),
      await makeImage(database.db, mediaDir, "#224466"),
    ];
    const local = await listed(createLocalStorage(mediaDir));
    expect(local.length).toBeGreaterThanOrEqual(4);

    const first = await mediaCli(["migrate"], s3.env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`Done: ${local.length} files copied`);
    expect(first.stdout).toContain("0 already in the bucket");
    const bucket = createS3Storage(s3.settings, { warn: () => {} });
    expect(await listed(bucket)).toEqual(local);
    for (const { key } of local) {
      expect((await bucket.read(key))!.equals(await readFile(path.join(mediaDir, key)))).toBe(true);
    }
    expect(pictures.every((picture) => local.some((item) => item.key.startsWith(`${picture.id}/`)))).toBe(true);

    // A file changed since (a different size) is copied again; the rest are skipped.
    const [changed] = local;
    await writeFile(path.join(mediaDir, changed!.key), Buffer.alloc(changed!.size + 10, 1));
    const second = await mediaCli(["migrate"], s3.env);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain(`Done: 1 file copied`);
    expect(second.stdout).toContain(`${local.length - 1} already in the bucket`);
    expect(await bucket.size(changed!.key)).toBe(changed!.size + 10);
  }, 60_000);

  it("refuses without a bucket, or with an unknown command, and fails when the bucket does not answer", async () => {
    const noBucket = await mediaCli(["migrate"], {});
    expect(noBucket.code).toBe(2);
    expect(noBucket.stderr).toContain("S3_BUCKET is not set");

    const unknown = await mediaCli(["copy"], s3.env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Usage: npm run media -- migrate");

    const down = await startS3Server({ bucket: "furnish-gone" });
    await down.stop();
    const failed = await mediaCli(["migrate"], down.env);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain("The picture store is not answering");
    expect(failed.stderr).not.toMatch(/S3RVER|at .*\.ts:\d+/);
  }, 60_000);
});
