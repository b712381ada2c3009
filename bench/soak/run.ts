/**
 * npm run bench:soak — the built app (`server/start.js`, as `npm start` runs it) on a
 * scratch database holding the 10,000-product catalogue, under ten minutes of steady
 * mixed traffic: shoppers browsing pages and the API, searching, changing guest carts,
 * signing in, sending contact messages, and the owner saving products, with hostile
 * requests interleaved (deeply nested and oversized bodies, slow bodies, methods pages
 * cannot take, `//host` paths, broken pictures, pathological rich text, spoofing text,
 * invented guest keys, link-preview crawling and password guessing against the owner).
 *
 * Prints requests by status, p99 per route, every error-level log line, and the server's
 * resident memory at the start, at the end, and after a minute of rest. Then 5,000
 * distinct catalogue list queries, with the heap after a full collection and the resident
 * memory every 1,000 (the last 2,000 may add at most 10 MB of either). Writes the
 * figures to bench/results/. `BENCH_SOAK_SECONDS` (default 600) and `BENCH_SOAK_RATE`
 * (requests a second, default 40) change the run; `BENCH_DATABASE_URL` uses that
 * PostgreSQL server instead of an embedded one.
 */
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { connect, type Socket } from "node:net";
import { cpus } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { createInterface } from "node:readline";
import { Worker } from "node:worker_threads";
import { CATEGORIES as SHOP_CATEGORIES } from "../../domain/catalog/categories";
import { BENCH_PRODUCTS } from "../api/seed-10k";
import { rssMb, startApp, stopApp } from "../app-process";
import { createScratchCatalogue } from "../scratch-catalogue";

const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 40);
/** Connections trickling a body a byte at a time, held open the whole run. */
const SLOW_CLIENTS = 20;
const ADMIN = { email: "soak-owner@furnish.test", password: "S0akOwnerPassword" };
const CUSTOMERS = 20;
const CUSTOMER_PASSWORD = "S0akCustomer1";

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
let nextAddress = 0;
/** A phone's address: requests come through a trusted proxy that names it. */
const phoneAddress = () => `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`;

// ---------------------------------------------------------------------------------------
// The scratch shop.
const shop = await createScratchCatalogue("soak");
const { connection } = shop;
const productIds = (
  await connection.pool.query<{ id: string }>("select id from products order by random() limit 400")
).rows.map((row) => row.id);
const collectionIds = (await connection.pool.query<{ id: string }>("select id from collections limit 100")).rows.map(
  (row) => row.id,
);
await connection.pool.end().catch(() => {});

// --expose-gc and memory-on-signal.js: the heap after a full collection, asked for by SIGUSR2.
const { server, port, base, ready } = await startApp(shop, {
  nodeArgs: ["--expose-gc", "--import", "./bench/soak/memory-on-signal.js"],
  env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
});
const errorLines: string[] = [];
const memoryWaiters: ((memory: { heapMb: number; rssMb: number }) => void)[] = [];
let finished = false;
server.on("exit", (code) => {
  if (finished) return;
  console.error(`The app stopped during the run (exit ${code}). Under way:`);
  console.error(Object.fromEntries([...underWay].filter(([, count]) => count > 0)));
  process.exit(1);
});
const warnings = new Map<string, number>();
createInterface({ input: server.stdout! }).on("line", (line) => {
  try {
    const entry = JSON.parse(line) as { level: number; msg: string; benchMemory?: { heapMb: number; rssMb: number } };
    if (entry.benchMemory) memoryWaiters.shift()?.(entry.benchMemory);
    else if (entry.level >= 50) errorLines.push(line);
    else if (entry.level >= 40) warnings.set(entry.msg, (warnings.get(entry.msg) ?? 0) + 1);
  } catch {
    if (line.trim()) errorLines.push(line);
  }
});

// ---------------------------------------------------------------------------------------
// Measuring.
const statuses = new Map<string, number>();
/** Requests under way, by route, so that a crash names what was in flight. */
const underWay = new Map<string, number>();
const latencies = new Map<string, number[]>();
/** Requests that got no answer at all (the connection closed first), by route. */
const unanswered = new Map<string, number>();
/** Answers of 500 and above, by route and status: what to look into when the run fails. */
const failedRoutes = new Map<string, number>();

