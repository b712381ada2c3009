import { describe, expect, it } from "vitest";
import { applyBulkAction, BulkChangeBodySchema, type BulkFields } from "./bulk-change.schema";
import { roundedPercentOf, ROUNDING_STEPS } from "./bulk-rounding";

const fields = (priceKobo: number, discountedPriceKobo: number | null): BulkFields => ({
  priceKobo,
  discountedPriceKobo,
  isPromo: discountedPriceKobo !== null,
  sold: false,
  collectionId: null,
  status: "published",
});

/** A small deterministic generator, so a failure names the case that broke. */
function* cases(count: number) {
  let seed = 7;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
  for (let i = 0; i < count; i += 1) {
    const price = (next() % 5_000_000) * 100 + (next() % 100);
    const discounted = price > 1 && next() % 2 ? 1 + (next() % (price - 1)) : null;
    yield { price, discounted, percent: (next() % 1090) - 90, amount: (next() % 200_000) - 100_000 };
  }
}

describe("applyBulkAction", () => {
  it("keeps every discounted price above ₦0 and below its price, or ends the promotion", () => {
    for (const { price, discounted, percent, amount } of cases(5000)) {
      const roundTo = ROUNDING_STEPS[price % ROUNDING_STEPS.length]!;
      for (const value of [{ percent: percent || 1, roundTo }, { amount: amount || 1 }]) {
        const after = applyBulkAction(fields(price, discounted), { action: "price", value });
        if (after === null || "refused" in after) continue;
        expect(after.priceKobo % 100, JSON.stringify({ price, value })).toBe(
          price % 100 === 0 || "percent" in value ? 0 : price % 100,
        );
        // A percentage lands on the step chosen, unless that would make the price nothing.
        if ("percent" in value && after.priceKobo >= roundTo * 100)
          expect(after.priceKobo % (roundTo * 100), JSON.stringify({ price, value })).toBe(0);
        if (after.discountedPriceKobo !== null) {
          expect(after.discountedPriceKobo).toBeGreaterThan(0);
          expect(after.discountedPriceKobo, JSON.stringify({ price, discounted, value })).toBeLessThan(after.priceKobo);
          expect(after.isPromo).toBe(true);
        }
      }
    }
  });

  it("refuses a price below ₦0 and takes a promotion's percentage off in whole naira", () => {
    expect(applyBulkAction(fields(50_000, null), { action: "price", value: { amount: -600 } })).toEqual({
      refused: "That change would make a price fall below ₦0.",
    });
    expect(applyBulkAction(fields(99_999_00, null), { action: "promo", value: { percent: 15 } })).toMatchObject({
      isPromo: true,
      discountedPriceKobo: 84_999_00,
    });
    // ₦1 cannot lose 10% in whole naira: it stays as it is.
    expect(applyBulkAction(fields(100, null), { action: "promo", value: { percent: 10 } })).toEqual(fields(100, null));
  });
});

describe("roundedPercentOf", () => {
  it("rounds a percentage's result to the nearest step the owner chose", () => {
    // ₦123,400 + 10% = ₦135,740.
    expect(roundedPercentOf(123_400_00, 10, 100)).toBe(135_700_00);
    expect(roundedPercentOf(123_400_00, 10, 1000)).toBe(136_000_00);
    expect(roundedPercentOf(123_400_00, 10, 5000)).toBe(135_000_00);
    // Halfway goes up: ₦137,500 to ₦140,000, and ₦112,500 to ₦113,000.
    expect(roundedPercentOf(125_000_00, 10, 5000)).toBe(140_000_00);
    expect(roundedPercentOf(125_000_00, -10, 1000)).toBe(113_000_00);
  });

  it("never rounds a price down to nothing", () => {
    // ₦2,000 − 10% = ₦1,800: nearer ₦0 than ₦5,000, so it keeps the naira.
    expect(roundedPercentOf(2_000_00, -10, 5000)).toBe(1_800_00);
  });

  it("rounds the promotion's price to the step and keeps it below the price", () => {
    const after = applyBulkAction(fields(100_000_00, 99_000_00), {
      action: "price",
      value: { percent: 10, roundTo: 5000 },
    });
    expect(after).toMatchObject({ priceKobo: 110_000_00, discountedPriceKobo: 105_000_00, isPromo: true });
  });
});

describe("BulkChangeBodySchema", () => {
  it("rounds a percentage to ₦100 unless told, and takes only ₦100, ₦1,000 or ₦5,000", () => {
    expect(BulkChangeBodySchema.parse({ filter: {}, action: "price", value: { percent: 10 } })).toMatchObject({
      value: { percent: 10, roundTo: 100 },
    });
    expect(
      BulkChangeBodySchema.parse({ filter: {}, action: "price", value: { percent: 10, roundTo: 5000 } }),
    ).toMatchObject({
      value: { percent: 10, roundTo: 5000 },
    });
    const refused = BulkChangeBodySchema.safeParse({
      filter: {},
      action: "price",
      value: { percent: 10, roundTo: 500 },
    });
    expect(refused.success).toBe(false);
  });

  it("needs products named by ids or a filter, never neither", () => {
    expect(BulkChangeBodySchema.safeParse({ action: "sold", value: true }).success).toBe(false);
    expect(BulkChangeBodySchema.parse({ filter: {}, action: "sold", value: true })).toEqual({
      target: { filter: {} },
      action: "sold",
      value: true,
      preview: false,
    });
  });
});
