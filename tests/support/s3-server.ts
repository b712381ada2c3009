/**
 * A real S3-compatible server for tests: s3rver, run as its own process on a free port
 * with a temporary folder and one bucket. The shop talks to it with the AWS SDK exactly
 * as to AWS (path-style addresses, signed requests with s3rver's fixed credentials).
 *
 *   const s3 = await startS3Server();
 *   createTestApp({ s3: s3.settings })   // or spawn an app with { ...process.env, ...s3.env }
 *   await s3.stop();                       // also what a bucket outage looks like
 *
 * Starting one also sets AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY in this process (unless
 * set), as an app's S3 client takes its credentials from the environment.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { S3Settings } from "../../server/modules/media/storage/s3-storage";

export interface S3Server {
  /** "http://127.0.0.1:<port>" */
  endpoint: string;
  bucket: string;
  /** The S3_* and AWS_* variables that point an app process at this server. */
  env: Record<string, string>;
  /** The same, as the app's storage settings. */
  settings: S3Settings;
  /** Stops the server process and removes its folder; safe to call twice. */
  stop(): Promise<void>;
}

const S3RVER_BIN = createRequire(import.meta.url).resolve("s3rver/bin/s3rver.js");
const STARTUP_TIMEOUT_MS = 15_000;

export async function startS3Server({ bucket = "furnish-test" }: { bucket?: string } = {}): Promise<S3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), "furnish-s3-"));
  const child = spawn(
    process.execPath,
    [S3RVER_BIN, "-d", directory, "-a", "127.0.0.1", "-p", "0", "--no-vhost-buckets", "--configure-bucket", bucket],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let port: number;
  try {
    port = await listeningPort(child);
  } catch (error) {
    child.kill("SIGKILL");
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    S3_BUCKET: bucket,
    S3_REGION: "us-east-1",
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: "true",
    AWS_ACCESS_KEY_ID: "S3RVER",
    AWS_SECRET_ACCESS_KEY: "S3RVER",
  };
  // The app's client reads credentials from the environment (the SDK's default chain).
  process.env.AWS_ACCESS_KEY_ID ??= env.AWS_ACCESS_KEY_ID;
  process.env.AWS_SECRET_ACCESS_KEY ??= env.AWS_SECRET_ACCESS_KEY;
  let stopped: Promise<void> | null = null;
  return {
    endpoint,
    bucket,
    env,
    settings: { bucket, region: "us-east-1", endpoint, forcePathStyle: true },
    stop: () =>
      (stopped ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((resolve) => child.once("exit", resolve));
          child.kill("SIGTERM");
          await exited;
        }
        await rm(directory, { recursive: true, force: true });
      })()),
  };
}

/** Waits for s3rver's "S3rver listening on 127.0.0.1:<port>" line. */
function listeningPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => fail(new Error(`s3rver did not start: ${output}`)), STARTUP_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on [\d.]+:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout?.off("data", read);
        // Keep draining, so a full pipe never blocks the server.
        child.stdout?.resume();
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => fail(new Error(`s3rver exited (${code}): ${output}`)));
  });
}
