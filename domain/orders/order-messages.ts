/**
 * The WhatsApp messages around an order (docs/product.md, Orders): the shopper's order
 * message gains the order's reference and tracking link; a service request reads as
 * one; and the owner's "Message customer" button says what changed.
 */
import { formatReadyDate } from "../catalog/furniture";
import { formatNaira } from "../money";
import type { OrderView } from "./order-answers.schema";
import { STATUS_EXPLANATIONS } from "./order-status";

/** The two lines every order message ends with. */
export function withOrderReference(message: string, reference: string, trackingUrl: string): string {
  return `${message}\n\nOrder reference: ${reference}\nTrack your order: ${trackingUrl}`;
}

export function serviceRequestMessage(request: {
  service: string;
  brief: string;
  area: string | null;
  budget: string | null;
}): string {
  return [
    `Hello! I would like to request a site visit or design consultation: ${request.service}.`,
    "",
    request.brief,
    ...(request.area ? ["", `Area: ${request.area}`] : []),
    ...(request.budget ? [`Budget: ${request.budget}`] : []),
  ].join("\n");
}

/** The owner's message to the customer about the order as it is now. */
export function customerUpdateMessage(
  order: Pick<
    OrderView,
    "reference" | "status" | "total" | "depositDue" | "paid" | "balance" | "expectedReadyDate" | "trackingUrl"
  >,
  { shopName, customerName }: { shopName: string; customerName: string | null },
): string {
  const amounts: string[] = [];
  if (order.status === "quoted") {
    amounts.push(`Total: ${formatNaira(order.total)}`, `Deposit to start: ${formatNaira(order.depositDue)}`);
  } else if (order.total > 0 && order.status !== "cancelled") {
    amounts.push(`Paid so far: ${formatNaira(order.paid)}`, `Balance: ${formatNaira(order.balance)}`);
  }
  return [
    `Hello${customerName ? ` ${customerName}` : ""}! An update from ${shopName} on your order ${order.reference}:`,
    "",
    STATUS_EXPLANATIONS[order.status],
    ...(amounts.length ? ["", ...amounts] : []),
    ...(order.expectedReadyDate && !["delivered", "closed", "cancelled"].includes(order.status)
      ? [`Expected ready: ${formatDay(order.expectedReadyDate)}`]
      : []),
    "",
    `Follow it here: ${order.trackingUrl}`,
  ].join("\n");
}

/** "1 Dec 2026" from "2026-12-01", the same on the server and in the browser. */
export const formatDay = formatReadyDate;
