/**
 * npm run bench:scale — the same mixed load (the product list, a product page, the home
 * page, a cart add and its removal) against one instance and against two, both through
 * nginx with README's "Scaling out" site file, on one PostgreSQL (embedded, or
 * BENCH_DATABASE_URL's server) and one Redis (BENCH_REDIS_URL, else 127.0.0.1:6379). Each
 * instance is the built app as `npm start` runs it. The two take turns for BENCH_ROUNDS
 * rounds (2) of BENCH_SECONDS (15) each; prints requests/s and p99 for every run, the means
 * and their ratio, and writes them to bench/results/.
 *
 * Everything runs on this machine: the instances, nginx, PostgreSQL, Redis and the load
 * generator share its processors, so the ratio says how much a second instance adds here,
 * not on a host with processors to spare (README.md, Scaling out).
 */
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { cpus } from "node:os";
import autocannon from "autocannon";
import { CATEGORIES } from "../../domain/catalog/categories";
import { STYLES } from "../../domain/catalog/styles";
import { products } from "../../server/db/schema/catalog";
import { signInAccount, signUp } from "../../server/modules/accounts/accounts.service";
import { SESSION_COOKIE } from "../../server/plugins/session";
import { killAll, startBalancer, startInstance, type Instance } from "../../tests/support/instances";
import { freePort } from "../../tests/support/free-port";
import { portAnswers } from "../../tests/support/redis-server";
import { createScratchCatalogue } from "../scratch-catalogue";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const PRODUCTS = 200;
const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
if (!(await portAnswers(redisUrl))) throw new Error(`bench:scale needs Redis: none answers at ${redisUrl}`);

const shop = await createScratchCatalogue("scale", { empty: true });
const instances: Instance[] = [];
try {
  const rows = await shop.connection.db
    .insert(products)
    .values(
      Array.from({ length: PRODUCTS }, (_, i) => ({
        name: `Scale Sofa ${i + 1}`,
        description: "<p>Made by hand in our Lagos workshop, from kiln-dried iroko.</p>",
        items: "1 piece",
        priceKobo: (150_000 + i * 1_000) * 100,
        category: CATEGORIES[i % CATEGORIES.length]!,
        style: STYLES[i % STYLES.length]!,
      })),
    )
    .returning({ id: products.id });
  // One signed-in shopper for every connection: carts of guests are limited per address.
  const viewer = await signUp(shop.connection.db, {
    fullName: "Bench Shopper",
    email: "bench-shopper@example.com",
    phoneNumber: "+2348012345678",
    password: "Str0ngPassword",
  });
  const session = await signInAccount(shop.connection.db, {
    viewer,
    previousSessionHash: null,
    guestKeyHash: null,
  });
  const cookie = `${SESSION_COOKIE}=${session.token}`;
  await shop.connection.pool.end();

  const balancerPort = await freePort();
  const settings = {
    databaseUrl: shop.databaseUrl,
    redisUrl,
    redisPrefix: `furnish-bench-${randomBytes(4).toString("hex")}:`,
    publicUrl: `http://127.0.0.1:${balancerPort}`,
  };
  instances.push(...(await Promise.all([startInstance(settings), startInstance(settings)])));
  const [first, second] = instances as [Instance, Instance];

  let next = 0;
  const productPath = () => `/api/products/${rows[(next += 7) % rows.length]!.id}`;
  const cartBody = () => JSON.stringify({ itemId: rows[next % rows.length]!.id, itemType: "Product" });
  const headers = { cookie, origin: settings.publicUrl, "content-type": "application/json" };
  // One round of a shopper's visit per connection, over and over.
  const visit = [
    { method: "GET" as const, path: "/api/products?limit=12" },
    { method: "GET" as const, setupRequest: (request: object) => ({ ...request, path: productPath() }) },
    { method: "GET" as const, path: "/" },
    {
      method: "PUT" as const,
      path: "/api/cart/add",
      headers,
      setupRequest: (r: object) => ({ ...r, body: cartBody() }),
    },
    {
      method: "PUT" as const,
      path: "/api/cart/remove",
      headers,
      setupRequest: (r: object) => ({ ...r, body: cartBody() }),
    },
  ];

  // Taken in turns, round after round, so that whatever else the machine does weighs on both alike.
  const setups = [
    ["one instance", [first.port, first.port]],
    ["two instances", [first.port, second.port]],
  ] as const;
  const results: {
    round: number;
    setup: string;
    requestsPerSecond: number;
    p50ms: number;
    p99ms: number;
    non2xx: number;
  }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, ports] of setups) {
      const balancer = await startBalancer([...ports], balancerPort);
      try {
        const options = { url: balancer.url, connections: CONNECTIONS, requests: visit, headers: { cookie } };
        // Warm the caches, the connection pools and the JIT first.
        await autocannon({ ...options, duration: 3 });
        const run = await autocannon({ ...options, duration: DURATION });
        if (run.errors > 0 || run["5xx"] > 0) throw new Error(`${name}: ${run.errors} errors, ${run["5xx"]} 5xx`);
        results.push({
          round,
          setup: name,
          requestsPerSecond: Math.round(run.requests.average),
          p50ms: run.latency.p50,
          p99ms: run.latency.p99,
          non2xx: run.non2xx,
        });
      } finally {
        await balancer.stop();
      }
    }
  }
  const mean = (setup: string, key: "requestsPerSecond" | "p99ms") => {
    const runs = results.filter((result) => result.setup === setup);
    return Math.round(runs.reduce((sum, result) => sum + result[key], 0) / runs.length);
  };
  const [one, two] = setups.map(([name]) => ({ rps: mean(name, "requestsPerSecond"), p99: mean(name, "p99ms") })) as [
    { rps: number; p99: number },
    { rps: number; p99: number },
  ];
  const ratio = two.rps / one.rps;
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s a run, ${cpus().length} CPUs, ${PRODUCTS} products\n`);
  console.table(results);
  console.log(
    `mean of ${ROUNDS} rounds: one instance ${one.rps} requests/s (p99 ${one.p99} ms), two ${two.rps} requests/s (p99 ${two.p99} ms): ${ratio.toFixed(2)}×`,
  );
  await mkdir("bench/results", { recursive: true });
  const file = `bench/results/scale-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  await writeFile(
    file,
    JSON.stringify(
      { connections: CONNECTIONS, duration: DURATION, cpus: cpus().length, results, one, two, ratio },
      null,
      2,
    ),
  );
  console.log(`Written to ${file}`);
} finally {
  await Promise.allSettled(instances.map((instance) => instance.stop()));
  killAll();
  await shop.drop();
}
