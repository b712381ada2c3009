/**
 * The built app in a process of its own, as `npm start` runs it, on a scratch shop
 * (bench/scratch-catalogue.ts): what the benches that measure the whole app share.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import type { ScratchCatalogue } from "./scratch-catalogue";
import { freePort } from "../tests/support/free-port";

/** A process's resident memory in MB, as the kernel counts it. */
export const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return line ? Math.round(Number(line[1]) / 1024) : NaN;
};

/**
 * Stops the app with SIGTERM and waits for it, unless it has stopped already: a process a
 * signal ended (an abort when out of memory) has no exit code either, and its exit has
 * been and gone.
 */
export async function stopApp(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}

export interface AppProcess {
  server: ChildProcess;
  port: number;
  base: string;
  /** Resolves once /readyz answers 200; rejects should the app stop first. */
  ready: Promise<void>;
}

/**
 * `npm start`'s own command (package.json), run by the shell as npm runs it: the process
 * with the allocator's and V8's settings it has in production. Its `exec` makes the pid
 * the app's own.
 */
function startCommand(nodeArgs: string[]): string {
  const script = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start;
  const match = /^(.*)\bexec node (.*)server\/start\.js$/.exec(script);
  if (!match) throw new Error(`npm start no longer runs "exec node … server/start.js": ${script}`);
  const quote = (arg: string) => `'${arg.replaceAll("'", "'\\''")}'`;
  const [, env, flags] = match;
  return `${env}exec ${quote(process.execPath)} ${flags}${nodeArgs.map(quote).join(" ")} server/start.js`;
}

/**
 * Spawns the app as `npm start` does (its command, which runs server/start.js), in
 * production, on the scratch shop, without the demo catalogue, behind a trusted loopback
 * proxy. `nodeArgs` come after `npm start`'s own flags, so theirs win (V8 flags, --import
 * of plain JavaScript); `env` adds to or overrides the app's settings.
 */
export async function startApp(
  shop: ScratchCatalogue,
  { nodeArgs = [], env = {} }: { nodeArgs?: string[]; env?: Record<string, string> } = {},
): Promise<AppProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn("sh", ["-c", startCommand(nodeArgs)], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      DATA_DIR: shop.workDir,
      DATABASE_URL: shop.databaseUrl,
      SEED_DEMO: "false",
      TRUST_PROXY: "loopback",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const ready = new Promise<void>((resolve, reject) => {
    const check = setInterval(async () => {
      const answer = await fetch(`${base}/readyz`).catch(() => null);
      if (answer?.ok) {
        clearInterval(check);
        resolve();
      }
    }, 250);
    server.once("exit", (code) => {
      clearInterval(check);
      reject(new Error(`the app stopped (exit ${code})`));
    });
  });
  return { server, port, base, ready };
}
