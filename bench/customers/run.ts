/**
 * npm run bench:customers — seeds 20,000 customers and 60,000 orders (with their lines,
 * payments and quote versions) into a scratch database (embedded, or BENCH_DATABASE_URL's
 * server), works every customer's figures out once, then measures GET
 * /api/admin/operations/customers under load with autocannon as the Owner: the first
 * page by each sort, a page deep in the list, and searches by a name with a slip, part of
 * a number and an order's reference, and GET /api/admin/operations/today. Prints requests/s, p50 and p99 against the 50 ms
 * p99 target, and writes the figures to bench/results/.
 */
import { spawn } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { cpus } from "node:os";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import { eq, sql } from "drizzle-orm";
import { users } from "../../server/db/schema/accounts";
import { upsertAdmin } from "../../server/modules/accounts/admins.service";
import { rotateSession } from "../../server/modules/accounts/sessions.service";
import { refreshFigures } from "../../server/modules/customers/customer-figures.service";
import { SESSION_COOKIE } from "../../server/plugins/session";
import { createScratchCatalogue } from "../scratch-catalogue";

const CUSTOMERS = 20_000;
const ORDERS_EACH = 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const TARGET_P99_MS = 50;

const FIRST = ["Ngozi", "Chidi", "Amaka", "Tunde", "Folake", "Emeka", "Bola", "Kunle", "Zainab", "Ifeoma", "Musa"];
const LAST = ["Okafor", "Adeyemi", "Balogun", "Nwosu", "Eze", "Bello", "Okonkwo", "Adebayo", "Ibrahim", "Obi"];

const shop = await createScratchCatalogue("customers", { empty: true });
const { db } = shop.connection;
const firstNames = `array[${FIRST.map((name) => `'${name}'`).join(",")}]`;
const lastNames = `array[${LAST.map((name) => `'${name}'`).join(",")}]`;
let started = performance.now();
// Names made of the lists above plus a number, so a search finds a handful, as in a real book.
await db.execute(
  sql.raw(`
  insert into customers (id, name, name_keys, created_at)
  select ('00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid,
         (${firstNames})[1 + i % ${FIRST.length}] || ' ' || (${lastNames})[1 + (i / ${FIRST.length}) % ${LAST.length}] || ' ' || i,
         '{}', now() - (i || ' minutes')::interval
  from generate_series(1, ${CUSTOMERS}) as i`),
);
// The search keys as the app writes them (domain/customers/customer-keys.ts), done in SQL for speed.
await db.execute(sql`
  update customers set name_keys = (
    select array_agg(distinct key) from (
      select word as key from regexp_split_to_table(lower(name), '[^a-z0-9]+') as word where word <> ''
      union
      select left(word, p - 1) || substr(word, p + 1)
      from regexp_split_to_table(lower(name), '[^a-z0-9]+') as word, generate_series(1, length(word)) as p
      where length(word) >= 4
    ) as keys
  )`);
await db.execute(
  sql.raw(`
  insert into customer_contacts (customer_id, kind, value)
  select id, 'phone', '+234803' || lpad(((extract(epoch from created_at)::bigint) % 10000000)::text, 7, '0') || ''
  from customers on conflict do nothing`),
);
await db.execute(sql`
  insert into customer_contacts (customer_id, kind, value)
  select id, 'email', 'customer' || row_number() over (order by id) || '@example.com' from customers`);
await db.execute(
  sql.raw(`
  insert into orders (reference, tracking_token, kind, status, customer_id, customer_name, customer_phone, customer_area,
                      deposit_percent, fingerprint, created_at)
  select 'FN-' || upper(lpad(to_hex(c.n * ${ORDERS_EACH} + k), 6, '0')),
         md5(c.id::text || k) || md5(k || c.id::text),
         'item',
         (array['new','quoted','deposit_paid','in_production','ready','delivered','closed'])[1 + (c.n + k) % 7],
         c.id, c.name, cc.value, (array['Lekki','Ikoyi','Wuse','Yaba'])[1 + c.n % 4],
         50, md5('bench' || c.id::text || k), c.created_at + (k || ' days')::interval
  from (select id, name, created_at, row_number() over (order by id) as n from customers) as c
  join customer_contacts cc on cc.customer_id = c.id and cc.kind = 'phone',
       generate_series(1, ${ORDERS_EACH}) as k`),
);
await db.execute(sql`
  insert into order_lines (order_id, position, item_type, item_id, name, unit_price_kobo, quantity, url)
  select id, 0, 'Product', gen_random_uuid(), 'Bench Sofa', 25000000 + (hashtext(id::text) & 1023) * 10000, 1, 'https://example.com/p'
  from orders`);
await db.execute(sql`
  insert into order_quotes (order_id, version, lines, deposit_percent, total_kobo, deposit_due_kobo, valid_until, sent_at,
                            approved_at, approved_by_name)
  select id, 1, '[]'::jsonb, 50, 30000000, 15000000, current_date + 14, created_at + interval '1 hour',
         case when status <> 'quoted' then created_at + interval '1 day' end,
         case when status <> 'quoted' then customer_name end
  from orders where status <> 'new'`);
await db.execute(sql`
  insert into order_payments (order_id, amount_kobo, method, paid_on, created_at)
  select id, case when status in ('delivered', 'closed') then 30000000 else 15000000 end, 'transfer', current_date,
         created_at + interval '2 days'
  from orders where status not in ('new', 'quoted')`);
await db.execute(sql`analyze`);
const seeded = performance.now() - started;
started = performance.now();
const refreshed = await refreshFigures(db);
const worked = performance.now() - started;
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
await shop.connection.pool.end();

const LIST = "/api/admin/operations/customers";
const SCENARIOS = [
  { name: "first page, last contact", path: LIST },
  { name: "first page, spend", path: `${LIST}?sort=spend` },
  { name: "first page, balance", path: `${LIST}?sort=balance` },
  { name: "page 400, last contact", path: `${LIST}?page=400` },
  { name: "search a name with a slip", path: `${LIST}?search=${encodeURIComponent("Ngzi Okonkwo")}` },
  { name: "search part of a number", path: `${LIST}?search=0803123` },
  { name: "search an order's reference", path: `${LIST}?search=${someOrder!.reference}` },
  // Today's queues on the same book: every queue counted, its first 50 entries with their amounts.
  { name: "Today's queues", path: "/api/admin/operations/today" },
];

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
    const run = await autocannon({ ...options, duration: DURATION });
    if (run.non2xx > 0 || run.errors > 0)
      throw new Error(`${scenario.name}: ${run.non2xx} non-2xx, ${run.errors} errors`);
    results.push({
      scenario: scenario.name,
      requestsPerSecond: Math.round(run.requests.average),
      p50ms: run.latency.p50,
      p99ms: run.latency.p99,
      met: run.latency.p99 < TARGET_P99_MS,
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
  await shop.drop();
}
