/**
 * Redis for tests. The machine's own (127.0.0.1:6379, or TEST_REDIS_URL) is shared by every
 * run, so each test's apps use a key prefix of their own; where CI expects it
 * (TEST_REDIS_EXPECTED=1) its absence fails the tests that need it instead of skipping them.
 * `startRedisServer` starts a private one instead, for a test that stops it mid-run.
 */
import { spawn } from "node:child_process";
import { createConnection } from "node:net";
import { freePort } from "./free-port";

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
export const redisExpected = process.env.TEST_REDIS_EXPECTED === "1";

/** True when something answers on the port of `url`. */
export function portAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise<boolean>((resolve) => {
    const probe = createConnection({ host: hostname, port: Number(port || 6379) });
    probe.once("connect", () => (probe.destroy(), resolve(true)));
    probe.once("error", () => resolve(false));
  });
}

export interface PrivateRedis {
  url: string;
  /** Kills the server at once, as a crash or a lost network would look to the app. */
  kill(): Promise<void>;
}

/** A redis-server of the test's own, in memory only, on a free port. */
export async function startRedisServer(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  const server = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: "ignore",
    },
  );
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  const failed = new Promise<never>((_resolve, reject) => server.once("error", reject));
  const deadline = Date.now() + 10_000;
  while (!(await Promise.race([portAnswers(url), failed]))) {
    if (Date.now() > deadline || server.exitCode !== null) throw new Error(`redis-server did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    async kill() {
      if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
      await exited;
    },
  };
}
