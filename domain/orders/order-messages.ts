/**
 * The WhatsApp messages around an order (docs/product.md, Orders): the shopper's order
 * message gains the order's reference and tracking link; a service request and a swatch
 * request read as one; and the owner's "Message customer" button says what changed, and what to pay now.
 */
import { formatDay } from "../dates";
import type { OrderDelivery } from "../delivery/delivery.schema";
import { formatNaira, koboToNaira, nairaToKobo } from "../money";
import { whatsappLink } from "../whatsapp";
import type { OrderView } from "./order-answers.schema";
import { statusExplanation, type OrderStatus } from "./order-status";

/** What a customer's question about their order starts with, wherever they ask it from. */
export const orderQuestionMessage = (reference: string) => `Hello! A question about my order ${reference}.`;

/** What the shopper typed on the order sheet, as the message carries it. */
export interface TypedDetails {
  name: string | null;
  area: string | null;
  note: string | null;
}

/**
 * The lines of what the shopper typed on the order sheet (their name, area and note), so
 * the chat starts with them: the owner reads them without asking again. Nothing typed, no lines.
 */
export function typedDetailLines({ name, area, note }: TypedDetails): string[] {
  return [...(name ? [`Name: ${name}`] : []), ...(area ? [`Area: ${area}`] : []), ...(note ? [`Note: ${note}`] : [])];
}

/**
 * Every order message ends with what the shopper typed (when they typed anything), then
 * the order's reference and tracking link.
 */
