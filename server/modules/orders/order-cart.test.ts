import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminCookie } from "../../../tests/support/admin-session";
import { Browser } from "../../../tests/support/api-browser";
import { insertCollection, insertProduct } from "../../../tests/support/catalog-factory";
import { TEST_SITE, useTestApp } from "../../../tests/support/test-app";
import { productOptions, products } from "../../db/schema/catalog";

const t = useTestApp();

let admin: string;
let sofa: { id: string };
let walnut: { id: string };
let lounge: { id: string };
beforeAll(async () => {
  admin = await adminCookie(t);
  sofa = await insertProduct(t.db, { name: "Cloud Sofa", priceKobo: 300_000_00 });
  [walnut] = await t.db
    .insert(productOptions)
    .values([
      { productId: sofa.id, position: 0, name: "Oak" },
      { productId: sofa.id, position: 1, name: "Walnut" },
    ])
    .returning()
    .then((rows) => [rows[1]!]);
  lounge = await insertCollection(t.db, { name: "Ikoyi Lounge", priceKobo: 800_000_00 });
});

const tokenOf = (trackingUrl: string) => new URL(trackingUrl).pathname.split("/").pop()!;
const lines = (items: Record<string, unknown>[]) => items.map((line) => [line.item, line.option, line.quantity]);

async function cartOrder(browser: Browser) {
  await browser.call("PUT", "/api/cart/add", { itemId: sofa.id, itemType: "Product", option: walnut.id, quantity: 2 });
  await browser.call("PUT", "/api/cart/add", { itemId: lounge.id, itemType: "Collection" });
  const placed = await browser.call("POST", "/api/orders", { kind: "cart" });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json<{ order: { reference: string; lines: unknown[] }; trackingUrl: string }>();
}

describe("the cart after ordering", () => {
  it("empties once its order is sent; the order keeps its lines, and a second tap gets the same order", async () => {
    const guest = new Browser(t.app);
    const placed = await cartOrder(guest);
    expect(await guest.items("/api/cart")).toEqual([]);
    expect(placed.order.lines).toHaveLength(2);

    // The second tap finds the cart emptied by the first: it answers the same order, not "Your cart is empty".
    const again = await guest.call("POST", "/api/orders", { kind: "cart" });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().order.reference).toBe(placed.order.reference);

    const tracked = await guest.call("GET", `/api/orders/track/${tokenOf(placed.trackingUrl)}`);
    expect(tracked.json().lines.map((line: { name: string }) => line.name)).toEqual(["Cloud Sofa", "Ikoyi Lounge"]);
  });

  it("puts the order's lines back in the caller's cart, once however often asked", async () => {
    const guest = new Browser(t.app);
    const placed = await cartOrder(guest);
    const token = tokenOf(placed.trackingUrl);

    const restored = await guest.call("POST", `/api/orders/track/${token}/restore-cart`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ restored: 2, left: 0 });
    const expected = [
      [sofa.id, walnut.id, 2],
      [lounge.id, null, 1],
    ];
    expect(lines(await guest.items("/api/cart"))).toEqual(expected);

    // Asked again, the quantities stay as ordered.
    await guest.call("POST", `/api/orders/track/${token}/restore-cart`);
    expect(lines(await guest.items("/api/cart"))).toEqual(expected);

    // Another visitor holding the link fills their own cart, not the shopper's.
    const friend = new Browser(t.app);
    const theirs = await friend.call("POST", `/api/orders/track/${token}/restore-cart`);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(lines(await friend.items("/api/cart"))).toEqual(expected);
  });

  it("leaves out what can no longer be ordered, and refuses an unknown link and an admin", async () => {
    const guest = new Browser(t.app);
    const lamp = await insertProduct(t.db, { name: "Reading Lamp", priceKobo: 40_000_00 });
    await guest.call("PUT", "/api/cart/add", { itemId: lamp.id, itemType: "Product" });
    await guest.call("PUT", "/api/cart/add", { itemId: lounge.id, itemType: "Collection" });
    const placed = (await guest.call("POST", "/api/orders", { kind: "cart" })).json();
    await t.db.update(products).set({ sold: true }).where(eq(products.id, lamp.id));

    const restored = await guest.call("POST", `/api/orders/track/${tokenOf(placed.trackingUrl)}/restore-cart`);
    expect(restored.json()).toMatchObject({ restored: 1, left: 1 });
    expect(lines(await guest.items("/api/cart"))).toEqual([[lounge.id, null, 1]]);

    const unknown = await guest.call("POST", `/api/orders/track/${"x".repeat(43)}/restore-cart`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Order not found.");
    const byAdmin = await t.app.inject({
      method: "POST",
      url: `/api/orders/track/${tokenOf(placed.trackingUrl)}/restore-cart`,
      headers: { cookie: admin, origin: TEST_SITE.PUBLIC_URL },
    });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe("Administrators have no cart or wishlist.");
  });
});