async function send(
  route: string,
  url: string,
  init: RequestInit & { address?: string; cookie?: string } = {},
): Promise<Response | null> {
  const headers = new Headers(init.headers);
  headers.set("x-forwarded-for", init.address ?? phoneAddress());
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.body && !headers.has("content-type")) headers.set("content-type", "application/json");
  if (init.method && init.method !== "GET") headers.set("origin", base);
  const started = performance.now();
  underWay.set(route, (underWay.get(route) ?? 0) + 1);
  try {
    const response = await fetch(base + url, { ...init, headers, redirect: "manual" });
    await response.arrayBuffer();
    const took = performance.now() - started;
    statuses.set(String(response.status), (statuses.get(String(response.status)) ?? 0) + 1);
    if (response.status >= 500) {
      const key = `${route} → ${response.status}`;
      failedRoutes.set(key, (failedRoutes.get(key) ?? 0) + 1);
    }
    let list = latencies.get(route);
    if (!list) latencies.set(route, (list = []));
    list.push(took);
    return response;
  } catch {
    unanswered.set(route, (unanswered.get(route) ?? 0) + 1);
    return null;
  } finally {
    underWay.set(route, underWay.get(route)! - 1);
  }
}

/** fetch() refuses to send TRACE at all, so it goes out through node:http. */
function sendTrace(route: string, url: string): Promise<void> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = httpRequest(`${base}${url}`, { method: "TRACE", headers: { "x-forwarded-for": phoneAddress() } });
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => {
        const status = String(response.statusCode);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        let list = latencies.get(route);
        if (!list) latencies.set(route, (list = []));
        list.push(performance.now() - started);
        resolve();
      });
    });
    request.on("error", () => {
      unanswered.set(route, (unanswered.get(route) ?? 0) + 1);
      resolve();
    });
    request.end();
  });
}

const cookieFrom = (response: Response | null, name: string) =>
  response?.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .find((cookie) => cookie.startsWith(`${name}=`));

// ---------------------------------------------------------------------------------------
// Who is shopping.
const guests = Array.from({ length: 50 }, () => ({ address: phoneAddress(), cookie: "" }));
const customers: { email: string; address: string; cookie: string }[] = [];
let adminCookie = "";
const SEARCHES = ["velvet sofa", "oak", "wardrob", "armchiar", "lekki bed", "marble table", "chair", "rattan"];
const CATEGORIES = ["Living Room", "Bedroom", "Dining Room", "Armchair", "Wardrobe"];

async function signUpCustomers() {
  for (let n = 0; n < CUSTOMERS; n++) {
    const email = `soak-${n}-${Date.now()}@example.com`;
    const address = phoneAddress();
    const response = await send("POST /api/auth/signup", "/api/auth/signup", {
      method: "POST",
      address,
      body: JSON.stringify({
        fullName: `Soak ${n}`,
        email,
        phoneNumber: "08031234567",
        password: CUSTOMER_PASSWORD,
        anonymousId: "",
      }),
    });
    customers.push({ email, address, cookie: cookieFrom(response, "furnish_session") ?? "" });
  }
}

async function signInAdmin() {
  const response = await send("POST /api/admin/login", "/api/admin/login", {
    method: "POST",
    address: "10.250.0.1",
    body: JSON.stringify(ADMIN),
  });
  adminCookie = cookieFrom(response, "furnish_session") ?? adminCookie;
}

const garbagePicture = "data:image/png;base64,!!!!";

