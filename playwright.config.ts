import { defineConfig, devices } from "@playwright/test";

import { E2E_BASE_URL as baseURL, E2E_OWNER_BASE_URL, E2E_SERVERS_READY } from "./tests/support/e2e-env";
import { FULL_CHROMIUM, HEADLESS_SHELL } from "./tests/support/e2e-browsers";

/** The phone as it is: its screen's density decides which picture sizes it downloads. */
const PIXEL_7 = { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, browserName: "chromium" as const };
/**
 * The phone the journeys use: the same screen at one device pixel per CSS pixel. Journeys
 * check what a shopper sees and does in CSS pixels; drawing every frame at the Pixel's
 * 2.625 density (seven times the pixels) took a seventh of the journeys' time.
 */
const PHONE = { ...PIXEL_7, deviceScaleFactor: 1 };
const ADMIN_TESTS = /admin[\w-]*\.e2e\.ts$/;
/** Journeys that change the whole shop (its settings), on a server of their own. */
const OWNER_TESTS = /owner[\w-]*\.e2e\.ts$/;
/**
 * The byte budgets of a shopper's session: measured on a shop nobody is editing, since the
 * shop's open pages follow the owner's changes live and would fetch them.
 */
const BUDGET_TESTS = /budgets\.e2e\.ts$/;
const DESKTOP = { viewport: { width: 1280, height: 800 }, browserName: "chromium" as const };

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.e2e.ts",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  // A journey that fails once is a failure: none is retried.
  retries: 0,
  reporter: process.env.CI ? "line" : "list",
  use: {
    baseURL,
    // No trace: recording one for every journey (to keep only a failed one's) took a tenth of
    // the run's CPU, in the browser and in the test workers writing it. A failure keeps a
    // screenshot and the page's accessibility snapshot; to see a failed journey step by step,
    // run it again with `npx playwright test <file> --trace on`.
    trace: "off",
    screenshot: "only-on-failure",
    // Journeys meet the shop as on a first visit, their routes and measures untouched by the
    // service worker; tests/e2e/offline.e2e.ts allows it and tests it.
    serviceWorkers: "block",
    launchOptions: HEADLESS_SHELL,
  },
  projects: [
    // Adds to the demo catalogue the items journeys only read (shelves beyond a page, pinned items…).
    { name: "catalogue", testMatch: "catalogue.setup.ts" },
    // The byte budgets, on a phone, before the admin's journeys start changing the catalogue.
    // In one worker: before its first journey it makes the demo's waiting AVIF pictures
    // (tests/support/e2e-avif.ts), and the other worker runs the shopper's journeys meanwhile.
    {
      name: "budgets",
      dependencies: ["catalogue"],
      testMatch: BUDGET_TESTS,
      fullyParallel: false,
      use: { ...PIXEL_7, launchOptions: FULL_CHROMIUM },
    },
    // Every journey runs once, on a phone: most of our shoppers are on one.
    {
      name: "phone",
      dependencies: ["catalogue"],
      testIgnore: [ADMIN_TESTS, OWNER_TESTS, BUDGET_TESTS],
      use: PHONE,
    },
    // Journeys whose screens differ on a wide screen (tagged @both-viewports) run there too.
    {
      name: "desktop",
      dependencies: ["catalogue"],
      testIgnore: [ADMIN_TESTS, OWNER_TESTS],
      grep: /@both-viewports/,
      use: DESKTOP,
    },
    // Shopper actions that must work before the page's scripts arrive: the journeys tagged
    // @no-js run again with JavaScript disabled.
    {
      name: "no-js",
      dependencies: ["catalogue"],
      testIgnore: [ADMIN_TESTS, OWNER_TESTS],
      grep: /@no-js/,
      use: { ...PHONE, javaScriptEnabled: false },
    },
    // The admin's journeys (admin.e2e.ts, admin-forms.e2e.ts…) run beside the shopper's: each
    // changes only items it made, and no journey counts a list another writes to
    // (tests/support/e2e-fixtures.ts).
    {
      name: "admin",
      dependencies: ["catalogue", "budgets"],
      testMatch: ADMIN_TESTS,
      use: PHONE,
    },
    {
      name: "admin-desktop",
      dependencies: ["catalogue", "budgets"],
      testMatch: ADMIN_TESTS,
      grep: /@both-viewports/,
      use: DESKTOP,
    },
    // The owner's journeys change the whole shop (its settings), so they have a server of
    // their own, and the desktop run follows the phone's rather than changing it under it.
    { name: "owner", testMatch: OWNER_TESTS, use: { ...PHONE, baseURL: E2E_OWNER_BASE_URL } },
    {
      name: "owner-desktop",
      dependencies: ["owner"],
      testMatch: OWNER_TESTS,
      grep: /@both-viewports/,
      use: { ...DESKTOP, baseURL: E2E_OWNER_BASE_URL },
    },
  ],
  // The payment stand-in, the shared shop with the demo catalogue and the owner's shop,
  // started side by side (tests/support/e2e-servers.ts), silent but for the reason an app
  // stopped, should one fail.
  webServer: {
    command: "node --import tsx tests/support/e2e-servers.ts",
    wait: { stdout: new RegExp(E2E_SERVERS_READY) },
    timeout: 240_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
  },
});
