/**
 * The performance budgets, in one place: bench/lighthouse/run.ts measures the page ones,
 * bench/api/run.ts the product list's, bench/memory/run.ts one instance's memory,
 * bench/cold-start/run.ts a restart's wait, bench/timed/run.ts the costs of uploads and of
 * hostile text; npm test checks the first-visit JavaScript (tests/e2e/bundle.e2e.ts) and
 * the bytes of first visits and of a browsing session (tests/e2e/budgets.e2e.ts).
 * Bytes are KB (1024 bytes) as transferred: headers and compressed bodies, as Chromium's
 * network layer counts them, from an empty cache.
 */
export const BUDGET = {
  /** Lighthouse mobile performance score, on home, shop, a product page, the order sheet and a tracking page. */
  performance: 95,
  lcpMs: 2000,
  cls: 0.02,
  /**
   * The scripts a first visit to a public page downloads, gzipped (level 9), in KB: 150,
   * and the route manifest's 5 (docs/decisions/0020).
   */
  jsGzipKb: 155,
  /** Everything a first visit to the home page downloads, in KB as transferred. */
  homeTotalKb: 300,
  /** Everything a first visit to the shop downloads. */
  shopTotalKb: 300,
  /** Everything a first visit to a product page downloads. */
  productTotalKb: 250,
  /** Everything a first visit to the home page downloads with Save-Data (docs/product.md, Data saver). */
  saveDataHomeTotalKb: 150,
  /** Scripts the first Add to Cart on a product page downloads with Data saver on: the form posts without them. */
  saveDataAddToCartJsKb: 40,
  /** A fresh browser's five pages, by clicking links: home → shop → a product → another → the cart. */
  sessionKb: 350,
  /** The same five pages with Save-Data. */
  saveDataSessionKb: 150,
  /** The same five pages repeated once the service worker has cached what they need, in KB from the network (tests/e2e/offline.e2e.ts). */
  warmSessionKb: 60,
  /** The product list API's 99th percentile at 20 connections on 10,000 products (bench:api). */
  productListP99Ms: 30,
  /** A payment webhook answered (stored, then 200) at 50 at once: the 99th percentile, in ms (bench:webhooks). */
  webhookP99Ms: 50,
  /** Milliseconds from spawning the production server to its first 200 on `/`, the median of five starts (bench:cold-start). */
  coldStartMs: 3000,
  /** Seconds of `npm test` on a fresh clone of the 2-core machine, install excluded, for each of three runs in a row (bench:suite). */
  npmTestS: 600,
  /** One instance's resident memory, in MB (bench:memory): after the API and SSR rounds, and after half a minute's rest. */
  memory: { peakRssMb: 250, restedRssMb: 250 },
  /** Processor seconds of saving a product with five 5 MB phone photos (answers within 10 s on one core). */
  fivePhotoUploadCpuS: 10,
  /** Processor seconds of refusing six 50-megapixel 16-bit PNGs, read by their headers alone. */
  hugePngRefusalCpuS: 1,
  /** Milliseconds for the API to refuse a description built to be slow to read. */
  hostileDescriptionMs: 1000,
  /** Milliseconds for the shared description check over a megabyte of unfinished tags. */
  megabyteDescriptionCheckMs: 200,
  /**
   * How many times longer a check of user text takes over ten times the input than ten
   * times over the input: about 1 when it is linear, about 10 when it grows with the square.
   */
  linearGrowthRatio: 4,
};
