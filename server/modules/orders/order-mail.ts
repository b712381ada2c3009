/**
 * The e-mails around orders: the shop hears of each new order, and a customer with an
 * e-mail address hears when their order's status changes, with its tracking link. The
 * shop hears only at an address its owner confirmed (docs/product.md, Shop settings). Both
 * are courtesies sent after the order is saved: a mail server that is down costs a
 * notification, logged, never the order.
 */
import { displayPhone } from "../../../domain/accounts/phone";
import type { AdminOrder, OrderView } from "../../../domain/orders/order-answers.schema";
import { statusExplanation, STATUS_LABELS } from "../../../domain/orders/order-status";
import { reviewLines } from "../../../domain/orders/order-messages";
import { finishCount, swatchParts } from "../../../domain/orders/swatches";
import { formatNaira } from "../../../domain/money";
import type { Mailer, MailMessage } from "../mail/mailer";
import type { ShopDetails } from "../settings/settings.service";

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * The shop's notice of a new order, with the customer's details; null while the shop's
 * e-mail is not confirmed, since those details must not go to an address nobody vouched for.
 */
export function newOrderEmail(order: AdminOrder, shop: ShopDetails): MailMessage | null {
  if (shop.inbox === null) return null;
  const who = order.customer.name ?? "A guest";
  const what =
    order.service !== null
      ? [
          `Service: ${order.service.name}`,
          order.service.brief,
          ...(order.service.budget ? [`Budget: ${order.service.budget}`] : []),
        ]
      : order.kind === "swatches"
        ? [
            `Swatches of ${order.lines[0] ? swatchParts(order.lines[0]).product : "a product"}, ${finishCount(order.lines.length)}:`,
            ...order.lines.map((line) => `- ${line.option ?? line.name}`),
          ]
        : [
            ...order.lines.map((line) => `${line.quantity} × ${line.name} at ${formatNaira(line.unitPrice)}`),
            `Total: ${formatNaira(order.total)}`,
          ];
  return {
    to: shop.inbox,
    subject: oneLine(`New order ${order.reference} from ${who}`),
    text: [
      `${who} placed order ${order.reference} on ${shop.publicUrl}:`,
      "",
      ...what,
      "",
      ...(order.customer.phone ? [`Phone: ${displayPhone(order.customer.phone)}`] : []),
      ...(order.customer.area ? [`Area: ${order.customer.area}`] : []),
      ...(order.customer.note ? [`Note: ${order.customer.note}`] : []),
      "",
      `The chat should follow on WhatsApp. The order: ${shop.publicUrl.replace(/\/+$/, "")}/admin/orders/${order._id}`,
    ].join("\n"),
  };
}

export function statusEmail(order: OrderView, to: string, shop: ShopDetails): MailMessage {
  return {
    to,
    subject: oneLine(`Your order ${order.reference}: ${STATUS_LABELS[order.status]}`),
    text: [
      `Hello,`,
      "",
      `An update from ${shop.name} on your order ${order.reference}:`,
      statusExplanation(order.status, order.kind),
      ...reviewLines(order),
      "",
      `Follow your order here: ${order.trackingUrl}`,
    ].join("\n"),
  };
}

/** Sends without holding anyone up; a failure is logged with the order's reference. */
export function sendInBackground(
  mailer: Mailer,
  message: MailMessage,
  log: { error(details: object, message: string): void },
  reference: string,
): Promise<void> {
  return mailer.send(message).catch((error: unknown) => {
    log.error(
      { err: { message: error instanceof Error ? error.message : String(error) }, reference },
      "could not e-mail about the order; the order is saved",
    );
  });
}
