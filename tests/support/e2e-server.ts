/**
 * Starts the built app for end-to-end tests exactly as `npm start` would, on a fresh
 * temporary DATA_DIR (embedded PostgreSQL, demo catalogue, a known admin), and removes
 * that folder once the app has stopped.
 */
import { spawn } from "node:child_process";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

export const E2E_ADMIN = { email: "admin@furnish.test", password: "Admin12345" };

const dataDir = await mkdtemp(path.join(tmpdir(), "furnish-e2e-"));
await chmod(dataDir, 0o755);
const port = process.env.E2E_PORT ?? "41731";

const app = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: port,
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SEED_DEMO: "true",
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    LOG_LEVEL: "warn",
  },
});

for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => app.kill(signal));
app.on("exit", async (code) => {
  await rm(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
