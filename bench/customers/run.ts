/**
 * npm run bench:customers — seeds 20,000 customers and 60,000 orders (with their lines,
 * payments and quote versions) into a scratch database (embedded, or BENCH_DATABASE_URL's
 * server), works every customer's figures out once, then measures GET
 * /api/admin/operations/customers under load with autocannon as the Owner: the first
 * page by each sort, a page deep in the list, and searches by a name with a slip, part of
 * a number and an order's reference, and GET /api/admin/operations/today. Prints requests/s, p50 and p99 against the 50 ms
 * p99 target, and writes the figures to bench/results/.
 *
 * Those answers are kept until something they show changes (server/modules/customers/
 * operations-cache.ts), so each scenario also times one request just after a change (a
 * visitor's contact message, written to the database): what the answer costs to work out.
 * Today is measured once more with such a change every second, as a busy shop has them.
 */
import { spawn } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { cpus } from "node:os";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import pg from "pg";
import { eq, sql } from "drizzle-orm";
import { users } from "../../server/db/schema/accounts";
import { upsertAdmin } from "../../server/modules/accounts/admins.service";
import { rotateSession } from "../../server/modules/accounts/sessions.service";
import { refreshFigures } from "../../server/modules/customers/customer-figures.service";
import { SESSION_COOKIE } from "../../server/plugins/session";
import { createScratchCatalogue } from "../scratch-catalogue";
import { CUSTOMERS, ORDERS_EACH, seedCustomerBook } from "./seed";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const TARGET_P99_MS = 50;

/** Met only when requests were answered, and their p99 is under the target. */
const metTarget = (answered: number, p99ms: number) => answered > 0 && p99ms < TARGET_P99_MS;

const shop = await createScratchCatalogue("customers", { empty: true });
const { db } = shop.connection;
let started = performance.now();
await seedCustomerBook(db);
const seeded = performance.now() - started;
started = performance.now();
const refreshed = await refreshFigures(db);
const worked = performance.now() - started;
// Working the figures out rewrote every customer's row; autovacuum would tidy up after it.
await db.execute(sql`vacuum analyze`);
console.log(
  `seeded ${CUSTOMERS} customers and ${CUSTOMERS * ORDERS_EACH} orders in ${(seeded / 1000).toFixed(1)} s; ` +
    `worked out ${refreshed} customers' figures in ${(worked / 1000).toFixed(1)} s`,
);

await upsertAdmin(db, { email: "bench-owner@example.com", password: "Owner12345", name: "Bench Owner" });
const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, "bench-owner@example.com"));
const { token } = await rotateSession(db, owner!.id, null);
const [someOrder] = await db
  .execute<{ reference: string }>(sql`select reference from orders order by reference limit 1 offset 31337`)
  .then((result) => result.rows);
// Part of a number one customer has, as staff type it: national form, first 7 digits.
const [somePhone] = await db
  .execute<{ part: string }>(
    sql`select '0' || substring(value from 5 for 6) as part from customer_contacts where kind = 'phone' order by value limit 1 offset 4242`,
  )
  .then((result) => result.rows);
await shop.connection.pool.end();

const LIST = "/api/admin/operations/customers";
const SCENARIOS = [
  { name: "first page, last contact", path: LIST },
  { name: "first page, spend", path: `${LIST}?sort=spend` },
  { name: "first page, balance", path: `${LIST}?sort=balance` },
  { name: "page 400, last contact", path: `${LIST}?page=400` },
  { name: "search a name with a slip", path: `${LIST}?search=${encodeURIComponent("Ngzi Okonkwo")}` },
  { name: "search part of a number", path: `${LIST}?search=${somePhone!.part}` },
  { name: "search an order's reference", path: `${LIST}?search=${someOrder!.reference}` },
  // Today's queues on the same book: every queue counted, its first 50 entries with their amounts.
  { name: "Today's queues", path: "/api/admin/operations/today" },
  { name: "Today's queues, a change each second", path: "/api/admin/operations/today", changeEveryMs: 1000 },
];

/** A change that empties the kept answers, as any instance's write does: a visitor's contact message. */
const writer = new pg.Client({ connectionString: shop.databaseUrl });
await writer.connect();
const change = () =>
  writer.query(
    `insert into contact_messages (name, email, phone_number, subject, message)
     values ('Bench Visitor', 'visitor@example.ng', '08030000000', 'A question', 'Do you deliver to Ibadan?')`,
  );

const server = spawn(process.execPath, ["--import", "tsx", "bench/api/serve.ts", shop.databaseUrl, shop.mediaDir], {
  env: { ...process.env, NODE_ENV: "production" },
  stdio: ["ignore", "pipe", "inherit"],
});
try {
  const port = await new Promise<string>((resolve) => createInterface({ input: server.stdout! }).once("line", resolve));
  const base = `http://127.0.0.1:${port}`;
  const results = [];
  for (const scenario of SCENARIOS) {
    const options = {
      url: base + scenario.path,
      connections: CONNECTIONS,
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
    };
    await autocannon({ ...options, duration: 2 });
    // One request just after a change: worked out, not kept.
    await change();
    const asked = performance.now();
    const computed = await fetch(options.url, { headers: options.headers });
    await computed.arrayBuffer();
    const computedMs = Math.round(performance.now() - asked);
    if (!computed.ok) throw new Error(`${scenario.name}: ${computed.status}`);
    const changing = scenario.changeEveryMs ? setInterval(() => void change(), scenario.changeEveryMs) : undefined;
    let run: autocannon.Result;
    try {
      run = await autocannon({ ...options, duration: DURATION });
    } finally {
      clearInterval(changing);
    }
    if (run.non2xx > 0 || run.errors > 0)
      throw new Error(`${scenario.name}: ${run.non2xx} non-2xx, ${run.errors} errors`);
    // A scenario that answered nothing within the run has no latency to speak of: autocannon
    // reports its p99 as 0, which is no pass.
    const answered = run["2xx"];
    results.push({
      scenario: scenario.name,
      answered,
      requestsPerSecond: Math.round(run.requests.average),
      p50ms: run.latency.p50,
      p99ms: run.latency.p99,
      computedMs,
      met: metTarget(answered, run.latency.p99),
    });
  }
  console.log(
    `\n${CUSTOMERS} customers, ${CUSTOMERS * ORDERS_EACH} orders, ${CONNECTIONS} connections, ${DURATION} s each, ${cpus().length} CPUs; target p99 < ${TARGET_P99_MS} ms\n`,
  );
  console.table(results);
  await mkdir("bench/results", { recursive: true });
  const file = `bench/results/customers-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  await writeFile(
    file,
    JSON.stringify({ connections: CONNECTIONS, duration: DURATION, cpus: cpus().length, results }, null, 2),
  );
  console.log(`written to ${file}`);
  if (results.some((result) => !result.met)) process.exitCode = 1;
} finally {
  server.kill();
  await writer.end();
  await shop.drop();
}
