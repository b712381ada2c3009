import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { insertCollection, insertProduct, insertProject, makeImage } from "../../../tests/support/catalog-factory";
import { useTestApp } from "../../../tests/support/test-app";
import { products } from "../../db/schema/catalog";
import { storeImage } from "../media/media.service";
import { COLD_DRAWS_PER_MINUTE } from "./og-images.routes";
import { MAX_WAITING_DRAWS } from "./og-images.service";

const t = useTestApp();
const ids: Record<string, string> = {};

beforeAll(async () => {
  const red = await makeImage(t.db, t.mediaDir, "#c0392b");
  const blue = await makeImage(t.db, t.mediaDir, "#1f4e9c");
  // Random noise is the worst case for JPEG: it must still fit the 300 KB budget.
  const noise = await sharp(randomBytes(1600 * 1200 * 3), { raw: { width: 1600, height: 1200, channels: 3 } })
    .png()
    .toBuffer();
  const busy = await storeImage(t.db, t.storage, noise);

  ids.promo = (
    await insertProduct(t.db, {
      name: "Velvet Armchair",
      priceKobo: 300_000_00,
      isPromo: true,
      discountedPriceKobo: 250_000_00,
      images: [red, blue],
    })
  ).id;
  ids.plain = (await insertProduct(t.db, { name: "Plain Stool", priceKobo: 45_000_00 })).id;
  ids.busy = (await insertProduct(t.db, { name: "Busy Pattern Rug", images: [busy] })).id;
  ids.awkward = (
    await insertProduct(t.db, {
      name: `Tom & Jerry's <Sofa> "Deluxe" \u0007 with a name far too long to fit on three lines of the preview card`,
      priceKobo: 1_234_567_890_12,
      images: [blue],
    })
  ).id;
  ids.collection = (await insertCollection(t.db, { name: "Ikoyi Living Set", coverMediaId: blue.id })).id;
  ids.project = (await insertProject(t.db, { title: "Banana Island Penthouse", images: [red] })).id;
});

async function fetchCard(url: string) {
  const response = await t.app.inject({ method: "GET", url });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
  expect(response.headers["content-type"]).toBe("image/jpeg");
  expect(response.headers["cache-control"]).toBe("public, max-age=3600");
  const jpeg = response.rawPayload;
  expect(jpeg.length).toBeLessThan(300 * 1024);
  const metadata = await sharp(jpeg).metadata();
  expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
    format: "jpeg",
    width: 1200,
    height: 630,
  });
  return jpeg;
}

async function pixel(jpeg: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data } = await sharp(jpeg)
    .extract({ left: x, top: y, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [data[0]!, data[1]!, data[2]!];
}

describe("GET /og/:kind/:id.jpg", () => {
  it("draws a product: its first photo on the left, a sand panel on the right", async () => {
    const jpeg = await fetchCard(`/og/product/${ids.promo}.jpg`);
    const [r, g, b] = await pixel(jpeg, 200, 300);
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(100);
    expect(b).toBeLessThan(100);
    const panel = await pixel(jpeg, 1190, 10);
    panel.forEach((channel) => expect(channel).toBeGreaterThan(225));
  });

  it("draws products without a photo, with awkward names, and with busy photos within budget", async () => {
    await fetchCard(`/og/product/${ids.plain}.jpg`);
    await fetchCard(`/og/product/${ids.awkward}.jpg`);
    await fetchCard(`/og/product/${ids.busy}.jpg`);
  });

  it("draws collections and projects", async () => {
    const collection = await fetchCard(`/og/collection/${ids.collection}.jpg`);
    const [r, , b] = await pixel(collection, 200, 300);
    expect(b).toBeGreaterThan(r);
    await fetchCard(`/og/project/${ids.project}.jpg`);
  });

  it("answers 404 with a message for unknown and malformed ids", async () => {
    const cases = [
      [`/og/product/${randomUUID()}.jpg`, "Product not found."],
      ["/og/product/not-an-id.jpg", "Product not found."],
      [`/og/collection/${randomUUID()}.jpg`, "Collection not found."],
      ["/og/project/x.jpg", "Project not found."],
      [`/og/project/${ids.promo}.jpg`, "Project not found."],
    ] as const;
    for (const [url, message] of cases) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message });
    }
    expect((await t.app.inject({ method: "GET", url: `/og/product/${ids.promo}.png` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/og/shop/${ids.promo}.jpg` })).statusCode).toBe(404);
  });

  it("serves the same card again from memory, and a new one once the item changes", async () => {
    const first = await fetchCard(`/og/product/${ids.plain}.jpg`);
    expect((await fetchCard(`/og/product/${ids.plain}.jpg`)).equals(first)).toBe(true);
    await t.db.update(products).set({ name: "Renamed Stool" }).where(eq(products.id, ids.plain!));
    await vi.waitFor(async () => expect((await fetchCard(`/og/product/${ids.plain}.jpg`)).equals(first)).toBe(false), {
      timeout: 5000,
      interval: 50,
    });
  });
});

describe("GET /og/site.jpg", () => {
  it("draws the shop's card from a project photo", async () => {
    const jpeg = await fetchCard("/og/site.jpg");
    const [r, g] = await pixel(jpeg, 200, 300);
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(100);
  });
});

describe("cold draws a stranger can ask for", () => {
  const cardFrom = async (url: string, remoteAddress: string) => {
    const response = await t.app.inject({ method: "GET", url, remoteAddress });
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  };

  it("gives one address its budget of new cards a minute, then the site's card, while others still get theirs", async () => {
    const site = await fetchCard("/og/site.jpg");
    const ids = [];
    for (let n = 0; n < COLD_DRAWS_PER_MINUTE + 2; n++)
      ids.push((await insertProduct(t.db, { name: `Crawled Stool ${n}` })).id);
    const crawler = "198.51.100.7";
    for (const id of ids.slice(0, COLD_DRAWS_PER_MINUTE))
      expect((await cardFrom(`/og/product/${id}.jpg`, crawler)).equals(site)).toBe(false);
    const [beyond, other] = ids.slice(COLD_DRAWS_PER_MINUTE);
    expect((await cardFrom(`/og/product/${beyond}.jpg`, crawler)).equals(site)).toBe(true);
    // Another address of the same IPv6 /64 shares the budget; a different network does not.
    expect((await cardFrom(`/og/product/${other}.jpg`, "2001:db8:1:2::7")).equals(site)).toBe(false);
    expect((await cardFrom(`/og/product/${beyond}.jpg`, "198.51.100.8")).equals(site)).toBe(false);
  });

  it("draws one card at a time and answers the site's card when too many wait", async () => {
    const site = await fetchCard("/og/site.jpg");
    const ids = [];
    for (let n = 0; n < MAX_WAITING_DRAWS + 8; n++)
      ids.push((await insertProduct(t.db, { name: `Burst Stool ${n}` })).id);
    const cards = await Promise.all(ids.map((id, n) => cardFrom(`/og/product/${id}.jpg`, `203.0.113.${n + 1}`)));
    const fallbacks = cards.filter((card) => card.equals(site)).length;
    expect(fallbacks).toBeGreaterThan(0);
    expect(fallbacks).toBeLessThan(cards.length);
  });
});
