import { describe, expect, it } from "vitest";
import { SendQuoteFormSchema } from "./quote-form.schema";
import { QUOTE_MESSAGES } from "./quotes.schema";

const form = (lines: object[]) =>
  SendQuoteFormSchema.safeParse({ lines, fees: [], validUntil: "2026-12-24", pictures: [] });

describe("the owner's Send quote form", () => {
  it("drops a blank added row, and reads a blank quantity as one", () => {
    const parsed = form([
      { lineId: "line-1", quantity: 2, unitPrice: 90_000 },
      { name: "Sectional sofa, made to measure", unitPrice: 850_000 },
      {},
    ]);
    expect(parsed.success && parsed.data.lines).toEqual([
      { lineId: "line-1", name: null, quantity: 2, unitPrice: 90_000, finish: null, dimensions: null },
      {
        name: "Sectional sofa, made to measure",
        quantity: 1,
        unitPrice: 850_000,
        finish: null,
        dimensions: null,
        imported: false,
      },
    ]);
  });

  it("asks an added row for its name and its price", () => {
    const parsed = form([{ quantity: 2, unitPrice: 5_000 }, { name: "Extra cushions" }]);
    expect(parsed.success).toBe(false);
    const issues = parsed.error!.issues.map(({ path, message }) => ({ path, message }));
    expect(issues).toContainEqual({ path: ["lines", 0, "name"], message: QUOTE_MESSAGES.lineName });
    expect(issues).toContainEqual({ path: ["lines", 1, "unitPrice"], message: QUOTE_MESSAGES.amount });
  });
});
