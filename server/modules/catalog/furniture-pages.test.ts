/**
 * What search engines read of a piece's furniture details: the product page's JSON-LD
 * carries its availability and ready date, its size, its materials and one variant per
 * option, as the server renders it.
 */
import type { InjectOptions } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import type { Product } from "../../../domain/catalog/catalog.types";
import { adminCookie, imageDataUrl } from "../../../tests/support/admin-session";
import { TEST_SITE, useTestApp } from "../../../tests/support/test-app";

const t = useTestApp({ pages: true });
let cookie = "";

beforeAll(async () => {
  cookie = await adminCookie(t);
});

const admin = (method: InjectOptions["method"], url: string, payload: object) =>
  t.app.inject({ method, url: `/api/admin/operations${url}`, payload, headers: { cookie } });

/** The JSON-LD blocks of a page, parsed. */
async function jsonLdOf(path: string): Promise<Array<Record<string, unknown>>> {
  const response = await t.app.inject({ method: "GET", url: path });
  expect(response.statusCode).toBe(200);
  const blocks = [...response.body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
  return blocks.map((block) => JSON.parse(block[1]!) as Record<string, unknown>);
}

async function addProduct(fields: object): Promise<Product> {
  const response = await admin("POST", "/addProduct", {
    name: "Ikoyi Dining Table",
    description: "<p>Seats six.</p>",
    items: "1 table",
    price: 900000,
    category: "Dining Room",
    style: "Modern",
    images: [await imageDataUrl("#7a5230")],
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Product>();
}

describe("a product page's JSON-LD", () => {
  it("carries a made-to-order piece's availability, ready date, size, materials and one variant per option", async () => {
    const product = await addProduct({
      dimensions: { width: 180, depth: 95, height: 76 },
      materials: "Solid iroko",
      availability: { kind: "made_to_order", weeksFrom: 6, weeksTo: 8 },
      options: [
        { name: "Walnut" },
        {
          name: "Natural Oak",
          image: await imageDataUrl("#c8a165"),
          images: [await imageDataUrl("#d9b98a")],
          priceDifference: 120000,
        },
      ],
    });
    const blocks = await jsonLdOf(`/product/${product._id}`);
    const group = blocks.find((block) => block["@type"] === "ProductGroup");
    const url = `${TEST_SITE.PUBLIC_URL}/product/${product._id}`;
    expect(group).toMatchObject({
      name: "Ikoyi Dining Table",
      material: "Solid iroko",
      width: { "@type": "QuantitativeValue", value: 180, unitCode: "CMT" },
      depth: { value: 95, unitCode: "CMT" },
      height: { value: 76, unitCode: "CMT" },
      offers: {
        price: "900000.00",
        priceCurrency: "NGN",
        availability: "https://schema.org/MadeToOrder",
        availabilityStarts: product.readyBy,
        deliveryLeadTime: { minValue: 42, maxValue: 56, unitCode: "DAY" },
      },
      productGroupID: product._id,
    });
    const variants = group!.hasVariant as Array<Record<string, unknown>>;
    expect(variants.map((variant) => [variant.color, variant.url])).toEqual([
      ["Walnut", `${url}?option=${product.options[0]!._id}`],
      ["Natural Oak", `${url}?option=${product.options[1]!._id}`],
    ]);
    // A variant shows the piece in its finish, never the finish's swatch, at its own price.
    expect(variants[1]!.image).toBe(`${TEST_SITE.PUBLIC_URL}${product.options[1]!.images[0]!.url}`);
    expect(variants[0]!.image).toBe(`${TEST_SITE.PUBLIC_URL}${product.images[0]!.url}`);
    expect(variants.map((variant) => (variant.offers as { price: string }).price)).toEqual(["900000.00", "1020000.00"]);
  });

  it("says an import is back-ordered, an in-stock piece in stock, and a sold one sold out", async () => {
    const imported = await addProduct({
      isForeign: true,
      origin: "Italy",
      availability: { kind: "imported", weeksFrom: 10 },
    });
    const inStock = await addProduct({});
    const sold = await addProduct({ sold: true });
    const availability = async (product: Product) =>
      (
        (await jsonLdOf(`/product/${product._id}`)).find((block) => block["@type"] === "Product")!.offers as {
          availability: string;
        }
      ).availability;
    expect(await availability(imported)).toBe("https://schema.org/BackOrder");
    expect(await availability(inStock)).toBe("https://schema.org/InStock");
    expect(await availability(sold)).toBe("https://schema.org/SoldOut");
  });
});
