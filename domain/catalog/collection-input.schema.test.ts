import { describe, expect, it } from "vitest";
import { CollectionInputSchema, CollectionUpdateSchema } from "./collection-input.schema";

const productId = "3f2b7c1e-8a4d-4b6f-9c2e-1d5a7b9e0f11";
const form = {
  name: "Lekki Living",
  description: "<p>A whole room.</p>",
  price: 2_000_000,
  style: "contemporay",
  productIds: [productId, productId.toUpperCase()],
  coverImage: "data:image/jpeg;base64,/9j/4AAQ",
};

const messages = (schema: typeof CollectionInputSchema | typeof CollectionUpdateSchema, input: object) =>
  schema.safeParse(input).error?.issues.map((issue) => issue.message);

describe("the collection schemas", () => {
  it("read the form: canonical style, each product once, the cover as a new image", () => {
    expect(CollectionInputSchema.parse(form)).toMatchObject({
      style: "Contemporary",
      productIds: [productId],
      coverImage: { kind: "new", dataUrl: form.coverImage },
      items: "",
      discountedPrice: null,
      origin: null,
    });
    expect(
      CollectionUpdateSchema.parse({ ...form, coverImage: { url: "/media/abc/1024.jpg", public_id: "abc" } })
        .coverImage,
    ).toEqual({ kind: "existing", publicId: "abc" });
    // The populated products of GET /api/collections/:id may be sent back as they are.
    expect(
      CollectionUpdateSchema.parse({ ...form, productIds: [{ _id: productId, name: "Sofa" }] }).productIds,
    ).toEqual([productId]);
  });

  it("word the rules as the add and edit forms do", () => {
    expect(messages(CollectionInputSchema, { ...form, productIds: [] })).toEqual([
      "Please select at least one product for the collection.",
    ]);
    expect(messages(CollectionUpdateSchema, { ...form, productIds: [] })).toEqual([
      "At least one product must be selected for the collection.",
    ]);
    expect(messages(CollectionInputSchema, { ...form, coverImage: undefined })).toEqual([
      "Please upload a cover image for the collection.",
    ]);
    expect(messages(CollectionUpdateSchema, { ...form, coverImage: null })).toEqual(["Cover image is required."]);
    expect(messages(CollectionInputSchema, { ...form, coverImage: "C:\\photos\\room.jpg" })).toEqual([
      "Failed to read cover image file.",
    ]);
    expect(messages(CollectionInputSchema, { ...form, description: "<p> </p>" })).toEqual([
      "Description cannot be empty.",
    ]);
    expect(messages(CollectionUpdateSchema, { ...form, description: undefined })).toEqual(["Description is required."]);
    expect(messages(CollectionInputSchema, { ...form, price: "-1" })).toEqual(["Price must be a non-negative number."]);
    expect(messages(CollectionInputSchema, { ...form, isPromo: true, discountedPrice: 0 })).toEqual([
      "Discounted price is required and must be greater than 0 if collection is on promotion.",
    ]);
  });
});
