/**
 * A shop of a journey's own: the built app started as `npm start` starts it (as
 * e2e-servers.ts does), on a free port and a fresh DATA_DIR, without the demo catalogue,
 * for a journey that changes what every other journey shares, such as removing the demo
 * catalogue. It starts in a few seconds (the shared server's demo takes 45); the journey
 * loads what it needs straight into its database.
 */
import { spawn } from "node:child_process";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Database } from "../../server/db/client";
import { connectDatabase } from "../../server/db/client";
import { findRunningEmbeddedPostgres } from "../../server/db/embedded-postgres";
import { freePort } from "./free-port";

export interface OwnShop {
  url: string;
  mediaDir: string;
  /** Signs in at /api/admin/login. */
  admin: { email: string; password: string };
  /** Runs `run` with a connection of its own to the shop's database, closed afterwards. */
  withDatabase<T>(run: (db: Database) => Promise<T>): Promise<T>;
  stop(): Promise<void>;
}

/** `env`: what this journey's shop is started with besides a fresh install's (a SECRETS_KEY, say). */
export async function startOwnShop({ env = {} }: { env?: NodeJS.ProcessEnv } = {}): Promise<OwnShop> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "furnish-e2e-own-"));
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const admin = { email: "own-shop-owner@furnish.test", password: "Owner12345" };
  let output = "";
  const app = spawn(process.execPath, ["server/start.js"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED_DEMO: "false",
      // A fresh install's settings: the demo WhatsApp number, mail to files.
      WHATSAPP_NUMBER: "",
      SMTP_URL: "",
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: "warn",
      LOG_FORMAT: "json",
      ...env,
    },
  });
  app.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  app.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => app.once("exit", () => resolve()));

  const stop = async () => {
    if (app.exitCode === null && app.signalCode === null) app.kill("SIGTERM");
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (app.exitCode !== null) {
      await stop();
      throw new Error(`The shop exited early:\n${output}`);
    }
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The shop did not become ready:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    mediaDir: path.join(dataDir, "media"),
    admin,
    async withDatabase(run) {
      const databaseUrl = await findRunningEmbeddedPostgres(dataDir, "furnish");
      if (!databaseUrl) throw new Error(`No running database in ${dataDir}`);
      const connection = connectDatabase(databaseUrl, { max: 1 });
      try {
        return await run(connection.db);
      } finally {
        await connection.pool.end();
      }
    },
    stop,
  };
}
