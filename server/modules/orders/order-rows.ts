/**
 * An order row's sums from its stored lines and payments, and the grouping of lines or
 * payments read for many orders at once: what every view, list and total of orders uses.
 */
import { orderSums, type OrderSums } from "../../../domain/orders/order-money";
import { isFinished, type OrderStatus } from "../../../domain/orders/order-status";
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

/**
 * What an order asks for now, from its sums: what is left of the deposit, and the
 * balance. Nothing before a quote (a new order has no agreed price) or once finished.
 */
export function dueOfSums(status: OrderStatus, sums: OrderSums): { depositKobo: number; balanceKobo: number } {
  if (status === "new" || isFinished(status)) return { depositKobo: 0, balanceKobo: 0 };
  return {
    depositKobo: sums.depositCovered ? 0 : Math.min(sums.balanceKobo, sums.depositDueKobo - sums.paidKobo),
    balanceKobo: sums.balanceKobo,
  };
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
