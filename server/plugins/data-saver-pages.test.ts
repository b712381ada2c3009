/**
 * Data saver as the server answers it (docs/product.md, Data saver): the same request
 * with Save-Data, or with the switch's cookie, gets a lighter page, and every page says
 * that it varies by Save-Data.
 */
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { insertProduct, makeImage } from "../../tests/support/catalog-factory";
import { TEST_SITE, useTestApp } from "../../tests/support/test-app";
import { storeImage } from "../modules/media/media.service";

const t = useTestApp({ pages: true });
let productPath = "";

beforeAll(async () => {
  const wide = await sharp({ create: { width: 1800, height: 1200, channels: 3, background: "#6b4f3a" } })
    .jpeg()
    .toBuffer();
  const picture = await storeImage(t.db, t.storage, wide);
  const product = await insertProduct(t.db, { name: "Walnut Sideboard", images: [picture], isPromo: true });
  productPath = `/product/${product.id}`;
  // A second promotion, so the home hero has more than one picture to rotate.
  await insertProduct(t.db, { name: "Ash Stool", images: [await makeImage(t.db, t.mediaDir)], isPromo: true });
});

const widestOffered = (html: string) =>
  Math.max(...[...html.matchAll(/\/(\d+)\.webp (\d+)w/g)].map((m) => Number(m[2])));

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

describe("Data saver pages", () => {
  it("offer pictures no wider than 640 px with Save-Data or the switch on, every width otherwise", async () => {
    expect(widestOffered((await get(productPath)).body)).toBe(1600);
    expect(widestOffered((await get(productPath, { "save-data": "on" })).body)).toBe(640);
    expect(widestOffered((await get(productPath, { cookie: "data-saver=on" })).body)).toBe(640);
    // The switch turned off wins over the browser's header.
    expect(widestOffered((await get(productPath, { "save-data": "on", cookie: "data-saver=off" })).body)).toBe(1600);
  });

  it("show a still hero and rows that open on tap on the home page", async () => {
    const normal = (await get("/")).body;
    expect(normal).toContain("Show slide 1 of 2");
    expect(normal).not.toContain('data-testid="tap-to-load"');
    const light = (await get("/", { "save-data": "on" })).body;
    expect(light).not.toContain("Show slide 1 of");
    expect(light).toContain('data-testid="tap-to-load"');
    expect(light).toContain("Show promotions (2)");
  });

  it("say they vary by Save-Data, stay private, and so do their data requests", async () => {
    for (const url of ["/", "/shop", productPath, "/_.data"]) {
      const response = await get(url, { "save-data": "on" });
      expect(response.statusCode, url).toBe(200);
      expect(String(response.headers.vary), url).toMatch(/\bSave-Data\b/);
      expect(response.headers["cache-control"], url).toBe("private, no-cache");
    }
  });

  it("remember the switch in a cookie and go back to the page it was used on", async () => {
    const post = await t.app.inject({
      method: "POST",
      url: "/data-saver",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: TEST_SITE.PUBLIC_URL,
        "sec-fetch-mode": "navigate",
      },
      payload: `mode=on&back=${encodeURIComponent("/shop?category=Bedroom")}`,
    });
    expect(post.statusCode).toBe(303);
    expect(post.headers.location).toBe("/shop?category=Bedroom");
    expect(String(post.headers["set-cookie"])).toContain("data-saver=on; Path=/; Max-Age=31536000");

    const refused = await t.app.inject({
      method: "POST",
      url: "/data-saver",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: TEST_SITE.PUBLIC_URL },
      payload: "mode=sometimes",
    });
    expect(refused.statusCode).toBe(400);
    expect(String(refused.headers["set-cookie"] ?? "")).not.toContain("data-saver=");
  });
});
