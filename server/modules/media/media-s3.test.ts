/**
 * The shop with its pictures in an S3-compatible bucket (a real s3rver process): uploads
 * land in the bucket, /media/ serves them from it, a bucket that is down answers 503 and
 * leaves nothing half-saved, and the byte checks still refuse what is not an image.
 */
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product } from "../../../domain/catalog/catalog.types";
import { adminCookie, imageDataUrl, toDataUrl } from "../../../tests/support/admin-session";
import { startS3Server, type S3Server } from "../../../tests/support/s3-server";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import { products } from "../../db/schema/catalog";
import { media } from "../../db/schema/media";
import { createS3Storage } from "./storage/s3-storage";

let s3: S3Server;
let t: TestApp;
let cookie = "";

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ s3: s3.settings });
  cookie = await adminCookie(t);
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

function admin(method: InjectOptions["method"], url: string, payload: object) {
  return t.app.inject({ method, url: `/api/admin/operations${url}`, payload, headers: { cookie } });
}

const productForm = (name: string, images: unknown[]) => ({
  name,
  description: "<p>Three seats.</p>",
  items: "1 sofa",
  price: 850_000,
  category: "Living Room",
  style: "Modern",
  images,
});

/** The bucket's keys, read with a client of its own. */
async function bucketKeys(prefix = ""): Promise<string[]> {
  const keys: string[] = [];
  for await (const item of createS3Storage(s3.settings, { warn: () => {} }).list(prefix)) keys.push(item.key);
  return keys;
}

const footprint = async () => ({
  products: await t.db.$count(products),
  media: await t.db.$count(media),
  keys: (await bucketKeys()).filter((key) => !key.startsWith("og/")).length,
});

describe("pictures in an S3-compatible bucket", () => {
  it("stores an uploaded picture in the bucket and serves it under /media/ with a year's caching", async () => {
    const response = await admin("POST", "/addProduct", productForm("Bucket Sofa", [await imageDataUrl("#2f5d50")]));
    expect(response.statusCode, response.body).toBe(201);
    const image = response.json<Product>().images[0]!;

    const keys = await bucketKeys(`${image.public_id}/`);
    expect(keys).toEqual(
      expect.arrayContaining([...image.widths.map((w) => `${image.public_id}/${w}.webp`), image.url.slice(7)]),
    );

    const served = await t.app.inject({ method: "GET", url: `/media/${image.public_id}/${image.widths[0]}.webp` });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const inBucket = await t.storage.read(`${image.public_id}/${image.widths[0]}.webp`);
    expect(served.rawPayload.equals(inBucket!)).toBe(true);

    const jpeg = await t.app.inject({ method: "GET", url: image.url });
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.headers["content-type"]).toBe("image/jpeg");
  });

  it("answers 404 for a picture that is not there, and for names outside the library", async () => {
    for (const url of ["/media/nosuchpicture/320.webp", "/media/..%2f..%2fetc/passwd", "/media/.hidden/1.webp"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: "Not found." });
    }
  });

  it("removes a deleted product's pictures from the bucket", async () => {
    const created = (
      await admin("POST", "/addProduct", productForm("Short-lived Sofa", [await imageDataUrl("#aa3311")]))
    ).json<Product>();
    const id = created.images[0]!.public_id;
    expect((await bucketKeys(`${id}/`)).length).toBeGreaterThan(0);
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/operations/delProduct/${created._id}`,
      headers: { cookie },
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await bucketKeys(`${id}/`)).toEqual([]);
  });

  it("still refuses bytes that are not an image, storing nothing", async () => {
    const before = await footprint();
    const fake = toDataUrl(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/>"));
    const response = await admin("POST", "/addProduct", productForm("Fake Sofa", [fake]));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/image/i);
    expect(await footprint()).toEqual(before);
  });
});

describe("a bucket that is down", () => {
  it("answers 503 with a message to an upload and to a picture, and saves nothing", async () => {
    const down = await startS3Server({ bucket: "furnish-down" });
    const shop = await createTestApp({ s3: down.settings });
    try {
      const owner = await adminCookie(shop);
      const upload = async (name: string) =>
        shop.app.inject({
          method: "POST",
          url: "/api/admin/operations/addProduct",
          payload: productForm(name, [await imageDataUrl("#336699")]),
          headers: { cookie: owner },
        });
      const saved = (await upload("Before The Outage")).json<Product>();
      const picture = `/media/${saved.images[0]!.public_id}/${saved.images[0]!.widths[0]}.webp`;
      expect((await shop.app.inject({ method: "GET", url: picture })).statusCode).toBe(200);

      await down.stop();
      const productsBefore = await shop.db.$count(products);
      const mediaBefore = await shop.db.$count(media);
      const refused = await upload("During The Outage");
      expect(refused.statusCode).toBe(503);
      expect(refused.json<{ message: string }>().message).toMatch(/picture store is not answering/);
      expect(refused.body).not.toMatch(/S3RVER|ECONNREFUSED|at .*\.ts/);
      expect(await shop.db.$count(products)).toBe(productsBefore);
      expect(await shop.db.$count(media)).toBe(mediaBefore);

      const unavailable = await shop.app.inject({ method: "GET", url: picture });
      expect(unavailable.statusCode).toBe(503);
      expect(unavailable.json<{ message: string }>().message).toMatch(/picture store is not answering/);
    } finally {
      await shop.close();
      await down.stop();
    }
  });
});

describe("pictures served straight from the bucket or a CDN (S3_PUBLIC_URL)", () => {
  it("are linked from there in the shop's pages, while /media/ still answers", async () => {
    const cdn = "https://cdn.furnish.test/pictures";
    const shop = await createTestApp({ s3: { ...s3.settings, publicUrl: cdn }, pages: true });
    try {
      const owner = await adminCookie(shop);
      const created = await shop.app.inject({
        method: "POST",
        url: "/api/admin/operations/addProduct",
        payload: productForm("Cdn Armchair", [await imageDataUrl("#7a5230")]),
        headers: { cookie: owner },
      });
      expect(created.statusCode, created.body).toBe(201);
      const product = created.json<Product>();
      const image = product.images[0]!;

      const page = await shop.app.inject({ method: "GET", url: `/product/${product._id}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`${cdn}/${image.public_id}/${image.widths[0]}.webp ${image.widths[0]}w`);
      expect(page.body).toContain(`src="${cdn}${image.url.slice("/media".length)}"`);
      // No picture the page shows comes from /media/ (the page's data for hydration keeps the shop's own names).
      expect(page.body).not.toMatch(/(?:src|srcSet|srcset|href)="\/media\//);

      const served = await shop.app.inject({ method: "GET", url: image.url });
      expect(served.statusCode).toBe(200);
    } finally {
      await shop.close();
    }
  });
});
