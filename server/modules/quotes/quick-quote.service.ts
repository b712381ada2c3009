/**
 * The quick quote (docs/product.md, Quotes): the owner may price an order on the order
 * itself (its lines, fees, discount and deposit) and move it to "Quoted" without building
 * a quote. Moving it there freezes those very amounts as version 1, so the customer reads
 * a quote and approves it like any other, and what the order owes comes from one place.
 */
import { eq } from "drizzle-orm";
import { addDays, formatDay } from "../../../domain/dates";
import { formatNaira, koboToNaira } from "../../../domain/money";
import type { OrderSums } from "../../../domain/orders/order-money";
import { QUOTE_VALID_DAYS } from "../../../domain/quotes/quotes.schema";
import type { Database } from "../../db/client";
import { orderEvents, orderLines, type orders } from "../../db/schema/orders";
import { orderQuotes } from "../../db/schema/quotes";
import { readLineProducts, type QuoteRow } from "./quote-rows";

type OrderRow = typeof orders.$inferSelect;

/**
 * Version 1 of an order that has none, from the order's own amounts as `sums` works them
 * out: the lines as ordered, the owner's fees and discount, and the deposit (the owner's
 * figure, else the order terms' share), standing for QUOTE_VALID_DAYS days from `today`.
 */
export async function freezeQuickQuote(
  db: Database,
  order: OrderRow,
  sums: OrderSums,
  by: string,
  today: string,
): Promise<QuoteRow> {
  const stored = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(orderLines.position);
  const facts = await readLineProducts(
    db,
    stored.filter((line) => line.itemType === "Product").map((line) => line.itemId),
  );
  const depositPercentSet = order.depositDueKobo !== null;
  const depositPercent = depositPercentSet
    ? sums.totalKobo > 0
      ? Math.min(100, Math.round((sums.depositDueKobo * 100) / sums.totalKobo))
      : 0
    : Math.round(order.depositPercent);
  const validUntil = addDays(today, QUOTE_VALID_DAYS);
  const [quote] = await db
    .insert(orderQuotes)
    .values({
      orderId: order.id,
      version: 1,
      lines: stored.map((line) => {
        const product = line.itemType === "Product" ? line.itemId : null;
        return {
          lineId: line.id,
          name: line.name,
          finish: line.option,
          dimensions: null,
          quantity: line.quantity,
          unitPriceKobo: line.unitPriceKobo,
          imported: product !== null && facts.imported(product),
          pictureId: product && facts.picture(product),
        };
      }),
      fees: order.fees,
      discountKobo: order.discountKobo,
      depositPercent,
      depositPercentSet,
      totalKobo: sums.totalKobo,
      depositDueKobo: sums.depositDueKobo,
      validUntil,
      sentBy: by,
    })
    .returning();
  await db.insert(orderEvents).values({
    orderId: order.id,
    note: `Quote version 1 sent from the order's amounts: total ${formatNaira(koboToNaira(sums.totalKobo))}, deposit ${formatNaira(koboToNaira(sums.depositDueKobo))}, valid until ${formatDay(validUntil)}.`,
    by,
  });
  return quote!;
}