export function withOrderReference(
  message: string,
  reference: string,
  trackingUrl: string,
  typed: TypedDetails = { name: null, area: null, note: null },
): string {
  const details = typedDetailLines(typed);
  return [
    message,
    ...(details.length ? ["", ...details] : []),
    "",
    `Order reference: ${reference}`,
    `Track your order: ${trackingUrl}`,
  ].join("\n");
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

/**
 * A swatch request's message: the product, each finish asked for on a line of its own,
 * and the product's page. Nothing is priced: swatches are free.
 */
export function swatchRequestMessage(request: { product: string; finishes: string[]; url: string }): string {
  return [
    `Hello! I would like to request swatches of ${request.product} in ${request.finishes.length === 1 ? "this finish" : "these finishes"}:`,
    "",
    ...request.finishes.map((finish) => `- ${finish}`),
    "",
    request.url,
  ].join("\n");
}

/**
 * The delivery part of an order's message, as the shopper saw it before ordering: each
 * line the shop's prices gave (delivery, carrying up, installation), "on request" where the
 * shop prices the delivery itself, and the total with them. No delivery asked, no lines.
 */
export function deliveryMessageLines(
  delivery: Pick<OrderDelivery, "areaName" | "onRequest"> | null,
  fees: ReadonlyArray<{ label: string; amountKobo: number }>,
  itemsKobo: number,
): string[] {
  if (!delivery) return [];
  const feesKobo = fees.reduce((sum, fee) => sum + fee.amountKobo, 0);
  return [
    "",
    ...(delivery.onRequest ? [`Delivery to ${delivery.areaName ?? "my area"}: price on request`] : []),
    ...fees.map((fee) => `${fee.label}: ${formatNaira(koboToNaira(fee.amountKobo))}`),
    ...(fees.length ? [`Total with delivery: ${formatNaira(koboToNaira(itemsKobo + feesKobo))}`] : []),
  ];
}

/** The tracking page's payment section (its pay buttons and bank account), by the id it carries. */
export const PAY_SECTION_ID = "pay";

/**
 * Where the rest of the price is asked for: once the order is ready, and after delivery
 * while it is owed; a swatch request's delivery fee once the swatches are sent.
 */
const BALANCE_ASKED: readonly OrderStatus[] = ["ready", "sent", "delivered"];

/**
 * What the owner's update asks the customer to pay, and where, or null when it asks nothing:
 * at the quote, the deposit still owed (the deposit due less what is paid); once the order
 * is ready or delivered, the balance. Both amounts are the view's, worked out in kobo.
 * The link is the tracking page opened at its payment section: a plain page that shows how
 * to pay and starts nothing, since WhatsApp fetches a link to preview it.
 */
export function payLine(
  order: Pick<OrderView, "status" | "depositDue" | "paid" | "balance" | "trackingUrl">,
): string | null {
  const link = `${order.trackingUrl}#${PAY_SECTION_ID}`;
  if (order.status === "quoted") {
    const owed = koboToNaira(Math.max(0, nairaToKobo(order.depositDue ?? 0) - nairaToKobo(order.paid)));
    return owed > 0 ? `Pay the deposit of ${formatNaira(owed)} here: ${link}` : null;
  }
  if (BALANCE_ASKED.includes(order.status) && order.balance > 0) {
    return `Pay the balance of ${formatNaira(order.balance)} here: ${link}`;
  }
  return null;
}

/**
 * The invitation to review, once an order is delivered: the one-tap review link
 * (docs/product.md, Reviews). Nothing before, nor for an order with nothing to review.
 */
export function reviewLines(order: Pick<OrderView, "status"> & Partial<Pick<OrderView, "reviewUrl">>): string[] {
  if (order.status !== "delivered" || !order.reviewUrl) return [];
  return ["", `How do you find your pieces? Review them here: ${order.reviewUrl}`];
}

/**
 * The owner's message to the customer about the order as it is now, with what to pay now
 * and where (`payLine`). An order assigned to a salesperson with a WhatsApp number names
 * them and their number, so the customer's questions go to them rather than to the shop's
 * line.
 */
export function customerUpdateMessage(
  order: Pick<
    OrderView,
    "reference" | "kind" | "status" | "total" | "depositDue" | "paid" | "balance" | "expectedReadyDate" | "trackingUrl"
  > &
    Partial<Pick<OrderView, "reviewUrl">>,
  {
    shopName,
    customerName,
    salesperson = null,
  }: {
    shopName: string;
    customerName: string | null;
    salesperson?: { name: string; whatsappNumber: string | null } | null;
  },
): string {
  const pay = payLine(order);
  const amounts: string[] = [];
  if (order.status === "quoted") {
    amounts.push(`Total: ${formatNaira(order.total)}`, `Deposit to start: ${formatNaira(order.depositDue ?? 0)}`);
    // Part of the deposit paid already: say so, so the amount asked below adds up.
    if (order.paid > 0) amounts.push(`Paid so far: ${formatNaira(order.paid)}`);
  } else if (order.total > 0 && order.status !== "cancelled") {
    amounts.push(`Paid so far: ${formatNaira(order.paid)}`, `Balance: ${formatNaira(order.balance)}`);
  }
  return [
    `Hello${customerName ? ` ${customerName}` : ""}! An update from ${shopName} on your order ${order.reference}:`,
    "",
    statusExplanation(order.status, order.kind),
    ...(amounts.length ? ["", ...amounts] : []),
    ...(order.expectedReadyDate && !["delivered", "closed", "cancelled"].includes(order.status)
      ? [`Expected ready: ${formatDay(order.expectedReadyDate)}`]
      : []),
    ...(pay ? ["", pay] : []),
    ...reviewLines(order),
    "",
    `Follow it here: ${order.trackingUrl}`,
    ...(salesperson?.whatsappNumber
      ? [
          `Questions? ${salesperson.name} looks after your order: ${whatsappLink(salesperson.whatsappNumber, orderQuestionMessage(order.reference))}`,
        ]
      : []),
  ].join("\n");
}

/**
 * The message that sends a quote: its version, total, deposit and last day, and the
 * tracking link where the customer reads it and approves it.
 */
export function quoteMessage(
  order: Pick<OrderView, "reference" | "trackingUrl">,
  quote: { version: number; total: number; depositDue: number; validUntil: string },
  { shopName, customerName }: { shopName: string; customerName: string | null },
): string {
  return [
    `Hello${customerName ? ` ${customerName}` : ""}! ${shopName} has sent the quote for your order ${order.reference}${quote.version > 1 ? ` (version ${quote.version})` : ""}.`,
    "",
    `Total: ${formatNaira(quote.total)}`,
    `Deposit to start: ${formatNaira(quote.depositDue)}`,
    `Valid until: ${formatDay(quote.validUntil)}`,
    "",
    `Read it, approve it or ask for changes here: ${order.trackingUrl}`,
  ].join("\n");
}
