/**
 * A signed-in shop owner for end-to-end journeys that stay clear of the sign-in limits
 * (30 sign-ins per address in 15 minutes; past 100 wrong passwords for one account a
 * sign-in needs an e-mailed link) and of the shared E2E_ADMIN, which other files use. `signedInAdmin` makes an admin account of its own
 * (straight in the e2e database, as `npm run admin` would) and signs it in once; each
 * test then hands the session cookie to its page.
 */
import { request as playwrightRequest, expect, type APIRequestContext, type BrowserContext } from "@playwright/test";
import sharp from "sharp";
import type { Product, Project } from "../../domain/catalog/catalog.types";
import { inArray } from "drizzle-orm";
import { collections } from "../../server/db/schema/catalog";
import { upsertAdmin } from "../../server/modules/accounts/admins.service";
import { insertCollection } from "./catalog-factory";
import { withE2eDatabase } from "./e2e-database";
import { E2E_BASE_URL } from "./e2e-env";

type Cookies = Parameters<BrowserContext["addCookies"]>[0];

export async function signedInAdmin(email: string, password = "Owner12345"): Promise<Cookies> {
  // Two workers may create the same account at once: the loser finds it made.
  await withE2eDatabase((db) =>
    upsertAdmin(db, { email, password, name: "Shop Owner" }).catch(() =>
      upsertAdmin(db, { email, password, name: "Shop Owner" }),
    ),
  );
  const api = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  try {
    const response = await api.post("/api/admin/login", { data: { email, password } });
    expect(response.status(), await response.text()).toBe(200);
    return (await api.storageState()).cookies;
  } finally {
    await api.dispose();
  }
}

/** A picture in one colour (small unless told), as a file for an `<input type=file>`. */
export async function pngFile(color: string, name = "image.png", { width = 160, height = 120 } = {}) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** The same picture as the data string the admin API takes. */
export async function imageDataUrl(color: string): Promise<string> {
  return `data:image/png;base64,${(await pngFile(color)).buffer.toString("base64")}`;
}

/**
 * A product made through the admin API (the request must carry an admin session): an
 * Armchair, a category whose lists no journey counts (tests/support/e2e-fixtures.ts).
 */
export async function addProductThroughApi(request: APIRequestContext, name: string): Promise<Product> {
  const response = await request.post("/api/admin/operations/addProduct", {
    data: {
      name,
      description: "<p>Hand-finished in Lagos.</p>",
      items: "1 piece",
      price: 45000,
      category: "Armchair",
      style: "Modern",
      images: [await imageDataUrl("#6b8f71")],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Product;
}

/**
 * A project made through the admin API (the request must carry an admin session):
 * Residential, the one category whose lists no journey counts (tests/support/e2e-fixtures.ts).
 */
export async function addProjectThroughApi(request: APIRequestContext, title: string): Promise<Project> {
  const response = await request.post("/api/admin/operations/addProject", {
    data: {
      title,
      location: "Ikoyi, Lagos",
      category: "Residential",
      price: 2500000,
      description: "<p>A calm family home.</p>",
      images: [await imageDataUrl("#8a4f33")],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Project;
}

/**
 * Collections without covers or products, written straight to the e2e database (newest
 * last), quick to make by the dozen; the app's cache hears of them from the database
 * itself. No live event announces them, and the product counts other journeys read stay
 * as they are. Returns their ids.
 */
export async function insertPlainCollections(names: string[], price: number): Promise<string[]> {
  return withE2eDatabase(async (db) => {
    const ids: string[] = [];
    for (const name of names) ids.push((await insertCollection(db, { name, priceKobo: Math.round(price * 100) })).id);
    return ids;
  });
}

/** Removes collections straight from the e2e database (what a test made, without live events). */
export async function removeCollectionsDirectly(ids: string[]) {
  await withE2eDatabase((db) => db.delete(collections).where(inArray(collections.id, ids)));
}
