/**
 * Drafts are the owner's alone: a product, collection or project saved as a draft is in
 * the admin's lists and forms, and nowhere a shopper or a crawler looks: not in the
 * public lists, counts, searches, details, pages, sitemap or link-preview cards, nor in
 * a cart. Publishing shows it everywhere at once.
 */
import type { InjectOptions } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import type { Collection, CollectionDetail, Product, Project } from "../../../domain/catalog/catalog.types";
import { adminCookie, imageDataUrl } from "../../../tests/support/admin-session";
import { Browser } from "../../../tests/support/api-browser";
import { useTestApp } from "../../../tests/support/test-app";

const t = useTestApp({ pages: true });
let cookie = "";

beforeAll(async () => {
  cookie = await adminCookie(t);
});

const admin = (method: InjectOptions["method"], url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/admin/operations${url}`, ...(payload ? { payload } : {}), headers: { cookie } });

const get = (url: string) => t.app.inject({ method: "GET", url });

async function addProduct(fields: object = {}): Promise<Product> {
  const response = await admin("POST", "/addProduct", {
    name: "Quillwort Draft Sofa",
    description: "<p>Three seats in bouclé.</p>",
    items: "1 sofa",
    price: 750000,
    category: "Living Room",
    style: "Modern",
    images: [await imageDataUrl("#5b4636")],
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Product>();
}

describe("a draft product", () => {
  let draft: Product;
  let published: Product;

  beforeAll(async () => {
    draft = await addProduct({ status: "draft" });
    published = await addProduct({ name: "Quillwort Published Sofa" });
  });

  it("is saved as a draft, and products are published unless saved as drafts", () => {
    expect(draft.status).toBe("draft");
    expect(published.status).toBe("published");
  });

  it("is in no public list, count, search or detail, and its page is a 404", async () => {
    const ids = (body: { products: Product[] }) => body.products.map((product) => product._id);
    const list = (await get("/api/products?limit=100")).json<{ products: Product[]; total: number }>();
    expect(ids(list)).toContain(published._id);
    expect(ids(list)).not.toContain(draft._id);
    const search = (await get("/api/products?search=quillwort")).json<{ products: Product[]; total: number }>();
    expect(ids(search)).toEqual([published._id]);
    expect(search.total).toBe(1);
    // A slip in the word finds the published piece and still not the draft.
    expect(ids((await get("/api/products?search=quilwort")).json())).toEqual([published._id]);
    expect((await get("/api/products/count")).json()).toEqual({ totalProducts: list.total });

    expect((await get(`/api/products/${draft._id}`)).statusCode).toBe(404);
    expect((await get(`/product/${draft._id}`)).statusCode).toBe(404);
    const shop = await get("/shop?search=quillwort");
    expect(shop.body).toContain("Quillwort Published Sofa");
    expect(shop.body).not.toContain("Quillwort Draft Sofa");
  });

  it("is left out of the sitemap and the product feeds, and has no link-preview card", async () => {
    for (const feed of ["/feeds/google.xml", "/feeds/meta.csv"]) {
      const body = (await get(feed)).body;
      expect(body, feed).toContain(published._id);
      expect(body, feed).not.toContain(draft._id);
    }
    const sitemap = (await get("/sitemap.xml")).body;
    expect(sitemap).toContain(`/product/${published._id}`);
    expect(sitemap).not.toContain(`/product/${draft._id}`);
    expect((await get(`/og/product/${published._id}.jpg`)).statusCode).toBe(200);
    expect((await get(`/og/product/${draft._id}.jpg`)).statusCode).toBe(404);
  });

  it("cannot go into a cart or wishlist, nor be ordered", async () => {
    const shopper = new Browser(t.app);
    const added = await shopper.call("PUT", "/api/cart/add", { itemId: draft._id, itemType: "Product", quantity: 1 });
    expect(added.statusCode).toBe(404);
    const wished = await shopper.call("PUT", "/api/wishlist/add", { itemId: draft._id, itemType: "Product" });
    expect(wished.statusCode).toBe(404);
    const details = await shopper.call("POST", "/api/cart/details-by-ids", {
      productIds: [draft._id],
      collectionIds: [],
    });
    expect(details.json()).toMatchObject({ products: [] });
  });

  it("is in the admin's list, with its status, and opens in the admin's form", async () => {
    const all = (await admin("GET", "/products?search=quillwort")).json<{ products: Product[]; total: number }>();
    expect(all.products.map((product) => [product.name, product.status])).toEqual([
      ["Quillwort Published Sofa", "published"],
      ["Quillwort Draft Sofa", "draft"],
    ]);
    const drafts = (await admin("GET", "/products?search=quillwort&status=draft")).json<{ products: Product[] }>();
    expect(drafts.products.map((product) => product._id)).toEqual([draft._id]);
  });

  it("shows everywhere once published, and goes again when moved back to draft", async () => {
    const product = await addProduct({ name: "Quillwort Later Sofa", status: "draft" });
    const publish = await admin("PUT", `/updateProduct/${product._id}`, { status: "published" });
    expect(publish.json<Product>().status).toBe("published");
    expect((await get(`/api/products/${product._id}`)).statusCode).toBe(200);
    expect((await get(`/product/${product._id}`)).statusCode).toBe(200);
    expect((await get("/sitemap.xml")).body).toContain(`/product/${product._id}`);

    await admin("PUT", `/updateProduct/${product._id}`, { status: "draft" });
    expect((await get(`/api/products/${product._id}`)).statusCode).toBe(404);
  });

  it("refuses a status that is neither draft nor published", async () => {
    const response = await admin("PUT", `/updateProduct/${draft._id}`, { status: "hidden" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: "Status must be draft or published." });
  });
});

describe("a draft collection", () => {
  it("is hidden with its page, and its published pieces name no collection", async () => {
    const piece = await addProduct({ name: "Quillwort Set Chair" });
    const response = await admin("POST", "/addCollection", {
      name: "Quillwort Draft Set",
      description: "<p>A set.</p>",
      items: "1 chair",
      price: 900000,
      style: "Modern",
      productIds: [piece._id],
      coverImage: await imageDataUrl("#332211"),
      status: "draft",
    });
    expect(response.statusCode, response.body).toBe(201);
    const collection = response.json<CollectionDetail>();
    expect(collection.status).toBe("draft");

    const list = (await get("/api/collections?limit=100")).json<{ collections: Collection[] }>();
    expect(list.collections.map((item) => item._id)).not.toContain(collection._id);
    expect((await get(`/api/collections/${collection._id}`)).statusCode).toBe(404);
    expect((await get(`/collection/${collection._id}`)).statusCode).toBe(404);
    expect((await get(`/og/collection/${collection._id}.jpg`)).statusCode).toBe(404);
    expect((await get("/sitemap.xml")).body).not.toContain(`/collection/${collection._id}`);
    // The piece itself is published: it shows, but not the draft set it belongs to.
    expect((await get(`/api/products/${piece._id}`)).json<Product>().collectionId).toBeNull();
    expect(
      (await admin("GET", `/products?search=quillwort%20set`)).json<{ products: Product[] }>().products[0],
    ).toMatchObject({ collectionId: { _id: collection._id, name: "Quillwort Draft Set" } });
  });

  it("lists only its published pieces to shoppers", async () => {
    const shown = await addProduct({ name: "Quillwort Shown Stool" });
    const hidden = await addProduct({ name: "Quillwort Hidden Stool", status: "draft" });
    const created = await admin("POST", "/addCollection", {
      name: "Quillwort Stools",
      description: "<p>Two stools.</p>",
      items: "2 stools",
      price: 300000,
      style: "Modern",
      productIds: [shown._id, hidden._id],
      coverImage: await imageDataUrl("#223344"),
    });
    const collection = created.json<CollectionDetail>();
    expect(collection.productIds.map((piece) => piece._id).sort()).toEqual([shown._id, hidden._id].sort());
    const detail = (await get(`/api/collections/${collection._id}`)).json<CollectionDetail>();
    expect(detail.productIds.map((piece) => piece._id)).toEqual([shown._id]);
    const listed = (await get("/api/collections?limit=100")).json<{ collections: Collection[] }>();
    expect(listed.collections.find((item) => item._id === collection._id)?.productIds).toEqual([shown._id]);
  });
});

describe("a draft project", () => {
  it("is hidden from the projects list, its page and the sitemap, and listed for the admin", async () => {
    const response = await admin("POST", "/addProject", {
      title: "Quillwort Penthouse",
      location: "Ikoyi, Lagos",
      category: "Residential",
      price: 25000000,
      description: "<p>Full furnishing.</p>",
      images: [await imageDataUrl("#445566")],
      status: "draft",
    });
    expect(response.statusCode, response.body).toBe(201);
    const project = response.json<Project>();
    const list = (await get("/api/projects?limit=100")).json<{ data: Project[] }>();
    expect(list.data.map((item) => item._id)).not.toContain(project._id);
    expect((await get(`/api/projects/${project._id}`)).statusCode).toBe(404);
    expect((await get(`/project/${project._id}`)).statusCode).toBe(404);
    expect((await get("/sitemap.xml")).body).not.toContain(`/project/${project._id}`);
    // A slip in the title still finds it in the admin's list.
    const mine = (await admin("GET", "/projects?search=quilwort")).json<{ projects: Project[]; total: number }>();
    expect(mine.projects.map((item) => [item._id, item.status])).toEqual([[project._id, "draft"]]);
  });
});
