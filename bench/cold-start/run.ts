/**
 * npm run bench:cold-start — how long a restart keeps shoppers waiting: from spawning the
 * production server (`server/start.js`, as `npm start` runs it) to the first 200 on `/`,
 * on a scratch database holding the 10,000-product catalogue, already migrated (a deploy
 * or a crash restarts on the shop's own data). One start first, unmeasured, migrates the
 * database and writes the server bundle, as the first start after a deploy does; then
 * `BENCH_RUNS` (default 5) starts are timed, each stopped before the next. The budget
 * (bench/budgets.ts) holds the median. `BENCH_DATABASE_URL` uses that PostgreSQL server
 * instead of an embedded one. Writes the figures to bench/results/.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { BUDGET } from "../budgets";
import { startApp, stopApp } from "../app-process";
import { BENCH_PRODUCTS } from "../api/seed-10k";
import { createScratchCatalogue } from "../scratch-catalogue";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** How often the home page is asked for while the server starts: the figures' resolution. */
const POLL_MS = 20;

const shop = await createScratchCatalogue("coldstart");
await shop.connection.pool.end();

/** Milliseconds from spawning the server to its first 200 on `/`. */
async function timedStart(): Promise<number> {
  const started = performance.now();
  const app = await startApp(shop);
  // The readiness poll rejects if the process stops first: that fails the bench.
  app.ready.catch(() => {});
  let stopped = false;
  app.server.once("exit", () => (stopped = true));
  try {
    for (;;) {
      if (stopped) throw new Error("the app stopped before answering /");
      const answer = await fetch(`${app.base}/`).catch(() => null);
      if (answer) await answer.arrayBuffer();
      if (answer?.status === 200) return performance.now() - started;
      await sleep(POLL_MS);
    }
  } finally {
    await stopApp(app.server);
  }
}

try {
  const first = await timedStart();
  console.log(`first start (migrates, writes the bundle; not counted): ${Math.round(first)} ms`);
  const times: number[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const ms = Math.round(await timedStart());
    times.push(ms);
    console.log(`start ${run}: ${ms} ms`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  console.log(
    `\n${BENCH_PRODUCTS} products, ${cpus().length} CPUs, load ${loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")}`,
  );
  const within = median <= BUDGET.coldStartMs;
  console.log(
    `Spawn to the first 200 on /: min ${sorted[0]} ms, median ${median} ms, max ${sorted.at(-1)} ms (budget ${
      BUDGET.coldStartMs
    } ms for the median): ${within ? "within" : "OVER"} budget.`,
  );
  await mkdir("bench/results", { recursive: true });
  const file = `bench/results/cold-start-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  await writeFile(file, JSON.stringify({ cpus: cpus().length, load: loadavg(), first, times, median }, null, 2));
  console.log(`Written to ${file}`);
  process.exitCode = within ? 0 : 1;
} finally {
  await shop.drop();
}
