/**
 * The journeys' servers, started side by side from one process (Playwright starts the
 * entries of a webServer list one after another, each waiting for the last):
 *
 * - the payment providers' stand-in (tests/standins/payment-provider), served here: their
 *   API shapes, a checkout page, and signed webhooks to the shared shop;
 * - the shared shop: the built app, run exactly as `npm start` would, on a fresh
 *   temporary DATA_DIR (embedded PostgreSQL, the demo catalogue, a known admin);
 * - the owner's shop: the same app on a DATA_DIR of its own without the demo catalogue,
 *   for the journeys that change the whole shop (its settings).
 *
 * Once all three answer it prints E2E_SERVERS_READY, which playwright.config.ts waits for.
 * On SIGTERM or SIGINT it stops both apps, removes their folders and exits. The apps'
 * logs are kept, not shown: should one stop by itself, its last lines are printed, the
 * rest is stopped, and this process exits with that app's code, so a failed start says why.
 */
import { spawn } from "node:child_process";
import { chmod, mkdir, rm } from "node:fs/promises";
import { connect } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { createPaymentStandin } from "../standins/payment-provider/server";
import {
  E2E_ADMIN,
  E2E_BASE_URL,
  E2E_DATA_DIR,
  E2E_FLUTTERWAVE_HASH,
  E2E_OWNER_BASE_URL,
  E2E_OWNER_DATA_DIR,
  E2E_OWNER_PORT,
  E2E_PORT,
  E2E_SECRETS_KEY,
  E2E_SERVERS_READY,
  E2E_STANDIN_PORT,
  E2E_STANDIN_URL,
} from "./e2e-env";

/** True when something already listens on the port: another run's server, which would answer in ours' place. */
const taken = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

for (const port of [E2E_STANDIN_PORT, E2E_PORT, E2E_OWNER_PORT]) {
  if (await taken(port)) {
    console.error(`Port ${port} is already in use: stop what listens there (an earlier run's server?) and try again.`);
    process.exit(1);
  }
}

let stopping = false;
/** The apps started so far: one that stops by itself early stops those already there. */
const apps: { stop: () => void; gone: Promise<void> }[] = [];

/** Starts the built app on a fresh DATA_DIR, as `npm start` runs it, and adds it to `apps`. */
async function startApp(port: number, dataDir: string, seedDemo: boolean) {
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  await chmod(dataDir, 0o755);
  const app = spawn(process.execPath, ["server/start.js"], {
    stdio: ["ignore", "pipe", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED_DEMO: String(seedDemo),
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
  const exited = new Promise<number>((resolve) => app.on("exit", (code) => resolve(code ?? 0)));
  void exited.then((code) => {
    if (stopping) return;
    process.stdout.write(
      `The app on port ${port} stopped with code ${code}. Its last lines:\n${lastLines.join("\n")}\n`,
    );
    void stop(code || 1);
  });
  apps.push({
    stop: () => app.kill("SIGTERM"),
    gone: exited.then(() => rm(dataDir, { recursive: true, force: true })),
  });
}

const standin = createPaymentStandin({
  shopUrl: E2E_BASE_URL,
  flutterwaveHash: E2E_FLUTTERWAVE_HASH,
  log: (line) => console.log(line),
});
await new Promise<void>((resolve, reject) => {
  standin.server.once("error", reject).listen(E2E_STANDIN_PORT, "127.0.0.1", resolve);
});
await Promise.all([startApp(E2E_PORT, E2E_DATA_DIR, true), startApp(E2E_OWNER_PORT, E2E_OWNER_DATA_DIR, false)]);

async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const app of apps) app.stop();
  await Promise.all([standin.close(), ...apps.map((app) => app.gone)]);
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop(0));

/** Resolves once the address answers 200. */
async function answers(url: string) {
  for (;;) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok || stopping) return;
    await sleep(250);
  }
}

await Promise.all(
  [`${E2E_STANDIN_URL}/__standin/deliveries`, `${E2E_BASE_URL}/readyz`, `${E2E_OWNER_BASE_URL}/readyz`].map(answers),
);
if (!stopping) console.log(E2E_SERVERS_READY);
