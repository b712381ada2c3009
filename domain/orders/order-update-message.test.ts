/**
 * The order desk's update to a customer: the shop's message for the order's step, filled
 * with what is owed now and where to pay it, lines with nothing to say left out, and the
 * salesperson's chat when one looks after the order.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_TEMPLATES } from "../today/today.schema";
import { amountAskedNow, orderUpdateMessage } from "./order-update-message";
import type { OrderStatus } from "./order-status";

const TRACKING = "https://furnish.test/orders/t/abc123";
const REVIEW = "https://furnish.test/reviews/r3v13w";

/** A ₦250,000 order with a ₦100,000 deposit, as the server's view gives it, at `status`. */
const order = (
  status: OrderStatus,
  money: { paid?: number; balance?: number; depositDue?: number } = {},
  expectedReadyDate: string | null = null,
) => {
  const paid = money.paid ?? 0;
  return {
    reference: "FN-ABC23",
    status,
    depositDue: money.depositDue ?? 100_000,
    paid,
    balance: money.balance ?? 250_000 - paid,
    expectedReadyDate,
    trackingUrl: TRACKING,
    reviewUrl: status === "delivered" ? REVIEW : null,
  };
};

const message = (view: ReturnType<typeof order>, templates = DEFAULT_TEMPLATES) =>
  orderUpdateMessage(view, templates, { customerName: "Ada" }).split("\n");

describe("the order desk's message to the customer", () => {
  it("at the quote asks for the deposit, and links to where it is paid", () => {
    expect(message(order("quoted"))).toEqual([
      "Good day Ada, an update on your order FN-ABC23:",
      "",
      "Your quote is ready. Your order starts once the deposit is paid.",
      "",
      "Deposit to start: ₦100,000.00",
      `You can pay here: ${TRACKING}#pay`,
      "",
      `You can follow it here: ${TRACKING}`,
    ]);
  });

  it("while the quote waits for the customer's answer, the pay link opens the quote, where it is approved and paid", () => {
    const waiting = { ...order("quoted"), quote: { approvedAt: null, expired: false } };
    expect(message(waiting)).toContain(`You can pay here: ${TRACKING}#quote-section`);
    const approved = { ...order("quoted"), quote: { approvedAt: "2026-11-20T10:00:00Z", expired: false } };
    expect(message(approved)).toContain(`You can pay here: ${TRACKING}#pay`);
  });

  it("with part of the deposit paid, asks only for what is still owed of it", () => {
    expect(message(order("quoted", { paid: 40_000.5 }))).toContain("Deposit to start: ₦59,999.50");
    expect(amountAskedNow(order("quoted", { paid: 40_000.5 }))).toBe(59_999.5);
  });

  it("once the order is ready, asks for the balance", () => {
    expect(message(order("ready", { paid: 100_000 }))).toEqual([
      "Good day Ada, an update on your order FN-ABC23:",
      "",
      "Your order is ready for delivery.",
      "",
      "Balance: ₦150,000.00",
      `You can pay here: ${TRACKING}#pay`,
      "",
      `You can follow it here: ${TRACKING}`,
    ]);
  });

  it("after delivery asks for a balance still owed, and for a review", () => {
    const lines = message(order("delivered", { paid: 200_000 }));
    expect(lines).toContain("Balance: ₦50,000.00");
    expect(lines).toContain(`You can pay here: ${TRACKING}#pay`);
    expect(lines).toContain(`How do you find your pieces? Review them here: ${REVIEW}`);
  });

  it("while the order is made, says when it will be ready, and says nothing of a date not set", () => {
    expect(message(order("in_production", { paid: 100_000 }, "2027-01-12"))).toEqual([
      "Good day Ada, an update on your order FN-ABC23:",
      "",
      "Your order is being made.",
      "",
      "Expected ready: 12 Jan 2027",
      "",
      `You can follow it here: ${TRACKING}`,
    ]);
    expect(message(order("deposit_paid", { paid: 100_000 })).join("\n")).not.toContain("Expected ready");
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
      const text = message(view).join("\n");
      expect(amountAskedNow(view), view.status).toBe(0);
      expect(text, view.status).not.toContain("#pay");
      expect(text, view.status).not.toContain("Balance:");
      expect(text, view.status).not.toMatch(/\n\n\n/);
    }
  });

  it("says the owner's own words for the step, filled", () => {
    const templates = {
      ...DEFAULT_TEMPLATES,
      ready: "Hi {name}! {reference} is ready.\nSend {amount_due} to finish: {pay_link}\nThanks, the workshop",
    };
    expect(message(order("ready", { paid: 100_000 }), templates)).toEqual([
      "Hi Ada! FN-ABC23 is ready.",
      `Send ₦150,000.00 to finish: ${TRACKING}#pay`,
      "Thanks, the workshop",
    ]);
    // Paid in full: the line asking for money has nothing to say and is left out.
    expect(message(order("ready", { paid: 250_000 }), templates)).toEqual([
      "Hi Ada! FN-ABC23 is ready.",
      "Thanks, the workshop",
    ]);
  });

  it("a swatch request's delivery fee is asked for once the swatches are sent", () => {
    const sent = { ...order("sent"), depositDue: 0, balance: 2_500 };
    expect(message(sent)).toContain("Your swatches are on their way to you.");
    expect(message(sent)).toContain(`You can pay here: ${TRACKING}#pay`);
    expect(message({ ...sent, balance: 0 }).join("\n")).not.toContain("#pay");
  });

  it("ends with the salesperson's chat when one looks after the order", () => {
    const lines = orderUpdateMessage(order("ready", { paid: 100_000 }), DEFAULT_TEMPLATES, {
      customerName: null,
      salesperson: { name: "Ngozi", whatsappNumber: "+2348035551234" },
    }).split("\n");
    expect(lines[0]).toBe("Good day Sir/Ma, an update on your order FN-ABC23:");
    expect(lines.slice(-3)).toEqual([
      `You can follow it here: ${TRACKING}`,
      "",
      expect.stringMatching(/^Questions\? Ngozi looks after your order: https:\/\/wa\.me\/2348035551234\?text=/),
    ]);
  });
});