/** What shoppers and the owner do, with how often (weights). */
const ORDINARY: Array<[number, () => Promise<unknown>]> = [
  [10, () => send("GET /", "/")],
  [8, () => send("GET /shop", `/shop?page=${1 + Math.floor(Math.random() * 3)}`)],
  [10, () => send("GET /product/:id", `/product/${pick(productIds)}`)],
  [3, () => send("GET /collection/:id", `/collection/${pick(collectionIds)}`)],
  [12, () => send("GET /api/products", `/api/products?page=${1 + Math.floor(Math.random() * 20)}`)],
  [4, () => send("GET /api/products?category", `/api/products?category=${encodeURIComponent(pick(CATEGORIES))}`)],
  [8, () => send("GET /api/products/:id", `/api/products/${pick(productIds)}`)],
  [3, () => send("GET /api/collections", "/api/collections")],
  [8, () => send("GET /api/products?search", `/api/products?search=${encodeURIComponent(pick(SEARCHES))}`)],
  [2, () => send("GET /shop?search", `/shop?search=${encodeURIComponent(pick(SEARCHES))}`)],
  [
    8,
    async () => {
      const guest = pick(guests);
      const response = await send("PUT /api/cart/add", "/api/cart/add", {
        method: "PUT",
        address: guest.address,
        cookie: guest.cookie,
        body: JSON.stringify({ itemId: pick(productIds), itemType: "Product", quantity: 1 }),
      });
      guest.cookie = cookieFrom(response, "anonymousId") ?? guest.cookie;
    },
  ],
  [
    3,
    () => {
      const guest = pick(guests);
      return send("PUT /api/cart/updatequantity", "/api/cart/updatequantity", {
        method: "PUT",
        address: guest.address,
        cookie: guest.cookie,
        body: JSON.stringify({ itemId: pick(productIds), itemType: "Product", quantity: 2 }),
      });
    },
  ],
  [2, () => send("GET /api/cart", "/api/cart", { cookie: pick(guests).cookie })],
  [
    2,
    async () => {
      const customer = pick(customers);
      const response = await send("POST /api/auth/login", "/api/auth/login", {
        method: "POST",
        address: customer.address,
        body: JSON.stringify({ email: customer.email, password: CUSTOMER_PASSWORD }),
      });
      customer.cookie = cookieFrom(response, "furnish_session") ?? customer.cookie;
    },
  ],
  [2, () => send("GET /api/auth/check", "/api/auth/check", { cookie: pick(customers).cookie })],
  [
    1,
    () =>
      send("POST /api/contact", "/api/contact", {
        method: "POST",
        body: JSON.stringify({
          name: "Soak Shopper",
          email: "shopper@example.com",
          phoneNumber: "0803 123 4567",
          subject: "Delivery to Ikeja",
          message: "Can this be delivered next week?",
        }),
      }),
  ],
  [
    1,
    () =>
      send("PUT updateProduct", `/api/admin/operations/updateProduct/${pick(productIds)}`, {
        method: "PUT",
        address: "10.250.0.1",
        cookie: adminCookie,
        body: JSON.stringify({ price: 100_000 + Math.floor(Math.random() * 900_000) }),
      }),
  ],
  [1, () => send("GET admin summary", "/api/admin/operations/summary", { cookie: adminCookie, address: "10.250.0.1" })],
];

const HOSTILE: Array<[number, () => Promise<unknown>]> = [
  [3, () => send("hostile: nested JSON", "/api/auth/login", { method: "POST", body: "[".repeat(100_000) })],
  [2, () => send("hostile: 1 MB body", "/api/contact", { method: "POST", body: "[".repeat(1_000_000) })],
  [2, () => sendTrace("hostile: TRACE page", "/shop")],
  [2, () => send("hostile: //host path", "//evil.example/shop")],
  [
    2,
    () =>
      send("hostile: broken picture", "/api/admin/operations/addProduct", {
        method: "POST",
        address: "10.250.0.1",
        cookie: adminCookie,
        body: JSON.stringify({
          name: "Broken",
          description: "<p>x</p>",
          items: "1",
          price: 1000,
          category: "Bedroom",
          style: "Modern",
          images: [garbagePicture],
        }),
      }),
  ],
  [
    1,
    () =>
      send("hostile: pathological description", `/api/admin/operations/updateProduct/${pick(productIds)}`, {
        method: "PUT",
        address: "10.250.0.1",
        cookie: adminCookie,
        body: JSON.stringify({ description: "<a".repeat(50_000) }),
      }),
  ],
  [
    2,
    () =>
      send("hostile: spoofing text", "/api/contact", {
        method: "POST",
        body: JSON.stringify({
          name: "Admin\u202e",
          email: "x@example.com",
          phoneNumber: "08031234567",
          subject: "Hi\u200b",
          message: "x",
        }),
      }),
  ],
  [
    2,
    () =>
      send("hostile: invented guest key", "/api/cart/add", {
        method: "PUT",
        cookie: `anonymousId=${randomBytes(16).toString("base64url")}`,
        body: JSON.stringify({ itemId: pick(productIds), itemType: "Product" }),
      }),
  ],
  [4, () => send("hostile: preview crawl", `/og/product/${pick(productIds)}.jpg`, { address: "10.251.0.1" })],
  [
    3,
    () =>
      send("hostile: owner password guess", "/api/admin/login", {
        method: "POST",
        body: JSON.stringify({ email: ADMIN.email, password: `Guess${Math.random()}` }),
      }),
  ],
];

