/**
 * `npm run backup` and `npm run restore` for a shop whose pictures are in an S3-compatible
 * bucket (a real s3rver process): the backup takes the pictures from the bucket, and the
 * restore puts the bucket back to exactly them.
 */
import { createHash } from "node:crypto";
import { execFile } from "node:child_process";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminCookie, freshAddress } from "../tests/support/admin-session";
import { insertProduct, makeImage } from "../tests/support/catalog-factory";
import { admin } from "../tests/support/database-server";
import { startS3Server, type S3Server } from "../tests/support/s3-server";
import { createTestApp } from "../tests/support/test-app";
import type { MediaStorage } from "./modules/media/storage/media-storage";

const run = promisify(execFile);
let s3: S3Server;
let dataDir: string;

beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = await mkdtemp(path.join(tmpdir(), "furnish-backup-s3-"));
  await chmod(dataDir, 0o755);
});
afterAll(async () => {
  await s3?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

function cli(command: "backup" | "restore", args: string[], databaseUrl: string) {
  const env = { ...process.env, ...s3.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, BACKUP_DIR: "" };
  return run(process.execPath, ["server/cli.js", "backup", command, ...args], { env }).then(
    ({ stdout }) => ({ code: 0, stdout, stderr: "" }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

/** Every picture file in the bucket, by key, as a hash of its bytes. */
async function bucketState(storage: MediaStorage): Promise<Record<string, string>> {
  const state: Record<string, string> = {};
  for await (const { key } of storage.list()) {
    state[key] = createHash("sha256")
      .update((await storage.read(key))!)
      .digest("hex");
  }
  return state;
}

describe("backups of a shop with its pictures in a bucket", () => {
  it("take the pictures from the bucket, and a restore puts the bucket back to them", async () => {
    const t = await createTestApp({ s3: s3.settings });
    try {
      const kept = await makeImage(t.db, t.storage, "#8a4f33");
      const sofa = await insertProduct(t.db, {
        name: "Velvet Sofa",
        images: [await makeImage(t.db, t.storage, "#224466")],
      });
      await insertProduct(t.db, { name: "Iroko Bench", images: [kept] });
      const before = await bucketState(t.storage);
      expect(Object.keys(before).filter((key) => key.startsWith(`${kept.id}/`)).length).toBeGreaterThan(0);

      const backup = await cli("backup", [], t.url);
      expect(backup.code, backup.stderr).toBe(0);
      const file = /^Backup written to (.+\.tar\.gz) \(/m.exec(backup.stdout)![1]!;

      // The shop goes on: a product and its picture go, a stray object arrives.
      const deleted = await t.app.inject({
        method: "DELETE",
        url: `/api/admin/operations/delProduct/${sofa.id}`,
        headers: { cookie: await adminCookie(t) },
        remoteAddress: freshAddress(),
      });
      expect(deleted.statusCode).toBe(200);
      await t.storage.put("stray/1.webp", Buffer.from("not in the backup"));
      expect(await bucketState(t.storage)).not.toEqual(before);

      await t.app.close();
      await t.pool.end();
      const restored = await cli("restore", [file], t.url);
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toMatch(
        /^Restored the shop as it was at \S+: \d+ rows in \d+ tables, \d+ picture files\.$/m,
      );
      expect(await bucketState(t.storage)).toEqual(before);
      // Nothing landed in the local folder: the pictures belong in the bucket.
      expect(await t.storage.size(`${kept.id}/${kept.widths[0]}.webp`)).not.toBeNull();
    } finally {
      await t.app.close();
      const name = new URL(t.url).pathname.slice(1);
      await admin(inject("databaseServerUrl"), (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    }
  }, 120_000);
});
