/**
 * `npm run backup` and `npm run restore` as the owner types them: a backup of a running
 * shop brings back every row and every picture, with an external database (the test
 * server, as DATABASE_URL) and with the embedded one (restore starting it itself after
 * DATA_DIR was wiped); and each refusal is one plain line with a non-zero exit.
 */
import { execFile } from "node:child_process";
import { chmod, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync, gzipSync } from "node:zlib";
import * as tar from "tar-stream";
import { afterAll, describe, expect, inject, it } from "vitest";
import { adminCookie, customerCookie, freshAddress } from "../tests/support/admin-session";
import { insertCollection, insertProduct, insertProject, makeImage } from "../tests/support/catalog-factory";
import { admin } from "../tests/support/database-server";
import { readShopState } from "../tests/support/shop-state";
import { createTestApp, type TestApp } from "../tests/support/test-app";
import { connectDatabase } from "./db/client";
import { startEmbeddedPostgres } from "./db/embedded-postgres";
import { migrateDatabase } from "./db/migrate";

const run = promisify(execFile);
const scratch: string[] = [];
afterAll(() => Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true }))));

async function scratchDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "furnish-backup-cli-"));
  // As root, PostgreSQL runs as the postgres user and must be able to enter the folder.
  await chmod(dir, 0o755);
  scratch.push(dir);
  return dir;
}

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run <command> -- …args` against DATA_DIR `dataDir` and, when given, DATABASE_URL. */
async function cli(command: "backup" | "restore", args: string[], dataDir: string, databaseUrl = ""): Promise<Outcome> {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, BACKUP_DIR: "" };
  return run(process.execPath, ["server/cli.js", "backup", command, ...args], { env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: Outcome) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

/** A gzipped tar archive holding only this manifest. */
async function archiveOf(manifest: object): Promise<Buffer> {
  const pack = tar.pack();
  pack.entry({ name: "furnish-backup.json" }, JSON.stringify(manifest));
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  return gzipSync(Buffer.concat(chunks));
}

/** Every entry of a backup archive, in order, with its bytes. */
async function entriesOf(file: string): Promise<{ name: string; bytes: Buffer }[]> {
  const extract = tar.extract();
  extract.end(gunzipSync(await readFile(file)));
  const entries: { name: string; bytes: Buffer }[] = [];
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.push({ name: entry.header.name, bytes: Buffer.concat(chunks) });
  }
  return entries;
}

/** The archive of these entries, gzipped, as a backup writes it. */
async function archiveOfEntries(entries: { name: string; bytes: Buffer }[]): Promise<Buffer> {
  const pack = tar.pack();
  for (const { name, bytes } of entries) pack.entry({ name }, bytes);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  return gzipSync(Buffer.concat(chunks));
}

/** Every file and folder under `dir`, relative to it. */
async function treeOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name))).sort();
}

const writtenFile = (outcome: Outcome) => {
  expect(outcome, outcome.stderr).toMatchObject({ code: 0 });
  return /^Backup written to (.+\.tar\.gz) \(/m.exec(outcome.stdout)![1]!;
};

/** A shop in use: accounts and their sessions, carts and a wishlist, catalogue items with pictures, a message. */
async function fillShop(t: TestApp) {
  const cover = await makeImage(t.db, t.mediaDir, "#224466");
  const collection = await insertCollection(t.db, { name: "Lagos Lounge", coverMediaId: cover.id });
  const sofa = await insertProduct(t.db, {
    name: "Velvet Sofa",
    collectionId: collection.id,
    images: [await makeImage(t.db, t.mediaDir, "#8a4f33"), await makeImage(t.db, t.mediaDir, "#aa3311")],
  });
  const chair = await insertProduct(t.db, {
    name: "Accent Chair",
    images: [await makeImage(t.db, t.mediaDir, "#11aa33")],
  });
  await insertProject(t.db, { title: "Ikoyi Duplex", images: [await makeImage(t.db, t.mediaDir, "#555555")] });
  await adminCookie(t);
  const customer = await customerCookie(t);
  const as = (cookie: string | undefined, url: string, payload: object) =>
    t.app.inject({ method: "PUT", url, payload, headers: cookie ? { cookie } : {}, remoteAddress: freshAddress() });
  expect((await as(customer, "/api/cart/add", { itemId: sofa.id, itemType: "Product", quantity: 2 })).statusCode).toBe(
    200,
  );
  expect((await as(customer, "/api/cart/add", { itemId: collection.id, itemType: "Collection" })).statusCode).toBe(200);
  expect((await as(customer, "/api/wishlist/add", { itemId: chair.id, itemType: "Product" })).statusCode).toBe(200);
  expect((await as(undefined, "/api/cart/add", { itemId: chair.id, itemType: "Product" })).statusCode).toBe(200);
  const message = await t.app.inject({
    method: "POST",
    url: "/api/contact",
    payload: { name: "Ada", email: "ada@example.ng", phoneNumber: "08031234567", subject: "Sofa", message: "Hello" },
    remoteAddress: freshAddress(),
  });
  expect(message.statusCode).toBe(201);
  // The AVIF versions are written in the background: let them be there before the backup.
  t.app.avifJobs.wake();
  await t.app.avifJobs.idle();
  return { sofa, chair, customer };
}

/**
 * Each test starts the commands as processes (two to four, each loading its bundle, some
 * starting PostgreSQL): a few seconds on an idle machine, far more while other work
 * shares its two cores, as another test file does in the same run.
 */
const PROCESSES_TIMEOUT = 120_000;

describe("npm run backup, then npm run restore", { timeout: PROCESSES_TIMEOUT }, () => {
  it("brings a shop on DATABASE_URL back to every row and picture of the backup taken while it ran", async () => {
    const dataDir = await scratchDir();
    const mediaDir = path.join(dataDir, "media");
    await mkdir(mediaDir);
    const t = await createTestApp({ mediaDir });
    try {
      const { sofa } = await fillShop(t);
      const before = await readShopState(t.url, mediaDir);
      expect(before.tables["public.cart_items"]!.rows).toBe(3);
      expect(Object.keys(before.media).some((file) => file.endsWith(".avif"))).toBe(true);

      // A file a desktop leaves in a folder is no picture: the backup leaves it out, so it still restores.
      await writeFile(path.join(mediaDir, ".DS_Store"), "desktop metadata");
      const file = writtenFile(await cli("backup", [], dataDir, t.url));
      await rm(path.join(mediaDir, ".DS_Store"));
      expect(path.dirname(file)).toBe(path.join(dataDir, "backups"));
      // It holds password hashes and customers' details: the shop's user alone may read it.
      expect((await stat(file)).mode & 0o777).toBe(0o600);

      // The shop goes on after the backup; the restore undoes all of it.
      const owner = await adminCookie(t);
      const deleted = await t.app.inject({
        method: "DELETE",
        url: `/api/admin/operations/delProduct/${sofa.id}`,
        headers: { cookie: owner },
        remoteAddress: freshAddress(),
      });
      expect(deleted.statusCode).toBe(200);
      await customerCookie(t);
      await writeFile(path.join(mediaDir, "stray.txt"), "not in the backup");
      const changed = await readShopState(t.url, mediaDir);
      expect(changed).not.toEqual(before);

      // Stopped: the restore refuses while anything is connected.
      await t.app.close();
      await t.pool.end();
      // A copy cut short is refused once read, before anything changes.
      const bytes = await readFile(file);
      const cut = path.join(dataDir, "cut-short.tar.gz");
      await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
      const refused = await cli("restore", [cut], dataDir, t.url);
      expect(refused).toMatchObject({ code: 1, stdout: "" });
      expect(refused.stderr).toMatch(/^The backup is damaged or cut short \(.+\)\.\n$/);
      expect(await readShopState(t.url, mediaDir)).toEqual(changed);
      // What a restore killed half-way would leave: the next one clears it.
      await mkdir(path.join(dataDir, ".furnish-restore-killed", "media"), { recursive: true });

      const restored = await cli("restore", [file], dataDir, t.url);
      expect(restored, restored.stderr).toMatchObject({ code: 0 });
      expect(restored.stdout).toMatch(
        /^Restored the shop as it was at \S+: \d+ rows in \d+ tables, \d+ picture files\.$/m,
      );
      expect(await readShopState(t.url, mediaDir)).toEqual(before);
      expect(await readdir(dataDir)).toEqual(expect.arrayContaining(["backups", "media"]));
      expect((await readdir(dataDir)).filter((name) => name.startsWith("."))).toEqual([]);
      expect(await readdir(path.join(dataDir, "backups"))).toEqual([path.basename(file)]);
    } finally {
      await t.app.close();
      const name = new URL(t.url).pathname.slice(1);
      await admin(inject("databaseServerUrl"), (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    }
  });

  it("backs up the running shop's embedded database, and restores a wiped DATA_DIR by starting it itself", async () => {
    const dataDir = await scratchDir();
    const mediaDir = path.join(dataDir, "media");
    let embedded = await startEmbeddedPostgres({ dataDir, database: "furnish", log: () => {}, durable: false });
    let connection = connectDatabase(embedded.url, { max: 2 });
    try {
      await migrateDatabase(connection);
      const image = await makeImage(connection.db, mediaDir, "#336699");
      await insertProduct(connection.db, { name: "Iroko Bench", images: [image] });
      const before = await readShopState(embedded.url, mediaDir);

      // This process holds DATA_DIR as the running shop would.
      const file = writtenFile(await cli("backup", [], dataDir));
      const refused = await cli("restore", [file], dataDir);
      expect(refused).toMatchObject({ code: 1, stdout: "" });
      expect(refused.stderr.trim()).toBe(
        `The shop is running (process ${process.pid} uses ${dataDir}): stop it, then restore.`,
      );

      await connection.pool.end();
      await embedded.stop();
      const kept = path.join(await scratchDir(), path.basename(file));
      await rename(file, kept);
      await rm(dataDir, { recursive: true, force: true });

      const restored = await cli("restore", [kept], dataDir);
      expect(restored, restored.stderr).toMatchObject({ code: 0 });
      embedded = await startEmbeddedPostgres({ dataDir, database: "furnish", log: () => {}, durable: false });
      connection = connectDatabase(embedded.url, { max: 2 });
      expect(await readShopState(embedded.url, mediaDir)).toEqual(before);
    } finally {
      await connection.pool.end().catch(() => {});
      await embedded.stop();
    }
  });
});

describe("the commands refuse", { timeout: PROCESSES_TIMEOUT }, () => {
  it("to restore a file that is not a Furnish backup, one that is missing, or no file at all", async () => {
    const dataDir = await scratchDir();
    const notABackup = path.join(dataDir, "photo.tar.gz");
    await writeFile(notABackup, "these are not the bytes of a backup");
    const bad = await cli("restore", [notABackup], dataDir, "postgres://nobody@127.0.0.1:1/none");
    expect(bad).toMatchObject({ code: 1, stdout: "", stderr: `${notABackup} is not a Furnish backup.\n` });

    const fromTheFuture = path.join(dataDir, "newer.tar.gz");
    await writeFile(fromTheFuture, await archiveOf({ format: "furnish-backup", version: 2 }));
    expect(await cli("restore", [fromTheFuture], dataDir)).toMatchObject({
      code: 1,
      stderr: "This backup was taken by a newer version of Furnish: update Furnish, then restore it.\n",
    });

    const missing = path.join(dataDir, "gone.tar.gz");
    expect(await cli("restore", [missing], dataDir)).toMatchObject({
      code: 1,
      stderr: `Cannot read ${missing}: there is no such file.\n`,
    });
    expect(await cli("restore", [], dataDir)).toMatchObject({ code: 2, stderr: "Usage: npm run restore -- FILE\n" });
  });

  it("to back up a shop never started, or into two places", async () => {
    const dataDir = await scratchDir();
    expect(await cli("backup", ["a", "b"], dataDir)).toMatchObject({
      code: 2,
      stderr: "Usage: npm run backup [-- FOLDER or FILE]\n",
    });
    expect(await cli("backup", [], dataDir)).toMatchObject({
      code: 1,
      stderr: `There is no shop in ${dataDir} yet: start it once (npm start), then back it up.\n`,
    });
    expect(await readdir(dataDir)).toEqual([]);
  });

  it("a backup naming a table with ../ in it, before writing any file, and changes nothing", async () => {
    const dataDir = await scratchDir();
    // Where the tampered table's rows would land: beside DATA_DIR.
    const outside = await scratchDir();
    const t = await createTestApp({ mediaDir: path.join(dataDir, "media") });
    try {
      await insertProduct(t.db, { name: "Teak Stool", images: [await makeImage(t.db, t.mediaDir, "#663300")] });
      const file = writtenFile(await cli("backup", [path.join(dataDir, "backup.tar.gz")], dataDir, t.url));
      await t.app.close();
      await t.pool.end();

      // The archive as an attacker would edit it: one more table, its rows' entry named to match.
      const [described, ...rest] = await entriesOf(file);
      const manifest = JSON.parse(described!.bytes.toString()) as { tables: object[] };
      const escaping = `../../../../../${path.basename(outside)}/planted`;
      manifest.tables.push({ schema: "public", name: escaping, columns: ["id"], rows: 1 });
      const tampered = path.join(dataDir, "tampered.tar.gz");
      await writeFile(
        tampered,
        await archiveOfEntries([
          { name: described!.name, bytes: Buffer.from(JSON.stringify(manifest)) },
          ...rest,
          { name: `database/public.${escaping}.ndjson`, bytes: Buffer.from('{"id":1}\n') },
        ]),
      );

      const before = await readShopState(t.url, t.mediaDir);
      const files = await treeOf(dataDir);
      const refused = await cli("restore", [tampered], dataDir, t.url);
      expect(refused).toMatchObject({
        code: 1,
        stdout: "",
        stderr: `The backup is damaged: it holds a table the shop does not have (${JSON.stringify(`public.${escaping}`)}).\n`,
      });
      // The database, DATA_DIR and its neighbours are exactly as they were.
      expect(await readShopState(t.url, t.mediaDir)).toEqual(before);
      expect(await treeOf(dataDir)).toEqual(files);
      expect(await readdir(outside, { recursive: true })).toEqual([]);

      // The archive as it was written still restores.
      const restored = await cli("restore", [file], dataDir, t.url);
      expect(restored, restored.stderr).toMatchObject({ code: 0 });
      expect(await readShopState(t.url, t.mediaDir)).toEqual(before);
    } finally {
      await t.app.close();
      const name = new URL(t.url).pathname.slice(1);
      await admin(inject("databaseServerUrl"), (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    }
  });

  it("a restore while the shop on DATABASE_URL runs, and changes nothing", async () => {
    const dataDir = await scratchDir();
    const t = await createTestApp({ mediaDir: path.join(dataDir, "media") });
    try {
      await insertProduct(t.db, { name: "Teak Stool" });
      const file = path.join(dataDir, "backup.tar.gz");
      writtenFile(await cli("backup", [file], dataDir, t.url));
      const before = await readShopState(t.url, t.mediaDir);
      const refused = await cli("restore", [file], dataDir, t.url);
      expect(refused).toMatchObject({ code: 1, stdout: "" });
      expect(refused.stderr).toMatch(
        /^The shop is running \(\d+ other connections? to its database\): stop every instance, then restore\.\n$/,
      );
      expect(await readShopState(t.url, t.mediaDir)).toEqual(before);
      expect(await cli("backup", [file], dataDir, t.url)).toMatchObject({
        code: 1,
        stderr: `${file} already exists: name a new file.\n`,
      });
    } finally {
      await t.close();
    }
  });
});
