/**
 * The owner's catalogue tools at the API: the admin lists' search, filters, sorts and
 * paging; duplicating into a draft with shared pictures; and bulk changes, previewed
 * first, applied all at once or not at all.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { InjectOptions } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import type { BulkChangeResult } from "../../../domain/catalog/bulk-change.schema";
import type { CollectionDetail, Product } from "../../../domain/catalog/catalog.types";
import { adminCookie, customerCookie, imageDataUrl } from "../../../tests/support/admin-session";
import { insertCollection, insertProduct } from "../../../tests/support/catalog-factory";
import { useTestApp } from "../../../tests/support/test-app";

const t = useTestApp();
let cookie = "";

beforeAll(async () => {
  cookie = await adminCookie(t);
});

const admin = (method: InjectOptions["method"], url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/admin/operations${url}`, ...(payload ? { payload } : {}), headers: { cookie } });

const names = (body: { products: Product[] }) => body.products.map((product) => product.name);

async function addProduct(fields: object = {}): Promise<Product> {
  const response = await admin("POST", "/addProduct", {
    name: "Tamarind Sofa",
    description: "<p>Three seats.</p>",
    items: "1 sofa",
    price: 500000,
    category: "Living Room",
    style: "Modern",
    images: [await imageDataUrl("#8a6a4a")],
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Product>();
}

describe("GET /api/admin/operations/products", () => {
  beforeAll(async () => {
    const set = await insertCollection(t.db, { name: "Marula Set" });
    await insertProduct(t.db, { name: "Marula Wingback Chair", category: "Armchair", priceKobo: 300_000_00 });
    await insertProduct(t.db, {
      name: "Marula Velvet Sofa",
      priceKobo: 900_000_00,
      discountedPriceKobo: 800_000_00,
      isPromo: true,
      collectionId: set.id,
    });
    await insertProduct(t.db, { name: "Marula Oak Bed", category: "Bedroom", priceKobo: 600_000_00, sold: true });
    await insertProduct(t.db, {
      name: "Marula Draft Table",
      category: "Dining Room",
      priceKobo: 400_000_00,
      status: "draft",
      availabilityKind: "made_to_order",
      weeksFrom: 4,
      weeksTo: 6,
    });
  });

  it("finds by a misspelt name and narrows by every filter", async () => {
    const list = async (query: string) => (await admin("GET", `/products?search=marula&${query}`)).json();
    expect(names(await list(""))).toEqual(
      expect.arrayContaining(["Marula Wingback Chair", "Marula Velvet Sofa", "Marula Oak Bed", "Marula Draft Table"]),
    );
    expect(names((await admin("GET", "/products?search=winbgack%20marula")).json())[0]).toBe("Marula Wingback Chair");
    expect(names(await list("category=Armchair"))).toEqual(["Marula Wingback Chair"]);
    expect(names(await list("isPromo=true"))).toEqual(["Marula Velvet Sofa"]);
    expect(names(await list("sold=true"))).toEqual(["Marula Oak Bed"]);
    expect(names(await list("status=draft"))).toEqual(["Marula Draft Table"]);
    expect(names(await list("availability=made_to_order"))).toEqual(["Marula Draft Table"]);
    const set = (await list("isPromo=true")).products[0].collectionId._id as string;
    expect(names(await list(`collectionId=${set}`))).toEqual(["Marula Velvet Sofa"]);
    expect(names(await list("collectionId=none"))).not.toContain("Marula Velvet Sofa");
  });

  it("sorts, pages and counts", async () => {
    const byPrice = (await admin("GET", "/products?search=marula&sort=price_desc")).json();
    expect(names(byPrice)).toEqual([
      "Marula Velvet Sofa",
      "Marula Oak Bed",
      "Marula Draft Table",
      "Marula Wingback Chair",
    ]);
    const byName = (await admin("GET", "/products?search=marula&sort=name&limit=2")).json();
    expect(byName).toMatchObject({ total: 4, hasMore: true });
    expect(names(byName)).toEqual(["Marula Draft Table", "Marula Oak Bed"]);
    const second = (await admin("GET", "/products?search=marula&sort=name&limit=2&page=2")).json();
    expect(names(second)).toEqual(["Marula Velvet Sofa", "Marula Wingback Chair"]);
    expect(second.hasMore).toBe(false);
  });

  it("refuses unknown filters' values with 400, and is for admins only", async () => {
    for (const query of ["status=hidden", "sort=cheapest", "collectionId=nope", "limit=500", "availability=soon"]) {
      const response = await admin("GET", `/products?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect((await t.app.inject({ method: "GET", url: "/api/admin/operations/products" })).statusCode).toBe(401);
    const customer = await customerCookie(t);
    const asCustomer = await t.app.inject({
      method: "GET",
      url: "/api/admin/operations/products",
      headers: { cookie: customer },
    });
    expect(asCustomer.statusCode).toBe(403);
  });

  it("lists collections and projects with drafts too", async () => {
    await insertCollection(t.db, { name: "Baobab Draft Set", status: "draft" });
    const collections = (await admin("GET", "/collections?search=baobab")).json();
    expect(collections.collections.map((c: { name: string; status: string }) => [c.name, c.status])).toEqual([
      ["Baobab Draft Set", "draft"],
    ]);
    expect((await admin("GET", "/collections?status=published&search=baobab")).json().total).toBe(0);
    expect((await admin("GET", "/projects?status=hidden")).statusCode).toBe(400);
  });
});

describe("duplicating", () => {
  it("copies a product into a draft that shares its pictures, which outlive the original", async () => {
    const original = await addProduct({
      name: "Tamarind Armchair",
      options: [{ name: "Walnut", image: await imageDataUrl("#4a3020") }],
      dimensions: { width: 80, depth: 85, height: 100 },
      materials: "Iroko, linen",
    });
    const response = await admin("POST", `/products/${original._id}/duplicate`);
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json<Product>();
    expect(copy).toMatchObject({
      name: "Tamarind Armchair (copy)",
      status: "draft",
      price: original.price,
      dimensions: original.dimensions,
      materials: "Iroko, linen",
    });
    expect(copy._id).not.toBe(original._id);
    expect(copy.images.map((image) => image.public_id)).toEqual(original.images.map((image) => image.public_id));
    expect(copy.options.map((option) => [option.name, option.image?.public_id])).toEqual(
      original.options.map((option) => [option.name, option.image?.public_id]),
    );
    expect(copy.options[0]!._id).not.toBe(original.options[0]!._id);
    expect((await t.app.inject({ method: "GET", url: `/api/products/${copy._id}` })).statusCode).toBe(404);

    // Deleting the original leaves the copy's pictures in place, files included.
    expect((await admin("DELETE", `/delProduct/${original._id}`)).statusCode).toBe(200);
    for (const id of [copy.images[0]!.public_id, copy.options[0]!.image!.public_id]) {
      expect(existsSync(path.join(t.mediaDir, id))).toBe(true);
    }
    const kept = (await admin("GET", `/products?search=tamarind%20armchair`)).json<{ products: Product[] }>();
    expect(kept.products.map((product) => product._id)).toContain(copy._id);
    expect(kept.products.map((product) => product._id)).not.toContain(original._id);
    // Deleting the copy, their last user, removes them.
    await admin("DELETE", `/delProduct/${copy._id}`);
    expect(existsSync(path.join(t.mediaDir, copy.images[0]!.public_id))).toBe(false);
  });

  it("copies a collection into a draft with draft copies of its pieces", async () => {
    const chair = await addProduct({ name: "Tamarind Dining Chair", category: "Dining Room" });
    const table = await addProduct({ name: "Tamarind Dining Table", category: "Dining Room" });
    const created = await admin("POST", "/addCollection", {
      name: "Tamarind Dining Set",
      description: "<p>Seats six.</p>",
      items: "1 table, 6 chairs",
      price: 1200000,
      style: "Modern",
      productIds: [chair._id, table._id],
      coverImage: await imageDataUrl("#6a4a2a"),
    });
    const set = created.json<CollectionDetail>();
    const response = await admin("POST", `/collections/${set._id}/duplicate`);
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json<CollectionDetail>();
    expect(copy).toMatchObject({ name: "Tamarind Dining Set (copy)", status: "draft", price: 1200000 });
    expect(copy.coverImage?.public_id).toBe(set.coverImage?.public_id);
    expect(copy.productIds.map((piece) => [piece.name, piece.status]).sort()).toEqual([
      ["Tamarind Dining Chair", "draft"],
      ["Tamarind Dining Table", "draft"],
    ]);
    // The original keeps its own pieces.
    const original = (
      await t.app.inject({ method: "GET", url: `/api/collections/${set._id}` })
    ).json<CollectionDetail>();
    expect(original.productIds.map((piece) => piece._id).sort()).toEqual([chair._id, table._id].sort());
  });

  it("answers 404 for what is not there", async () => {
    expect((await admin("POST", "/products/00000000-0000-4000-8000-000000000000/duplicate")).statusCode).toBe(404);
    expect((await admin("POST", "/collections/not-an-id/duplicate")).statusCode).toBe(404);
  });
});

describe("POST /api/admin/operations/products/bulk", () => {
  const bulk = async (body: object) => admin("POST", "/products/bulk", body);
  const priceOf = async (id: string) =>
    (await admin("GET", `/products?search=${encodeURIComponent("jacaranda")}&limit=100`))
      .json<{ products: Product[] }>()
      .products.find((product) => product._id === id)!;

  it("previews a 10% rise on a filter's products without writing, then applies it at once", async () => {
    const plain = await addProduct({ name: "Jacaranda Sofa", price: 123456 });
    const promo = await addProduct({
      name: "Jacaranda Loveseat",
      price: 100000,
      isPromo: true,
      discountedPrice: 90000,
    });
    await addProduct({ name: "Jacaranda Bed", category: "Bedroom", price: 200000 });
    const filter = { search: "jacaranda", category: "Living Room" };

    const preview = await bulk({ filter, action: "price", value: { percent: 10 }, preview: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const changes = preview.json<BulkChangeResult>().changes;
    expect(changes.map((change) => [change.name, change.before.price, change.after?.price]).sort()).toEqual([
      ["Jacaranda Loveseat", 100000, 110000],
      // ₦135,801.60, to the nearest ₦100 unless the owner chose another figure.
      ["Jacaranda Sofa", 123456, 135800],
    ]);
    expect(changes.find((change) => change._id === promo._id)?.after).toMatchObject({ discountedPrice: 99000 });
    expect((await priceOf(plain._id)).price).toBe(123456);

    const applied = await bulk({ filter, action: "price", value: { percent: 10 } });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<BulkChangeResult>().changes).toHaveLength(2);
    expect(await priceOf(plain._id)).toMatchObject({ price: 135800 });
    expect(await priceOf(promo._id)).toMatchObject({ price: 110000, discountedPrice: 99000, isPromo: true });
    const shopper = await t.app.inject({ method: "GET", url: `/api/products/${plain._id}` });
    expect(shopper.json<Product>().price).toBe(135800);
  });

  it("never leaves a discounted price at or above its price", async () => {
    const tight = await addProduct({ name: "Jacaranda Stool", price: 1000, isPromo: true, discountedPrice: 999.9 });
    const small = await addProduct({ name: "Jacaranda Cushion", price: 5000, isPromo: true, discountedPrice: 1000 });
    const ids = [tight._id, small._id];

    // ₦1,000 and ₦999.90 up 5%, to the nearest ₦100: ₦1,100 and ₦1,000, still below it.
    await bulk({ ids, action: "price", value: { percent: 5 } });
    expect(await priceOf(tight._id)).toMatchObject({ price: 1100, discountedPrice: 1000, isPromo: true });
    expect(await priceOf(small._id)).toMatchObject({ price: 5300, discountedPrice: 1100, isPromo: true });

    // ₦1,100 off both: discounted prices that would reach ₦0 or below end their promotions.
    await bulk({ ids, action: "price", value: { amount: -1100 } });
    expect(await priceOf(tight._id)).toMatchObject({ price: 0, discountedPrice: null, isPromo: false });
    expect(await priceOf(small._id)).toMatchObject({ price: 4200, discountedPrice: null, isPromo: false });

    // A change that would take any price below ₦0 is refused for all, and nothing moves.
    const refused = await bulk({ ids, action: "price", value: { amount: -100 } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("Jacaranda Stool: That change would make a price fall below ₦0.");
    expect((await priceOf(small._id)).price).toBe(4200);
  });

  it("starts and ends promotions, marks sold, moves, publishes and deletes", async () => {
    const a = await addProduct({ name: "Jacaranda Console", price: 250000 });
    const b = await addProduct({ name: "Jacaranda Bench", price: 99999 });
    const ids = [a._id, b._id];
    const set = await insertCollection(t.db, { name: "Jacaranda Hall" });

    const promo = (await bulk({ ids, action: "promo", value: { percent: 15 } })).json<BulkChangeResult>();
    expect(promo.changes).toHaveLength(2);
    expect(await priceOf(a._id)).toMatchObject({ isPromo: true, discountedPrice: 212500 });
    expect(await priceOf(b._id)).toMatchObject({ isPromo: true, discountedPrice: 84999 });
    await bulk({ ids, action: "promo", value: false });
    expect(await priceOf(a._id)).toMatchObject({ isPromo: false, discountedPrice: null });

    await bulk({ ids, action: "sold", value: true });
    expect((await priceOf(b._id)).sold).toBe(true);
    const moved = (await bulk({ ids, action: "collection", value: set.id })).json<BulkChangeResult>();
    expect(moved.changes[0]).toMatchObject({
      before: { collection: null },
      after: { collection: { name: "Jacaranda Hall" } },
    });
    expect((await priceOf(a._id)).collectionId).toEqual({ _id: set.id, name: "Jacaranda Hall" });
    const missing = await bulk({ ids, action: "collection", value: "00000000-0000-4000-8000-000000000000" });
    expect(missing.statusCode).toBe(400);

    await bulk({ ids, action: "status", value: "draft" });
    expect((await t.app.inject({ method: "GET", url: `/api/products/${a._id}` })).statusCode).toBe(404);
    // Nothing to change is no change: only the items that move are listed.
    expect((await bulk({ ids, action: "status", value: "draft" })).json<BulkChangeResult>().changes).toEqual([]);

    const preview = (await bulk({ ids, action: "delete", preview: true })).json<BulkChangeResult>();
    expect(preview.changes.map((change) => change.after)).toEqual([null, null]);
    expect(await priceOf(a._id)).toBeDefined();
    await bulk({ ids, action: "delete" });
    expect(await priceOf(a._id)).toBeUndefined();
    expect(await priceOf(b._id)).toBeUndefined();
  });

  it("refuses bad bodies with 400 and writes nothing", async () => {
    const product = await addProduct({ name: "Jacaranda Shelf", price: 70000 });
    for (const body of [
      { action: "price", value: { percent: 10 } },
      { ids: [], action: "price", value: { percent: 10 } },
      { ids: [product._id], action: "price", value: { percent: 0 } },
      { ids: [product._id], action: "price", value: { amount: 10.5 } },
      { ids: [product._id], action: "price", value: { percent: 10, amount: 5 } },
      { ids: [product._id], action: "promo", value: { percent: 100 } },
      { ids: [product._id], action: "paint", value: "red" },
      { ids: [product._id], filter: {}, action: "sold", value: true },
      { filter: { status: "hidden" }, action: "sold", value: true },
    ]) {
      const response = await bulk(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect((await priceOf(product._id)).price).toBe(70000);
  });
});
