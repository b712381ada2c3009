import { describe, expect, it } from "vitest";
import { priceDifferenceLabel, pricedIn, withPriceDifference } from "./option-prices";

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
