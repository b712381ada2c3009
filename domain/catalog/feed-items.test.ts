import { describe, expect, it } from "vitest";
import type { Product } from "./catalog.types";
import { CATEGORIES } from "./categories";
import { clip, FEED_LIMITS, feedAmount, feedItemsOf, GOOGLE_PRODUCT_CATEGORIES } from "./feed-items";

const SITE = { publicUrl: "https://shop.ng/", shopName: "Ikoyi Interiors" };

const picture = (id: string) => ({
  url: `/media/${id}/1024.jpg`,
  public_id: id,
  width: 1600,
  height: 1200,
  widths: [1024],
});

function product(overrides: Partial<Product> = {}): Product {
  return {
    _id: "p1",
    name: "Lekki Sofa",
    title: "Lekki Sofa",
    description: "<p>Soft.</p>",
    items: "1 sofa",
    price: 850000,
    discountedPrice: null,
    isPromo: false,
    isBestSeller: false,
    isForeign: false,
    origin: null,
    sold: false,
    category: "Living Room",
    style: "Modern",
    make: null,
    model: null,
    collectionId: null,
    images: [picture("a")],
    rating: null,
    dimensions: null,
    materials: null,
    options: [],
    availability: { kind: "in_stock", weeksFrom: null, weeksTo: null },
    readyBy: "2026-11-25",
    status: "published",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

describe("feedAmount", () => {
  it("writes naira with two decimals, no grouping, exactly", () => {
    expect(feedAmount(12345)).toBe("12345.00");
    expect(feedAmount(0.5)).toBe("0.50");
    expect(feedAmount(687047103.31)).toBe("687047103.31");
    expect(feedAmount(1_000_000_000)).toBe("1000000000.00");
  });
});

describe("clip", () => {
  it("keeps short text and cuts long text to the limit with an ellipsis", () => {
    expect(clip("Sofa", 150)).toBe("Sofa");
    const cut = clip("word ".repeat(100), 150);
    expect(cut.length).toBeLessThanOrEqual(150);
    expect(cut.endsWith("word…")).toBe(true);
  });

  it("never cuts a character in half", () => {
    // The tenth and eleventh code units are one emoji: cut before it, not between its halves.
    expect(clip(`${"a".repeat(8)}😀😀`, 10)).toBe(`${"a".repeat(8)}…`);
    expect(clip(`${"a".repeat(7)}😀😀`, 10)).toBe(`${"a".repeat(7)}😀…`);
  });
});

describe("feedItemsOf", () => {
  it("keeps every field within Google's limits, and at most ten more pictures", () => {
    const [item] = feedItemsOf(
      product({
        name: "N".repeat(400),
        images: Array.from({ length: 20 }, (_, i) => picture(`p${i}`)),
        make: "M".repeat(100),
        materials: "m".repeat(300),
      }),
      SITE,
      "d".repeat(6000),
    );
    expect(item!.title.length).toBeLessThanOrEqual(FEED_LIMITS.title);
    expect(item!.description.length).toBeLessThanOrEqual(FEED_LIMITS.description);
    expect(item!.brand.length).toBeLessThanOrEqual(FEED_LIMITS.brand);
    expect(item!.material!.length).toBeLessThanOrEqual(FEED_LIMITS.material);
    expect(item!.imageLink).toBe("https://shop.ng/media/p0/1024.jpg");
    expect(item!.additionalImageLinks).toHaveLength(10);
    expect(item!.additionalImageLinks[0]).toBe("https://shop.ng/media/p1/1024.jpg");
  });

  it("names the link preview as the picture of a piece written without one, and its name as an empty description", () => {
    const [item] = feedItemsOf(product({ images: [] }), SITE, "");
    expect(item).toMatchObject({
      link: "https://shop.ng/product/p1",
      imageLink: "https://shop.ng/og/product/p1.jpg",
      additionalImageLinks: [],
      description: "Lekki Sofa",
    });
  });

  it("maps availability: sold is out of stock whatever its kind; made to order and imported are backordered to the ready date", () => {
    const made = { kind: "made_to_order", weeksFrom: 6, weeksTo: 8 } as const;
    expect(feedItemsOf(product({ availability: made, readyBy: "2027-01-20" }), SITE, "x")[0]).toMatchObject({
      availability: "backorder",
      availabilityDate: "2027-01-20",
    });
    expect(
      feedItemsOf(product({ availability: { kind: "imported", weeksFrom: 10, weeksTo: null } }), SITE, "x")[0],
    ).toMatchObject({ availability: "backorder", availabilityDate: "2026-11-25" });
    expect(feedItemsOf(product({ availability: made, sold: true }), SITE, "x")[0]).toMatchObject({
      availability: "out_of_stock",
      availabilityDate: null,
    });
  });

  it("gives the sale price only while on promotion with a discounted price", () => {
    expect(feedItemsOf(product({ isPromo: true, discountedPrice: 800000 }), SITE, "x")[0]).toMatchObject({
      price: "850000.00",
      salePrice: "800000.00",
    });
    expect(feedItemsOf(product({ isPromo: false, discountedPrice: 800000 }), SITE, "x")[0]!.salePrice).toBeNull();
  });

  it("has a Google category for every category of ours", () => {
    for (const category of CATEGORIES) expect(GOOGLE_PRODUCT_CATEGORIES[category]).toBeGreaterThan(0);
  });
});
