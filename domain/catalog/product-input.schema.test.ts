import { describe, expect, it } from "vitest";
import { withUpdate } from "./partial-input";
import { ProductInputSchema, ProductUpdateBodySchema, type ProductInput } from "./product-input.schema";

const form = {
  name: " Ikoyi Sofa ",
  description: "<p>Three seats.</p>",
  items: "1 sofa",
  price: "850,000.50",
  category: "tv unit",
  style: "Contemporay",
  images: ["/media/ikoyi-sofa/1024.jpg"],
};

const messages = (input: object) => ProductInputSchema.safeParse(input).error?.issues.map((issue) => issue.message);

describe("ProductInputSchema", () => {
  it("reads the form's values: trimmed text, naira from text, canonical category and style", () => {
    expect(ProductInputSchema.parse(form)).toMatchObject({
      name: "Ikoyi Sofa",
      price: 850000.5,
      category: "TV Unit",
      style: "Contemporary",
      collectionId: null,
      isPromo: false,
      discountedPrice: null,
      isForeign: false,
      origin: null,
      sold: false,
      make: null,
      images: [{ kind: "existing", publicId: "ikoyi-sofa" }],
      dimensions: null,
      materials: null,
      options: [],
      availability: { kind: "in_stock", weeksFrom: null, weeksTo: null },
    });
  });

  it("clears the discounted price without a promotion and the origin unless foreign", () => {
    const parsed = ProductInputSchema.parse({
      ...form,
      isPromo: false,
      discountedPrice: 5,
      isForeign: false,
      origin: "Italy",
    });
    expect(parsed).toMatchObject({ discountedPrice: null, origin: null });
    const promo = ProductInputSchema.parse({
      ...form,
      isPromo: true,
      discountedPrice: "700000",
      isForeign: true,
      origin: " Italy ",
    });
    expect(promo).toMatchObject({ discountedPrice: 700000, origin: "Italy" });
  });

  it("words every rule as the admin form does", () => {
    expect(messages({ ...form, description: "<p><br></p>" })).toEqual(["Description cannot be empty."]);
    expect(messages({ ...form, isPromo: true })).toEqual([
      "Discounted price is required and must be greater than 0 if product is on promotion.",
    ]);
    expect(messages({ ...form, isPromo: true, discountedPrice: -3 })).toEqual([
      "Discounted price is required and must be greater than 0 if product is on promotion.",
    ]);
    expect(messages({ ...form, price: 100, isPromo: true, discountedPrice: 150 })).toEqual([
      "Discounted price must be less than the original price.",
    ]);
    expect(messages({ ...form, isForeign: true, origin: "" })).toEqual([
      "Origin is required if product is marked as foreign.",
    ]);
    expect(messages({ ...form, price: -1 })).toEqual(["Price must be a non-negative number."]);
    expect(messages({ ...form, price: 1.005 })).toEqual(["Prices can have at most 2 decimals."]);
    expect(messages({ ...form, images: ["not data"] })).toEqual(["Failed to read image file."]);
  });

  it("takes the collection as an id or as the populated object a product is read with", () => {
    const id = "3f2b7c1e-8a4d-4b6f-9c2e-1d5a7b9e0f11";
    expect(ProductInputSchema.parse({ ...form, collectionId: id }).collectionId).toBe(id);
    expect(ProductInputSchema.parse({ ...form, collectionId: { _id: id, name: "Set" } }).collectionId).toBe(id);
    expect(ProductInputSchema.parse({ ...form, collectionId: "" }).collectionId).toBeNull();
    expect(messages({ ...form, collectionId: "nope" })).toEqual(["The selected collection no longer exists."]);
  });

  it("allows a price of 0 and exactly two decimals", () => {
    expect(ProductInputSchema.parse({ ...form, price: 0 }).price).toBe(0);
    expect(ProductInputSchema.parse({ ...form, price: 19.99 }).price).toBe(19.99);
    expect(ProductInputSchema.parse({ ...form, price: "687,047,103.31" }).price).toBe(687_047_103.31);
  });

  it("compares the discounted price with the price in kobo, as they are stored", () => {
    expect(messages({ ...form, price: 100, isPromo: true, discountedPrice: 99.9999999 })).toEqual([
      "Discounted price must be less than the original price.",
    ]);
    expect(
      ProductInputSchema.parse({ ...form, price: 100, isPromo: true, discountedPrice: 99.99 }).discountedPrice,
    ).toBe(99.99);
  });

  it("tells new images from kept ones", () => {
    const data = "data:image/png;base64,iVBORw0KGgo=";
    const parsed = ProductInputSchema.parse({
      ...form,
      images: [
        data,
        { url: data, isNew: true },
        { url: "/media/abc123/1024.jpg", public_id: "abc123", isNew: false },
        { url: "/media/abc123/1024.jpg", public_id: "abc123" },
        "https://furnish.test/media/def456/640.jpg",
      ],
    });
    expect(parsed.images).toEqual([
      { kind: "new", dataUrl: data },
      { kind: "new", dataUrl: data },
      { kind: "existing", publicId: "abc123" },
      { kind: "existing", publicId: "def456" },
    ]);
    expect(messages({ ...form, images: [{ url: "https://elsewhere.test/a.jpg", isNew: true }] })).toEqual([
      "Failed to read image file.",
    ]);
    expect(messages({ ...form, images: Array(7).fill(data) })).toEqual([
      "Please upload at most 6 new images at a time.",
    ]);
  });
});

describe("ProductUpdateBodySchema", () => {
  it("takes any of the form's fields, as sent, and leaves out what the body leaves out", () => {
    expect(ProductUpdateBodySchema.parse({ sold: true })).toEqual({ sold: true });
    expect(ProductUpdateBodySchema.parse({})).toEqual({});
    // Read as the form reads them only once laid over the stored product.
    expect(ProductUpdateBodySchema.parse({ price: "850,000.50", category: "tv unit", materials: null })).toEqual({
      price: "850,000.50",
      category: "tv unit",
      materials: null,
    });
  });

  it("refuses a field sent with a value the form refuses, with the form's message", () => {
    const issues = (input: object) =>
      ProductUpdateBodySchema.safeParse(input).error?.issues.map(({ path, message }) => ({ path, message }));
    expect(issues({ name: " ", price: -1, images: ["not an image"] })).toEqual([
      { path: ["name"], message: "Name is required." },
      { path: ["price"], message: "Price must be a non-negative number." },
      { path: ["images", 0], message: "Failed to read image file." },
    ]);
    expect(issues({ sold: "yes" })).toEqual([{ path: ["sold"], message: "sold must be true or false." }]);
  });

  it("laid over the stored product, is read by the form's schema with its rules between fields", () => {
    const stored: ProductInput = {
      ...form,
      price: 1000,
      isPromo: true,
      discountedPrice: 500,
      isForeign: true,
      origin: "Italy",
      sold: false,
    };
    expect(ProductInputSchema.parse(withUpdate(stored, { sold: true, origin: undefined }))).toMatchObject({
      price: 1000,
      discountedPrice: 500,
      origin: "Italy",
      sold: true,
    });
    expect(messages(withUpdate(stored, { price: 400 }))).toEqual([
      "Discounted price must be less than the original price.",
    ]);
    expect(ProductInputSchema.parse(withUpdate(stored, { isPromo: false, isForeign: false }))).toMatchObject({
      discountedPrice: null,
      origin: null,
    });
  });
});
