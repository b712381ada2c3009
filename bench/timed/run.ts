/**
 * npm run bench:timed — the costs that only a clock can check, measured against the
 * budgets in bench/budgets.ts rather than asserted in the test suite (where other test
 * files run alongside and stretch every figure):
 *
 * - saving a product with five 5 MB phone photos through the API (processor time, all
 *   threads counted: under 10 s answers within 10 s even on one free core);
 * - refusing six 50-megapixel 16-bit PNGs, which must be read by their headers alone;
 * - refusing descriptions built to be slow to read, through the API and in the shared
 *   description check;
 * - that every check over typed text takes time in proportion to the text's length.
 *
 * The tests check what each of these answers; this checks how long it takes. Runs on a
 * scratch database (embedded, or BENCH_DATABASE_URL's server). Exits 1 when a figure is
 * over its budget.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import type { InjectOptions } from "fastify";
import sharp from "sharp";
import { toNaira } from "../../domain/catalog/input-fields";
import { ProductInputSchema } from "../../domain/catalog/product-input.schema";
import { readRichText } from "../../domain/catalog/rich-text";
import { buildApp } from "../../server/app";
import { upsertAdmin } from "../../server/modules/accounts/admins.service";
import { sanitizeRichTextForSaving } from "../../server/modules/catalog/rich-text";
import { createMailer } from "../../server/modules/mail/mailer";
import { TEST_MAIL_FROM, TEST_SITE } from "../../tests/support/test-site";
import { BUDGET } from "../budgets";
import { createScratchCatalogue } from "../scratch-catalogue";
import { growthRatio } from "./linear-time";

interface Figure {
  name: string;
  value: number;
  budget: number;
  unit: string;
}
const figures: Figure[] = [];
const record = (name: string, value: number, budget: number, unit: string) => {
  figures.push({ name, value, budget, unit });
  console.log(`${value <= budget ? "ok  " : "OVER"}  ${name}: ${value.toFixed(2)} ${unit} (budget ${budget})`);
};

/** Processor seconds (all threads) and the answer of one piece of work. */
async function processorTime<T>(work: () => Promise<T>): Promise<{ seconds: number; result: T }> {
  const before = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(before);
  return { seconds: (used.user + used.system) / 1e6, result };
}

