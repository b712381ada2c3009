/**
 * The owner's WhatsApp update to a customer, line by line: what changed, the amounts, and —
 * at the quote and once the order is ready — what to pay now, with the tracking page's
 * payment section as the place to pay.
 */
import { describe, expect, it } from "vitest";
import { customerUpdateMessage, deliveryMessageLines, payLine, swatchRequestMessage } from "./order-messages";
import type { OrderStatus } from "./order-status";

const TRACKING = "https://furnish.test/orders/t/abc123";

/** A ₦250,000 order with a ₦100,000 deposit, as the server's view gives it, at `status`. */
const order = (status: OrderStatus, money: { paid?: number; balance?: number; depositDue?: number } = {}) => {
  const paid = money.paid ?? 0;
  return {
    reference: "FN-ABC23",
    kind: "item" as "item" | "swatches",
    status,
    total: 250_000,
    depositDue: money.depositDue ?? 100_000,
    paid,
    balance: money.balance ?? 250_000 - paid,
    expectedReadyDate: null,
    trackingUrl: TRACKING,
  };
};

const message = (view: ReturnType<typeof order>) =>
  customerUpdateMessage(view, { shopName: "Furnish", customerName: "Ada" }).split("\n");

describe("the owner's update to the customer", () => {
  it("at the quote asks for the deposit, and links to where it is paid", () => {
    expect(message(order("quoted"))).toEqual([
      "Hello Ada! An update from Furnish on your order FN-ABC23:",
      "",
      "Your quote is ready. Your order starts once the deposit is paid.",
      "",
      "Total: ₦250,000.00",
      "Deposit to start: ₦100,000.00",
      "",
      `Pay the deposit of ₦100,000.00 here: ${TRACKING}#pay`,
      "",
      `Follow it here: ${TRACKING}`,
    ]);
  });

  it("with part of the deposit paid, asks for what is still owed of it and says what was paid", () => {
    expect(message(order("quoted", { paid: 40_000.5 }))).toEqual([
      "Hello Ada! An update from Furnish on your order FN-ABC23:",
      "",
      "Your quote is ready. Your order starts once the deposit is paid.",
      "",
      "Total: ₦250,000.00",
      "Deposit to start: ₦100,000.00",
      "Paid so far: ₦40,000.50",
      "",
      `Pay the deposit of ₦59,999.50 here: ${TRACKING}#pay`,
      "",
      `Follow it here: ${TRACKING}`,
    ]);
  });

  it("once the order is ready, asks for the balance", () => {
    expect(message(order("ready", { paid: 100_000 }))).toEqual([
      "Hello Ada! An update from Furnish on your order FN-ABC23:",
      "",
      "Your order is ready for delivery.",
      "",
      "Paid so far: ₦100,000.00",
      "Balance: ₦150,000.00",
      "",
      `Pay the balance of ₦150,000.00 here: ${TRACKING}#pay`,
      "",
      `Follow it here: ${TRACKING}`,
    ]);
  });

  it("after delivery with a balance still owed, asks for it too", () => {
    expect(message(order("delivered", { paid: 200_000 }))).toContain(
      `Pay the balance of ₦50,000.00 here: ${TRACKING}#pay`,
    );
  });

  it("while the order is being made, shows the balance but asks for nothing yet", () => {
    for (const status of ["deposit_paid", "in_production"] as const) {
      const lines = message(order(status, { paid: 100_000 }));
      expect(lines).toContain("Balance: ₦150,000.00");
      expect(lines.join("\n")).not.toContain("#pay");
    }
  });

  it("asks for nothing when nothing is owed, or before the quote, or once the order is finished", () => {
    const views = [
      order("quoted", { depositDue: 0 }),
      order("quoted", { paid: 100_000 }),
      order("ready", { paid: 250_000 }),
      order("delivered", { paid: 250_000 }),
      order("new"),
      order("cancelled", { paid: 50_000 }),
      order("closed", { paid: 200_000, balance: 0 }),
    ];
    for (const view of views) {
      expect(payLine(view), view.status).toBeNull();
      expect(message(view).join("\n"), view.status).not.toContain("#pay");
    }
  });

  it("puts the pay line before the tracking link and the salesperson's chat", () => {
    const lines = customerUpdateMessage(order("ready", { paid: 100_000 }), {
      shopName: "Furnish",
      customerName: null,
      salesperson: { name: "Ngozi", whatsappNumber: "+2348035551234" },
    }).split("\n");
    expect(lines.slice(-4)).toEqual([
      `Pay the balance of ₦150,000.00 here: ${TRACKING}#pay`,
      "",
      `Follow it here: ${TRACKING}`,
      expect.stringMatching(/^Questions\? Ngozi looks after your order: https:\/\/wa\.me\/2348035551234\?text=/),
    ]);
  });
});

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

  it("updates without amounts while free, and asks for a delivery fee once the swatches are sent", () => {
    const free = { ...order("sent"), kind: "swatches" as const, total: 0, depositDue: 0, balance: 0 };
    expect(message(free)).toEqual([
      "Hello Ada! An update from Furnish on your order FN-ABC23:",
      "",
      "Your swatches are on their way to you.",
      "",
      `Follow it here: ${TRACKING}`,
    ]);
    const withFee = { ...free, total: 2_500, balance: 2_500 };
    expect(payLine(withFee)).toBe(`Pay the balance of ₦2,500.00 here: ${TRACKING}#pay`);
    expect(payLine({ ...withFee, status: "new" })).toBeNull();
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
