import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
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
