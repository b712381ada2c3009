/**
 * The WhatsApp messages around an order (docs/product.md, Orders): the shopper's order
 * message gains the order's reference and tracking link; a service request and a swatch
 * request read as one; a quote's message; the review invitation of a delivered order's mail.
 * The order desk's "Message customer" is the owner's own template (order-update-message.ts).
 */
import { formatDay } from "../dates";
import type { OrderDelivery } from "../delivery/delivery.schema";
import { formatNaira, koboToNaira } from "../money";
import type { OrderView } from "./order-answers.schema";

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
/** The tracking page's quote section, where a quote waiting for an answer is approved and its deposit paid. */
export const QUOTE_SECTION_ID = "quote-section";

/**
 * The invitation to review, once an order is delivered: the one-tap review link
 * (docs/product.md, Reviews). Nothing before, nor for an order with nothing to review.
 */
export function reviewLines(order: Pick<OrderView, "status"> & Partial<Pick<OrderView, "reviewUrl">>): string[] {
  if (order.status !== "delivered" || !order.reviewUrl) return [];
  return ["", `How do you find your pieces? Review them here: ${order.reviewUrl}`];
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
