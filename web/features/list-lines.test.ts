import { describe, expect, it } from "vitest";
import { MAX_QUANTITY, type CartLine, type WishlistLine } from "../../domain/shopping-lists";
import {
  addCartLine,
  addWishlistLine,
  cartCount,
  itemIdsOf,
  keepExisting,
  linesMissingFrom,
  removeLine,
  setCartLineQuantity,
  validLines,
} from "./list-lines";

const sofa: CartLine = { _id: "l1", item: "p1", itemType: "Product", quantity: 2 };
const set: CartLine = { _id: "l2", item: "c1", itemType: "Collection", quantity: 1 };

describe("cart transitions", () => {
  it("adds a new line with its quantity, leaving the old lines untouched", () => {
    const before = [sofa];
    const after = addCartLine(before, "p2", "Product", 1);
    expect(after).toEqual([sofa, { _id: "Product:p2", item: "p2", itemType: "Product", quantity: 1 }]);
    expect(before).toEqual([sofa]);
  });

  it("adds to the quantity of an item already in the cart, up to the maximum", () => {
    expect(addCartLine([sofa], "p1", "Product", 3)).toEqual([{ ...sofa, quantity: 5 }]);
    expect(addCartLine([{ ...sofa, quantity: MAX_QUANTITY - 1 }], "p1", "Product", 5)[0]?.quantity).toBe(MAX_QUANTITY);
  });

  it("tells a product from a collection with the same id", () => {
    const after = addCartLine([sofa], "p1", "Collection", 1);
    expect(after).toHaveLength(2);
    expect(after[0]).toBe(sofa);
  });

  it("sets a quantity, and a quantity below 1 removes the line", () => {
    expect(setCartLineQuantity([sofa, set], "p1", "Product", 7)).toEqual([{ ...sofa, quantity: 7 }, set]);
    expect(setCartLineQuantity([sofa, set], "p1", "Product", 0)).toEqual([set]);
    expect(setCartLineQuantity([sofa, set], "p1", "Product", -3)).toEqual([set]);
    expect(setCartLineQuantity([sofa], "p1", "Product", 5000)[0]?.quantity).toBe(MAX_QUANTITY);
  });

  it("removes a line, and counts the items by quantity", () => {
    expect(removeLine([sofa, set], "c1", "Collection")).toEqual([sofa]);
    expect(removeLine([sofa], "c1", "Collection")).toEqual([sofa]);
    expect(cartCount([sofa, set])).toBe(3);
    expect(cartCount([])).toBe(0);
  });
});

describe("wishlist transitions", () => {
  const chair: WishlistLine = { _id: "w1", item: "p1", itemType: "Product" };

  it("adds an item once", () => {
    expect(addWishlistLine([chair], "c1", "Collection")).toEqual([
      chair,
      { _id: "Collection:c1", item: "c1", itemType: "Collection" },
    ]);
    const same = [chair];
    expect(addWishlistLine(same, "p1", "Product")).toBe(same);
  });
});

describe("lines and the server", () => {
  it("asks about each id once, by type", () => {
    expect(itemIdsOf([sofa, set, { ...sofa, _id: "x" }])).toEqual({ productIds: ["p1"], collectionIds: ["c1"] });
  });

  it("keeps only the lines whose items still exist", () => {
    expect(keepExisting([sofa, set], { existingProductIds: [], existingCollectionIds: ["c1"] })).toEqual([set]);
    // A product id that exists only as a collection does not keep the product line.
    expect(keepExisting([sofa], { existingProductIds: [], existingCollectionIds: ["p1"] })).toEqual([]);
  });

  it("finds the browser's lines the server copy lacks", () => {
    const server = [{ _id: "s1", item: "p1", itemType: "Product" as const, quantity: 9 }];
    expect(linesMissingFrom([sofa, set], server)).toEqual([set]);
  });

  it("takes only well-formed lines from storage", () => {
    const stored: unknown[] = [
      sofa,
      null,
      "x",
      { ...sofa, itemType: "Chair" },
      { ...sofa, quantity: 0 },
      { ...sofa, quantity: 1.5 },
      { ...sofa, quantity: MAX_QUANTITY + 1 },
      { ...sofa, item: "" },
      { _id: "w", item: "p9", itemType: "Product" },
    ];
    expect(validLines(stored, true)).toEqual([sofa]);
    expect(validLines(stored, false)).toHaveLength(5);
  });
});
