/**
 * The owner's WhatsApp update to a customer from the order desk ("Message customer"): the
 * shop's own message for the order's step (Settings → Follow-ups), filled with the order
 * as it is now, and, when a salesperson with a WhatsApp number looks after the order, a
 * last line that sends the customer's questions to them (docs/product.md, Orders).
 */
import { formatDay } from "../dates";
import { formatNaira, koboToNaira, nairaToKobo } from "../money";
import { fillTemplate, type MessageTemplates } from "../today/today.schema";
import { whatsappLink } from "../whatsapp";
import type { OrderView } from "./order-answers.schema";
import { orderQuestionMessage, PAY_SECTION_ID, QUOTE_SECTION_ID } from "./order-messages";
import type { OrderStatus } from "./order-status";

/**
 * Where the rest of the price is asked for: once the order is ready, and after delivery
 * while it is owed; a swatch request's delivery fee once the swatches are sent.
 */
const BALANCE_ASKED: readonly OrderStatus[] = ["ready", "sent", "delivered"];
/** Steps after which a ready date means nothing to the customer. */
const FINISHED: readonly OrderStatus[] = ["delivered", "closed", "cancelled"];

type UpdatedOrder = Pick<
  OrderView,
  "reference" | "status" | "depositDue" | "paid" | "balance" | "expectedReadyDate" | "trackingUrl"
> & {
  reviewUrl?: OrderView["reviewUrl"];
  quote?: { approvedAt: string | null; expired: boolean } | null;
};

/**
 * Where the pay link opens on the tracking page: a quote still waiting for the customer's
 * answer, nothing paid yet, is approved and its deposit paid from the quote's own section
 * ("Approve and pay deposit"), and the page shows no payment section until then.
 */
const payAnchor = (order: UpdatedOrder) =>
  order.quote && !order.quote.approvedAt && !order.quote.expired && order.paid === 0
    ? QUOTE_SECTION_ID
    : PAY_SECTION_ID;

/**
 * What the update asks the customer to pay now, in naira, or 0: at the quote, the deposit
 * still owed (the deposit due less what is paid, worked out in kobo); once the order is
 * ready, sent or delivered, the balance; at any other step nothing.
 */
export function amountAskedNow(order: Pick<OrderView, "status" | "depositDue" | "paid" | "balance">): number {
  if (order.status === "quoted") {
    return koboToNaira(Math.max(0, nairaToKobo(order.depositDue ?? 0) - nairaToKobo(order.paid)));
  }
  return BALANCE_ASKED.includes(order.status) ? Math.max(0, order.balance) : 0;
}

/**
 * The update for the order as it is now. The pay link is the tracking page opened where
 * the customer pays (payAnchor): a plain page that shows how to pay and starts nothing,
 * since WhatsApp fetches a link to preview it. A line whose fields are empty now drops out (no amount
 * owed, no ready date, no review link before delivery).
 */
export function orderUpdateMessage(
  order: UpdatedOrder,
  templates: Pick<MessageTemplates, OrderStatus>,
  {
    customerName,
    salesperson = null,
  }: {
    customerName: string | null;
    salesperson?: { name: string; whatsappNumber: string | null } | null;
  },
): string {
  const owed = amountAskedNow(order);
  const message = fillTemplate(templates[order.status], {
    name: customerName ?? "Sir/Ma",
    reference: order.reference,
    amount_due: owed > 0 ? formatNaira(owed) : "",
    pay_link: owed > 0 ? `${order.trackingUrl}#${payAnchor(order)}` : "",
    tracking_link: order.trackingUrl,
    ready_by: order.expectedReadyDate && !FINISHED.includes(order.status) ? formatDay(order.expectedReadyDate) : "",
    review_link: order.status === "delivered" ? (order.reviewUrl ?? "") : "",
  });
  if (!salesperson?.whatsappNumber) return message;
  const chat = whatsappLink(salesperson.whatsappNumber, orderQuestionMessage(order.reference));
  return `${message}\n\nQuestions? ${salesperson.name} looks after your order: ${chat}`;
}
