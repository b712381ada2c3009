/**
 * The process as `npm start` runs it: embedded database, graceful stop on SIGTERM and
 * Ctrl-C (SIGINT), also while a client holds a request open, recovery after kill -9, and
 * one process per DATA_DIR.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase } from "./db/client";
import { startEmbeddedPostgres } from "./db/embedded-postgres";
import { products } from "./db/schema/catalog";
import { freePort } from "../tests/support/free-port";

let dataDir: string;
const running: ChildProcess[] = [];

interface App {
  child: ChildProcess;
  port: number;
  output: () => string;
  exit: Promise<number | null>;
}

async function startApp(env: Record<string, string> = {}): Promise<App> {
  const port = await freePort();
  const child = spawn(process.execPath, ["server/start.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED_DEMO: "false",
      WHATSAPP_NUMBER: "",
      SMTP_URL: "",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.push(child);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, port, output: () => output, exit };
}

async function waitUntilReady(app: App): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (app.child.exitCode !== null) throw new Error(`The app exited early:\n${app.output()}`);
    const ready = await fetch(`http://127.0.0.1:${app.port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The app did not become ready:\n${app.output()}`);
}

async function productCount(app: App): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${app.port}/api/products/count`);
  return ((await response.json()) as { totalProducts: number }).totalProducts;
}

async function postmasterPid(): Promise<number | null> {
  const file = path.join(dataDir, "postgres", "postmaster.pid");
  return existsSync(file) ? Number((await readFile(file, "utf8")).split("\n")[0]) : null;
}

/** Whether the process runs; one that has exited but is not yet reaped (a zombie, state Z) does not. */
async function isAlive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // Linux: the state follows the parenthesised command name.
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
  return stat === null || !/\) Z /.test(stat);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "furnish-main-"));
  await chmod(dataDir, 0o755);
});

afterAll(async () => {
  for (const child of running) if (child.exitCode === null) child.kill("SIGKILL");
  // A test that failed half-way may leave its database running; the next start stops it.
  const pid = await postmasterPid();
  if (pid && (await isAlive(pid))) process.kill(pid, "SIGINT");
  await rm(dataDir, { recursive: true, force: true });
});

describe("the server process", () => {
  it("stops on SIGTERM with its database, and keeps the data for the next start", { timeout: 180_000 }, async () => {
    const first = await startApp();
    await waitUntilReady(first);
    expect(await productCount(first)).toBe(0);
    // What is left to set up, one warning each (no demo here: it is not loaded).
    expect(first.output()).toContain("Setup: WhatsApp orders go to the demo number.");
    expect(first.output()).toContain("Setup: E-mails are saved as files, not sent.");

    const second = await startApp();
    expect(await second.exit).toBe(1);
    expect(second.output()).toContain("Another Furnish process");

    first.child.kill("SIGTERM");
    expect(await first.exit).toBe(0);
    expect(await postmasterPid()).toBeNull();
    expect(existsSync(path.join(dataDir, "furnish.pid"))).toBe(false);

    // Write a row while no app runs; the next start must find it.
    const database = await startEmbeddedPostgres({ dataDir, database: "furnish", log: () => {} });
    const { db, pool } = connectDatabase(database.url);
    await db.insert(products).values({
      name: "Kept Sofa",
      description: "<p>Still here.</p>",
      priceKobo: 100_00,
      category: "Living Room",
      style: "Modern",
    });
    await pool.end();
    await database.stop();

    const third = await startApp();
    await waitUntilReady(third);
    expect(await productCount(third)).toBe(1);
    third.child.kill("SIGINT");
    expect(await third.exit).toBe(0);
    expect(await postmasterPid()).toBeNull();
  });

  it("recovers by itself after being killed with kill -9", { timeout: 180_000 }, async () => {
    const killed = await startApp();
    await waitUntilReady(killed);
    killed.child.kill("SIGKILL");
    await killed.exit;
    const leftover = await postmasterPid();
    expect(leftover && (await isAlive(leftover))).toBe(true);

    const next = await startApp();
    await waitUntilReady(next);
    expect(next.output()).toContain("Stopping a PostgreSQL server left behind by an earlier run");
    expect(await productCount(next)).toBe(1);
    next.child.kill("SIGTERM");
    expect(await next.exit).toBe(0);
    expect(await postmasterPid()).toBeNull();
  });

  it(
    "stops its database too when a client trickles a request past the drain deadline",
    { timeout: 180_000 },
    async () => {
      const app = await startApp({ STOP_GRACE_SECONDS: "1" });
      await waitUntilReady(app);
      const database = await postmasterPid();
      expect(database && (await isAlive(database))).toBe(true);

      // A contact message whose body never ends: a byte every 200 ms of the 100 promised.
      // "100 Continue" says the server has the request and is reading its body.
      const client = connect(app.port, "127.0.0.1");
      client.on("error", () => {});
      const closedByServer = new Promise<void>((resolve) => client.once("close", () => resolve()));
      const reading = new Promise<void>((resolve) =>
        client.on("data", (chunk: Buffer) => chunk.toString().startsWith("HTTP/1.1 100") && resolve()),
      );
      client.write(
        [
          "POST /api/contact HTTP/1.1",
          `Host: 127.0.0.1:${app.port}`,
          `Origin: http://127.0.0.1:${app.port}`,
          "Content-Type: application/json",
          "Content-Length: 100",
          "Expect: 100-continue",
          "",
          "",
        ].join("\r\n"),
      );
      await reading;
      const trickle = setInterval(() => client.writable && client.write(" "), 200);
      try {
        app.child.kill("SIGTERM");
        await closedByServer;
        expect(await app.exit).toBe(0);
      } finally {
        clearInterval(trickle);
        client.destroy();
      }
      expect(app.output()).toContain("Requests still open after 1 s: closing their connections");
      expect(await isAlive(database!)).toBe(false);
      expect(await postmasterPid()).toBeNull();
    },
  );
});