const weighted = (list: Array<[number, () => Promise<unknown>]>) => {
  const total = list.reduce((sum, [weight]) => sum + weight, 0);
  return () => {
    let roll = Math.random() * total;
    for (const [weight, run] of list) if ((roll -= weight) < 0) return run();
    return list[0]![1]();
  };
};

/**
 * Twenty of the costliest bodies a stranger can send, all at once (100 KB of `[` under
 * the size limit, 1 MB over it), ten times over, while /healthz is asked every 10 ms: how
 * long does any other visitor wait?
 */
async function worstCaseBurst() {
  // The probe runs on a thread of its own, so the time this process spends sending the
  // bodies does not count as the server's.
  const probe = new Worker(
    `const { parentPort, workerData } = require("node:worker_threads");
     const times = [];
     let done = false;
     parentPort.on("message", () => (done = true));
     (async () => {
       while (!done) {
         const started = performance.now();
         await (await fetch(workerData + "/healthz")).arrayBuffer();
         times.push(performance.now() - started);
         await new Promise((resolve) => setTimeout(resolve, 10));
       }
       parentPort.postMessage(times.slice(1));
     })();`,
    { eval: true, workerData: base },
  );
  const bodies = [Buffer.alloc(120_000, "["), Buffer.alloc(1_000_000, "[")];
  await sleep(200);
  for (let round = 0; round < 10; round++) {
    await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        send("hostile: burst", n % 2 ? "/api/contact" : "/api/auth/login", { method: "POST", body: bodies[n % 2] }),
      ),
    );
  }
  const times = await new Promise<number[]>((resolve) => {
    probe.once("message", resolve);
    probe.postMessage("stop");
  });
  await probe.terminate();
  times.sort((a, b) => a - b);
  return {
    healthzAnswers: times.length,
    healthzMaxMs: Math.round(times.at(-1)!),
    healthzMedianMs: Math.round(times[times.length >> 1]!),
  };
}

/** A connection that sends a contact message's headers, then one byte of body every 20 s. */
function slowClient(): Socket {
  const socket = connect({ port, host: "127.0.0.1" }, () => {
    socket.write(
      `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nX-Forwarded-For: ${phoneAddress()}\r\n\r\n{`,
    );
  });
  const drip = setInterval(() => socket.write(" "), 20_000);
  socket.on("error", () => {});
  socket.on("close", () => clearInterval(drip));
  return socket;
}

/** The app's heap after a full collection, and its resident memory, in MB (memory-on-signal.js). */
function serverMemory(): Promise<{ heapMb: number; rssMb: number }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("The app did not report its memory.")), 30_000);
    memoryWaiters.push((memory) => {
      clearTimeout(timer);
      resolve(memory);
    });
    server.kill("SIGUSR2");
  });
}

const DISTINCT_QUERIES = 5_000;
const DISTINCT_STEP = 1_000;
/** What the last 2,000 distinct queries may add to the heap, or to the resident memory. */
const DISTINCT_GROWTH_MB = 10;

/**
 * 5,000 catalogue list queries of 100 products, no two alike (every filter, sort and
 * search the shop takes, and a minimum price of its own each), eight at a time: whatever
 * the app keeps per query (caches, prepared statements, compiled plans) must be bounded.
 * The heap after a full collection and the resident memory are read every 1,000; the
 * last 2,000 must add at most DISTINCT_GROWTH_MB of either.
 */
