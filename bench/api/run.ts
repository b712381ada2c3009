/**
 * npm run bench:api — seeds 10,000 products into a scratch database (embedded, or
 * BENCH_DATABASE_URL's server) and measures GET /api/products under load with
 * autocannon: the first page, a filtered page and searches. Prints requests/s, p50 and
 * p99, and writes the figures to bench/results/.
 *
 * Then it sets the uncached first page against the floor (bench/api/floor.ts: Fastify,
 * node-postgres and one prepared statement) in rounds, the floor then the shop in each,
 * and prints the shop's rate as a share of the floor's per round and their median. The
 * target is 0.7 of the floor.
 */
import { deepStrictEqual } from "node:assert/strict";
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
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** The uncached first page's rate as a share of the floor's, at the least (the median of the rounds). */
const FLOOR_SHARE_TARGET = 0.7;
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
/** One of the two servers, in its own process so the load generator does not share its CPU time. */
async function start(script: string) {
  const child = spawn(process.execPath, ["--import", "tsx", script, shop.databaseUrl, shop.mediaDir], {
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once("line", resolve));
  return { child, base: `http://127.0.0.1:${port}` };
}

/** requests/s, p50 and p99 of one target, after two seconds that warm the pool, the plans and the cache. */
async function measure(base: string, next: () => string) {
  const options = {
    url: base + next(),
    connections: CONNECTIONS,
    requests: [{ setupRequest: (request: object) => ({ ...request, path: next() }) }],
  };
  await autocannon({ ...options, duration: 2 });
  const run = await autocannon({ ...options, duration: DURATION });
  if (run.non2xx > 0 || run.errors > 0)
    throw new Error(`${base}${next()}: ${run.non2xx} non-2xx, ${run.errors} errors`);
  return { requestsPerSecond: Math.round(run.requests.average), p50ms: run.latency.p50, p99ms: run.latency.p99 };
}

const { child: server, base } = await start("bench/api/serve.ts");
const { child: floorServer, base: floorBase } = await start("bench/api/floor.ts");
try {
  const results = [];
  for (const scenario of SCENARIOS) {
    const { target } = scenario;
    const next = typeof target === "string" ? () => target : target;
    results.push({
      scenario: scenario.name,
      path: next().replace(/minPrice=0\.\d+$/, "minPrice=0.<distinct>"),
      ...(await measure(base, next)),
    });
  }

  // The floor must answer the very page the shop does, or the comparison says nothing.
  const page = async (from: string) => (await fetch(`${from}/api/products?minPrice=0.5`)).json();
  deepStrictEqual(await page(floorBase), await page(base), "the floor and the shop answer different pages");
  const firstPage = uncached("/api/products");
  const rounds = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const floor = await measure(floorBase, firstPage);
    const furnish = await measure(base, firstPage);
    rounds.push({
      round,
      "floor req/s": floor.requestsPerSecond,
      "floor p99ms": floor.p99ms,
      "shop req/s": furnish.requestsPerSecond,
      "shop p99ms": furnish.p99ms,
      share: Number((furnish.requestsPerSecond / floor.requestsPerSecond).toFixed(2)),
    });
  }
  const shares = rounds.map((r) => r.share).sort((a, b) => a - b);
  const medianShare = shares[Math.floor(shares.length / 2)]!;
  console.log(`\n${BENCH_PRODUCTS} products, ${CONNECTIONS} connections, ${DURATION} s each, ${cpus().length} CPUs\n`);
  console.table(results);
  await mkdir("bench/results", { recursive: true });
  const file = `bench/results/api-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  await writeFile(
    file,
    JSON.stringify(
      {
        connections: CONNECTIONS,
        duration: DURATION,
        cpus: cpus().length,
        results,
        againstTheFloor: rounds,
        medianShare,
      },
      null,
      2,
    ),
  );
  console.log("\nThe uncached first page against the floor (Fastify, node-postgres, one prepared statement):\n");
  console.table(rounds);
  console.log(
    `Median share of the floor: ${medianShare} (target ${FLOOR_SHARE_TARGET}): ${medianShare >= FLOOR_SHARE_TARGET ? "met" : "not met"}.`,
  );
  console.log(`Written to ${file}`);
  const over = results.filter((r) => r.p99ms > BUDGET.productListP99Ms);
  console.log(
    over.length
      ? `\nOver budget (p99 > ${BUDGET.productListP99Ms} ms): ${over.map((r) => `${r.scenario} ${r.p99ms} ms`).join(", ")}`
      : `\nEvery scenario's p99 is within ${BUDGET.productListP99Ms} ms.`,
  );
  process.exitCode = over.length || medianShare < FLOOR_SHARE_TARGET ? 1 : 0;
} finally {
  server.kill("SIGTERM");
  floorServer.kill("SIGTERM");
  await shop.drop();
}
