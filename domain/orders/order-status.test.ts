import { describe, expect, it } from "vitest";
import { nextStatuses, refuseTransition } from "./order-status";

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
});
