import { describe, expect, it } from "vitest";
import { owedLabel, rowLabel } from "./order-list";

const row = (kind: "item" | "service" | "swatches", money: { total: number; balance: number }, swatches = 0) => ({
  kind,
  status: "new" as const,
  visitBookedFor: null,
  swatches: kind === "swatches" ? swatches : null,
  ...money,
});

describe("a row of the owner's orders list", () => {
  it("shows a swatch request as its finishes, and never 'Paid in full' while nothing was owed", () => {
    expect(rowLabel(row("swatches", { total: 0, balance: 0 }, 3))).toBe("Swatches · 3 finishes");
    expect(rowLabel(row("swatches", { total: 0, balance: 0 }, 1))).toBe("Swatches · 1 finish");
    expect(owedLabel(row("swatches", { total: 0, balance: 0 }, 3))).toBe("");
    // A delivery fee the owner set is owed, then paid, like any amount.
    expect(rowLabel(row("swatches", { total: 2_500, balance: 2_500 }, 2))).toBe("Swatches · 2 finishes");
    expect(owedLabel(row("swatches", { total: 2_500, balance: 2_500 }, 2))).toBe("Balance ₦2,500.00");
    expect(owedLabel(row("swatches", { total: 2_500, balance: 0 }, 2))).toBe("Paid in full");
  });

  it("shows an order of items by its amount, and a service request before its visit by the visit", () => {
    expect(rowLabel(row("item", { total: 99_000, balance: 99_000 }))).toBeNull();
    expect(rowLabel(row("service", { total: 0, balance: 0 }))).toBe("Site visit · to book");
    expect(owedLabel(row("service", { total: 0, balance: 0 }))).toBe("");
  });
});
