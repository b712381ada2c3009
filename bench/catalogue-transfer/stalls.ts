/**
 * The second half of npm run bench:catalogue: does an import hold up everyone else? The
 * app runs as `npm start` runs it, on the bench's scratch shop, while a thread of its own
 * asks /healthz every 10 ms and, during the pictures' import, another signs a customer in
 * every 100 ms. The admin sends, one after another, the costliest files the import takes
 * (each up to the 20 MB limit): a header of 3,000,000 columns, a row of 10,000,000 cells,
 * one 20 MB cell, 20,000 products to check, 20,000 rows of wrong cells, and the real
 * import of 5,000 rows; then exports the catalogue; then imports eight 49-megapixel
 * pictures from a ZIP. Target: /healthz under 100 ms p99 during each, and sign-ins under
 * 100 ms p99 during the pictures' import. A probe that gets no answer is printed with why
 * and after how long; `BENCH_APP_LOG=<file>` keeps the app's log, at `BENCH_APP_LOG_LEVEL`
 * (default warn; info lists every request), to see what the app took meanwhile.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { createWriteStream } from "node:fs";
import { createInterface } from "node:readline";
import { Worker } from "node:worker_threads";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { CSV_COLUMNS } from "../../domain/catalog/catalog-csv";
import { startApp, stopApp } from "../app-process";
import type { ScratchCatalogue } from "../scratch-catalogue";

const ADMIN = { email: "bench-owner@furnish.test", password: "BenchOwnerPassword1" };
const CUSTOMER = { email: "bench-shopper@example.com", password: "BenchShopper1" };
export const STALL_BUDGET_MS = 100;
const MB = 1024 * 1024;

/** A thread of its own asking `path` again and again: [when it was sent, how long it took, why it failed]. */
function startProbe(base: string, kind: "healthz" | "signin") {
  const worker = new Worker(
    `const { parentPort, workerData } = require("node:worker_threads");
     const times = [];
     let done = false;
     let address = 0;
     parentPort.on("message", () => (done = true));
     (async () => {
       // Unmeasured: a thread's first fetch also loads the HTTP client itself.
       await (await fetch(workerData.base + "/healthz")).arrayBuffer();
       while (!done) {
         const sent = Date.now();
         const started = performance.now();
         try {
           if (workerData.kind === "healthz") {
             await (await fetch(workerData.base + "/healthz")).arrayBuffer();
           } else {
             address++;
             const response = await fetch(workerData.base + "/api/auth/login", {
               method: "POST",
               headers: {
                 "content-type": "application/json",
                 origin: workerData.base,
                 "x-forwarded-for": "10.9." + ((address >> 8) & 255) + "." + (address & 255),
               },
               body: JSON.stringify(workerData.customer),
             });
             await response.arrayBuffer();
             if (response.status !== 200) throw new Error("sign-in answered " + response.status);
           }
           times.push([sent, performance.now() - started]);
         } catch (error) {
           const cause = error && error.cause;
           const failure = String((cause && (cause.code || cause.message)) || error.message);
           times.push([sent, Infinity, failure + " after " + Math.round(performance.now() - started) + " ms"]);
         }
         await new Promise((resolve) => setTimeout(resolve, workerData.kind === "healthz" ? 10 : 100));
       }
       parentPort.postMessage(times);
     })();`,
    { eval: true, workerData: { base, kind, customer: CUSTOMER } },
  );
  // A run that fails halfway (the app stopped) ends without stopping its probes.
  worker.unref();
  return {
    async stop(): Promise<Probed[]> {
      worker.ref();
      const times = await new Promise<Probed[]>((resolve) => {
        worker.once("message", resolve);
        worker.postMessage("stop");
      });
      await worker.terminate();
      return times;
    },
  };
}

/** When a probe was sent, how long its answer took (Infinity: none came), and why none came. */
type Probed = [sent: number, ms: number, failure?: string];

/** Each probe that got no answer: when, in which file's window, and why. */
function unanswered(probes: Probed[], windows: Array<{ name: string; from: number; to: number }>) {
  return probes
    .filter(([, ms]) => ms === Infinity)
    .map(([sent, , failure]) => ({
      during: windows.find((window) => sent >= window.from && sent <= window.to)?.name ?? "between files",
      failure,
    }));
}

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? NaN;
  return {
    answers: sorted.length,
    p50ms: Math.round(at(0.5)),
    p99ms: Math.round(at(0.99)),
    maxMs: Math.round(sorted.at(-1) ?? NaN),
  };
}

