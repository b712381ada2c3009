/**
 * npm run bench:catalogue — the catalogue's spreadsheet against a real database (embedded,
 * or BENCH_DATABASE_URL's server) holding 10,000 products: exporting all of them, then
 * checking (dry run) and importing a 5,000-row file from that export, half of it edited
 * rows (a new price) and half new products (a new handle and name), whose pictures are
 * the shop's own addresses and so reused. Prints the timings (the median of a few runs
 * for the export), and writes them to bench/results/.
 *
 * Then the app itself, on the same shop, is sent the costliest files an import takes
 * while /healthz and sign-ins are timed (stalls.ts): the figures that say an import
 * holds up no shopper. The run fails when they miss their target.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { cpus, totalmem } from "node:os";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { CSV_COLUMNS } from "../../domain/catalog/catalog-csv";
import { BOM, exportCatalogueCsv } from "../../server/modules/catalog-transfer/catalog-export.service";
import { importCatalogue } from "../../server/modules/catalog-transfer/catalog-import.service";
import { createScratchCatalogue } from "../scratch-catalogue";
import { measureStalls } from "./stalls";
import { createLocalStorage } from "../../server/modules/media/storage/local-storage";

const PUBLIC_URL = "https://bench.furnish.test";
const IMPORT_ROWS = 5_000;
const EXPORT_RUNS = 3;

const seconds = (ms: number) => Math.round(ms) / 1000;
async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await run();
  return { ms: performance.now() - start, value };
}

const shop = await createScratchCatalogue("catalogue");
try {
  const { db } = shop.connection;
  const deps = { db, storage: createLocalStorage(shop.mediaDir), publicUrl: PUBLIC_URL, allowedHosts: [] };

  const exports: number[] = [];
  let csv = "";
  for (let run = 0; run < EXPORT_RUNS; run++) {
    const { ms, value } = await timed(() => exportCatalogueCsv(db, PUBLIC_URL));
    exports.push(ms);
    csv = value;
  }
  exports.sort((a, b) => a - b);
  const rows = (parse(csv, { bom: true, columns: true }) as Record<string, string>[]).filter(
    (row) => row.type === "product",
  );

  const half = IMPORT_ROWS / 2;
  const edited = rows.slice(0, half).map((row) => ({ ...row, price: String(Number(row.price) + 1000) }));
  const added = rows.slice(half, IMPORT_ROWS).map((row, index) => ({
    ...row,
    id: "",
    handle: `bench-new-${index}`,
    name: `${row.name} (copy ${index})`,
    // A copy's promotion, if any, keeps its price rules: the same price, the same discount.
  }));
  const file = Buffer.from(BOM + stringify([...edited, ...added], { header: true, columns: [...CSV_COLUMNS] }));

  const check = await timed(() => importCatalogue(deps, { csv: file }, { dryRun: true }));
  if (check.value.errors.length)
    throw new Error(`The bench's file was refused: ${JSON.stringify(check.value.errors.slice(0, 5))}`);
  const write = await timed(() => importCatalogue(deps, { csv: file }, { dryRun: false }));
  if (write.value.errors.length)
    throw new Error(`The bench's import was refused: ${JSON.stringify(write.value.errors.slice(0, 5))}`);

  console.log("\nDoes an import hold up everyone else? Starting the app…");
  const stalls = await measureStalls(shop);

  const results = {
    products: rows.length,
    exportMedianSeconds: seconds(exports[Math.floor(exports.length / 2)]!),
    exportBytes: Buffer.byteLength(csv),
    importRows: IMPORT_ROWS,
    checkSeconds: seconds(check.ms),
    importSeconds: seconds(write.ms),
    created: write.value.created,
    updated: write.value.updated,
    stalls,
  };
  const machine = `${cpus().length} CPUs (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 1024 ** 3)} GB, Node ${process.version}`;
  console.log(`\n${machine}\n`);
  console.table([
    { step: `export ${results.products.toLocaleString("en")} products`, seconds: results.exportMedianSeconds },
    { step: `check ${IMPORT_ROWS.toLocaleString("en")} rows (dry run)`, seconds: results.checkSeconds },
    {
      step: `import ${IMPORT_ROWS.toLocaleString("en")} rows (${results.updated} updated, ${results.created} created)`,
      seconds: results.importSeconds,
    },
  ]);
  await mkdir("bench/results", { recursive: true });
  const out = `bench/results/catalogue-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  await writeFile(out, JSON.stringify({ machine, ...results }, null, 2));
  console.log(`Written to ${out}`);
  if (!stalls.met) process.exitCode = 1;
} finally {
  await shop.drop();
}
