/**
 * The furniture details of products and collections through the API: size, materials,
 * options with pictures and availability, read back as saved; a cart line and an order
 * in a chosen option; and what the WhatsApp message says of them.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { InjectOptions } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import type { CollectionDetail, Product } from "../../../domain/catalog/catalog.types";
import { lagosToday, readyBy } from "../../../domain/catalog/furniture";
import { adminCookie, imageDataUrl } from "../../../tests/support/admin-session";
import { Browser } from "../../../tests/support/api-browser";
import { insertProduct } from "../../../tests/support/catalog-factory";
import { TEST_SITE, useTestApp } from "../../../tests/support/test-app";

const t = useTestApp();
let cookie = "";

beforeAll(async () => {
  cookie = await adminCookie(t);
});

function admin(method: InjectOptions["method"], url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/admin/operations${url}`,
    ...(payload ? { payload } : {}),
    headers: { cookie },
  });
}

async function productForm(overrides: Record<string, unknown> = {}) {
  return {
    name: "Ikoyi Sofa",
    description: "<p>Three seats.</p>",
    items: "1 sofa",
    price: 850000,
    category: "Living Room",
    style: "Modern",
    images: [await imageDataUrl("#aa3311")],
    ...overrides,
  };
}

const whatsappText = (url: string) => decodeURIComponent(new URL(url).searchParams.get("text") ?? "");

describe("a product's furniture details", () => {
  it("are saved and read back: size, materials, options with pictures, availability and its ready date", async () => {
    const created = await admin(
      "POST",
      "/addProduct",
      await productForm({
        dimensions: { width: "220", depth: "95", height: "80", seatHeight: "45" },
        materials: "Solid iroko frame, velvet",
        availability: { kind: "made_to_order", weeksFrom: 6, weeksTo: 8 },
        options: [
          { name: "Emerald velvet", image: await imageDataUrl("#1f6f4a") },
          { name: "Sand linen", image: null },
        ],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json<Product>();
    const read = (await t.app.inject({ method: "GET", url: `/api/products/${product._id}` })).json<Product>();
    expect(read).toMatchObject({
      dimensions: { width: 220, depth: 95, height: 80, seatHeight: 45 },
      materials: "Solid iroko frame, velvet",
      availability: { kind: "made_to_order", weeksFrom: 6, weeksTo: 8 },
      readyBy: readyBy({ kind: "made_to_order", weeksFrom: 6, weeksTo: 8 }, lagosToday()),
    });
    expect(read.options.map((option) => option.name)).toEqual(["Emerald velvet", "Sand linen"]);
    expect(read.options[0]!.image?.url).toMatch(/^\/media\//);
    expect(read.options[1]!.image).toBeNull();
    const list = (await t.app.inject({ method: "GET", url: "/api/products?limit=100" })).json<{
      products: Product[];
    }>();
    expect(list.products.find((item) => item._id === product._id)?.options).toHaveLength(2);

    // An edit keeps an option by its id, renames it, drops another (and its picture), adds a third.
    const [velvet] = read.options;
    const edited = await admin("PUT", `/updateProduct/${product._id}`, {
      options: [{ _id: velvet!._id, name: "Forest velvet", image: velvet!.image }, { name: "Charcoal bouclé" }],
      availability: { kind: "in_stock" },
      dimensions: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json<Product>();
    expect(after.options.map(({ _id, name }) => ({ _id, name }))).toEqual([
      { _id: velvet!._id, name: "Forest velvet" },
      { _id: expect.any(String), name: "Charcoal bouclé" },
    ]);
    expect(after.options[0]!.image?.public_id).toBe(velvet!.image!.public_id);
    expect(after).toMatchObject({
      availability: { kind: "in_stock", weeksFrom: null, weeksTo: null },
      readyBy: lagosToday(),
      dimensions: null,
      materials: "Solid iroko frame, velvet",
    });

    // Dropping the pictured option removes its picture, as no one else shows it.
    const dropped = await admin("PUT", `/updateProduct/${product._id}`, { options: [{ name: "Charcoal bouclé" }] });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(existsSync(path.join(t.mediaDir, velvet!.image!.public_id))).toBe(false);
  });

  it("refuses what no shop could mean, with the form's messages, and keeps what was saved", async () => {
    const product = (await admin("POST", "/addProduct", await productForm({ materials: "Oak" }))).json<Product>();
    const cases: Array<[object, string, string]> = [
      [
        { dimensions: { width: 220, depth: 95 } },
        "dimensions",
        "Give the width, depth and height, or leave all three blank.",
      ],
      [
        { dimensions: { width: -1, depth: 95, height: 80 } },
        "dimensions.width",
        "Measurements must be whole centimetres from 1 to 2000.",
      ],
      [
        { availability: { kind: "made_to_order", weeksFrom: 6 } },
        "availability.weeksTo",
        "Give the production time in weeks, from and to.",
      ],
      [{ availability: { kind: "imported" } }, "availability.weeksFrom", "Give the shipping time in weeks."],
      [
        { availability: { kind: "soon" } },
        "availability.kind",
        "Availability must be in stock, made to order or imported.",
      ],
      [{ options: [{ name: "Oak" }, { name: "OAK" }] }, "options", "Each option needs its own name."],
      [
        { options: [{ name: "Oak", image: "not a picture" }] },
        "options.0.image",
        "Failed to read the option's picture.",
      ],
      [
        { options: [{ _id: "3f2b7c1e-8a4d-4b6f-9c2e-1d5a7b9e0f11", name: "Oak" }] },
        "options.0",
        "That option is not one of this product's.",
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await admin("PUT", `/updateProduct/${product._id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toEqual({ message, errors: { [field]: message } });
    }
    const stored = (await t.app.inject({ method: "GET", url: `/api/products/${product._id}` })).json<Product>();
    expect(stored).toMatchObject({ materials: "Oak", options: [], dimensions: null });
  });
});

describe("a collection's furniture details", () => {
  it("shows its availability and materials, and what its pieces cost bought one by one", async () => {
    const chair = await insertProduct(t.db, { name: "Dining Chair", priceKobo: 120_000_00 });
    const table = await insertProduct(t.db, {
      name: "Dining Table",
      priceKobo: 600_000_00,
      isPromo: true,
      discountedPriceKobo: 500_000_00,
    });
    const created = await admin("POST", "/addCollection", {
      name: "Ikeja Dining Set",
      description: "<p>Table and chair.</p>",
      price: 550000,
      style: "Modern",
      productIds: [chair.id, table.id],
      coverImage: await imageDataUrl("#445566"),
      materials: "Iroko and brass",
      availability: { kind: "imported", weeksFrom: 10 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<CollectionDetail>()._id;
    const detail = (await t.app.inject({ method: "GET", url: `/api/collections/${id}` })).json<CollectionDetail>();
    expect(detail).toMatchObject({
      materials: "Iroko and brass",
      availability: { kind: "imported", weeksFrom: 10, weeksTo: null },
      readyBy: readyBy({ kind: "imported", weeksFrom: 10, weeksTo: null }, lagosToday()),
      // ₦120,000 + the table's sale price of ₦500,000.
      piecesPrice: 620000,
    });
  });
});

describe("a chosen option", () => {
  async function productWithOptions() {
    const product = (
      await admin(
        "POST",
        "/addProduct",
        await productForm({
          name: "Lekki Armchair",
          price: 300000,
          availability: { kind: "made_to_order", weeksFrom: 3, weeksTo: 4 },
          options: [{ name: "Walnut" }, { name: "Ash" }],
        }),
      )
    ).json<Product>();
    return { product, walnut: product.options[0]!, ash: product.options[1]! };
  }

  it("makes its own cart line, read back with the option and named by details-by-ids", async () => {
    const { product, walnut, ash } = await productWithOptions();
    const browser = new Browser(t.app);
    const add = (option?: string) =>
      browser.call("PUT", "/api/cart/add", { itemId: product._id, itemType: "Product", quantity: 1, option });
    expect((await add(walnut._id)).statusCode).toBe(200);
    expect((await add(walnut._id)).statusCode).toBe(200);
    const lines = (await add(ash._id)).json<{ items: Array<{ option: string | null; quantity: number }> }>().items;
    expect(lines.map(({ option, quantity }) => ({ option, quantity }))).toEqual([
      { option: walnut._id, quantity: 2 },
      { option: ash._id, quantity: 1 },
    ]);

    const stepped = await browser.call("PUT", "/api/cart/updatequantity", {
      itemId: product._id,
      itemType: "Product",
      option: ash._id,
      quantity: 5,
    });
    expect(stepped.json().items.map((line: { quantity: number }) => line.quantity)).toEqual([2, 5]);
    const removed = await browser.call("PUT", "/api/cart/remove", {
      itemId: product._id,
      itemType: "Product",
      option: walnut._id,
    });
    expect(removed.json().items).toMatchObject([{ option: ash._id, quantity: 5 }]);

    // Added without a finish (from a card), the piece is taken in its first, as its page shows it.
    const fromCard = new Browser(t.app);
    const plain = await fromCard.call("PUT", "/api/cart/add", { itemId: product._id, itemType: "Product" });
    expect(plain.json().items).toMatchObject([{ option: walnut._id, quantity: 1 }]);

    const other = await insertProduct(t.db, { name: "Plain Stool" });
    for (const [itemId, option] of [
      [product._id, "3f2b7c1e-8a4d-4b6f-9c2e-1d5a7b9e0f11"],
      [other.id, walnut._id],
    ]) {
      const refused = await browser.call("PUT", "/api/cart/add", { itemId, itemType: "Product", option });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: "That option is not offered for this product." });
    }
    const malformed = await browser.call("PUT", "/api/cart/add", {
      itemId: product._id,
      itemType: "Product",
      option: "x",
    });
    expect(malformed.statusCode).toBe(400);

    const details = await browser.call("POST", "/api/cart/details-by-ids", { productIds: [product._id] });
    expect(details.json().products[0].options.map((option: { name: string }) => option.name)).toEqual([
      "Walnut",
      "Ash",
    ]);

    // The owner drops the option: the lines that chose it go with it.
    await admin("PUT", `/updateProduct/${product._id}`, { options: [{ _id: walnut._id, name: "Walnut" }] });
    expect((await browser.call("GET", "/api/cart")).json().items).toEqual([]);
  });

  it("goes into the order's line and the WhatsApp message, with when the piece can be ready", async () => {
    const { product, ash } = await productWithOptions();
    const browser = new Browser(t.app);
    const placed = await browser.call("POST", "/api/orders", {
      kind: "item",
      itemType: "Product",
      itemId: product._id,
      option: ash._id,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { order, whatsappUrl } = placed.json();
    expect(order.lines).toMatchObject([{ name: "Lekki Armchair", option: "Ash", quantity: 1 }]);
    const text = whatsappText(whatsappUrl);
    expect(text).toContain("Lekki Armchair\nFinish: Ash\nAvailability: Made to order in 3–4 weeks, ready by about ");
    expect(whatsappUrl.startsWith(`https://wa.me/${TEST_SITE.WHATSAPP_NUMBER}?text=`)).toBe(true);

    await browser.call("PUT", "/api/cart/add", { itemId: product._id, itemType: "Product", option: ash._id });
    const cartOrder = await browser.call("POST", "/api/orders", { kind: "cart" });
    expect(cartOrder.statusCode, cartOrder.body).toBe(201);
    expect(cartOrder.json().order.lines).toMatchObject([{ option: "Ash" }]);
    expect(whatsappText(cartOrder.json().whatsappUrl)).toContain(
      "1. Lekki Armchair\n   Finish: Ash\n   Availability: Made to order in 3–4 weeks",
    );

    const unnamed = await new Browser(t.app).call("POST", "/api/orders", {
      kind: "item",
      itemType: "Product",
      itemId: product._id,
    });
    expect(unnamed.json().order.lines).toMatchObject([{ option: "Walnut" }]);

    const unknown = await browser.call("POST", "/api/orders", {
      kind: "item",
      itemType: "Product",
      itemId: product._id,
      option: "3f2b7c1e-8a4d-4b6f-9c2e-1d5a7b9e0f11",
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: "That option is not offered for this product." });
  });
});