/** A ZIP of stored files. */
function zipOf(files: Record<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(files)) {
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function multipart(parts: { name: string; filename: string; type: string; data: Buffer }[]) {
  const boundary = "----furnish-bench-boundary";
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
        `Content-Type: ${part.type}\r\n\r\n`,
    ),
    part.data,
    Buffer.from("\r\n"),
  ]);
  return {
    body: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

export interface StallResults {
  files: {
    file: string;
    mb: number;
    status: number;
    answer?: string;
    seconds: number;
    answers: number;
    p99ms: number;
    maxMs: number;
  }[];
  healthzP99Ms: number;
  signIns: { quiet: ReturnType<typeof summary>; duringPictures: ReturnType<typeof summary> };
  picturesSeconds: number;
  picturesReport: unknown;
  met: boolean;
}

export async function measureStalls(shop: ScratchCatalogue): Promise<StallResults> {
  const { server, base, ready } = await startApp(shop, {
    env: {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // BENCH_APP_LOG=file keeps the app's log, at BENCH_APP_LOG_LEVEL (info shows every request).
      LOG_LEVEL: process.env.BENCH_APP_LOG_LEVEL ?? "warn",
    },
  });
  const errorLines: string[] = [];
  const appLog = process.env.BENCH_APP_LOG ? createWriteStream(process.env.BENCH_APP_LOG) : null;
  createInterface({ input: server.stdout! }).on("line", (line) => {
    appLog?.write(line + "\n");
    if (/"level":(5|6)\d/.test(line) || !line.startsWith("{")) errorLines.push(line);
  });
  try {
    await ready;
    // A connection kept alive may be closed by the app just as the next request starts on
    // it (EPIPE, ECONNRESET): such a request was never read, and is sent again.
    const retrying = async (send: () => Promise<Response>): Promise<Response> => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await send();
        } catch (error) {
          const code = (error as { cause?: { code?: string } }).cause?.code;
          if (attempt >= 3 || (code !== "EPIPE" && code !== "ECONNRESET")) throw error;
        }
      }
    };
    const post = (url: string, body: string | Buffer, init: { type: string; cookie?: string; address: string }) =>
      retrying(() =>
        fetch(base + url, {
          method: "POST",
          headers: {
            "content-type": init.type,
            origin: base,
            "x-forwarded-for": init.address,
            ...(init.cookie ? { cookie: init.cookie } : {}),
          },
          body,
        }),
      );
    const login = await post("/api/admin/login", JSON.stringify(ADMIN), {
      type: "application/json",
      address: "10.8.0.1",
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .find((c) => c.startsWith("furnish_session="));
    if (!cookie) throw new Error(`The owner could not sign in (${login.status}).`);
    const signUp = await post(
      "/api/auth/signup",
      JSON.stringify({ fullName: "Bench Shopper", phoneNumber: "08031234567", anonymousId: "", ...CUSTOMER }),
      { type: "application/json", address: "10.8.0.2" },
    );
    if (!signUp.ok) throw new Error(`The customer could not sign up (${signUp.status}).`);

    const healthz = startProbe(base, "healthz");
    const rows: StallResults["files"] = [];
    const windows: { name: string; from: number; to: number }[] = [];
    await sleep(300);

    // The export first: the files below are made from it, its pictures the shop's own.
    let exported = "";
    {
      const from = Date.now();
      const started = performance.now();
      const response = await fetch(`${base}/api/admin/operations/products/export.csv`, {
        headers: { cookie, "x-forwarded-for": "10.8.0.1" },
      });
      exported = await response.text();
      windows.push({ name: "export", from, to: Date.now() });
      rows.push({
        file: "export of the catalogue",
        mb: Math.round((Buffer.byteLength(exported) / MB) * 10) / 10,
        status: response.status,
        seconds: Math.round(performance.now() - started) / 1000,
        answers: 0,
        p99ms: 0,
        maxMs: 0,
      });
    }
    const exportedProducts = (parse(exported, { bom: true, columns: true }) as Record<string, string>[]).filter(
      (row) => row.type === "product",
    );
    const products = exportedProducts.length
      ? exportedProducts
      : [
          {
            ...Object.fromEntries(CSV_COLUMNS.map((column) => [column, ""])),
            type: "product",
            name: "Iroko bench",
            description: "<p>A bench.</p>",
            items: "1 bench",
            price: "120000",
            category: "Living Room",
            style: "Modern",
          },
        ];
    const csvOf = (records: Record<string, string>[]) =>
      Buffer.from(stringify(records, { header: true, columns: [...CSV_COLUMNS] }));
    const copies = (count: number, pad: string) =>
      Array.from({ length: count }, (_, n) => {
        const row = products[n % products.length]!;
        return {
          ...row,
          id: "",
          handle: `bench-copy-${n}`,
          name: `${row.name} (copy ${n})`,
          description: row.description + pad,
        };
      });
    // As many copies as fit in 20 MB (at most 20,000), padded descriptions making up the bytes.
    const pad = `<p>${"Solid iroko, hand-finished in Lagos. ".repeat(13)}</p>`;
    const perRow = csvOf(copies(100, pad)).length / 100;
    const checkBody = csvOf(copies(Math.min(20_000, Math.floor((20 * MB * 0.97) / perRow)), pad));
    const wrong = Array.from({ length: 20_000 }, (_, n) =>
      Object.fromEntries(
        CSV_COLUMNS.map((column) => [
          column,
          column === "type" ? "product" : column === "id" || column === "handle" ? "" : `=wrong ${n}`,
        ]),
      ),
    );
    const files: { name: string; body: Buffer; dryRun: boolean }[] = [
      {
        name: "header of 3,000,000 columns",
        body: Buffer.from(`${Array.from({ length: 3_000_000 }, (_, n) => `c${n % 1000}`).join(",")}\nx\n`),
        dryRun: true,
      },
      {
        name: "a row of 10,000,000 cells",
        body: Buffer.from(`handle,price\nx${",".repeat(10_000_000)}\n`),
        dryRun: true,
      },
      { name: "one 20 MB cell", body: Buffer.from(`handle,name\nx,"${"x".repeat(20 * MB - 20)}"\n`), dryRun: true },
      { name: "products to check (dry run)", body: checkBody, dryRun: true },
      { name: "20,000 rows of wrong cells", body: csvOf(wrong), dryRun: true },
      {
        name: "import of 5,000 new products",
        body: csvOf(copies(5_000, "").map((row, n) => ({ ...row, handle: `bench-write-${n}` }))),
        dryRun: false,
      },
    ];

    type Report = { created: number; updated: number; errors: unknown[] };
    /** As the admin page does: starts a job, then asks how it is going until it is done. */
    const importAsJob = async (name: string, body: Buffer, type: string, dryRun: boolean) => {
      const response = await post(`/api/admin/operations/products/import-jobs?dryRun=${dryRun}`, body, {
        type,
        cookie,
        address: "10.8.0.1",
      }).catch((error: Error & { cause?: Error }) => {
        throw new Error(`Sending "${name}" failed: ${error.cause?.message ?? error.message}`);
      });
      let answer = (await response.json()) as { id?: string; message?: string };
      let status = response.status;
      let report: Report | null = null;
      while (status === 202 && answer.id && !report) {
        await sleep(250);
        const job = await retrying(() =>
          fetch(`${base}/api/admin/operations/products/import-jobs/${answer.id}`, {
            headers: { cookie, "x-forwarded-for": "10.8.0.1" },
          }),
        ).catch((error: Error & { cause?: Error }) => {
          throw new Error(
            `Asking after "${name}" failed (${error.cause?.message ?? error.message}); the app ${server.exitCode === null ? "is running" : `stopped (${server.exitCode} ${server.signalCode})`}.`,
          );
        });
        if (!job.ok) {
          status = job.status;
          break;
        }
        const current = (await job.json()) as { phase: string; report: Report | null };
        if (current.phase === "done") report = current.report;
      }
      if (report)
        answer = {
          message: `${report.created} created, ${report.updated} updated, ${report.errors.length} refusals listed${report.errors.length ? ` (${JSON.stringify(report.errors[0]).slice(0, 120)})` : ""}`,
        };
      return { status, answer };
    };

    for (const file of files) {
      const from = Date.now();
      const started = performance.now();
      const { status, answer } = await importAsJob(file.name, file.body, "text/csv", file.dryRun);
      if (process.env.BENCH_VERBOSE) console.log(file.name, status, JSON.stringify(answer).slice(0, 300));
      windows.push({ name: file.name, from, to: Date.now() });
      rows.push({
        file: file.name,
        mb: Math.round((file.body.length / MB) * 10) / 10,
        status,
        answer: (answer.message ?? "").slice(0, 60),
        seconds: Math.round(performance.now() - started) / 1000,
        answers: 0,
        p99ms: 0,
        maxMs: 0,
      });
    }
    // Sign-ins on a quiet shop, then during an import of eight 49-megapixel pictures.
    const quietProbe = startProbe(base, "signin");
    await sleep(5_000);
    const quiet = (await quietProbe.stop()).map(([, ms]) => ms);
    const picture = await sharp({ create: { width: 7_000, height: 7_000, channels: 3, background: "#6b4f3a" } })
      .png()
      .toBuffer();
    const pictureFiles: Record<string, Buffer> = {};
    const pictureRows = Array.from({ length: 8 }, (_, n) => {
      pictureFiles[`big-${n}.png`] = picture;
      return {
        ...Object.fromEntries(CSV_COLUMNS.map((column) => [column, ""])),
        type: "product",
        handle: `bench-big-picture-${n}`,
        name: `Big picture ${n}`,
        description: "<p>A large picture.</p>",
        items: "1 chair",
        price: "100000",
        category: "Living Room",
        style: "Modern",
        pictures: `big-${n}.png`,
      };
    });
    const form = multipart([
      {
        name: "csv",
        filename: "pictures.csv",
        type: "text/csv",
        data: Buffer.from(stringify(pictureRows, { header: true, columns: [...CSV_COLUMNS] })),
      },
      { name: "pictures", filename: "pictures.zip", type: "application/zip", data: zipOf(pictureFiles) },
    ]);
    const signIns = startProbe(base, "signin");
    const from = Date.now();
    const started = performance.now();
    const pictureImport = await importAsJob("pictures", form.body, form.type, false);
    const picturesReport = pictureImport.answer.message;
    const picturesSeconds = Math.round(performance.now() - started) / 1000;
    windows.push({ name: "pictures", from, to: Date.now() });
    const during = (await signIns.stop()).filter(([sent]) => sent >= from && sent <= Date.now()).map(([, ms]) => ms);
    rows.push({
      file: `8 × 49-megapixel pictures (${Math.round((form.body.length / MB) * 10) / 10} MB ZIP)`,
      mb: Math.round((form.body.length / MB) * 10) / 10,
      status: pictureImport.status,
      answer: (picturesReport ?? "").slice(0, 60),
      seconds: picturesSeconds,
      answers: 0,
      p99ms: 0,
      maxMs: 0,
    });

    const probeTimes = await healthz.stop();
    windows.forEach((window, index) => {
      const times = probeTimes.filter(([sent]) => sent >= window.from && sent <= window.to).map(([, ms]) => ms);
      const stats = summary(times);
      Object.assign(rows[index]!, { answers: stats.answers, p99ms: stats.p99ms, maxMs: stats.maxMs });
    });
    const inWindows = probeTimes
      .filter(([sent]) => windows.some((window) => sent >= window.from && sent <= window.to))
      .map(([, ms]) => ms);
    const healthzP99Ms = summary(inWindows).p99ms;
    const signInStats = { quiet: summary(quiet), duringPictures: summary(during) };

    console.log(`\n/healthz asked every 10 ms from a thread of its own while each file was imported:`);
    console.table(rows);
    console.log(`/healthz p99 over all of them: ${healthzP99Ms} ms (target under ${STALL_BUDGET_MS} ms)`);
    console.log(
      `Sign-ins every 100 ms: quiet p50 ${signInStats.quiet.p50ms} ms, p99 ${signInStats.quiet.p99ms} ms; ` +
        `during the pictures' import p50 ${signInStats.duringPictures.p50ms} ms, p99 ${signInStats.duringPictures.p99ms} ms ` +
        `(${signInStats.duringPictures.answers} sign-ins; target under ${STALL_BUDGET_MS} ms)`,
    );
    console.log("The pictures' import answered:", picturesReport);
    const lost = unanswered(probeTimes, windows);
    if (lost.length) console.log("/healthz probes with no answer:", lost);
    const longestSilence = probeTimes.reduce(
      (longest, [sent], index) => (index ? Math.max(longest, sent - probeTimes[index - 1]![0]) : longest),
      0,
    );
    console.log(`The longest time between two /healthz probes being sent: ${longestSilence} ms`);
    const slowest = [...quiet]
      .sort((a, b) => b - a)
      .slice(0, 3)
      .map(Math.round);
    console.log(`The slowest quiet sign-ins: ${slowest.join(", ")} ms of ${quiet.length}`);
    if (errorLines.length) console.log("Error-level log lines:", errorLines.slice(0, 10));
    const met =
      healthzP99Ms < STALL_BUDGET_MS &&
      signInStats.duringPictures.p99ms < STALL_BUDGET_MS &&
      rows.every((row) => row.status < 500) &&
      errorLines.length === 0;
    console.log(met ? "Targets met." : "NOT MET.");
    return {
      files: rows,
      healthzP99Ms,
      signIns: signInStats,
      picturesSeconds,
      picturesReport,
      met,
    };
  } finally {
    await stopApp(server);
  }
}
