/**
 * npm run bench:memory — how much memory one instance of the app holds. The built app
 * (`server/start.js`, as `npm start` runs it) on a scratch database holding the
 * 10,000-product catalogue; its resident memory (RSS, as the kernel counts it) is read
 * after each phase:
 * - started: /readyz answers;
 * - warmed up: each page and the API asked a few times;
 * - API rounds: the product list, the same first page (cached) and every request
 *   distinct (uncached), 20 connections;
 * - SSR rounds: the home page, the shop and product pages rendered for 20 connections;
 * - distinct queries: 5,000 list queries no earlier request asked;
 * - rested: half a minute without requests.
 * The budget (bench/budgets.ts) holds the RSS after the SSR rounds and after the rest.
 * `BENCH_SECONDS` (default 15) is each round's length; `BENCH_NODE_ARGS` adds Node or V8
 * flags to the app's (to try heap settings); `BENCH_DATABASE_URL` uses that PostgreSQL
 * server instead of an embedded one. Writes the figures to bench/results/.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import { BUDGET } from "../budgets";
import { rssMb, startApp } from "../app-process";
import { BENCH_PRODUCTS } from "../api/seed-10k";
import { createScratchCatalogue } from "../scratch-catalogue";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = 20;

const shop = await createScratchCatalogue("memory");
const productIds = (
  await shop.connection.pool.query<{ id: string }>("select id from products order by random() limit 500")
).rows.map((row) => row.id);
await shop.connection.pool.end();

const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
const { server, base, ready } = await startApp(shop, { nodeArgs });
const phases: Array<{ phase: string; rssMb: number }> = [];
const note = (phase: string) => {
  const rss = rssMb(server.pid!);
  phases.push({ phase, rssMb: rss });
  console.log(`${phase}: ${rss} MB`);
};

let distinct = 0;
const distinctList = () => `/api/products?minPrice=0.${String((distinct += 1)).padStart(6, "0")}`;
let nextProduct = 0;
const productPage = () => `/product/${productIds[nextProduct++ % productIds.length]}`;

/** One round of autocannon at `next()`'s paths; fails the bench on any answer but 2xx. */
async function round(name: string, next: () => string, headers: Record<string, string> = {}) {
  const run = await autocannon({
    url: base + next(),
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { "accept-encoding": "br, gzip", ...headers },
    requests: [{ setupRequest: (request: object) => ({ ...request, path: next() }) }],
  });
  if (run.non2xx > 0 || run.errors > 0) throw new Error(`${name}: ${run.non2xx} non-2xx, ${run.errors} errors`);
  console.log(`  ${name}: ${Math.round(run.requests.average)} req/s, p99 ${run.latency.p99} ms`);
}

try {
  await ready;
  note("started");
  for (let i = 0; i < 5; i += 1) {
    for (const path of ["/", "/shop", productPage(), "/api/products", distinctList()]) {
      const answer = await fetch(base + path);
      await answer.arrayBuffer();
    }
  }
  note("warmed up");

  await round("API first page, cached", () => "/api/products");
  await round("API first page, uncached", distinctList);
  note("after the API rounds");

  await round("SSR home", () => "/");
  await round("SSR shop", () => "/shop");
  await round("SSR product pages", productPage);
  await round("SSR shop, Save-Data", () => "/shop", { "save-data": "on" });
  note("after the SSR rounds");

  for (let i = 0; i < 5000; i += 1) {
    const answer = await fetch(base + distinctList());
    await answer.arrayBuffer();
  }
  note("after 5,000 distinct queries");

  await sleep(30_000);
  note("rested 30 s");

  const peak = Math.max(...phases.filter((p) => p.phase !== "started").map((p) => p.rssMb));
  const rested = phases.at(-1)!.rssMb;
  console.log(
    `\n${BENCH_PRODUCTS} products, ${SECONDS} s rounds, ${CONNECTIONS} connections, ${cpus().length} CPUs, load ${loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")}`,
  );
  console.table(phases);
  const within = peak <= BUDGET.memory.peakRssMb && rested <= BUDGET.memory.restedRssMb;
  console.log(
    `Peak ${peak} MB (budget ${BUDGET.memory.peakRssMb}), rested ${rested} MB (budget ${BUDGET.memory.restedRssMb}): ${
      within ? "within" : "OVER"
    } budget.`,
  );
  await mkdir("bench/results", { recursive: true });
  const file = `bench/results/memory-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  await writeFile(
    file,
    JSON.stringify({ seconds: SECONDS, cpus: cpus().length, nodeArgs, phases, peak, rested }, null, 2),
  );
  console.log(`Written to ${file}`);
  process.exitCode = within ? 0 : 1;
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  await shop.drop();
}
