/**
 * npm run bench:webhooks — how fast the shop answers payment webhooks, and that it still
 * credits each payment once. A scratch database (embedded, or BENCH_DATABASE_URL's
 * server), the stand-in provider as Paystack, and the app in its own process. Orders with
 * a pending deposit request each are paid at the stand-in (webhooks held back), then
 * their signed webhooks are sent 50 at a time, each twice, as providers retry: the
 * answer's time is the event stored, then 200. Prints p50, p99 and the worst, checks the
 * p99 against BUDGET.webhookP99Ms, then waits for every payment to be settled and checks
 * there is exactly one per order. Writes the figures to bench/results/.
 */
import { spawn } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import { openSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { count, sql } from "drizzle-orm";
import { BUDGET } from "../budgets";
import { createScratchCatalogue } from "../scratch-catalogue";
import { orderPayments, orders } from "../../server/db/schema/orders";
import { paymentEvents, paymentRequests, paymentSettings } from "../../server/db/schema/payments";
import { secretBox } from "../../server/modules/payments/secrets";
import { insertProduct } from "../../tests/support/catalog-factory";
import { startPaymentStandin } from "../../tests/support/payment-standin";

const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 50);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 500);
const SECRETS_KEY = randomBytes(32).toString("hex");
const SECRET = `sk_test_${randomBytes(12).toString("hex")}`;

