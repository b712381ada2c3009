import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { CollectionDetail, Product, ProductPage } from "../../../domain/catalog/catalog.types";
import {
  adminCookie,
  customerCookie,
  freshAddress,
  imageDataUrl,
  toDataUrl,
} from "../../../tests/support/admin-session";
import { insertCollection, insertProduct, makeImage } from "../../../tests/support/catalog-factory";
import { useTestApp } from "../../../tests/support/test-app";
import { collections, products } from "../../db/schema/catalog";
import { media } from "../../db/schema/media";

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

async function get<T>(url: string): Promise<T> {
  const response = await t.app.inject({ method: "GET", url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const PROMO_REQUIRED = "Discounted price is required and must be greater than 0 if product is on promotion.";
/** An item's fields with its images as ids: AVIF may become ready between two reads. */
const withImageIds = <T extends { images: { public_id: string }[] }>(item: T) => ({
  ...item,
  images: item.images.map((image) => image.public_id),
});
const mediaFolder = (publicId: string) => path.join(t.mediaDir, publicId);
const mediaCount = () => t.db.$count(media);
const storedFolders = async () => (await readdir(t.mediaDir)).length;

async function productForm(overrides: Record<string, unknown> = {}) {
  return {
    name: "Ikoyi Sofa",
    description: "<p>Three seats in <strong>velvet</strong>.</p>",
    items: "1 sofa, 2 cushions",
    price: 850000.5,
    category: "TV unit",
    style: "Contemporay",
    collectionId: null,
    images: [await imageDataUrl("#aa3311")],
    isBestSeller: false,
    isPromo: false,
    discountedPrice: null,
    isForeign: false,
    origin: "",
    ...overrides,
  };
}

async function collectionForm(productIds: string[], overrides: Record<string, unknown> = {}) {
  return {
    name: "Lekki Living",
    description: "<p>A whole living room.</p>",
    price: 2_000_000,
    style: "Modern",
    productIds,
    isBestSeller: true,
    isPromo: false,
    discountedPrice: null,
    coverImage: await imageDataUrl("#225588"),
    ...overrides,
  };
}

describe("the admin guard on catalogue operations", () => {
  it("answers 401 to a guest and 403 to a customer, and stores nothing", async () => {
    const before = await t.db.$count(products);
    const payload = await productForm();
    const guest = await t.app.inject({ method: "POST", url: "/api/admin/operations/addProduct", payload });
    expect(guest.statusCode).toBe(401);
    const customer = await t.app.inject({
      method: "POST",
      url: "/api/admin/operations/addProduct",
      payload,
      headers: { cookie: await customerCookie(t) },
      remoteAddress: freshAddress(),
    });
    expect(customer.statusCode).toBe(403);
    expect(await t.db.$count(products)).toBe(before);
  });
});

describe("adding a product", () => {
  it("stores it with its images and answers 201 with the product as the shop reads it", async () => {
    // A list read before the change is cached; the next one must already show the product.
    const before = await get<ProductPage>("/api/products");
    const response = await admin(
      "POST",
      "/addProduct",
      await productForm({
        images: [
          await imageDataUrl("#aa3311"),
          { url: await imageDataUrl("#11aa33", { format: "jpeg" }), isNew: true },
        ],
        isPromo: true,
        discountedPrice: "700000.25",
        isForeign: true,
        origin: " Italy ",
        isBestSeller: true,
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const product = response.json<Product>();
    expect(product).toMatchObject({
      name: "Ikoyi Sofa",
      price: 850000.5,
      discountedPrice: 700000.25,
      isPromo: true,
      isForeign: true,
      origin: "Italy",
      isBestSeller: true,
      category: "TV Unit",
      style: "Contemporary",
      collectionId: null,
      sold: false,
    });
    expect(product.images).toHaveLength(2);
    for (const image of product.images) {
      expect(image.url).toBe(`/media/${image.public_id}/${image.widths.at(-1)}.jpg`);
      expect(existsSync(path.join(t.mediaDir, image.public_id, `${image.widths[0]}.webp`))).toBe(true);
    }
    const [row] = await t.db.select().from(products).where(eq(products.id, product._id));
    expect(row).toMatchObject({ priceKobo: 85_000_050, discountedPriceKobo: 70_000_025 });

    const { images: _readImages, ...read } = await get<Product>(`/api/products/${product._id}`);
    const { images: _sentImages, ...sent } = product;
    expect(read).toEqual(sent);
    const after = await get<ProductPage>("/api/products");
    expect(after.total).toBe(before.total + 1);
    expect(after.products[0]!._id).toBe(product._id);
  });

  it("sanitises the description when it is saved", async () => {
    const response = await admin(
      "POST",
      "/addProduct",
      await productForm({
        description:
          '<p onclick="steal()" style="background:url(https://evil.test/x)">Solid <strong>iroko</strong><script>alert(1)</script></p>' +
          '<iframe src="https://evil.test"></iframe><img src="x" onerror="alert(1)">' +
          '<a href="javascript:alert(1)">bad link</a> <a href="https://example.com">good link</a><ul><li>Two seats</li></ul>',
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.db
      .select({ description: products.description })
      .from(products)
      .where(eq(products.id, response.json<Product>()._id));
    const stored = row!.description;
    for (const banned of ["script", "onclick", "onerror", "javascript:", "iframe", "style=", "<img", "evil.test"]) {
      expect(stored).not.toContain(banned);
    }
    expect(stored).toContain("<p>Solid <strong>iroko</strong></p>");
    expect(stored).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">good link</a>',
    );
    expect(stored).toContain("<ul><li>Two seats</li></ul>");
    expect(response.json<Product>().description).toBe(stored);
  });

  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    [
      "an empty description",
      { description: "<p> &nbsp; </p><p><br></p>" },
      "description",
      "Description cannot be empty.",
    ],
    ["a missing description", { description: undefined }, "description", "Description cannot be empty."],
    [
      "a description of script only",
      { description: "<p><script>alert(1)</script></p>" },
      "description",
      "Description cannot be empty.",
    ],
    // Text the sanitiser drops along with its tag: only the server's check after sanitising sees it.
    [
      "a description of a text area only",
      { description: "<textarea>hidden</textarea>" },
      "description",
      "Description cannot be empty.",
    ],
    ["a blank name", { name: "  " }, "name", "Name is required."],
    ["a NUL character in the name", { name: "Sofa\u0000" }, "name", "Name cannot contain control characters."],
    ["a line break in the items", { items: "1 sofa\n2 chairs" }, "items", "Items cannot contain control characters."],
    ["a control character in the make", { make: "Vi\u0007tra" }, "make", "Make cannot contain control characters."],
    [
      "a NUL character in the origin",
      { isForeign: true, origin: "Italy\u0000" },
      "origin",
      "Origin cannot contain control characters.",
    ],
    [
      "a NUL character in the description",
      { description: "<p>Solid\u0000 oak</p>" },
      "description",
      "Description cannot contain control characters.",
    ],
    ["blank items", { items: "" }, "items", "Items are required."],
    ["a negative price", { price: -1 }, "price", "Price must be a non-negative number."],
    ["a price that is not a number", { price: "abc" }, "price", "Price must be a non-negative number."],
    ["a missing price", { price: "" }, "price", "Price is required."],
    ["a price with three decimals", { price: 10.005 }, "price", "Prices can have at most 2 decimals."],
    ["a missing category", { category: "" }, "category", "Category is required."],
    ["an unknown category", { category: "Kitchen" }, "category", "Please choose one of the categories."],
    ["an unknown style", { style: "Baroque" }, "style", "Please choose one of the styles."],
    [
      "a promotion without a discounted price",
      { isPromo: true, discountedPrice: null },
      "discountedPrice",
      PROMO_REQUIRED,
    ],
    [
      "a promotion with a discounted price of 0",
      { isPromo: true, discountedPrice: 0 },
      "discountedPrice",
      PROMO_REQUIRED,
    ],
    [
      "a discounted price not below the price",
      { isPromo: true, price: 1000, discountedPrice: 1000 },
      "discountedPrice",
      "Discounted price must be less than the original price.",
    ],
    [
      "an import without its origin",
      { isForeign: true, origin: "  " },
      "origin",
      "Origin is required if product is marked as foreign.",
    ],
    [
      "an image that is not data",
      { images: ["https://elsewhere.test/photo.jpg"] },
      "images.0",
      "Failed to read image file.",
    ],
    [
      "a collection that does not exist",
      { collectionId: "00000000-0000-4000-8000-000000000000" },
      "collectionId",
      "The selected collection no longer exists.",
    ],
    [
      "a kept image that does not exist",
      { images: [{ url: "/media/nosuchimage/1024.jpg", public_id: "nosuchimage", isNew: false }] },
      "images.0",
      "This image no longer exists. Please upload it again.",
    ],
  ];

  it.each(cases)("refuses %s with 400 and its message, storing nothing", async (_case, change, field, message) => {
    const [productsBefore, mediaBefore, foldersBefore] = [
      await t.db.$count(products),
      await mediaCount(),
      await storedFolders(),
    ];
    const response = await admin("POST", "/addProduct", await productForm(change));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ message, errors: { [field]: message } });
    expect(await t.db.$count(products)).toBe(productsBefore);
    expect(await mediaCount()).toBe(mediaBefore);
    expect(await storedFolders()).toBe(foldersBefore);
  });

  it("refuses a text file posing as a PNG with 400, and removes the good image sent with it", async () => {
    const [productsBefore, mediaBefore, foldersBefore] = [
      await t.db.$count(products),
      await mediaCount(),
      await storedFolders(),
    ];
    const disguised = toDataUrl(Buffer.concat([Buffer.from("\x89PNG\r\n\x1a\n"), Buffer.from("just some text")]));
    const plainText = toDataUrl(Buffer.from("hello, I am a text file"), "image/jpeg");
    for (const fake of [disguised, plainText]) {
      const response = await admin("POST", "/addProduct", await productForm({ images: [await imageDataUrl(), fake] }));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        message: "Failed to read image file.",
        errors: { "images.1": "Failed to read image file." },
      });
    }
    expect(await t.db.$count(products)).toBe(productsBefore);
    expect(await mediaCount()).toBe(mediaBefore);
    expect(await storedFolders()).toBe(foldersBefore);
  });

  it("refuses an image over 10 MB with 413 before storing anything", async () => {
    const [productsBefore, mediaBefore, foldersBefore] = [
      await t.db.$count(products),
      await mediaCount(),
      await storedFolders(),
    ];
    const huge = toDataUrl(Buffer.alloc(10 * 1024 * 1024 + 1, 7), "image/jpeg");
    const response = await admin("POST", "/addProduct", await productForm({ images: [await imageDataUrl(), huge] }));
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json()).toMatchObject({ message: "Image is larger than 10 MB." });
    expect(await t.db.$count(products)).toBe(productsBefore);
    expect(await mediaCount()).toBe(mediaBefore);
    expect(await storedFolders()).toBe(foldersBefore);
  });

  it("refuses a body larger than six images with 413, and large bodies on other routes", async () => {
    const image = toDataUrl(Buffer.alloc(10 * 1024 * 1024, 1));
    const response = await admin("POST", "/addProduct", await productForm({ images: Array(7).fill(image) }));
    expect(response.statusCode).toBe(413);
    const inbox = await t.app.inject({
      method: "PUT",
      url: "/api/admin/operations/messages/00000000-0000-4000-8000-000000000000/read",
      payload: { read: true, padding: "x".repeat(2 * 1024 * 1024) },
      headers: { cookie },
    });
    expect(inbox.statusCode).toBe(413);
  });
});

describe("updating a product", () => {
  it("replaces its fields and images; turning promo and foreign off clears the discount and the origin", async () => {
    const created = (
      await admin(
        "POST",
        "/addProduct",
        await productForm({
          images: [await imageDataUrl("#010203"), await imageDataUrl("#040506")],
          isPromo: true,
          discountedPrice: 500,
          price: 1000,
          isForeign: true,
          origin: "Turkey",
        }),
      )
    ).json<Product>();
    const [kept, replaced] = created.images as [Product["images"][number], Product["images"][number]];
    await get<Product>(`/api/products/${created._id}`); // cached now

    const response = await admin(
      "PUT",
      `/updateProduct/${created._id}`,
      await productForm({
        name: "Ikoyi Sofa II",
        price: 1200,
        isPromo: false,
        discountedPrice: 500,
        isForeign: false,
        origin: "Turkey",
        style: "Glam",
        sold: true,
        images: [
          { url: await imageDataUrl("#070809"), isNew: true },
          { url: kept.url, public_id: kept.public_id, isNew: false },
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<Product>();
    expect(updated).toMatchObject({
      _id: created._id,
      name: "Ikoyi Sofa II",
      price: 1200,
      isPromo: false,
      discountedPrice: null,
      isForeign: false,
      origin: null,
      style: "Glam",
      sold: true,
    });
    expect(updated.images.map((i) => i.public_id)).toEqual([expect.not.stringMatching(kept.public_id), kept.public_id]);
    expect(await get<Product>(`/api/products/${created._id}`)).toMatchObject({
      name: "Ikoyi Sofa II",
      discountedPrice: null,
    });

    // The replaced image is gone from storage, rows and files; the kept one stays.
    expect(existsSync(mediaFolder(replaced.public_id))).toBe(false);
    expect(await t.db.$count(media, eq(media.id, replaced.public_id))).toBe(0);
    expect(existsSync(mediaFolder(kept.public_id))).toBe(true);
  });

  it("keeps what an update leaves out, as the admin form's payload (no sold, make or model) needs; false and null clear", async () => {
    const holder = await insertCollection(t.db, { name: "Holder of kept things" });
    const created = (
      await admin(
        "POST",
        "/addProduct",
        await productForm({
          price: 1000,
          isPromo: true,
          discountedPrice: 500,
          isForeign: true,
          origin: "Italy",
          isBestSeller: true,
          sold: true,
          make: "Vitra",
          model: "Eames",
          collectionId: holder.id,
        }),
      )
    ).json<Product>();
    const required = {
      name: "Renamed Sofa",
      description: "<p>Still soft.</p>",
      items: "1 sofa",
      price: 900,
      category: "Living Room",
      style: "Modern",
    };

    const kept = await admin("PUT", `/updateProduct/${created._id}`, required);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<Product>()).toMatchObject({
      name: "Renamed Sofa",
      price: 900,
      sold: true,
      make: "Vitra",
      model: "Eames",
      isPromo: true,
      discountedPrice: 500,
      isForeign: true,
      origin: "Italy",
      isBestSeller: true,
      collectionId: { _id: holder.id, name: "Holder of kept things" },
    });
    expect(kept.json<Product>().images.map((i) => i.public_id)).toEqual(created.images.map((i) => i.public_id));

    // The rules hold for the product as it would be: the kept discount is not below a price of 400.
    const belowDiscount = await admin("PUT", `/updateProduct/${created._id}`, { ...required, price: 400 });
    expect(belowDiscount.statusCode).toBe(400);
    expect(belowDiscount.json()).toEqual({
      message: "Discounted price must be less than the original price.",
      errors: { discountedPrice: "Discounted price must be less than the original price." },
    });
    expect((await get<Product>(`/api/products/${created._id}`)).price).toBe(900);

    const cleared = await admin("PUT", `/updateProduct/${created._id}`, {
      ...required,
      sold: false,
      make: null,
      model: "",
      isPromo: false,
      isForeign: false,
      isBestSeller: false,
      collectionId: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<Product>()).toMatchObject({
      sold: false,
      make: null,
      model: null,
      isPromo: false,
      discountedPrice: null,
      isForeign: false,
      origin: null,
      isBestSeller: false,
      collectionId: null,
    });
    // A product is shown only with a picture: clearing them all is refused, and they stay.
    const pictureless = await admin("PUT", `/updateProduct/${created._id}`, { images: null });
    expect(pictureless.statusCode).toBe(400);
    expect(pictureless.json()).toEqual({
      message: "Please add at least one picture of the product.",
      errors: { images: "Please add at least one picture of the product." },
    });
    expect((await get<Product>(`/api/products/${created._id}`)).images).toHaveLength(created.images.length);
    // The product was its collection's only one; the collection stays, empty.
    expect((await get<CollectionDetail>(`/api/collections/${holder.id}`)).productIds).toEqual([]);
  });

  it("takes a body of one field: the rest of the product, images and collection included, stays as it was", async () => {
    const holder = await insertCollection(t.db, { name: "Holder of a sold sofa" });
    const created = (
      await admin(
        "POST",
        "/addProduct",
        await productForm({
          images: [await imageDataUrl("#102030"), await imageDataUrl("#405060")],
          collectionId: holder.id,
          price: 1000,
          isPromo: true,
          discountedPrice: 800,
          isForeign: true,
          origin: "Ghana",
          make: "Ikea",
        }),
      )
    ).json<Product>();
    const unchanged = ({ sold: _sold, updatedAt: _updatedAt, ...rest }: Product) => withImageIds(rest);

    const sold = await admin("PUT", `/updateProduct/${created._id}`, { sold: true });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json<Product>().sold).toBe(true);
    expect(unchanged(sold.json<Product>())).toEqual(unchanged(created));
    expect((await get<Product>(`/api/products/${created._id}`)).sold).toBe(true);

    const renamed = await admin("PUT", `/updateProduct/${created._id}`, { name: " Renamed Sofa ", price: "1200" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<Product>()).toMatchObject({
      name: "Renamed Sofa",
      price: 1200,
      discountedPrice: 800,
      sold: true,
    });

    // Turning promo or foreign off still clears what they need.
    const plain = await admin("PUT", `/updateProduct/${created._id}`, { isPromo: false, isForeign: false });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json<Product>()).toMatchObject({
      isPromo: false,
      discountedPrice: null,
      isForeign: false,
      origin: null,
      make: "Ikea",
      collectionId: { _id: holder.id, name: "Holder of a sold sofa" },
    });

    const imagesOnly = await admin("PUT", `/updateProduct/${created._id}`, { images: [created.images[1]] });
    expect(imagesOnly.statusCode, imagesOnly.body).toBe(200);
    expect(imagesOnly.json<Product>().images.map((image) => image.public_id)).toEqual([created.images[1]!.public_id]);
    expect(imagesOnly.json<Product>().name).toBe("Renamed Sofa");
    expect(existsSync(mediaFolder(created.images[0]!.public_id))).toBe(false);
  });

  it("checks one-field bodies against the product as it would be, with the form's messages, changing nothing", async () => {
    const plain = (await admin("POST", "/addProduct", await productForm({ price: 4 }))).json<Product>();
    const onPromo = (
      await admin("POST", "/addProduct", await productForm({ price: 4, isPromo: true, discountedPrice: 3 }))
    ).json<Product>();
    const cases: Array<[Product, Record<string, unknown>, string, string]> = [
      [plain, { isPromo: true }, "discountedPrice", PROMO_REQUIRED],
      [onPromo, { discountedPrice: 5 }, "discountedPrice", "Discounted price must be less than the original price."],
      [onPromo, { price: 2 }, "discountedPrice", "Discounted price must be less than the original price."],
      [plain, { isForeign: true }, "origin", "Origin is required if product is marked as foreign."],
      [plain, { name: "" }, "name", "Name is required."],
      [plain, { name: null }, "name", "Name is required."],
      [plain, { description: "<p> </p>" }, "description", "Description cannot be empty."],
      [plain, { price: null }, "price", "Price is required."],
      [plain, { price: -1 }, "price", "Price must be a non-negative number."],
      [plain, { category: "Kitchen" }, "category", "Please choose one of the categories."],
      [plain, { images: ["not an image"] }, "images.0", "Failed to read image file."],
    ];
    for (const [product, body, field, message] of cases) {
      const response = await admin("PUT", `/updateProduct/${product._id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toEqual({ message, errors: { [field]: message } });
    }
    for (const product of [plain, onPromo]) {
      expect(withImageIds(await get<Product>(`/api/products/${product._id}`))).toEqual(withImageIds(product));
    }
  });

  it("keeps an image that another product still shows", async () => {
    const shared = await makeImage(t.db, t.mediaDir, "#123456");
    await insertProduct(t.db, { name: "Other", images: [shared] });
    const created = (
      await admin("POST", "/addProduct", await productForm({ images: [{ url: "x", public_id: shared.id }] }))
    ).json<Product>();
    expect(created.images.map((i) => i.public_id)).toEqual([shared.id]);
    const response = await admin("PUT", `/updateProduct/${created._id}`, await productForm());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Product>().images.map((i) => i.public_id)).not.toContain(shared.id);
    expect(existsSync(mediaFolder(shared.id))).toBe(true);
    expect(await t.db.$count(media, eq(media.id, shared.id))).toBe(1);
  });

  it("answers 404 for an unknown or malformed id, and 400 for bad input without changing the product", async () => {
    const form = await productForm();
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const response = await admin("PUT", `/updateProduct/${id}`, form);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "Product not found." });
    }
    const product = await insertProduct(t.db, { name: "Unchanged" });
    const bad = await admin("PUT", `/updateProduct/${product.id}`, await productForm({ name: "Changed", price: -5 }));
    expect(bad.statusCode).toBe(400);
    const [row] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.name).toBe("Unchanged");
  });
});

describe("a product's collection", () => {
  it("agrees with the collection's product list in both directions", async () => {
    const first = await insertCollection(t.db, { name: "First" });
    const second = await insertCollection(t.db, { name: "Second" });
    const created = (await admin("POST", "/addProduct", await productForm({ collectionId: first.id }))).json<Product>();
    expect(created.collectionId).toEqual({ _id: first.id, name: "First" });
    const ids = async (id: string) =>
      (await get<CollectionDetail>(`/api/collections/${id}`)).productIds.map((p) => p._id);
    expect(await ids(first.id)).toContain(created._id);

    await admin("PUT", `/updateProduct/${created._id}`, await productForm({ collectionId: second.id }));
    expect(await ids(first.id)).not.toContain(created._id);
    expect(await ids(second.id)).toContain(created._id);

    const none = await admin("PUT", `/updateProduct/${created._id}`, await productForm({ collectionId: "" }));
    expect(none.json<Product>().collectionId).toBeNull();
    expect(await ids(second.id)).not.toContain(created._id);
  });
});

describe("deleting a product", () => {
  it("removes it from its collection, carts and wishlists, and its images from storage", async () => {
    const collection = await insertCollection(t.db, { name: "Holder" });
    const shared = await makeImage(t.db, t.mediaDir, "#654321");
    await insertProduct(t.db, { name: "Keeps the shared image", images: [shared] });
    const created = (
      await admin(
        "POST",
        "/addProduct",
        await productForm({
          collectionId: collection.id,
          images: [await imageDataUrl("#0000ff"), { public_id: shared.id }],
        }),
      )
    ).json<Product>();
    const own = created.images[0]!.public_id;

    const shopper = await customerCookie(t);
    const asShopper = (method: InjectOptions["method"], url: string, payload?: object) =>
      t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { cookie: shopper } });
    expect(
      (await asShopper("PUT", "/api/cart/add", { itemId: created._id, quantity: 2, itemType: "Product" })).statusCode,
    ).toBe(200);
    expect((await asShopper("PUT", "/api/wishlist/add", { itemId: created._id, itemType: "Product" })).statusCode).toBe(
      200,
    );

    const response = await admin("DELETE", `/delProduct/${created._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: "Product deleted." });

    expect((await t.app.inject({ method: "GET", url: `/api/products/${created._id}` })).statusCode).toBe(404);
    expect((await get<CollectionDetail>(`/api/collections/${collection.id}`)).productIds).toEqual([]);
    expect((await asShopper("GET", "/api/cart")).json().items).toEqual([]);
    expect((await asShopper("GET", "/api/wishlist")).json().items).toEqual([]);
    expect(existsSync(mediaFolder(own))).toBe(false);
    expect(await t.db.$count(media, eq(media.id, own))).toBe(0);
    expect(existsSync(mediaFolder(shared.id))).toBe(true);

    const again = await admin("DELETE", `/delProduct/${created._id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: "Product not found." });
    expect((await admin("DELETE", "/delProduct/nope")).statusCode).toBe(404);
  });
});

describe("collections", () => {
  async function threeProducts(prefix: string) {
    const rows = [];
    for (const n of [1, 2, 3]) rows.push(await insertProduct(t.db, { name: `${prefix} ${n}` }));
    return rows.map((row) => row.id);
  }

  it("adds one from three products: 201 with the collection as its page reads it, each product assigned", async () => {
    const ids = await threeProducts("Set piece");
    const response = await admin(
      "POST",
      "/addCollection",
      await collectionForm(ids, { style: "contemporay", isPromo: true, discountedPrice: 1_500_000 }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const collection = response.json<CollectionDetail>();
    expect(collection).toMatchObject({
      name: "Lekki Living",
      price: 2_000_000,
      discountedPrice: 1_500_000,
      isPromo: true,
      isBestSeller: true,
      style: "Contemporary",
      items: "",
    });
    expect(collection.coverImage?.public_id).toBeTruthy();
    expect(collection.productIds.map((p) => p._id).sort()).toEqual([...ids].sort());
    for (const id of ids) {
      expect((await get<Product>(`/api/products/${id}`)).collectionId).toEqual({
        _id: collection._id,
        name: "Lekki Living",
      });
    }
    // The same as its page reads it, but for AVIF, which may have become ready meanwhile.
    const { coverImage: _readCover, ...read } = await get<CollectionDetail>(`/api/collections/${collection._id}`);
    const { coverImage: _sentCover, ...sent } = collection;
    expect(read).toEqual(sent);
  });

  const COLLECTION_PROMO = "Discounted price is required and must be greater than 0 if collection is on promotion.";
  it.each([
    ["no products", "add", { productIds: [] }, "productIds", "Please select at least one product for the collection."],
    [
      "no products",
      "update",
      { productIds: [] },
      "productIds",
      "At least one product must be selected for the collection.",
    ],
    ["no cover image", "add", { coverImage: null }, "coverImage", "Please upload a cover image for the collection."],
    ["no cover image", "update", { coverImage: "" }, "coverImage", "Cover image is required."],
    ["an empty description", "add", { description: "<p></p>" }, "description", "Description cannot be empty."],
    // Left out of an update, the description is kept; sent as null, it is missing.
    ["a missing description", "update", { description: null }, "description", "Description is required."],
    ["a negative price", "add", { price: -10 }, "price", "Price must be a non-negative number."],
    ["a promotion without a discount", "add", { isPromo: true }, "discountedPrice", COLLECTION_PROMO],
    [
      "a discount not below the price",
      "update",
      { isPromo: true, discountedPrice: 3_000_000 },
      "discountedPrice",
      "Discounted price must be less than the original price.",
    ],
    [
      "a product that does not exist",
      "add",
      { productIds: ["00000000-0000-4000-8000-000000000000"] },
      "productIds",
      "Some of the selected products no longer exist.",
    ],
    [
      "a cover that is not an image",
      "add",
      { coverImage: toDataUrl(Buffer.from("GIF89a but text")) },
      "coverImage",
      "Failed to read cover image file.",
    ],
  ] as const)("refuses %s (%s) with 400 and its message", async (_case, form, change, field, message) => {
    const ids = await threeProducts("Refused");
    const existing = await insertCollection(t.db, { name: "Existing" });
    const [collectionsBefore, mediaBefore] = [await t.db.$count(collections), await mediaCount()];
    const body = await collectionForm(ids, change);
    const response =
      form === "add"
        ? await admin("POST", "/addCollection", body)
        : await admin("PUT", `/updateCollection/${existing.id}`, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ message, errors: { [field]: message } });
    expect(await t.db.$count(collections)).toBe(collectionsBefore);
    expect(await mediaCount()).toBe(mediaBefore);
    const [row] = await t.db.select().from(collections).where(eq(collections.id, existing.id));
    expect(row!.name).toBe("Existing");
  });

  it("refuses a cover over 10 MB with 413", async () => {
    const ids = await threeProducts("Big cover");
    const huge = toDataUrl(Buffer.alloc(10 * 1024 * 1024 + 10, 1));
    const response = await admin("POST", "/addCollection", await collectionForm(ids, { coverImage: huge }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ message: "Cover image is larger than 10 MB." });
  });

  it("updates the product list both ways, moves a product from another collection, and replaces the cover", async () => {
    const [a, b, c] = await threeProducts("Member");
    const [d] = await threeProducts("Newcomer");
    const other = await insertCollection(t.db, { name: "Other set" });
    await t.db.update(products).set({ collectionId: other.id }).where(eq(products.id, d!));
    const created = (
      await admin("POST", "/addCollection", await collectionForm([a!, b!, c!]))
    ).json<CollectionDetail>();
    const oldCover = created.coverImage!;

    const response = await admin(
      "PUT",
      `/updateCollection/${created._id}`,
      await collectionForm([a!, d!], { name: "Lekki Living 2", coverImage: await imageDataUrl("#ff8800") }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<CollectionDetail>();
    expect(updated.name).toBe("Lekki Living 2");
    expect(updated.productIds.map((p) => p._id).sort()).toEqual([a!, d!].sort());
    expect((await get<Product>(`/api/products/${b!}`)).collectionId).toBeNull();
    expect((await get<Product>(`/api/products/${d!}`)).collectionId).toEqual({
      _id: created._id,
      name: "Lekki Living 2",
    });
    expect((await get<CollectionDetail>(`/api/collections/${other.id}`)).productIds).toEqual([]);

    expect(updated.coverImage!.public_id).not.toBe(oldCover.public_id);
    expect(existsSync(mediaFolder(oldCover.public_id))).toBe(false);
    expect(await t.db.$count(media, eq(media.id, oldCover.public_id))).toBe(0);

    // Keeping the cover: sent back as the stored image it is.
    const kept = await admin(
      "PUT",
      `/updateCollection/${created._id}`,
      await collectionForm([a!], {
        coverImage: { url: updated.coverImage!.url, public_id: updated.coverImage!.public_id },
      }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<CollectionDetail>().coverImage!.public_id).toBe(updated.coverImage!.public_id);
    expect(existsSync(mediaFolder(updated.coverImage!.public_id))).toBe(true);
  });

  it("keeps what an update leaves out (origin, promotion, items, best seller); false clears", async () => {
    const ids = await threeProducts("Kept");
    const created = (
      await admin(
        "POST",
        "/addCollection",
        await collectionForm(ids, {
          isForeign: true,
          origin: "Turkey",
          items: "3 pieces",
          isPromo: true,
          discountedPrice: 1_500_000,
        }),
      )
    ).json<CollectionDetail>();
    const required = {
      name: "Kept set",
      description: "<p>Still a room.</p>",
      price: 1_800_000,
      style: "Modern",
      productIds: ids,
      coverImage: { public_id: created.coverImage!.public_id },
    };

    const kept = await admin("PUT", `/updateCollection/${created._id}`, required);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<CollectionDetail>()).toMatchObject({
      name: "Kept set",
      price: 1_800_000,
      isForeign: true,
      origin: "Turkey",
      items: "3 pieces",
      isPromo: true,
      discountedPrice: 1_500_000,
      isBestSeller: true,
    });

    const cleared = await admin("PUT", `/updateCollection/${created._id}`, {
      ...required,
      isForeign: false,
      isPromo: false,
      isBestSeller: false,
      items: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<CollectionDetail>()).toMatchObject({
      isForeign: false,
      origin: null,
      isPromo: false,
      discountedPrice: null,
      isBestSeller: false,
      items: "",
    });
  });

  it("takes a body of one field, keeping its products and cover; the rules hold for the result", async () => {
    const ids = await threeProducts("Partly updated");
    const created = (
      await admin(
        "POST",
        "/addCollection",
        await collectionForm(ids, { isPromo: true, discountedPrice: 1_500_000, isForeign: true, origin: "Turkey" }),
      )
    ).json<CollectionDetail>();
    const members = (collection: CollectionDetail) => collection.productIds.map((p) => p._id).sort();

    const notBest = await admin("PUT", `/updateCollection/${created._id}`, { isBestSeller: false });
    expect(notBest.statusCode, notBest.body).toBe(200);
    const read = notBest.json<CollectionDetail>();
    expect(read).toMatchObject({
      name: "Lekki Living",
      description: "<p>A whole living room.</p>",
      price: 2_000_000,
      isBestSeller: false,
      isPromo: true,
      discountedPrice: 1_500_000,
      origin: "Turkey",
    });
    expect(members(read)).toEqual([...ids].sort());
    expect(read.coverImage!.public_id).toBe(created.coverImage!.public_id);
    expect(existsSync(mediaFolder(created.coverImage!.public_id))).toBe(true);

    for (const [body, field, message] of [
      [{ price: 1_000_000 }, "discountedPrice", "Discounted price must be less than the original price."],
      [{ isForeign: true, origin: "" }, "origin", "Origin is required if collection is marked as foreign."],
      [{ productIds: [] }, "productIds", "At least one product must be selected for the collection."],
      [{ coverImage: null }, "coverImage", "Cover image is required."],
      [{ description: null }, "description", "Description is required."],
    ] as const) {
      const refused = await admin("PUT", `/updateCollection/${created._id}`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toEqual({ message, errors: { [field]: message } });
    }
    const afterRefusals = await get<CollectionDetail>(`/api/collections/${created._id}`);
    expect(afterRefusals).toMatchObject({
      price: 2_000_000,
      isForeign: true,
      origin: "Turkey",
      updatedAt: read.updatedAt,
    });
    expect(members(afterRefusals)).toEqual([...ids].sort());

    const newCover = await admin("PUT", `/updateCollection/${created._id}`, {
      coverImage: await imageDataUrl("#abcdef"),
      productIds: ids.slice(0, 1),
      isPromo: false,
    });
    expect(newCover.statusCode, newCover.body).toBe(200);
    const covered = newCover.json<CollectionDetail>();
    expect(covered).toMatchObject({ name: "Lekki Living", isBestSeller: false, isPromo: false, discountedPrice: null });
    expect(members(covered)).toEqual(ids.slice(0, 1));
    expect((await get<Product>(`/api/products/${ids[1]!}`)).collectionId).toBeNull();
    expect(covered.coverImage!.public_id).not.toBe(created.coverImage!.public_id);
    expect(existsSync(mediaFolder(created.coverImage!.public_id))).toBe(false);
  });

  it("deletes one: its products stay, unassigned, and its cover leaves storage", async () => {
    const ids = await threeProducts("Stays");
    const created = (await admin("POST", "/addCollection", await collectionForm(ids))).json<CollectionDetail>();
    const response = await admin("DELETE", `/delCollection/${created._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toEqual(expect.any(String));
    expect((await t.app.inject({ method: "GET", url: `/api/collections/${created._id}` })).statusCode).toBe(404);
    for (const id of ids) expect((await get<Product>(`/api/products/${id}`)).collectionId).toBeNull();
    expect(existsSync(mediaFolder(created.coverImage!.public_id))).toBe(false);

    for (const id of [created._id, "nope"]) {
      const missing = await admin("DELETE", `/delCollection/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: "Collection not found." });
    }
    const update = await admin("PUT", `/updateCollection/${created._id}`, await collectionForm(ids));
    expect(update.statusCode).toBe(404);
  });
});

describe("AVIF", () => {
  it("is encoded in the background after the upload, and the shop then offers it", async () => {
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#996633" } })
      .jpeg()
      .toBuffer();
    const created = (
      await admin("POST", "/addProduct", await productForm({ images: [toDataUrl(photo, "image/jpeg")] }))
    ).json<Product>();
    const image = created.images[0]!;
    expect(image.avif).toBeUndefined();
    await t.app.avifJobs.idle();
    const [row] = await t.db.select().from(media).where(eq(media.id, image.public_id));
    expect(row!.avifReady).toBe(true);
    for (const width of image.widths) {
      const file = path.join(t.mediaDir, image.public_id, `${width}.avif`);
      expect((await sharp(file).metadata()).width).toBe(width);
    }
    expect((await get<Product>(`/api/products/${created._id}`)).images[0]!.avif).toBe(true);
  });
});
