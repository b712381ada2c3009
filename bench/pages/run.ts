/**
 * npm run bench:pages — a guest's three pages (home, the shop, a product) under load, as
 * phones ask for them (`Accept-Encoding: br, gzip`), with and without Save-Data: served
 * from the page cache, and rendered for every request (the cache turned off). Seeds the
 * 10,000-product catalogue into a scratch database (embedded, or BENCH_DATABASE_URL's
 * server), builds the pages if they are stale, and prints requests/s, p50 and p99 with the
 * machine's load before and after; writes the figures to bench/results/.
 */
import { spawn } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import pino from "pino";
import { PAGE_CACHE_SIZE } from "../../server/plugins/page-cache";
import { buildWebIfStale } from "../../server/web-build";
import { createScratchCatalogue } from "../scratch-catalogue";
import { BENCH_PRODUCTS } from "../api/seed-10k";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
/** The target for pages from the cache (at 20 connections). */
const TARGET = { requestsPerSecond: 2000, p99Ms: 30 };

await buildWebIfStale(pino());
const shop = await createScratchCatalogue("pages");
const [product] = (
  await shop.connection.pool.query<{ id: string }>(
    "select id from products where status = 'published' order by created_at desc limit 1",
  )
).rows;
await shop.connection.pool.end();
const PAGES = [
  { page: "home", path: "/" },
  { page: "shop", path: "/shop?category=Bedroom" },
  { page: "product", path: `/product/${product!.id}` },
];

async function startServer(pageCacheSize: number) {
  const server = spawn(
    process.execPath,
    ["--import", "tsx", "bench/pages/serve.ts", shop.databaseUrl, shop.mediaDir, String(pageCacheSize)],
    { env: { ...process.env, NODE_ENV: "production" }, stdio: ["ignore", "pipe", "inherit"] },
  );
  const port = await new Promise<string>((resolve) => createInterface({ input: server.stdout! }).once("line", resolve));
  return { base: `http://127.0.0.1:${port}`, stop: () => server.kill("SIGTERM") };
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
const loadBefore = load();
const results = [];
try {
  for (const cached of [true, false]) {
    const server = await startServer(cached ? PAGE_CACHE_SIZE : 0);
    try {
      for (const saveData of [false, true]) {
        for (const { page, path } of PAGES) {
          const options = {
            url: server.base + path,
            connections: CONNECTIONS,
            headers: { "accept-encoding": "br, gzip", ...(saveData ? { "save-data": "on" } : {}) },
          };
          // Warm the pool, the catalogue cache and (for the cached rows) the page cache first:
          // one page, then a short run whose errors (a cold first render's time-outs) do not count.
          await fetch(options.url, { headers: options.headers }).then((response) => response.arrayBuffer());
          await autocannon({ ...options, duration: 2 });
          const run = await autocannon({ ...options, duration: DURATION });
          if (run.non2xx > 0 || run.errors > 0) throw new Error(`${page}: ${run.non2xx} non-2xx, ${run.errors} errors`);
          results.push({
            page,
            saveData,
            cached,
            requestsPerSecond: Math.round(run.requests.average),
            p50ms: run.latency.p50,
            p99ms: run.latency.p99,
            kbPerPage: Math.round(run.throughput.total / run.requests.total / 102.4) / 10,
          });
        }
      }
    } finally {
      server.stop();
    }
  }
  const loadAfter = load();
  console.log(
    `\n${BENCH_PRODUCTS} products, ${CONNECTIONS} connections, ${DURATION} s each, ${cpus().length} CPUs;` +
      ` load average (1, 5, 15 min) before ${loadBefore}, after ${loadAfter}\n`,
  );
  console.table(results);
  await mkdir("bench/results", { recursive: true });
  const file = `bench/results/pages-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  await writeFile(
    file,
    JSON.stringify(
      { connections: CONNECTIONS, duration: DURATION, cpus: cpus().length, loadBefore, loadAfter, results },
      null,
      2,
    ),
  );
  console.log(`Written to ${file}`);
  const short = results.filter(
    (r) => r.cached && (r.requestsPerSecond < TARGET.requestsPerSecond || r.p99ms >= TARGET.p99Ms),
  );
  console.log(
    short.length
      ? `\nBelow the target (${TARGET.requestsPerSecond} req/s, p99 < ${TARGET.p99Ms} ms) from the cache: ${short
          .map((r) => `${r.page}${r.saveData ? " (Save-Data)" : ""} ${r.requestsPerSecond} req/s, p99 ${r.p99ms} ms`)
          .join("; ")}`
      : `\nEvery cached page is at or above ${TARGET.requestsPerSecond} req/s with p99 under ${TARGET.p99Ms} ms.`,
  );
  process.exitCode = short.length ? 1 : 0;
} finally {
  await shop.drop();
}
