/**
 * An order as each member of staff may read it (docs/product.md, Staff and roles), applied
 * by the doors to every answer that carries one, for the API and the pages alike:
 *
 * - amounts only for those who read money (`money.read`); the workshop's view has none;
 * - the customer's phone and e-mail only for those who read customers (`customers.read`:
 *   Owner and Sales);
 * - the customer's name for those too and for Accounts (`customers.name`), whose invoices
 *   and receipts are made out to it; for anyone else the name is gone from the customer,
 *   from the timeline's "by" and from its notes (an approval names the one who typed it).
 *
 * The area the customer asked for delivery to and what they told us stay: the workshop
 * builds and delivers the pieces, and its sheet names the area.
 */
import type {
  AdminOrder,
  OrderSummary,
  OrdersAtAGlance,
  WorkshopOrder,
} from "../../../domain/orders/order-answers.schema";
import type { WorkshopSheet } from "../../../domain/quotes/quotes.schema";
import { allows, type StaffRole } from "../../../domain/staff/permissions";

type Roles = readonly StaffRole[];

/** How a timeline shows the customer to a member who may not read their name. */
export const UNNAMED_CUSTOMER = "the customer";

/** A timeline note that names an amount ("Payment of ₦50,000 recorded"): not for the workshop. */
const namesAnAmount = (note: string | null) => note !== null && note.includes("₦");

/** The order without a single amount, for a member who may not read money. */
function workshopView(order: AdminOrder): WorkshopOrder {
  const {
    subtotal: _subtotal,
    fees: _fees,
    discount: _discount,
    total: _total,
    depositDue: _depositDue,
    paid: _paid,
    balance: _balance,
    payments: _payments,
    writtenOff: _writtenOff,
    payTo: _payTo,
    requests: _requests,
    transfers: _transfers,
    depositSet: _depositSet,
    depositPercent: _depositPercent,
    quote: _quote,
    quotes: _quotes,
    lines,
    events,
    ...rest
  } = order;
  return {
    ...rest,
    lines: lines.map(({ unitPrice: _unitPrice, ...line }) => line),
    events: events.filter((event) => !namesAnAmount(event.note)),
    withoutAmounts: true,
  };
}

/** The order without the customer's name, phone and e-mail, wherever the order names them. */
function withoutCustomer(order: AdminOrder, keepName: boolean): AdminOrder {
  const customer = { ...order.customer, phone: null, email: null, name: keepName ? order.customer.name : null };
  if (keepName) return { ...order, customer };
  const names = [order.customer.name, ...order.quotes.map((quote) => quote.approvedBy)].filter(
    (name): name is string => !!name,
  );
  const unnamed = (text: string) => names.reduce((said, name) => said.split(name).join(UNNAMED_CUSTOMER), text);
  return {
    ...order,
    customer,
    events: order.events.map((event) => ({
      ...event,
      by: event.by !== null && names.includes(event.by) ? UNNAMED_CUSTOMER : event.by,
      note: event.note === null ? null : unnamed(event.note),
    })),
    quotes: order.quotes.map((quote) => ({ ...quote, approvedBy: quote.approvedBy && UNNAMED_CUSTOMER })),
    quote: order.quote && { ...order.quote, approvedBy: order.quote.approvedBy && UNNAMED_CUSTOMER },
  };
}

/** The order as a member holding `roles` may read it. */
export function orderFor(roles: Roles, order: AdminOrder): AdminOrder | WorkshopOrder {
  const seen = allows(roles, "customers.read") ? order : withoutCustomer(order, allows(roles, "customers.name"));
  return allows(roles, "money.read") ? seen : workshopView(seen);
}

/** An order with its amounts (a desk call only money readers make), as a member holding `roles` may read it. */
export function moneyOrderFor(roles: Roles, order: AdminOrder): AdminOrder {
  return allows(roles, "customers.read") ? order : withoutCustomer(order, allows(roles, "customers.name"));
}

/** A row of the order list or the dashboard, as a member holding `roles` may read it. */
export function summaryFor<T extends Pick<OrderSummary, "customerName" | "customerPhone">>(roles: Roles, row: T): T {
  const money = allows(roles, "money.read");
  const withMoney = money || !("total" in row) ? row : { ...row, total: null, balance: null };
  return {
    ...withMoney,
    customerName: allows(roles, "customers.name") ? row.customerName : null,
    customerPhone: allows(roles, "customers.read") ? row.customerPhone : null,
  };
}

/** The dashboard's orders as a member holding `roles` may read them. */
export function glanceFor(roles: Roles, orders: OrdersAtAGlance): OrdersAtAGlance {
  const money = allows(roles, "money.read");
  return {
    ...orders,
    waiting: orders.waiting.map((row) => summaryFor(roles, row)),
    ready: orders.ready.map((row) => summaryFor(roles, row)),
    visitsTomorrow: orders.visitsTomorrow.map((visit) => summaryFor(roles, visit)),
    depositsOutstanding: money ? orders.depositsOutstanding : null,
    balancesOutstanding: money ? orders.balancesOutstanding : null,
  };
}

/** The workshop sheet: the customer's name only for those who may read it. */
export function sheetFor(roles: Roles, sheet: WorkshopSheet): WorkshopSheet {
  return allows(roles, "customers.name") ? sheet : { ...sheet, customerName: null };
}
