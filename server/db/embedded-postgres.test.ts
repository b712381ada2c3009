import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, realpath, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DataDirInUseError, findRunningEmbeddedPostgres, startEmbeddedPostgres } from "./embedded-postgres";

let dataDir: string;
const logs: string[] = [];
const options = () => ({ dataDir, database: "furnish", log: (m: string) => logs.push(m), durable: false });

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

/** The postmaster may take a moment to exit after removing its pid file. */
async function exits(pid: number) {
  for (let i = 0; i < 50 && isAlive(pid); i += 1) await new Promise((r) => setTimeout(r, 100));
  return !isAlive(pid);
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "furnish-embedded-"));
  await chmod(dataDir, 0o755);
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe("embedded PostgreSQL", () => {
  it("creates a cluster, keeps its data across restarts and stops cleanly", async () => {
    const first = await startEmbeddedPostgres(options());
    await query(first.url, "create table notes (body text); insert into notes values ('kept')");
    await first.stop();
    expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
    expect(existsSync(path.join(dataDir, "furnish.pid"))).toBe(false);

    const second = await startEmbeddedPostgres(options());
    expect(await query(second.url, "select body from notes")).toEqual([{ body: "kept" }]);
    await second.stop();
  });

  it("refuses a DATA_DIR that a live Furnish process is using", async () => {
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    try {
      await writeFile(path.join(dataDir, "furnish.pid"), String(other.pid));
      const attempt = startEmbeddedPostgres(options());
      await expect(attempt).rejects.toThrow(DataDirInUseError);
      await expect(attempt).rejects.toThrow(`Another Furnish process (pid ${other.pid}) is already using DATA_DIR`);
    } finally {
      // Wait for it to be gone, or the next test finds the lock's owner still alive.
      other.kill("SIGKILL");
      await once(other, "exit");
    }
  });

  it("takes over from a run that was killed, stopping the server it left behind", async () => {
    const crashed = await startEmbeddedPostgres(options());
    const leftover = Number((await readFile(path.join(dataDir, "postgres", "postmaster.pid"), "utf8")).split("\n")[0]);
    // The lock now names a process that no longer exists, as after kill -9.
    await writeFile(path.join(dataDir, "furnish.pid"), "999999");
    expect(isAlive(leftover)).toBe(true);

    const next = await startEmbeddedPostgres(options());
    expect(logs).toContain("Stopping a PostgreSQL server left behind by an earlier run");
    expect(await exits(leftover)).toBe(true);
    expect(await query(next.url, "select body from notes")).toEqual([{ body: "kept" }]);
    await expect(query(crashed.url, "select 1")).rejects.toThrow();

    // A command such as `npm run admin` finds the running server instead of starting one.
    const lock = path.join(dataDir, "furnish.pid");
    const helper = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    await writeFile(lock, String(helper.pid));
    try {
      const found = await findRunningEmbeddedPostgres(dataDir, "furnish");
      expect(found).toBe(next.url);
    } finally {
      helper.kill("SIGKILL");
      await once(helper, "exit");
      await writeFile(lock, String(process.pid));
    }
    await next.stop();
  });
});

describe("embedded PostgreSQL in a folder only its owner can enter", () => {
  // As root, PostgreSQL runs as the postgres user, who cannot enter such a folder (root's
  // own home, /root, is one); as anyone else it runs as that same user.
  let privateDir: string;
  let rootPlace: string;

  beforeAll(async () => {
    privateDir = await mkdtemp(path.join(tmpdir(), "furnish-private-"));
    rootPlace = await mkdtemp(path.join(tmpdir(), "furnish-root-place-"));
  });

  afterAll(async () => {
    await rm(privateDir, { recursive: true, force: true });
    await rm(rootPlace, { recursive: true, force: true });
  });

  it("runs there, keeps its data across restarts, and leaves the folder's permissions alone", async () => {
    await chmod(privateDir, 0o700);
    const shopData = path.join(privateDir, "shop", "data");
    await mkdir(shopData, { recursive: true });
    const start = () =>
      startEmbeddedPostgres({ dataDir: shopData, database: "furnish", log: () => {}, durable: false, rootPlace });

    const first = await start();
    await query(first.url, "create table notes (body text); insert into notes values ('kept')");
    // `npm run admin` finds the running server through DATA_DIR, wherever the cluster is.
    const helper = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    const lock = path.join(shopData, "furnish.pid");
    const ownLock = await readFile(lock, "utf8");
    try {
      await writeFile(lock, String(helper.pid));
      expect(await findRunningEmbeddedPostgres(shopData, "furnish")).toBe(first.url);
    } finally {
      helper.kill("SIGKILL");
      await once(helper, "exit");
      await writeFile(lock, ownLock);
    }
    await first.stop();

    const second = await start();
    expect(await query(second.url, "select body from notes")).toEqual([{ body: "kept" }]);
    await second.stop();
    expect((await stat(privateDir)).mode & 0o777).toBe(0o700);
    const cluster = await realpath(path.join(shopData, "postgres"));
    expect(existsSync(path.join(cluster, "postmaster.pid"))).toBe(false);
  });
});
