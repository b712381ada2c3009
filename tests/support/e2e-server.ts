/**
 * Starts the built app for end-to-end tests exactly as `npm start` would, on a fresh
 * temporary DATA_DIR (embedded PostgreSQL, demo catalogue, a known admin), and removes
 * that folder once the app has stopped.
 */
import { spawn } from "node:child_process";
import { chmod, mkdir, rm } from "node:fs/promises";
import { E2E_ADMIN, E2E_DATA_DIR, E2E_PORT, E2E_SECRETS_KEY, E2E_STANDIN_URL } from "./e2e-env";

// A known folder (not a random one) so that the tests' setup can reach its database;
// E2E_PORT names the instance (the owner's journeys have one of their own).
const dataDir = E2E_DATA_DIR;
await rm(dataDir, { recursive: true, force: true });
await mkdir(dataDir, { recursive: true });
await chmod(dataDir, 0o755);
const port = String(E2E_PORT);

// The app's log is kept, not shown: its last lines are printed only if it stops with an
// error, so a failed start says why (Playwright shows this process's output).
const app = spawn(process.execPath, ["server/start.js"], {
  stdio: ["ignore", "pipe", "inherit"],
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: port,
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SEED_DEMO: process.env.E2E_SEED_DEMO ?? "true",
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    LOG_LEVEL: "warn",
    // Each test names its own client address (X-Forwarded-For), so that the per-address
    // rate limits on sign-up and login count every test on its own.
    TRUST_PROXY: "loopback",
    // Payments go to the stand-in provider, never to Paystack or Flutterwave.
    SECRETS_KEY: E2E_SECRETS_KEY,
    PAYSTACK_API_URL: E2E_STANDIN_URL,
    FLUTTERWAVE_API_URL: E2E_STANDIN_URL,
  },
});

const lastLines: string[] = [];
app.stdout.setEncoding("utf8").on("data", (chunk: string) => {
  lastLines.push(...chunk.split("\n").filter(Boolean));
  lastLines.splice(0, Math.max(0, lastLines.length - 40));
});

for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => app.kill(signal));
app.on("exit", async (code) => {
  if (code)
    process.stdout.write(
      `The app on port ${port} stopped with code ${code}. Its last lines:\n${lastLines.join("\n")}\n`,
    );
  await rm(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
