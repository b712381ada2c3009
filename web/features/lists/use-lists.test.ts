import { describe, expect, it } from "vitest";
import { countWithPending, keysWithPending, type PendingChange } from "./use-lists";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const change = (list: "cart" | "wishlist", intent: string, fields: Record<string, string> = {}): PendingChange => ({
  list,
  intent,
  form: form({ intent, ...fields }),
});

describe("the counts and hearts while changes are on their way", () => {
  it("counts each add by its quantity, and a wishlist item moved to the cart as one", () => {
    const changes = [
      change("cart", "add", { itemType: "Product", itemId: "a", quantity: "1" }),
      change("cart", "add", { itemType: "Product", itemId: "b", quantity: "3" }),
      change("wishlist", "move", { itemType: "Product", itemId: "c" }),
      change("cart", "quantity", { itemType: "Product", itemId: "a", quantity: "9" }),
      change("wishlist", "add", { itemType: "Product", itemId: "d" }),
    ];
    expect(countWithPending(2, changes)).toBe(2 + 1 + 3 + 1);
    expect(countWithPending(2, [])).toBe(2);
  });

  it("fills a heart being added, empties one being removed or moved, and all on a clear", () => {
    const keys = ["Product:a", "Collection:b"];
    expect(
      [
        ...keysWithPending(keys, [
          change("wishlist", "add", { itemType: "Collection", itemId: "c" }),
          change("wishlist", "remove", { itemType: "Product", itemId: "a" }),
          change("cart", "add", { itemType: "Product", itemId: "z" }),
        ]),
      ].sort(),
    ).toEqual(["Collection:b", "Collection:c"]);
    expect([...keysWithPending(keys, [change("wishlist", "move", { itemType: "Collection", itemId: "b" })])]).toEqual([
      "Product:a",
    ]);
    expect(keysWithPending(keys, [change("wishlist", "clear")]).size).toBe(0);
  });
});
