/**
 * A signed-in shop owner for end-to-end journeys. `signedInAdmin` makes an admin account of
 * its own (straight in the e2e database, as `npm run admin` would) and starts a session for
 * it there, as a sign-in does; each test then hands the session cookie to its page. The
 * sign-in itself has journeys of its own (accounts.e2e.ts, admin-staff.e2e.ts): going
 * through it here would spend the sign-in limits (30 per address in 15 minutes), which a
 * long run of every journey from one address passes.
 */
import { expect, type APIRequestContext, type BrowserContext } from "@playwright/test";
import sharp from "sharp";
import type { Product, Project } from "../../domain/catalog/catalog.types";
import { eq, inArray, sql } from "drizzle-orm";
import { users } from "../../server/db/schema/accounts";
import { rotateSession } from "../../server/modules/accounts/sessions.service";
import { SESSION_COOKIE } from "../../server/plugins/session";
import { collections } from "../../server/db/schema/catalog";
import { upsertAdmin } from "../../server/modules/accounts/admins.service";
import { insertCollection } from "./catalog-factory";
import { withE2eDatabase } from "./e2e-database";
import { E2E_BASE_URL } from "./e2e-env";

type Cookies = Parameters<BrowserContext["addCookies"]>[0];

export async function signedInAdmin(email: string, password = "Owner12345"): Promise<Cookies> {
  const token = await withE2eDatabase(async (db) => {
    // Two workers may create the same account at once: the loser finds it made.
    await upsertAdmin(db, { email, password, name: "Shop Owner" }).catch(() =>
      upsertAdmin(db, { email, password, name: "Shop Owner" }),
    );
    const [owner] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    return (await rotateSession(db, owner!.id, null)).token;
  });
  return [{ name: SESSION_COOKIE, value: token, url: E2E_BASE_URL, httpOnly: true, sameSite: "Lax" }];
}

/**
 * A cookie as a browser context's `storageState` keeps it (a context made with the admin's
 * session from the start, as a phone that signed in earlier).
 */
export const asStoredCookie = (cookie: { name: string; value: string }) => ({
  name: cookie.name,
  value: cookie.value,
  domain: new URL(E2E_BASE_URL).hostname,
  path: "/",
  expires: -1,
  httpOnly: true,
  secure: false,
  sameSite: "Lax" as const,
});

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
