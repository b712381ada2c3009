import { describe, expect, it } from "vitest";
import { nextStatuses, refuseTransition, STATUS_EXPLANATIONS, statusExplanation } from "./order-status";

describe("an order's flow, by its kind", () => {
  it("keeps an order of items on its flow: no visit steps, cancelling allowed", () => {
    expect(nextStatuses("new", "item")).toEqual([
      "quoted",
      "deposit_paid",
      "in_production",
      "ready",
      "delivered",
      "closed",
      "cancelled",
    ]);
    expect(refuseTransition("new", "cancelled", { depositCovered: false, kind: "cart" })).toBeNull();
    expect(refuseTransition("new", "visited", { depositCovered: false, kind: "item" })).toBe(
      'This order cannot be "Visited": only a service request has a visit.',
    );
  });

  it("gives a service request its visit first, proposed and booked only by their own actions", () => {
    expect(nextStatuses("new", "service")).toEqual([
      "visited",
      "quoted",
      "deposit_paid",
      "in_production",
      "ready",
      "delivered",
      "closed",
      "cancelled",
    ]);
    expect(nextStatuses("visit_booked", "service")[0]).toBe("visited");
    expect(refuseTransition("new", "visit_booked", { depositCovered: false, kind: "service" })).toBe(
      "Propose the visit's times, or book one, from the visit's form.",
    );
    expect(refuseTransition("visited", "visit_proposed", { depositCovered: false, kind: "service" })).not.toBeNull();
    expect(refuseTransition("visit_booked", "cancelled", { depositCovered: false, kind: "service" })).toBeNull();
    expect(refuseTransition("quoted", "visited", { depositCovered: false, kind: "service" })).toBe(
      'An order cannot go back from "Quoted" to "Visited".',
    );
  });

  it("sends a swatch request and delivers it, with no price, quote or deposit on its way", () => {
    expect(nextStatuses("new", "swatches")).toEqual(["sent", "delivered", "closed", "cancelled"]);
    expect(nextStatuses("sent", "swatches")).toEqual(["delivered", "closed", "cancelled"]);
    // Nothing is owed on a swatch request's way, so no deposit stands in front of its steps.
    expect(refuseTransition("sent", "delivered", { depositCovered: true, kind: "swatches" })).toBeNull();
    expect(refuseTransition("new", "quoted", { depositCovered: true, kind: "swatches" })).toBe(
      'A swatch request has no price: it goes from "New" to "Sent", "Delivered" and "Closed", never "Quoted".',
    );
    expect(refuseTransition("new", "visit_booked", { depositCovered: true, kind: "swatches" })).toBe(
      "Only a service request has a visit.",
    );
    expect(refuseTransition("delivered", "sent", { depositCovered: true, kind: "swatches" })).toBe(
      'An order cannot go back from "Delivered" to "Sent".',
    );
    expect(refuseTransition("ready", "sent", { depositCovered: true, kind: "item" })).toBe(
      'This order cannot be "Sent": only a swatch request is sent.',
    );
  });

  it("tells a swatch request's customer about their samples, not a quote", () => {
    expect(statusExplanation("new", "swatches")).toBe(
      "We have your swatch request and will post your samples shortly.",
    );
    expect(statusExplanation("sent", "swatches")).toBe("Your swatches are on their way to you.");
    expect(statusExplanation("new", "item")).toBe(STATUS_EXPLANATIONS.new);
  });
});
