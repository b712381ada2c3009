/**
 * The order's preview is what the cart page and the order sheet show: it must be exactly
 * what placing the order records, line for line and to the kobo, whatever the cart holds.
 */
import { eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { Browser } from "../../../tests/support/api-browser";
import { insertCollection, insertProduct } from "../../../tests/support/catalog-factory";
import { useTestApp } from "../../../tests/support/test-app";
import { products } from "../../db/schema/catalog";
import { GUEST_COOKIE } from "../carts/list-owners";

const t = useTestApp();

/** The order door as a page's loader reaches it, for the guest this browser is. */
const ordersOf = (browser: Browser) =>
  t.app.doors.orders(
    {
      signedIn: async () => null,
      cookies: { [GUEST_COOKIE]: browser.cookies.get(GUEST_COOKIE) },
      headers: {},
    } as unknown as FastifyRequest,
    {} as FastifyReply,
  );

describe("the order's preview", () => {
  it("holds the lines, prices and total that placing the cart's order records, a sold piece left out", async () => {
    const chair = await insertProduct(t.db, {
      name: "Preview Accent Chair",
      priceKobo: 120_000_00,
      isPromo: true,
      discountedPriceKobo: 99_999_99,
    });
    const lamp = await insertProduct(t.db, { name: "Preview Brass Lamp", priceKobo: 35_000_00 });
    const lounge = await insertCollection(t.db, { name: "Preview Lounge", priceKobo: 900_000_00 });
    const guest = new Browser(t.app);
    for (const [itemId, itemType, quantity] of [
      [chair.id, "Product", 3],
      [lamp.id, "Product", 1],
      [lounge.id, "Collection", 1],
    ] as const) {
      const added = await guest.call("PUT", "/api/cart/add", { itemId, itemType, quantity });
      expect(added.statusCode, added.body).toBe(200);
    }
    // The lamp sells while it sits in the cart.
    await t.db.update(products).set({ sold: true }).where(eq(products.id, lamp.id));

    const preview = await ordersOf(guest).preview({ kind: "cart" });
    expect(preview.refusal).toBeNull();
    expect(preview.lines.map((line) => [line.details.name, line.quantity, line.unitPrice, line.leftOut])).toEqual([
      ["Preview Accent Chair", 3, 99_999.99, null],
      ["Preview Brass Lamp", 1, null, "sold"],
      ["Preview Lounge", 1, 900_000, null],
    ]);
    expect(preview).toMatchObject({ count: 4, total: 1_199_999.97, left: 1, vanished: 0 });

    const placed = await guest.call("POST", "/api/orders", { kind: "cart" });
    expect(placed.statusCode, placed.body).toBe(201);
    const { order } = placed.json<{
      order: { lines: Array<{ name: string; quantity: number; unitPrice: number }>; total: number };
    }>();
    const ordered = preview.lines.filter((line) => line.leftOut === null);
    expect(order.lines.map((line) => [line.name, line.quantity, line.unitPrice])).toEqual(
      ordered.map((line) => [line.details.name, line.quantity, line.unitPrice]),
    );
    expect(order.total).toBe(preview.total);
  });

  it("refuses what placing would refuse, with the same words: an empty cart, a cart of sold pieces, a sold item", async () => {
    const guest = new Browser(t.app);
    const empty = await ordersOf(guest).preview({ kind: "cart" });
    const emptyPlaced = await guest.call("POST", "/api/orders", { kind: "cart" });
    expect(empty.refusal).toEqual({ status: 400, message: "Your cart is empty." });
    expect([emptyPlaced.statusCode, emptyPlaced.json().message]).toEqual([400, "Your cart is empty."]);

    const stool = await insertProduct(t.db, { name: "Preview Stool" });
    await guest.call("PUT", "/api/cart/add", { itemId: stool.id, itemType: "Product", quantity: 1 });
    await t.db.update(products).set({ sold: true }).where(eq(products.id, stool.id));
    const soldCart = await ordersOf(guest).preview({ kind: "cart" });
    const soldCartPlaced = await guest.call("POST", "/api/orders", { kind: "cart" });
    expect(soldCart.refusal).toEqual({ status: soldCartPlaced.statusCode, message: soldCartPlaced.json().message });
    expect(soldCart.refusal?.status).toBe(409);
    expect(soldCart.lines.map((line) => line.leftOut)).toEqual(["sold"]);

    const soldItem = await ordersOf(guest).preview({ kind: "item", itemType: "Product", itemId: stool.id });
    expect(soldItem.refusal).toEqual({ status: 409, message: "This product has been sold." });
  });
});