async function distinctQueries() {
  const sorts = ["newest", "price_asc", "price_desc", "best_sellers"];
  const words = ["sofa", "oak", "velvet", "chair", "table", "bed", "rattan", "marble", "lamp", "wardrobe"];
  const query = (n: number) => {
    const params = new URLSearchParams({ limit: "100", minPrice: String(1_000 + n * 7) });
    if (n % 2) params.set("sort", sorts[n % sorts.length]!);
    if (n % 3 === 0) params.set("category", SHOP_CATEGORIES[n % SHOP_CATEGORIES.length]!);
    if (n % 5 === 0) params.set("search", `${words[n % words.length]} ${n % 97}`);
    if (n % 7 === 0) params.set("isPromo", "true");
    if (n % 4 === 0) params.set("page", String(1 + (n % 3)));
    return `/api/products?${params}`;
  };
  const steps: { queries: number; heapMb: number; rssMb: number }[] = [{ queries: 0, ...(await serverMemory()) }];
  let next = 0;
  // In steps of 1,000, so that each reading follows exactly its 1,000.
  for (let step = DISTINCT_STEP; step <= DISTINCT_QUERIES; step += DISTINCT_STEP) {
    const until = step;
    const runStep = async () => {
      while (next < until) {
        const n = next++;
        await send("GET /api/products (distinct)", query(n));
      }
    };
    await Promise.all(Array.from({ length: 8 }, runStep));
    steps.push({ queries: step, ...(await serverMemory()) });
  }
  const last = steps.at(-1)!;
  const before = steps.find((entry) => entry.queries === DISTINCT_QUERIES - 2 * DISTINCT_STEP)!;
  const heapGrowth = Math.round((last.heapMb - before.heapMb) * 10) / 10;
  const rssGrowth = Math.round((last.rssMb - before.rssMb) * 10) / 10;
  return {
    steps,
    heapGrowthMb: heapGrowth,
    rssGrowthMb: rssGrowth,
    flat: heapGrowth <= DISTINCT_GROWTH_MB && rssGrowth <= DISTINCT_GROWTH_MB,
  };
}

