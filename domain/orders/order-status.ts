/**
 * An order's life (docs/product.md, Orders): it moves forward along ORDER_FLOW — one step
 * or several — never back, and any open order may be cancelled. Closed and cancelled
 * orders are finished: nothing moves them. From `deposit_paid` on, the payments
 * recorded must cover the deposit due.
 */

export const ORDER_FLOW = ["new", "quoted", "deposit_paid", "in_production", "ready", "delivered", "closed"] as const;
export const ORDER_STATUSES = [...ORDER_FLOW, "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const STATUS_LABELS: Record<OrderStatus, string> = {
  new: "New",
  quoted: "Quoted",
  deposit_paid: "Deposit paid",
  in_production: "In production",
  ready: "Ready",
  delivered: "Delivered",
  closed: "Closed",
  cancelled: "Cancelled",
};

/** What the customer reads about each step, on the tracking page and in messages. */
export const STATUS_EXPLANATIONS: Record<OrderStatus, string> = {
  new: "We have your order and will reply with a quote shortly.",
  quoted: "Your quote is ready. Your order starts once the deposit is paid.",
  deposit_paid: "Your deposit is in. Your order is next in line for production.",
  in_production: "Your order is being made.",
  ready: "Your order is ready for delivery.",
  delivered: "Your order has been delivered.",
  closed: "This order is complete. Thank you!",
  cancelled: "This order was cancelled.",
};

export const isFinished = (status: OrderStatus) => status === "closed" || status === "cancelled";

const step = (status: OrderStatus) => ORDER_FLOW.indexOf(status as (typeof ORDER_FLOW)[number]);

/** Whether an order at this status needs its deposit covered. */
export const needsDeposit = (status: OrderStatus) => status !== "cancelled" && step(status) >= step("deposit_paid");

/** The statuses an order may move to from `status`, in order. */
export function nextStatuses(status: OrderStatus): OrderStatus[] {
  if (isFinished(status)) return [];
  return [...ORDER_FLOW.slice(step(status) + 1), "cancelled"];
}

/**
 * Why an order may not move from `from` to `to`, or null when it may. `depositCovered`:
 * whether the payments recorded reach the deposit due.
 */
export function refuseTransition(
  from: OrderStatus,
  to: OrderStatus,
  { depositCovered }: { depositCovered: boolean },
): string | null {
  if (from === to) return null;
  if (isFinished(from)) return `This order is ${STATUS_LABELS[from].toLowerCase()}: its status cannot change.`;
  if (!nextStatuses(from).includes(to)) {
    return `An order cannot go back from "${STATUS_LABELS[from]}" to "${STATUS_LABELS[to]}".`;
  }
  if (needsDeposit(to) && !depositCovered) {
    return `Record payments that cover the deposit before marking the order "${STATUS_LABELS[to]}".`;
  }
  return null;
}
