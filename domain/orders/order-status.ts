/**
 * An order's life (docs/product.md, Orders): it moves forward along its kind's flow — one
 * step or several — never back, and any open order may be cancelled. Closed and cancelled
 * orders are finished: nothing moves them. From `deposit_paid` on, the payments
 * recorded must cover the deposit due.
 *
 * An order of the catalogue (an item, a cart) follows ORDER_FLOW. A service request (a
 * site visit or a design consultation) follows SERVICE_FLOW: the shop proposes times for a
 * visit, the customer (or the owner, after a call) books one, the visit happens, and the
 * quote follows as for any order. A visit is proposed and booked by its own actions, not
 * by a status change: those steps need the times. A swatch request follows SWATCH_FLOW:
 * it has no price, so no quote and no deposit; the shop sends the samples, and they arrive.
 */

export const ORDER_FLOW = ["new", "quoted", "deposit_paid", "in_production", "ready", "delivered", "closed"] as const;
export const VISIT_STEPS = ["visit_proposed", "visit_booked", "visited"] as const;
export const SERVICE_FLOW = ["new", ...VISIT_STEPS, ...ORDER_FLOW.slice(1)] as const;
export const SWATCH_FLOW = ["new", "sent", "delivered", "closed"] as const;
/** Every status, in the order the owner's lists show them. */
export const ORDER_STATUSES = [
  "new",
  ...VISIT_STEPS,
  "quoted",
  "deposit_paid",
  "in_production",
  "ready",
  "sent",
  "delivered",
  "closed",
  "cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The kinds of order, as far as their flow goes: a service request has visits, a swatch request no quote. */
export type FlowKind = "item" | "cart" | "service" | "swatches";

/** The steps an order of this kind goes through, in order. */
export const flowOf = (kind: FlowKind): readonly OrderStatus[] =>
  kind === "service" ? SERVICE_FLOW : kind === "swatches" ? SWATCH_FLOW : ORDER_FLOW;

/** The steps reached only by their own action (proposing times, booking one), never by a status change. */
const BY_ACTION_ONLY: readonly OrderStatus[] = ["visit_proposed", "visit_booked"];

/** The production steps: the workshop moves an order to these and to no other status. */
export const PRODUCTION_STEPS: readonly OrderStatus[] = ["in_production", "ready"];

export const STATUS_LABELS: Record<OrderStatus, string> = {
  new: "New",
  visit_proposed: "Visit times proposed",
  visit_booked: "Visit booked",
  visited: "Visited",
  quoted: "Quoted",
  deposit_paid: "Deposit paid",
  in_production: "In production",
  ready: "Ready",
  sent: "Sent",
  delivered: "Delivered",
  closed: "Closed",
  cancelled: "Cancelled",
};

/** What the customer reads about each step, on the tracking page and in messages. */
export const STATUS_EXPLANATIONS: Record<OrderStatus, string> = {
  new: "We have your order and will reply with a quote shortly.",
  visit_proposed: "We have proposed times for our visit: choose the one that suits you.",
  visit_booked: "Your visit is booked. We will remind you the day before.",
  visited: "Thank you for having us. Your quote follows shortly.",
  quoted: "Your quote is ready. Your order starts once the deposit is paid.",
  deposit_paid: "Your deposit is in. Your order is next in line for production.",
  in_production: "Your order is being made.",
  ready: "Your order is ready for delivery.",
  sent: "Your swatches are on their way to you.",
  delivered: "Your order has been delivered.",
  closed: "This order is complete. Thank you!",
  cancelled: "This order was cancelled.",
};

/** What a swatch request's customer reads instead, where an order's words do not fit. */
const SWATCH_EXPLANATIONS: Partial<Record<OrderStatus, string>> = {
  new: "We have your swatch request and will post your samples shortly.",
  delivered: "Your swatches have arrived. Tell us which finish you love.",
  closed: "This request is complete. Thank you!",
  cancelled: "This request was cancelled.",
};

/** What the customer reads about this step of an order of this kind. */
export const statusExplanation = (status: OrderStatus, kind: FlowKind = "item"): string =>
  (kind === "swatches" ? SWATCH_EXPLANATIONS[status] : undefined) ?? STATUS_EXPLANATIONS[status];

export const isFinished = (status: OrderStatus) => status === "closed" || status === "cancelled";

const step = (status: OrderStatus) => SERVICE_FLOW.indexOf(status as (typeof SERVICE_FLOW)[number]);

/** Whether an order at this status needs its deposit covered. */
export const needsDeposit = (status: OrderStatus) => status !== "cancelled" && step(status) >= step("deposit_paid");

/** Whether a service request at this status waits on its visit: times proposed, or one booked. */
export const awaitsVisit = (status: OrderStatus) => status === "visit_proposed" || status === "visit_booked";

/** Whether an order at this status is quoted or further on: the quick quote is frozen as a version by then. */
export const isQuotedOrLater = (status: OrderStatus) =>
  status !== "cancelled" && status !== "sent" && step(status) >= step("quoted");

/**
 * Whether sending a quote moves the order to "quoted": an order not yet quoted, or a
 * service request whose visit has happened. While a visit is proposed or booked, a quote
 * sent ahead of it leaves the visit standing (and its reminder due).
 */
export const quoteMovesToQuoted = (status: OrderStatus) => status === "new" || status === "visited";

/**
 * The statuses an order of this kind may move to from `status` by a status change, in
 * order (proposing and booking a visit have their own actions).
 */
export function nextStatuses(status: OrderStatus, kind: FlowKind = "item"): OrderStatus[] {
  if (isFinished(status)) return [];
  const flow = flowOf(kind);
  return [...flow.slice(flow.indexOf(status) + 1).filter((next) => !BY_ACTION_ONLY.includes(next)), "cancelled"];
}

/** Why an order of this kind never has this status. */
function outOfFlow(to: OrderStatus, kind: FlowKind): string {
  if (kind === "swatches") {
    return `A swatch request has no price: it goes from "New" to "Sent", "Delivered" and "Closed", never "${STATUS_LABELS[to]}".`;
  }
  if (to === "sent") return `This order cannot be "${STATUS_LABELS[to]}": only a swatch request is sent.`;
  return `This order cannot be "${STATUS_LABELS[to]}": only a service request has a visit.`;
}

/**
 * Why an order may not move from `from` to `to`, or null when it may. `depositCovered`:
 * whether the payments recorded reach the deposit due.
 */
export function refuseTransition(
  from: OrderStatus,
  to: OrderStatus,
  { depositCovered, kind = "item" }: { depositCovered: boolean; kind?: FlowKind },
): string | null {
  if (from === to) return null;
  if (isFinished(from)) return `This order is ${STATUS_LABELS[from].toLowerCase()}: its status cannot change.`;
  if (BY_ACTION_ONLY.includes(to)) {
    return kind === "service"
      ? "Propose the visit's times, or book one, from the visit's form."
      : "Only a service request has a visit.";
  }
  if (to !== "cancelled" && !flowOf(kind).includes(to)) return outOfFlow(to, kind);
  if (!nextStatuses(from, kind).includes(to)) {
    return `An order cannot go back from "${STATUS_LABELS[from]}" to "${STATUS_LABELS[to]}".`;
  }
  if (needsDeposit(to) && !depositCovered) {
    return `Record payments that cover the deposit before marking the order "${STATUS_LABELS[to]}".`;
  }
  return null;
}
