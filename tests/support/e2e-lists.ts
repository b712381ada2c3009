/** What the cart and wishlist journeys share: a client address per test, catalogue items, sign-up, the live connection. */
import { expect, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { eq } from "drizzle-orm";
import type { Collection, Product } from "../../domain/catalog/catalog.types";
import { products } from "../../server/db/schema/catalog";
import { insertProduct } from "./catalog-factory";
import { withE2eDatabase } from "./e2e-database";
import { test as base } from "./e2e-notices";
import { PINNED_COLLECTION, PLAIN_PRODUCT, PROMO_SOFA, pinnedCollection, pinnedProduct } from "./e2e-fixtures";

/**
 * Every test speaks from an address of its own (the e2e server trusts X-Forwarded-For
 * from loopback), so sign-ups, which are limited per address, never run out.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, "x-forwarded-for": clientAddress(testInfo) });
  },
});

export function clientAddress(testInfo: TestInfo, tab = 0): string {
  // FNV-1a over the test's id (which names the project too), its retry and the tab.
  let hash = 0x811c9dc5;
  for (const char of `lists:${testInfo.testId}:${testInfo.retry}:${tab}`)
    hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  hash >>>= 0;
  return `10.${(hash >>> 16) & 0xff}.${(hash >>> 8) & 0xff}.${(hash % 254) + 1}`;
}

export interface CatalogueItems {
  /** A product on promotion (discounted price differs), not sold. */
  promo: Product;
  /** A product at full price, not sold. */
  plain: Product;
  collection: Collection;
}

/** Pinned items (tests/support/e2e-fixtures.ts) that any shopper can put in a cart and nobody changes. */
export async function catalogueItems(request: APIRequestContext): Promise<CatalogueItems> {
  const [promo, plain, collection] = await Promise.all([
    pinnedProduct(request, PROMO_SOFA.name),
    pinnedProduct(request, PLAIN_PRODUCT.name),
    pinnedCollection(request, PINNED_COLLECTION.name),
  ]);
  return { promo, plain, collection };
}

/**
 * A product of this journey's own, written straight to the e2e database (the app's cache
 * hears of it from the database itself; no live event disturbs other journeys), for a
 * journey that changes it: a Living Room piece (tests/support/e2e-fixtures.ts). Returns its id.
 */
export async function insertOwnProduct(name: string, price = 52_000): Promise<string> {
  return withE2eDatabase(async (db) => (await insertProduct(db, { name, priceKobo: price * 100 })).id);
}

/** Deletes a product `insertOwnProduct` made, as an admin deleting it would (its cart lines go with it). */
export async function deleteOwnProduct(id: string) {
  await withE2eDatabase((db) => db.delete(products).where(eq(products.id, id)));
}

let accounts = 0;

/** Signs up a new customer with this request context (the page's own signs the page in). */
export async function signUpCustomer(request: APIRequestContext, testInfo: TestInfo) {
  accounts += 1;
  const email = `cart-${testInfo.project.name}-${Date.now().toString(36)}-${testInfo.workerIndex}-${accounts}@example.com`;
  const response = await request.post("/api/auth/signup", {
    data: { fullName: "Chioma Eze", email, phoneNumber: "08031234567", password: "Sofa2024Lagos", anonymousId: "" },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { email, password: "Sofa2024Lagos" };
}

/**
 * Resolves once the page's live connection (socket.io) is open. Call before the page
 * loads: the connection opens when the page is idle.
 */
export function liveConnection(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on("websocket", (socket) => {
      if (!socket.url().includes("/socket.io/")) return;
      socket.on("framereceived", ({ payload }) => {
        // Engine.IO "message" + Socket.IO "connect": the server accepted the connection,
        // which it does only once the connection is in its rooms (server/plugins/realtime.ts),
        // so a change made from now on reaches the page.
        if (String(payload).startsWith("40")) resolve();
      });
    });
  });
}

/** The header's count link on large screens, the bottom bar's on phones. */
export function listLink(page: Page, isMobile: boolean, name: "Cart" | "Wishlist") {
  const nav = isMobile ? page.getByRole("navigation", { name: "Quick links" }) : page.getByRole("banner");
  return nav.getByRole("link", { name: new RegExp(`^${name}( \\(\\d+ items?\\))?$`) });
}

/** Console errors except those of requests a test fails on purpose (by a fragment of their message). */
export const errorsExcept = (errors: string[], ...expected: string[]) =>
  errors.filter((error) => !expected.some((fragment) => error.includes(fragment)));

export const ABORTED = "Failed to load resource: net::ERR_FAILED";
