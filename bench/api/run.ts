/**
 * npm run bench:api — seeds 10,000 products into a scratch database (embedded, or
 * BENCH_DATABASE_URL's server) and measures GET /api/products under load with
 * autocannon: the first page, a filtered page and searches. Prints requests/s, p50 and
 * p99, and writes the figures to bench/results/.
 */
import { spawn } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { cpus } from "node:os";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import { BUDGET } from "../budgets";
import { createScratchCatalogue } from "../scratch-catalogue";
import { BENCH_PRODUCTS } from "./seed-10k";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
let distinct = 0;
/** The same list with a price floor no earlier request used, so it misses the cache. */
const uncached = (url: string) => () =>
  `${url}${url.includes("?") ? "&" : "?"}minPrice=0.${String((distinct += 1)).padStart(6, "0")}`;

// Shoppers mostly ask for the same few pages, which the catalogue cache serves; the
// "uncached" rows make every request distinct and so measure the database path itself.
const SCENARIOS: Array<{ name: string; target: string | (() => string) }> = [
  { name: "first page", target: "/api/products" },
  {
    name: "filtered page",
    target: "/api/products?category=Bedroom&isPromo=false&minPrice=500000&maxPrice=3000000&page=2",
  },
  { name: "search", target: "/api/products?search=velvet%20sofa" },
  { name: "first page, uncached", target: uncached("/api/products") },
  {
    name: "filtered page, uncached",
    target: uncached("/api/products?category=Bedroom&isPromo=false&maxPrice=3000000&page=2"),
  },
  { name: "search, uncached", target: uncached("/api/products?search=velvet%20sofa") },
  // Forgiving search: a swapped pair of letters, and a word found inside compound names.
  { name: "search with a typo, uncached", target: uncached("/api/products?search=velvet%20winbgack") },
  { name: "search inside words, uncached", target: uncached("/api/products?search=chair") },
];

const shop = await createScratchCatalogue("bench");
await shop.connection.pool.end();
const server = spawn(process.execPath, ["--import", "tsx", "bench/api/serve.ts", shop.databaseUrl, shop.mediaDir], {
  env: { ...process.env, NODE_ENV: "production" },
  stdio: ["ignore", "pipe", "inherit"],
});
try {
  const port = await new Promise<string>((resolve) => createInterface({ input: server.stdout! }).once("line", resolve));
  const base = `http://127.0.0.1:${port}`;
  const results = [];
  for (const scenario of SCENARIOS) {
    const { target } = scenario;
    const next = typeof target === "string" ? () => target : target;
    const options = {
      url: base + next(),
      connections: CONNECTIONS,
      requests: [{ setupRequest: (request: object) => ({ ...request, path: next() }) }],
    };
    // Warm the connection pool, the plans and (for the cached rows) the cache first.
    await autocannon({ ...options, duration: 2 });
    const run = await autocannon({ ...options, duration: DURATION });
    if (run.non2xx > 0 || run.errors > 0)
      throw new Error(`${scenario.name}: ${run.non2xx} non-2xx, ${run.errors} errors`);
    results.push({
      scenario: scenario.name,
      path: next().replace(/minPrice=0\.\d+$/, "minPrice=0.<distinct>"),
      requestsPerSecond: Math.round(run.requests.average),
      p50ms: run.latency.p50,
      p99ms: run.latency.p99,
    });
  }
  console.log(`\n${BENCH_PRODUCTS} products, ${CONNECTIONS} connections, ${DURATION} s each, ${cpus().length} CPUs\n`);
  console.table(results);
  await mkdir("bench/results", { recursive: true });
  const file = `bench/results/api-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  await writeFile(
    file,
    JSON.stringify({ connections: CONNECTIONS, duration: DURATION, cpus: cpus().length, results }, null, 2),
  );
  console.log(`Written to ${file}`);
  const over = results.filter((r) => r.p99ms > BUDGET.productListP99Ms);
  console.log(
    over.length
      ? `\nOver budget (p99 > ${BUDGET.productListP99Ms} ms): ${over.map((r) => `${r.scenario} ${r.p99ms} ms`).join(", ")}`
      : `\nEvery scenario's p99 is within ${BUDGET.productListP99Ms} ms.`,
  );
  process.exitCode = over.length ? 1 : 0;
} finally {
  server.kill("SIGTERM");
  await shop.drop();
}