const shop = await createScratchCatalogue("webhooks", { empty: true });
const { db } = shop.connection;
const standin = await startPaymentStandin({ shopUrl: null });
// The app logs a line per webhook, as in production, to a file as a service's journal
// takes it: a pipe this busy sender drains only between its own sends would stall the
// app's writes and time the pipe, not the shop.
const logFile = path.join(tmpdir(), `furnish-bench-webhooks-${process.pid}.log`);
const log = openSync(logFile, "w");
const server = spawn(
  process.execPath,
  ["--import", "tsx", "bench/payment-webhooks/serve.ts", shop.databaseUrl, shop.mediaDir, standin.url, SECRETS_KEY],
  { env: { ...process.env, NODE_ENV: "production" }, stdio: ["ignore", log, "inherit", "ipc"] },
);
try {
  const port = await new Promise<string>((resolve) => server.once("message", (message) => resolve(String(message))));
  const base = `http://127.0.0.1:${port}`;

  // The shop takes Paystack (test keys), and each order owes a ₦50,000 deposit it has begun to pay.
  const box = secretBox(SECRETS_KEY)!;
  await db.insert(paymentSettings).values({ id: 1, paystackMode: "test", paystackSecret: box.seal(SECRET) });
  const product = await insertProduct(db, { name: "Bench Console", priceKobo: 100_000_00 });
  const references: string[] = [];
  for (let i = 0; i < ORDERS; i += 1) {
    const reference = `FN-B${String(i).padStart(4, "0")}`;
    const [order] = await db
      .insert(orders)
      .values({
        reference,
        trackingToken: randomBytes(32).toString("base64url"),
        kind: "item",
        status: "quoted",
        depositPercent: 50,
        fingerprint: reference,
      })
      .returning();
    await db.execute(
      sql`insert into order_lines (order_id, position, item_type, item_id, name, unit_price_kobo, quantity, url)
          values (${order!.id}, 0, 'Product', ${product.id}, 'Bench Console', 10000000, 1, '/')`,
    );
    // Started at the stand-in as the shop would (the stand-in then knows the amount), then kept as the shop keeps it.
    const started = await fetch(`${standin.url}/transaction/initialize`, {
      method: "POST",
      headers: { authorization: `Bearer ${SECRET}`, "content-type": "application/json" },
      body: JSON.stringify({
        email: "bench@example.com",
        amount: 50_000_00,
        reference: `${reference}-D1`,
        callback_url: base,
      }),
    });
    if (!started.ok) throw new Error(`the stand-in refused to start ${reference}: ${started.status}`);
    await db.insert(paymentRequests).values({
      orderId: order!.id,
      reference: `${reference}-D1`,
      kind: "deposit",
      amountKobo: 50_000_00,
      provider: "paystack",
      testMode: true,
      checkoutUrl: `${standin.url}/checkout/${reference}-D1`,
    });
    references.push(`${reference}-D1`);
  }
  await standin.setSwitches({ holdWebhook: true });
  for (const reference of references) await standin.checkout(reference, "pay");

  const event = (reference: string) => {
    const raw = JSON.stringify({
      event: "charge.success",
      data: { reference, status: "success", amount: 50_000_00, currency: "NGN" },
    });
    return { raw, signature: createHmac("sha512", SECRET).update(raw).digest("hex") };
  };
  /** Sends each event twice, as providers retry, CONCURRENT in flight at any moment; the answers' times. */
  const burst = async (base: string) => {
    const send = async (reference: string) => {
      const { raw, signature } = event(reference);
      const began = performance.now();
      const response = await fetch(`${base}/api/payments/webhooks/paystack`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-paystack-signature": signature },
        body: raw,
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`webhook for ${reference} answered ${response.status}`);
      return performance.now() - began;
    };
    const queue = [...references, ...references];
    const times: number[] = [];
    const began = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENT }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) times.push(await send(next));
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    times.sort((a, b) => a - b);
    const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
    return {
      events: times.length,
      concurrent: CONCURRENT,
      eventsPerSecond: Math.round(times.length / seconds),
      p50ms: at(0.5),
      p99ms: at(0.99),
      maxMs: Math.round(times.at(-1)! * 10) / 10,
    };
  };

  // The floor first, on the same machine in the same run; its rows go before the shop's turn.
  const floorProcess = spawn(
    process.execPath,
    ["--import", "tsx", "bench/payment-webhooks/floor.ts", shop.databaseUrl, SECRET],
    { stdio: ["ignore", "ignore", "inherit", "ipc"] },
  );
  const floorPort = await new Promise<string>((resolve) =>
    floorProcess.once("message", (message) => resolve(String(message))),
  );
  const floor = await burst(`http://127.0.0.1:${floorPort}`);
  await new Promise((resolve) => floorProcess.once("exit", resolve).kill("SIGTERM"));
  await db.delete(paymentEvents);

  const answered = await burst(base);

  // Then every event is settled by the app after its answer: wait, then count.
  const deadline = Date.now() + 120_000;
  let waiting = Infinity;
  while (waiting > 0 && Date.now() < deadline) {
    const [row] = await db
      .select({ n: count() })
      .from(paymentEvents)
      .where(sql`${paymentEvents.processedAt} is null`);
    waiting = row!.n;
    if (waiting > 0) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const [paid] = await db.select({ n: count() }).from(orderPayments);
  const [moved] = await db
    .select({ n: count() })
    .from(orders)
    .where(sql`${orders.status} = 'deposit_paid'`);

  const result = {
    ...answered,
    ordersPaid: paid!.n,
    ordersMovedToDepositPaid: moved!.n,
    eventsLeftUnsettled: waiting,
  };
  console.log(`\n${ORDERS} orders, each event sent twice, ${CONCURRENT} at once, ${cpus().length} CPUs\n`);
  console.table({ floor, shop: result });
  const ratio = Math.round((result.eventsPerSecond / floor.eventsPerSecond) * 100) / 100;
  console.log(
    `The shop answers at ${ratio}× the floor's rate; p99 ${result.p99ms} ms against the floor's ${floor.p99ms} ms.`,
  );
  await mkdir("bench/results", { recursive: true });
  const file = `bench/results/webhooks-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  await writeFile(file, JSON.stringify({ cpus: cpus().length, floor, shop: result, ratio }, null, 2));
  console.log(`Written to ${file}`);
  const problems = [
    ...(result.p99ms > BUDGET.webhookP99Ms ? [`p99 ${result.p99ms} ms is over ${BUDGET.webhookP99Ms} ms`] : []),
    ...(result.ordersPaid !== ORDERS ? [`${result.ordersPaid} payments for ${ORDERS} orders paid once each`] : []),
    ...(waiting > 0 ? [`${waiting} events still unsettled after two minutes`] : []),
  ];
  console.log(problems.length ? `\n${problems.join("; ")}` : `\nWithin budget, and every order credited once.`);
  process.exitCode = problems.length ? 1 : 0;
} finally {
  server.kill("SIGTERM");
  await rm(logFile, { force: true });
  await standin.stop();
  await shop.drop();
}
