/** The WhatsApp messages a shopper's order and requests start with. */
import { describe, expect, it } from "vitest";
import { deliveryMessageLines, swatchRequestMessage } from "./order-messages";

describe("a swatch request's messages", () => {
  it("asks for the finishes, one a line, with the product's page and no price", () => {
    expect(
      swatchRequestMessage({
        product: "Iroko Dining Table",
        finishes: ["Walnut", "Natural Oak"],
        url: "https://furnish.test/product/abc",
      }),
    ).toBe(
      [
        "Hello! I would like to request swatches of Iroko Dining Table in these finishes:",
        "",
        "- Walnut",
        "- Natural Oak",
        "",
        "https://furnish.test/product/abc",
      ].join("\n"),
    );
  });
});

describe("the delivery lines of an order's message", () => {
  const fees = [
    { label: "Delivery to Lekki Phase 1 (truck)", amountKobo: 55_000_00 },
    { label: "Carrying to floor 3 (no lift)", amountKobo: 15_000_00 },
  ];

  it("list each priced line and the total with them", () => {
    expect(deliveryMessageLines({ areaName: "Lekki Phase 1", onRequest: false }, fees, 1_200_000_00)).toEqual([
      "",
      "Delivery to Lekki Phase 1 (truck): ₦55,000.00",
      "Carrying to floor 3 (no lift): ₦15,000.00",
      "Total with delivery: ₦1,270,000.00",
    ]);
  });

  it("say when the shop prices the delivery, and say nothing when none was asked for", () => {
    expect(deliveryMessageLines({ areaName: "Ajah", onRequest: true }, [], 150_000_00)).toEqual([
      "",
      "Delivery to Ajah: price on request",
    ]);
    expect(deliveryMessageLines(null, fees, 1_200_000_00)).toEqual([]);
  });
});
