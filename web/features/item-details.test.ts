import { describe, expect, it } from "vitest";
import type { ImageRef } from "../../domain/catalog/catalog.types";
import { resolveDetails, viewOf } from "./item-details";

const image: ImageRef = { url: "/media/a/640.jpg", public_id: "a", width: 640, height: 480, widths: [320, 640] };
const product = {
  _id: "p1",
  name: "Sofa",
  price: 100,
  isPromo: true,
  discountedPrice: 80,
  images: [image],
  sold: false,
};
const collection = { _id: "c1", name: "Set", price: 500, isPromo: false, discountedPrice: null, coverImage: null };

describe("item details", () => {
  const lines = [
    { _id: "1", item: "p1", itemType: "Product" as const },
    { _id: "2", item: "c1", itemType: "Collection" as const },
    { _id: "3", item: "abcdef123456", itemType: "Product" as const },
  ];
  const resolved = resolveDetails(lines, { products: [product], collections: [collection] });

  it("describes products by their first picture and collections by their cover", () => {
    expect(viewOf(lines[0]!, resolved["Product:p1"])).toEqual({
      status: "ready",
      name: "Sofa",
      price: 100,
      isPromo: true,
      discountedPrice: 80,
      image,
      sold: false,
    });
    expect(viewOf(lines[1]!, resolved["Collection:c1"])).toMatchObject({ status: "ready", name: "Set", image: null });
  });

  it("names an item the answer left out 'Unknown', with price 0", () => {
    expect(viewOf(lines[2]!, resolved["Product:abcdef123456"])).toMatchObject({
      status: "missing",
      name: "Unknown Product (ID: abcdef...)",
      price: 0,
    });
  });

  it("names an item whose details failed to load 'Error loading', with price 0", () => {
    expect(viewOf(lines[1]!, "error")).toMatchObject({
      status: "error",
      name: "Error loading Collection (ID: c1...)",
      price: 0,
      image: null,
    });
  });

  it("is loading until asked", () => {
    expect(viewOf(lines[0]!, undefined)).toEqual({ status: "loading" });
  });
});
