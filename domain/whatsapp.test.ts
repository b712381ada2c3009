import { describe, expect, it } from "vitest";
import {
  cartOrderMessage,
  cartTotal,
  enquiryMessage,
  itemOrderMessage,
  itemPath,
  itemUrl,
  soldItemEnquiryMessage,
  whatsappLink,
} from "./whatsapp";

const sofa = { name: "Lekki Three-Seater Sofa", price: 1_450_000, isPromo: false, discountedPrice: null };
const chair = { name: "Yaba Lounge Chair", price: 385_000, isPromo: true, discountedPrice: 346_500 };

describe("WhatsApp links", () => {
  it("points at wa.me with the number's digits and the encoded text", () => {
    expect(whatsappLink("+234 801 234 5678", "Hi & welcome?")).toBe(
      "https://wa.me/2348012345678?text=Hi%20%26%20welcome%3F",
    );
  });

  it("links items to their own pages", () => {
    expect(itemPath("Product", "abc")).toBe("/product/abc");
    expect(itemPath("Collection", "xyz")).toBe("/collection/xyz");
  });

  it("makes absolute item links from the public URL, with or without a trailing slash", () => {
    expect(itemUrl("https://shop.ng", "Product", "abc")).toBe("https://shop.ng/product/abc");
    expect(itemUrl("https://shop.ng/", "Collection", "xyz")).toBe("https://shop.ng/collection/xyz");
  });
});

describe("item order message", () => {
  it("names the item, its price with two decimals and its link", () => {
    expect(itemOrderMessage({ item: sofa, url: "https://shop.ng/product/1" })).toBe(
      "Hello! I would like to order this item:\n\nLekki Three-Seater Sofa\nPrice: ₦1,450,000.00\nhttps://shop.ng/product/1",
    );
  });

  it("names the finish chosen and when the piece can be ready", () => {
    expect(
      itemOrderMessage({
        item: sofa,
        url: "https://shop.ng/product/1",
        option: "Walnut",
        availability: "Made to order in 6–8 weeks, ready by about 20 Jan 2027",
      }),
    ).toBe(
      [
        "Hello! I would like to order this item:",
        "",
        "Lekki Three-Seater Sofa",
        "Finish: Walnut",
        "Availability: Made to order in 6–8 weeks, ready by about 20 Jan 2027",
        "Price: ₦1,450,000.00",
        "https://shop.ng/product/1",
      ].join("\n"),
    );
  });

  it("uses the discounted price while on promotion", () => {
    expect(itemOrderMessage({ item: chair, url: "https://shop.ng/product/2" })).toContain("Price: ₦346,500.00");
  });
});

describe("cart order message", () => {
  const lines = [
    { item: sofa, quantity: 2, url: "https://shop.ng/product/1" },
    {
      item: chair,
      quantity: 1,
      url: "https://shop.ng/product/2",
      option: "Cream bouclé",
      availability: "In stock, ready now",
    },
  ];

  it("numbers each line with name, option, availability, quantity, unit price and link, then the total", () => {
    expect(cartOrderMessage(lines)).toBe(
      [
        "Hello! I would like to order these items:",
        "",
        "1. Lekki Three-Seater Sofa",
        "   Quantity: 2",
        "   Unit price: ₦1,450,000.00",
        "   https://shop.ng/product/1",
        "2. Yaba Lounge Chair",
        "   Finish: Cream bouclé",
        "   Availability: In stock, ready now",
        "   Quantity: 1",
        "   Unit price: ₦346,500.00",
        "   https://shop.ng/product/2",
        "",
        "Total: ₦3,246,500.00",
      ].join("\n"),
    );
  });

  it("sums in kobo", () => {
    const cheap = { name: "Coaster", price: 0.1, isPromo: false, discountedPrice: null };
    expect(cartTotal([{ item: cheap, quantity: 3 }])).toBe(0.3);
    expect(cartTotal([])).toBe(0);
  });

  it("sums sale prices with kobo exactly (₦1,234.55 × 3 is 3703.6499999999996 in naira floats)", () => {
    const onSale = (discountedPrice: number) => ({ name: "Pouf", price: 2000, isPromo: true, discountedPrice });
    expect(cartTotal([{ item: onSale(1234.5), quantity: 3 }])).toBe(3703.5);
    expect(cartTotal([{ item: onSale(1234.55), quantity: 3 }])).toBe(3703.65);
    expect(
      cartTotal([
        { item: onSale(1234.55), quantity: 3 },
        { item: onSale(0.1), quantity: 2 },
      ]),
    ).toBe(3703.85);
  });
});

describe("enquiry message", () => {
  it("greets the shop by name", () => {
    expect(enquiryMessage("Furnish")).toBe("Hello Furnish! I would like to make an enquiry.");
  });
});

describe("the enquiry about a sold piece", () => {
  it("names the piece and links to its page, without a price to order at", () => {
    const message = soldItemEnquiryMessage("Rattan Armchair", itemUrl("https://shop.example/", "Product", "p1"));
    expect(message).toBe(
      [
        "Hello! I'm interested in this piece, which shows as sold:",
        "",
        "Rattan Armchair",
        "https://shop.example/product/p1",
        "",
        "Could you make another, or suggest something similar?",
      ].join("\n"),
    );
    expect(message).not.toMatch(/order|₦/i);
  });
});
