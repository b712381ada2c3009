import { describe, expect, it } from "vitest";
import { formatCompact, formatNumber } from "./numbers";

// Node's Intl (full ICU) is the reference the pages' own formatting must match.
const amounts = [
  0,
  1,
  9.99,
  12.345,
  0.125,
  1.005,
  2.675,
  19.99,
  0.1 + 0.2,
  999.5,
  999.95,
  999.96,
  1000,
  1049,
  1050,
  1250,
  12_345,
  99_950,
  99_999,
  120_000,
  999_949,
  999_950,
  999_999,
  1_000_000,
  1_500_000,
  2_860_000,
  1_234_567.891,
  687_047_103.31,
  1e9,
  2.5e12,
  1e-7,
  123_456_789_012,
  -5,
  -1250.5,
];

describe("formatNumber", () => {
  it("writes what Intl writes for en-NG, for two decimals, none, and up to two or three", () => {
    const twoDecimals = new Intl.NumberFormat("en-NG", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const whole = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 0 });
    const upToTwo = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 2 });
    const upToThree = new Intl.NumberFormat("en-NG");
    for (const n of amounts) {
      expect(formatNumber(n, { minDecimals: 2, maxDecimals: 2 }), String(n)).toBe(twoDecimals.format(n));
      expect(formatNumber(n), String(n)).toBe(whole.format(n));
      expect(formatNumber(n, { maxDecimals: 2 }), String(n)).toBe(upToTwo.format(n));
      expect(formatNumber(n, { maxDecimals: 3 }), String(n)).toBe(upToThree.format(n));
    }
  });

  it("rounds the number as written, half away from zero", () => {
    expect(formatNumber(12.345, { minDecimals: 2, maxDecimals: 2 })).toBe("12.35");
    expect(formatNumber(-12.345, { minDecimals: 2, maxDecimals: 2 })).toBe("-12.35");
    expect(formatNumber(999.995, { minDecimals: 2, maxDecimals: 2 })).toBe("1,000.00");
  });

  it("writes nothing negative that rounds to zero", () => {
    expect(formatNumber(-0.004, { minDecimals: 2, maxDecimals: 2 })).toBe("0.00");
  });

  it("writes what is not a number, or too large to write out, as JavaScript does, without throwing", () => {
    expect(formatNumber(Number.NaN)).toBe("NaN");
    expect(formatNumber(1e21, { maxDecimals: 2 })).toBe("1e+21");
    expect(formatNumber(-Infinity)).toBe("-Infinity");
  });
});

describe("formatCompact", () => {
  it("writes what Intl's compact notation writes, one decimal at most", () => {
    const compact = new Intl.NumberFormat("en-NG", { notation: "compact", maximumFractionDigits: 1 });
    for (const n of amounts) expect(formatCompact(n), String(n)).toBe(compact.format(n));
  });

  it("moves up a unit when rounding reaches a thousand", () => {
    expect(formatCompact(999_960)).toBe("1M");
    expect(formatCompact(999.96)).toBe("1K");
    expect(formatCompact(120_000)).toBe("120K");
  });
});
