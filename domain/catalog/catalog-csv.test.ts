import { describe, expect, it } from "vitest";
import {
  checkCollectionInput,
  checkProductInput,
  columnOf,
  isHandle,
  pictureTokens,
  readRow,
  rowType,
} from "./catalog-csv";

const product = {
  name: "Velvet Sofa",
  description: "<p>Deep seats.</p>",
  items: "1 sofa",
  price: "₦250,000",
  category: "living room",
  style: "modern",
  pictures: "https://img.example.ng/a.jpg | https://img.example.ng/b.jpg",
  option1_name: "Emerald",
  option1_image: "emerald.png",
  option3_name: "Ochre",
};

describe("a spreadsheet row", () => {
  it("is read into the product form's input and checked by its schema", () => {
    const read = readRow(product, "product");
    expect(read.errors).toEqual([]);
    expect(read.pictures.map((p) => [p.column, p.source])).toEqual([
      ["pictures", "https://img.example.ng/a.jpg"],
      ["pictures", "https://img.example.ng/b.jpg"],
      ["option1_image", "emerald.png"],
    ]);
    const checked = checkProductInput({ ...read.input, collectionId: null }, product);
    expect(checked.errors).toEqual([]);
    expect(checked.fields).toMatchObject({
      price: 250_000,
      category: "Living Room",
      style: "Modern",
      options: [{ name: "Emerald" }, { name: "Ochre", image: null }],
      status: "published",
      availability: { kind: "in_stock" },
    });
  });

  it("names each refusal by its column, with the form's message", () => {
    const record = {
      ...product,
      isPromo: "maybe",
      width: "200",
      option3_name: "Emerald",
      availability: "made to order",
    };
    const read = readRow(record, "product");
    expect(read.errors).toEqual([{ field: "isPromo", message: "isPromo must be yes or no (or true/false, 1/0)." }]);
    const checked = checkProductInput({ ...read.input, collectionId: null }, record);
    expect(checked.errors).toEqual(
      expect.arrayContaining([
        { field: "width", message: "Give the width, depth and height, or leave all three blank." },
        { field: "weeksFrom", message: "Give the production time in weeks, from and to." },
      ]),
    );
  });

  it("numbers options by their columns, gaps and all", () => {
    expect(columnOf(["options", 1, "name"], [{ column: 0 }, { column: 2 }])).toBe("option3_name");
    expect(columnOf(["images", 3])).toBe("pictures");
    expect(columnOf(["dimensions"])).toBe("width");
    expect(columnOf(["collectionId"])).toBe("collection");
  });

  it("for a collection refuses the product-only columns and takes one cover", () => {
    const record = { ...product, type: "collection", sold: "yes", products: "a | b" };
    expect(rowType(record)).toBe("collection");
    const read = readRow(record, "collection");
    expect(read.errors.map((e) => e.field)).toEqual(
      expect.arrayContaining(["sold", "category", "option1_name", "option1_image", "pictures"]),
    );
    expect(read.products).toEqual(["a", "b"]);
    const checked = checkCollectionInput({ ...read.input, productIds: [] }, true);
    expect(checked.errors).toContainEqual({
      field: "products",
      message: "Please select at least one product for the collection.",
    });
  });

  it("knows its type, handles, pictures and formula-looking cells", () => {
    expect(rowType({ type: "" })).toBe("product");
    expect(rowType({ type: "Collection" })).toBe("collection");
    expect(rowType({ type: "project" })).toBeNull();
    expect(isHandle("velvet-sofa-2")).toBe(true);
    expect(["Velvet", "velvet--sofa", "-sofa", "sofa_2", "a".repeat(81)].some(isHandle)).toBe(false);
    expect(pictureTokens(" a.png|b.png\nhttps://x.ng/c.png ")).toEqual(["a.png", "b.png", "https://x.ng/c.png"]);
    const read = readRow({ ...product, make: "'=SUM(A1)" }, "product");
    expect(read.input.make).toBe("=SUM(A1)");
  });
});
