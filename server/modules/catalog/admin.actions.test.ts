/**
 * The admin pages' own posts: they reach the same operations as the API, behind the same
 * admin check, and take pictures as files in a multipart form.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { adminCookie, customerCookie } from "../../../tests/support/admin-session";
import { insertProduct } from "../../../tests/support/catalog-factory";
import { useTestApp } from "../../../tests/support/test-app";
import { PAGE_BODY_LIMIT } from "../../plugins/web";

const t = useTestApp({ pages: true });

const ORIGIN = "https://furnish.test";

/** A multipart body as a browser sends a form with files. */
async function multipart(fields: Record<string, string>, files: Array<{ name: string; bytes: Buffer }> = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append("images", new File([new Uint8Array(file.bytes)], "picture.png", { type: "image/png" }));
  const request = new Request(ORIGIN, { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type")!, origin: ORIGIN, "sec-fetch-mode": "navigate" },
  };
}

const deleteProductPost = (id: string) => ({
  payload: `intent=delete-product&id=${id}&back=%2Fadmin%2Fdashboard%3Fsection%3Dproducts`,
  headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, "sec-fetch-mode": "navigate" },
});

describe("the admin pages' actions", () => {
  it("are no way round the admin check: a guest goes to the admin login, a customer home, nothing deleted", async () => {
    const product = await insertProduct(t.db);
    const guest = await t.app.inject({ method: "POST", url: "/admin/dashboard", ...deleteProductPost(product.id) });
    expect(guest.statusCode).toBe(302);
    expect(guest.headers.location).toBe("/admin/login");
    const post = deleteProductPost(product.id);
    const customer = await t.app.inject({
      method: "POST",
      url: "/admin/dashboard",
      payload: post.payload,
      headers: { ...post.headers, cookie: await customerCookie(t) },
    });
    expect(customer.statusCode).toBe(302);
    expect(customer.headers.location).toBe("/");
    expect((await t.app.inject({ method: "GET", url: `/api/products/${product.id}` })).statusCode).toBe(200);
  });

  it("delete as the API does, and answer a browser's own post with a 303 back and the message", async () => {
    const product = await insertProduct(t.db);
    const post = deleteProductPost(product.id);
    const response = await t.app.inject({
      method: "POST",
      url: "/admin/dashboard",
      payload: post.payload,
      headers: { ...post.headers, cookie: await adminCookie(t) },
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/admin/dashboard?section=products");
    expect(String(response.headers["set-cookie"])).toContain("flash=");
    expect((await t.app.inject({ method: "GET", url: `/api/products/${product.id}` })).statusCode).toBe(404);
  });

  it("add a product from a multipart form with its picture as a file, larger than other pages may post", async () => {
    const picture = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#8a4f33" } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(picture.length).toBeGreaterThan(PAGE_BODY_LIMIT);
    const name = `Form Chair ${Date.now()}`;
    const form = await multipart(
      {
        name,
        description: "<p>Solid iroko.</p>",
        items: "1 chair",
        price: "45000",
        category: "Armchair",
        style: "Modern",
        isBestSeller: "on",
      },
      [{ name: "picture.png", bytes: picture }],
    );
    const cookie = await adminCookie(t);
    const response = await t.app.inject({
      method: "POST",
      url: "/admin/products/new",
      payload: form.payload,
      headers: { ...form.headers, cookie },
    });
    expect(response.statusCode, response.body.slice(0, 500)).toBe(303);
    expect(response.headers.location).toBe("/admin/dashboard?section=products");
    const found = await t.app.inject({ method: "GET", url: `/api/products?search=${encodeURIComponent(name)}` });
    const [product] = (found.json() as { products: Array<{ name: string; isBestSeller: boolean; images: unknown[] }> })
      .products;
    expect(product).toMatchObject({ name, isBestSeller: true });
    expect(product!.images).toHaveLength(1);

    // Any other page keeps the small limit.
    const elsewhere = await t.app.inject({
      method: "POST",
      url: "/contact",
      payload: form.payload,
      headers: form.headers,
    });
    expect(elsewhere.statusCode).toBe(413);
  });

  it("refuse a form the schema refuses with its messages, saving nothing", async () => {
    const form = await multipart({ name: "", description: "", items: "", price: "", category: "", style: "" });
    const response = await t.app.inject({
      method: "POST",
      url: "/admin/products/new",
      payload: form.payload,
      headers: { ...form.headers, cookie: await adminCookie(t) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("Name is required.");
    expect(response.body).toContain("Description cannot be empty.");
  });
});
