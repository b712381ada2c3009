/**
 * A finish's price (docs/product.md, Options): what a dearer finish adds is charged
 * everywhere the server prices a piece in it (the cart's total, the order's lines and
 * total, the WhatsApp message) and kept by the order whatever the owner changes later;
 * the product form refuses a price difference that is not an amount of naira to add.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Product } from "../../../domain/catalog/catalog.types";
import { FURNITURE_MESSAGES } from "../../../domain/catalog/furniture-input.schema";
import { adminCookie, imageDataUrl } from "../../../tests/support/admin-session";
import { Browser } from "../../../tests/support/api-browser";
import { TEST_SITE, useTestApp } from "../../../tests/support/test-app";

const t = useTestApp();
let cookie = "";
let sofa: Product;

const admin = (method: "POST" | "PUT", url: string, payload: object) =>
  t.app.inject({ method, url: `/api/admin/operations${url}`, payload, headers: { cookie } });

const sofaForm = async (options: object[]) => ({
  name: "Finish Price Sofa",
  description: "<p>Deep seats.</p>",
  items: "1 sofa",
  price: 900000,
  isPromo: true,
  discountedPrice: 850000,
  category: "Living Room",
  style: "Modern",
  images: [await imageDataUrl("#a08060")],
  options,
});

/** The text of a wa.me link, as WhatsApp shows it. */
const whatsappText = (url: string) => decodeURIComponent(new URL(url).searchParams.get("text")!);

beforeAll(async () => {
  cookie = await adminCookie(t);
  const created = await admin(
    "POST",
    "/addProduct",
    await sofaForm([
      { name: "Sand linen", image: await imageDataUrl("#cdbb9a") },
      {
        name: "Emerald velvet",
        image: await imageDataUrl("#2f5d50"),
        images: [await imageDataUrl("#2f5d51"), await imageDataUrl("#2f5d52")],
        priceDifference: "120,000",
      },
    ]),
  );
  expect(created.statusCode, created.body).toBe(201);
  sofa = created.json<Product>();
});

describe("a dearer finish", () => {
  it("is served with its price difference, its prices and its photos beside its swatch", () => {
    const [linen, velvet] = sofa.options;
    expect(linen).toMatchObject({ priceDifference: 0, price: 900000, discountedPrice: 850000, images: [] });
    expect(velvet).toMatchObject({ priceDifference: 120000, price: 1020000, discountedPrice: 970000 });
    expect(velvet!.images).toHaveLength(2);
    expect(velvet!.images.map((photo) => photo.public_id)).not.toContain(velvet!.image!.public_id);
  });

  it("is charged in the cart's total, the order's lines and total and the WhatsApp message", async () => {
    const [linen, velvet] = sofa.options;
    const guest = new Browser(t.app);
    for (const [option, quantity] of [
      [velvet!._id, 2],
      [linen!._id, 1],
    ] as const) {
      const added = await guest.call("PUT", "/api/cart/add", {
        itemId: sofa._id,
        itemType: "Product",
        option,
        quantity,
      });
      expect(added.statusCode, added.body).toBe(200);
    }
    const placed = await guest.call("POST", "/api/orders", { kind: "cart" });
    expect(placed.statusCode, placed.body).toBe(201);
    const { order, whatsappUrl } = placed.json<{
      order: { lines: Array<{ option: string; unitPrice: number; quantity: number; image: unknown }>; total: number };
      whatsappUrl: string;
    }>();
    // On promotion: the promotion price with the finish's difference added.
    expect(order.lines.map((line) => [line.option, line.quantity, line.unitPrice])).toEqual([
      ["Emerald velvet", 2, 970000],
      ["Sand linen", 1, 850000],
    ]);
    expect(order.total).toBe(2 * 970000 + 850000);
    // The order's line shows the sofa in velvet, not the velvet's swatch.
    expect(order.lines[0]!.image).toMatchObject({ public_id: velvet!.images[0]!.public_id });
    expect(order.lines[1]!.image).toMatchObject({ public_id: sofa.images[0]!.public_id });
    const text = whatsappText(whatsappUrl);
    expect(text).toContain(
      [
        "1. Finish Price Sofa",
        "   Finish: Emerald velvet",
        "   Availability: In stock, ready now",
        "   Quantity: 2",
        "   Unit price: ₦970,000.00",
        `   ${TEST_SITE.PUBLIC_URL}/product/${sofa._id}?option=${velvet!._id}`,
      ].join("\n"),
    );
    expect(text).toContain("Total: ₦2,790,000.00");
  });

  it("keeps its price in an order placed before the owner changes it", async () => {
    const velvet = sofa.options[1]!;
    const guest = new Browser(t.app);
    const placed = await guest.call("POST", "/api/orders", {
      kind: "item",
      itemType: "Product",
      itemId: sofa._id,
      option: velvet._id,
      quantity: 1,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { trackingUrl } = placed.json<{ trackingUrl: string }>();

    const changed = await admin("PUT", `/updateProduct/${sofa._id}`, {
      options: sofa.options.map((option) => ({
        _id: option._id,
        name: option.name,
        image: option.image,
        priceDifference: option._id === velvet._id ? 200000 : 0,
      })),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const updated = changed.json<Product>();
    expect(updated.options[1]).toMatchObject({ _id: velvet._id, priceDifference: 200000, price: 1100000 });
    // Left out of the update, the photos stayed.
    expect(updated.options[1]!.images).toHaveLength(2);

    const token = new URL(trackingUrl).pathname.split("/").at(-1);
    const tracked = await guest.call("GET", `/api/orders/track/${token}`);
    expect(tracked.statusCode, tracked.body).toBe(200);
    const order = tracked.json<{ lines: Array<{ option: string; unitPrice: number }>; total: number }>();
    expect(order.lines.map((line) => [line.option, line.unitPrice])).toEqual([["Emerald velvet", 970000]]);
    expect(order.total).toBe(970000);
  });

  it.each([
    ["a negative difference", "-5000", FURNITURE_MESSAGES.priceDifferenceNegative],
    ["a third decimal", "100.005", FURNITURE_MESSAGES.priceDifferenceDecimals],
    ["words", "a lot", FURNITURE_MESSAGES.priceDifference],
    ["more than any price", "2000000000", FURNITURE_MESSAGES.priceDifferenceTooLarge],
  ])("is refused as %s, naming the option's field, and nothing is saved", async (_case, priceDifference, message) => {
    const response = await admin(
      "POST",
      "/addProduct",
      await sofaForm([{ name: "Sand linen" }, { name: "Emerald velvet", priceDifference }]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { "options.1.priceDifference": message } });
  });
});