async function millisecondsOf<T>(work: () => T | Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

const dataUrl = (bytes: Buffer, type: string) => `data:${type};base64,${bytes.toString("base64")}`;

/** A 4000 × 3000 JPEG of about 5 MB: smooth shapes plus grain, which JPEG cannot shrink much. */
async function phonePhoto(): Promise<Buffer> {
  const [width, height] = [4000, 3000];
  const pixels = await sharp(randomBytes(500 * 375 * 3), { raw: { width: 500, height: 375, channels: 3 } })
    .resize(width, height, { kernel: "cubic" })
    .raw()
    .toBuffer();
  const grain = randomBytes(pixels.length);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (pixels[i]! * 3 + grain[i]!) >> 2;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const product = (overrides: object) => ({
  name: "Timed Sofa",
  description: "<p>Three seats.</p>",
  items: "1 sofa",
  price: 1_000_000,
  category: "Living Room",
  style: "Modern",
  ...overrides,
});

const shop = await createScratchCatalogue("timed", { empty: true });
const outboxDir = await mkdtemp(path.join(tmpdir(), "furnish-timed-mail-"));
const app = await buildApp({
  database: shop.connection,
  env: TEST_SITE,

  mediaDir: shop.mediaDir,
  mailer: createMailer({ from: TEST_MAIL_FROM, outboxDir, log: { info: () => {} } }),
});

try {
  const owner = { email: "timed-owner@furnish.test", password: "T1medOwnerPassword" };
  await upsertAdmin(shop.connection.db, owner);
  const login = await app.inject({ method: "POST", url: "/api/admin/login", payload: owner });
  const session = login.cookies.find((cookie) => cookie.name === "furnish_session");
  if (!session) throw new Error(`The owner could not sign in: ${login.statusCode} ${login.body}`);
  const addProduct = (payload: object) =>
    app.inject({
      method: "POST" as InjectOptions["method"],
      url: "/api/admin/operations/addProduct",
      headers: { cookie: `furnish_session=${session.value}` },
      payload,
    });
  const expectStatus = (response: { statusCode: number; body: string }, status: number, what: string) => {
    if (response.statusCode !== status)
      throw new Error(`${what}: expected ${status}, got ${response.statusCode} ${response.body}`);
  };

  console.log("Uploads");
  const photos: string[] = [];
  for (let i = 0; i < 5; i += 1) photos.push(dataUrl(await phonePhoto(), "image/jpeg"));
  const upload = await processorTime(() => addProduct(product({ name: "Photographed Sofa", images: photos })));
  expectStatus(upload.result, 201, "five phone photos");
  record("five 5 MB phone photos saved", upload.seconds, BUDGET.fivePhotoUploadCpuS, "processor s");

  // 7,070 × 7,070: just under the limit of one image, and a few hundred kilobytes each.
  const huge = await sharp({ create: { width: 7070, height: 7070, channels: 3, background: "#884422" } })
    .toColourspace("rgb16")
    .png()
    .toBuffer();
  const refusal = await processorTime(() => addProduct(product({ images: Array(6).fill(dataUrl(huge, "image/png")) })));
  expectStatus(refusal.result, 400, "six 16-bit PNGs");
  record("six 50-megapixel 16-bit PNGs refused", refusal.seconds, BUDGET.hugePngRefusalCpuS, "processor s");

  console.log("Descriptions built to be slow to read");
  const nested = (tag: string, depth: number) => `<${tag}>`.repeat(depth) + "x" + `</${tag}>`.repeat(depth);
  for (const [name, description] of [
    ['50,000 unfinished "<a" tags, through the API', "<a".repeat(50_000)],
    ["30,000 nested <b>, through the API", "<b>".repeat(30_000) + "x"],
  ] as const) {
    const { ms, result } = await millisecondsOf(() => addProduct(product({ description })));
    expectStatus(result, 400, name);
    record(name, ms, BUDGET.hostileDescriptionMs, "ms");
  }
  const descriptionCheck = (description: string) => ProductInputSchema.safeParse(product({ description })).success;
  const megabyte = await millisecondsOf(() => descriptionCheck("<a".repeat(500_000)));
  if (megabyte.result) throw new Error("A megabyte of unfinished tags passed the description check");
  record("a megabyte of unfinished tags, shared check", megabyte.ms, BUDGET.megabyteDescriptionCheckMs, "ms");

  console.log("Growth with the length of the text (time over 10× the input ÷ 10 runs over it)");
  const deepest = (n: number) => nested("b", 99).repeat(n);
  const growth: Array<[string, (units: number) => string, (text: string) => unknown]> = [
    ["reading unfinished tags", (n) => "<a".repeat(n), readRichText],
    ["reading unfinished scripts", (n) => "<script>".repeat(n), readRichText],
    ["reading unfinished closing tags", (n) => "</a".repeat(n), readRichText],
    ["reading unfinished comments", (n) => "<!--".repeat(n), readRichText],
    ["reading unfinished quoted attributes", (n) => '<a b="'.repeat(n), readRichText],
    ["reading closing tags of elements never opened", (n) => "<b>".repeat(99) + "</i>".repeat(n), readRichText],
    ["reading raw text never closed", (n) => "<title>" + "</titl".repeat(n), readRichText],
    ["reading many short paragraphs", (n) => "<p>Solid iroko.</p>".repeat(n), readRichText],
    ["the description check over unfinished tags", (n) => "<a".repeat(n), descriptionCheck],
    ["saving the deepest formatting accepted", deepest, sanitizeRichTextForSaving],
    ["reading a price of many digits", (n) => "1".repeat(n) + "x", toNaira],
  ];
  for (const [name, input, check] of growth) {
    record(name, growthRatio(input, check), BUDGET.linearGrowthRatio, "×");
  }
} finally {
  await app.close();
  await shop.drop();
  await rm(outboxDir, { recursive: true, force: true });
}

const over = figures.filter((figure) => figure.value > figure.budget);
if (over.length) {
  console.error(`${over.length} of ${figures.length} over budget: ${over.map((figure) => figure.name).join("; ")}`);
  process.exit(1);
}
console.log(`All ${figures.length} within budget.`);
