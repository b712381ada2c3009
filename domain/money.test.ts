import { describe, expect, it } from "vitest";
import {
  effectivePrice,
  formatNaira,
  isOnSale,
  isWholeKobo,
  koboToNaira,
  nairaToKobo,
  percentOff,
  priceDifferenceLabel,
  pricedIn,
  withPriceDifference,
} from "./money";

describe("formatNaira", () => {
  it("shows the naira sign, en-NG grouping and exactly two decimals", () => {
    expect(formatNaira(1_250_000)).toBe("₦1,250,000.00");
    expect(formatNaira(0)).toBe("₦0.00");
    expect(formatNaira(999.5)).toBe("₦999.50");
    expect(formatNaira(12.345)).toBe("₦12.35");
  });
});

describe("naira and kobo", () => {
  it("converts without float drift", () => {
    expect(nairaToKobo(19.99)).toBe(1999);
    expect(nairaToKobo(0.1 + 0.2)).toBe(30);
    expect(koboToNaira(1999)).toBe(19.99);
    expect(nairaToKobo(koboToNaira(123_456_789))).toBe(123_456_789);
  });
});

describe("percentOff", () => {
  it("rounds (price − discounted) / price to an integer percent", () => {
    expect(percentOff(300_000, 250_000)).toBe(17);
    expect(percentOff(1000, 875)).toBe(13);
    expect(percentOff(1000, 1000)).toBe(0);
    expect(percentOff(0, 0)).toBe(0);
  });

  it("works in kobo, so an exact half rounds up (in naira floats 12.5 % came out as 12.4999…)", () => {
    expect(percentOff(1234.56, 1080.24)).toBe(13);
    expect(percentOff(800.08, 700.07)).toBe(13);
  });
});

describe("isWholeKobo", () => {
  it("accepts at most two decimals, however large the price, and float noise of a sum", () => {
    expect(isWholeKobo(19.99)).toBe(true);
    expect(isWholeKobo(687_047_103.31)).toBe(true);
    expect(isWholeKobo(999_999_999.99)).toBe(true);
    expect(isWholeKobo(0.1 + 0.2)).toBe(true);
    expect(isWholeKobo(1.005)).toBe(false);
    expect(isWholeKobo(12.3401)).toBe(false);
    expect(isWholeKobo(999_999_999.991)).toBe(false);
  });
});

describe("effectivePrice", () => {
  it("is the discounted price only while on promotion", () => {
    expect(effectivePrice({ price: 100, isPromo: true, discountedPrice: 80 })).toBe(80);
    expect(effectivePrice({ price: 100, isPromo: false, discountedPrice: 80 })).toBe(100);
    expect(effectivePrice({ price: 100, isPromo: true, discountedPrice: null })).toBe(100);
    expect(isOnSale({ price: 100, isPromo: true, discountedPrice: 80 })).toBe(true);
    expect(isOnSale({ price: 100, isPromo: true, discountedPrice: null })).toBe(false);
    expect(isOnSale({ price: 100, isPromo: false, discountedPrice: 80 })).toBe(false);
  });
});

describe("a finish's price", () => {
  it("adds its difference to the price and the promotion price, in kobo", () => {
    expect(withPriceDifference({ price: 0.1, isPromo: true, discountedPrice: 0.05 }, 20)).toEqual({
      price: 0.3,
      isPromo: true,
      discountedPrice: 0.25,
    });
    expect(withPriceDifference({ price: 900000, isPromo: false, discountedPrice: null }, 120_000_00)).toEqual({
      price: 1020000,
      isPromo: false,
      discountedPrice: null,
    });
  });

  it("is the option's when one is chosen, the item's otherwise", () => {
    const item = { price: 100, isPromo: true, discountedPrice: 90 };
    expect(pricedIn(item, { price: 150, discountedPrice: 140 })).toEqual({
      price: 150,
      isPromo: true,
      discountedPrice: 140,
    });
    expect(pricedIn(item, null)).toBe(item);
  });

  it("is labelled with a plus only when it adds something", () => {
    expect(priceDifferenceLabel(120000)).toBe("+₦120,000.00");
    expect(priceDifferenceLabel(0)).toBe("");
  });
});
