/**
 * Several instances of the shop on one PostgreSQL and one Redis, behind nginx balancing
 * them round-robin with README's "Scaling out" site file: what the two-instance test and
 * `npm run bench:scale` start. Each instance is the built app started as `npm start`
 * starts it (server/main.ts, production), with a DATA_DIR of its own.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./free-port";
import { portAnswers } from "./redis-server";

const execFileAsync = promisify(execFile);

/** nginx on the PATH, or in /usr/sbin (Debian's place), which a user's PATH may lack. */
export const nginxPath = (): string | undefined =>
  [...(process.env.PATH ?? "").split(":"), "/usr/sbin"]
    .filter(Boolean)
    .map((dir) => path.join(dir, "nginx"))
    .find((file) => existsSync(file));

export interface Instance {
  url: string;
  port: number;
  /** What it printed so far (JSON log lines). */
  output(): string;
  /** Sends SIGTERM, as a service manager stopping it would, and waits for it to exit; its exit code. */
  stop(): Promise<number | null>;
}

export interface InstanceSettings {
  databaseUrl: string;
  redisUrl?: string | undefined;
  redisPrefix?: string | undefined;
  /** The shop's public address: the balancer's. */
  publicUrl: string;
  env?: NodeJS.ProcessEnv;
}

const running = new Set<ChildProcess>();
/** Ends every instance and balancer still running: for a test's afterAll, whatever failed. */
export function killAll() {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

/** Resolves once `url`/readyz answers 200; throws with the process's output if it exits or takes too long. */
async function waitReady(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The instance at ${url} exited early:\n${output()}`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`The instance at ${url} did not become ready:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startInstance(settings: InstanceSettings): Promise<Instance> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "furnish-instance-"));
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(process.execPath, ["server/start.js"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: settings.publicUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: settings.databaseUrl,
      REDIS_URL: settings.redisUrl ?? "",
      REDIS_PREFIX: settings.redisPrefix ?? "",
      SEED_DEMO: "false",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
      SMTP_URL: "",
      LOG_LEVEL: "warn",
      LOG_FORMAT: "json",
      // The balancer on this machine: the visitor's address comes in X-Forwarded-For.
      TRUST_PROXY: "loopback",
      ...settings.env,
    },
  });
  running.add(child);
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  void exited.then(async () => {
    running.delete(child);
    await rm(dataDir, { recursive: true, force: true });
  });
  await waitReady(url, child, () => output);
  return {
    url,
    port,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/** README's "Scaling out" nginx site file, exactly as shown there. */
export function readmeBalancerSite(): string {
  const readme = readFileSync("README.md", "utf8");
  const start = readme.indexOf("\n## Scaling out\n");
  if (start < 0) throw new Error('README.md has no "## Scaling out" section');
  const end = readme.indexOf("\n## ", start + 1);
  const block = /^```nginx\n([\s\S]*?)^```$/m.exec(readme.slice(start, end < 0 ? undefined : end));
  if (!block) throw new Error('README.md\'s "Scaling out" shows no nginx site file');
  return block[1]!;
}

/** The site file with these exact lines changed, each of which must be there once. */
function adapt(text: string, changes: [from: string, to: string][]): string {
  for (const [from, to] of changes) {
    const count = text.split(from).length - 1;
    if (count !== 1) throw new Error(`README's nginx example: expected "${from}" once, found it ${count} times`);
    text = text.replace(from, to);
  }
  return text;
}

export interface Balancer {
  url: string;
  port: number;
  /** The instance ports each request went to, as nginx logged them ("A" or "A, B" after a retry). */
  upstreams(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * nginx with README's site file, its two app servers replaced by `ports` and its HTTPS
 * listener by plain HTTP on `port` of this machine; everything else as shown.
 */
export async function startBalancer(ports: [number, number], port: number): Promise<Balancer> {
  const nginx = nginxPath();
  if (!nginx) throw new Error("nginx is not installed (Debian: apt-get install nginx-light)");
  const scratch = await mkdtemp(path.join(tmpdir(), "furnish-balancer-"));
  // As root, nginx's workers run as nobody, and keep bodies in a folder in here.
  await chmod(scratch, 0o755);
  const [first, second] = ports.map((instance) => `127.0.0.1:${instance}`);
  const site = adapt(readmeBalancerSite(), [
    ["server 10.0.0.11:3000 max_fails=1", `server ${first} max_fails=1`],
    ["server 10.0.0.12:3000 max_fails=1", `server ${second} max_fails=1`],
    ["server 10.0.0.11:3000;", `server ${first};`],
    ["server 10.0.0.12:3000;", `server ${second};`],
    ["listen 443 ssl http2;", `listen 127.0.0.1:${port};`],
    ["    ssl_certificate /etc/letsencrypt/live/shop.example.ng/fullchain.pem;\n", ""],
    ["    ssl_certificate_key /etc/letsencrypt/live/shop.example.ng/privkey.pem;\n", ""],
  ]);
  await writeFile(path.join(scratch, "site.conf"), site);
  const log = path.join(scratch, "upstreams.log");
  const main = path.join(scratch, "nginx.conf");
  const temp = (name: string) => `${name}_temp_path ${path.join(scratch, name)};`;
  await writeFile(
    main,
    [
      "daemon off;",
      "worker_processes 1;",
      `pid ${path.join(scratch, "nginx.pid")};`,
      "error_log stderr error;",
      "events {}",
      "http {",
      '  log_format upstreams "$upstream_addr";',
      `  access_log ${log} upstreams;`,
      `  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}`,
      `  include ${path.join(scratch, "site.conf")};`,
      "}",
      "",
    ].join("\n"),
  );
  await execFileAsync(nginx, ["-t", "-q", "-p", scratch, "-e", "stderr", "-c", main]);
  const child = spawn(nginx, ["-p", scratch, "-e", "stderr", "-c", main], { stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  let output = "";
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  while (!(await portAnswers(url))) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`nginx did not listen on ${port}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    port,
    upstreams: async () =>
      readFileSync(log, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => line.replaceAll("127.0.0.1:", "")),
    async stop() {
      if (child.exitCode === null) child.kill("SIGQUIT");
      await exited;
      running.delete(child);
      await rm(scratch, { recursive: true, force: true });
    },
  };
}
