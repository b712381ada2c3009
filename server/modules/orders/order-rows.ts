/**
 * An order row's sums from its stored lines and payments, and the grouping of lines or
 * payments read for many orders at once: what every view, list and total of orders uses.
 */
import { orderSums, type OrderSums } from "../../../domain/orders/order-money";
import type { orders } from "../../db/schema/orders";
import { quoteSumsOfRow, type QuoteRow } from "../quotes/quote-rows";

type OrderRow = typeof orders.$inferSelect;

/**
 * The one place an order's money is worked out: its own lines and fees until it has a
 * quote, then its current quote's (the approved version, else the latest sent). Every
 * view, list, payment and invoice reads its sums here.
 */
export function sumsOfRow(
  row: OrderRow,
  lines: Array<{ unitPriceKobo: number; quantity: number }>,
  payments: Array<{ amountKobo: number }>,
  quote: QuoteRow | null = null,
): OrderSums {
  return orderSums({
    quote: quote && quoteSumsOfRow(quote),
    lines,
    fees: row.fees,
    discountKobo: row.discountKobo,
    depositDueKobo: row.depositDueKobo,
    depositPercent: row.depositPercent,
    payments,
    writtenOffKobo: row.writtenOffKobo,
  });
}

/** Rows of many orders, by their order's id, in the order they were read. */
export function groupByOrder<T extends { orderId: string }>(rows: T[]): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const row of rows) {
    const list = grouped.get(row.orderId);
    if (list) list.push(row);
    else grouped.set(row.orderId, [row]);
  }
  return grouped;
}
