/**
 * The performance budgets, in one place: bench/lighthouse/run.ts measures every one of them;
 * npm test checks the first-visit JavaScript (tests/e2e/bundle.e2e.ts).
 */
export const BUDGET = {
  /** Lighthouse mobile performance score, on home, shop and a product page. */
  performance: 95,
  lcpMs: 2000,
  cls: 0.02,
  /** The scripts a first visit to a public page downloads, gzipped (level 9), in KB. */
  jsGzipKb: 150,
  /** Everything a first visit to the home page downloads, in KB as transferred. */
  homeTotalKb: 300,
  /** The product list API's 99th percentile at 20 connections on 10,000 products (bench:api). */
  productListP99Ms: 30,
};