// ---------------------------------------------------------------------------------------
// The run.
let slowCut = 0;
const slow = new Set<Socket>();
try {
  await ready;
  await signInAdmin();
  await signUpCustomers();
  const burst = await worstCaseBurst();
  console.log(
    `20 worst-case bodies at once, 10 times: /healthz answered ${burst.healthzAnswers} times, in at most ${burst.healthzMaxMs} ms (median ${burst.healthzMedianMs} ms)`,
  );

  const ordinary = weighted(ORDINARY);
  const hostile = weighted(HOSTILE);
  // Half a minute of warm-up (caches, plans, JIT) before the memory the run starts from is read.
  console.log("Warming up for 30 s…");
  const warmUntil = Date.now() + 30_000;
  while (Date.now() < warmUntil) {
    void ordinary();
    await sleep(1000 / RATE);
  }
  await sleep(2000);
  const rssStart = rssMb(server.pid!);
  statuses.clear();
  latencies.clear();

  const keepSlow = () => {
    while (slow.size < SLOW_CLIENTS) {
      const socket = slowClient();
      slow.add(socket);
      socket.on("close", () => {
        slow.delete(socket);
        if (!stopping) slowCut += 1;
      });
    }
  };
  let stopping = false;
  keepSlow();
  const slowTimer = setInterval(keepSlow, 1000);

  console.log(`Soaking for ${SECONDS} s at ${RATE} requests/s (one in ten hostile)…`);
  const started = Date.now();
  const inFlight = new Set<Promise<unknown>>();
  let sent = 0;
  while (Date.now() - started < SECONDS * 1000) {
    // Steady: the n-th request leaves at n / RATE seconds, however long the others take.
    const due = started + (sent * 1000) / RATE;
    if (due > Date.now()) await sleep(due - Date.now());
    const request = (sent % 10 === 9 ? hostile() : ordinary()).finally(() => inFlight.delete(request));
    inFlight.add(request);
    sent += 1;
    if (sent % (RATE * 60) === 0)
      console.log(`  ${Math.round((Date.now() - started) / 1000)} s, RSS ${rssMb(server.pid!)} MB`);
  }
  await Promise.allSettled([...inFlight]);
  stopping = true;
  clearInterval(slowTimer);
  for (const socket of slow) socket.destroy();
  const rssEnd = rssMb(server.pid!);
  console.log("Resting for 60 s…");
  await sleep(60_000);
  const rssRested = rssMb(server.pid!);

  console.log(`${DISTINCT_QUERIES.toLocaleString("en")} distinct catalogue queries of 100 products…`);
  const distinct = await distinctQueries();
  console.table(
    distinct.steps.map((step) => ({
      queries: step.queries,
      "heap after GC (MB)": step.heapMb,
      "RSS (MB)": step.rssMb,
    })),
  );
  console.log(
    `The last ${(2 * DISTINCT_STEP).toLocaleString("en")} added ${distinct.heapGrowthMb} MB of heap and ${distinct.rssGrowthMb} MB of RSS (at most ${DISTINCT_GROWTH_MB} MB each): ${distinct.flat ? "flat" : "NOT FLAT"}.`,
  );

  const rows = [...latencies.entries()]
    .map(([route, list]) => {
      const sorted = list.sort((a, b) => a - b);
      return {
        route,
        requests: sorted.length,
        p50ms: Math.round(sorted[Math.floor(sorted.length * 0.5)]!),
        p99ms: Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!),
      };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
  const byStatus = Object.fromEntries([...statuses.entries()].sort());
  const fivexx = [...statuses.entries()].filter(([status]) => status.startsWith("5")).reduce((n, [, c]) => n + c, 0);

  console.log(`\n${BENCH_PRODUCTS} products, ${SECONDS} s at ${RATE}/s, ${cpus().length} CPUs`);
  console.log("Requests by status:", byStatus);
  // A body the server refuses before reading it all (413) may find the connection closed.
  console.log("No answer (connection closed first):", Object.fromEntries(unanswered));
  if (failedRoutes.size > 0) console.log("Answered 5xx, by route:", Object.fromEntries(failedRoutes));
  console.table(rows);
  console.log(`Slow bodies cut off by the server: ${slowCut}`);
  console.log(`RSS: ${rssStart} MB after warm-up, ${rssEnd} MB at the end, ${rssRested} MB after a minute's rest`);
  console.log("Warnings logged:", Object.fromEntries(warnings));
  console.log(`Error-level log lines: ${errorLines.length}`);
  for (const line of errorLines.slice(0, 20)) console.log(`  ${line}`);
  // Memory given back after the rest is welcome; only growth past a fifth counts against the run.
  const within = rssRested <= rssStart * 1.2;
  console.log(
    fivexx === 0 && errorLines.length === 0 && within && distinct.flat
      ? "Zero 5xx, no error-level log lines, RSS after the rest at most 20% above its start, flat under distinct queries."
      : `NOT MET: ${fivexx} 5xx, ${errorLines.length} error lines, RSS ${rssStart} → ${rssRested} MB, distinct queries added ${distinct.heapGrowthMb} MB heap / ${distinct.rssGrowthMb} MB RSS`,
  );

  await mkdir("bench/results", { recursive: true });
  const file = `bench/results/soak-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  await writeFile(
    file,
    JSON.stringify(
      {
        seconds: SECONDS,
        rate: RATE,
        cpus: cpus().length,
        byStatus,
        unanswered: Object.fromEntries(unanswered),
        failedRoutes: Object.fromEntries(failedRoutes),
        rows,
        slowCut,
        rssStart,
        rssEnd,
        rssRested,
        burst,
        distinct,
        errorLines,
      },
      null,
      2,
    ),
  );
  console.log(`Written to ${file}`);
  if (fivexx > 0 || errorLines.length > 0 || !within || !distinct.flat) process.exitCode = 1;
} finally {
  finished = true;
  for (const socket of slow) socket.destroy();
  await stopApp(server);
  await shop.drop();
}
