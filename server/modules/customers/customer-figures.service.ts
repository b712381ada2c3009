/**
 * A customer's figures as the list sorts by them (docs/product.md, Customers): their
 * orders, what they paid, what they owe now, the quotes waiting for their answer, and
 * when they were first and last in touch. Worked out from each order's own sums, the very
 * ones the order's page shows (`sumsOfRow`, `dueOfSums`), and kept on the customer's row
 * so the list pages on an index. Triggers mark a row stale when anything behind it
 * changes (migration 0022); readers call `refreshFigures` first.
 */
import { eq, inArray, max, min } from "drizzle-orm";
import { isFinished } from "../../../domain/orders/order-status";
import type { Database } from "../../db/client";
import { contactMessages } from "../../db/schema/contact";
import { customerNotes, customers } from "../../db/schema/customers";
import { orderEvents, orderLines, orderPayments, orders } from "../../db/schema/orders";
import { dueOfSums, groupByOrder, sumsOfRow } from "../orders/order-rows";
import { currentOf, latestOf, readQuoteVersions } from "../quotes/quote-rows";

const BATCH = 200;

type OrderRow = typeof orders.$inferSelect;

export interface Figures {
  ordersCount: number;
  paidKobo: number;
  balanceKobo: number;
  openQuotes: number;
  areas: string[];
  firstContactAt: Date;
  lastContactAt: Date;
}

/** The figures of these customers, from their orders, payments, quotes, messages and notes. */
export async function figuresOf(
  db: Database,
  people: ReadonlyArray<{ id: string; createdAt: Date }>,
): Promise<Map<string, Figures>> {
  const ids = people.map((person) => person.id);
  const figures = new Map<string, Figures>(
    people.map((person) => [
      person.id,
      {
        ordersCount: 0,
        paidKobo: 0,
        balanceKobo: 0,
        openQuotes: 0,
        areas: [],
        firstContactAt: person.createdAt,
        lastContactAt: person.createdAt,
      },
    ]),
  );
  if (!ids.length) return figures;
  const rows = await db.select().from(orders).where(inArray(orders.customerId, ids)).orderBy(orders.createdAt);
  const orderIds = rows.map((row) => row.id);
  // One after the other: inside the refresh's transaction these share one connection.
  const lines = orderIds.length ? await db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)) : [];
  const payments = orderIds.length
    ? await db.select().from(orderPayments).where(inArray(orderPayments.orderId, orderIds))
    : [];
  const versions = await readQuoteVersions(db, orderIds);
  const events = orderIds.length
    ? await db
        .select({ orderId: orderEvents.orderId, last: max(orderEvents.at) })
        .from(orderEvents)
        .where(inArray(orderEvents.orderId, orderIds))
        .groupBy(orderEvents.orderId)
    : [];
  const messages = await db
    .select({
      customerId: contactMessages.customerId,
      first: min(contactMessages.createdAt),
      last: max(contactMessages.createdAt),
    })
    .from(contactMessages)
    .where(inArray(contactMessages.customerId, ids))
    .groupBy(contactMessages.customerId);
  const notes = await db
    .select({ customerId: customerNotes.customerId, last: max(customerNotes.at) })
    .from(customerNotes)
    .where(inArray(customerNotes.customerId, ids))
    .groupBy(customerNotes.customerId);
  const linesOf = groupByOrder(lines);
  const paymentsOf = groupByOrder(payments);
  const versionsOf = groupByOrder(versions);
  const lastEvent = new Map(events.map((event) => [event.orderId, event.last]));
  const touch = (figure: Figures, at: Date | null | undefined) => {
    if (!at) return;
    if (at < figure.firstContactAt) figure.firstContactAt = at;
    if (at > figure.lastContactAt) figure.lastContactAt = at;
  };
  for (const row of rows) {
    const figure = figures.get(row.customerId!)!;
    const own = versionsOf.get(row.id) ?? [];
    const orderPaymentsRows = paymentsOf.get(row.id) ?? [];
    const sums = sumsOfRow(row, linesOf.get(row.id) ?? [], orderPaymentsRows, currentOf(own));
    figure.ordersCount += 1;
    figure.paidKobo += sums.paidKobo;
    figure.balanceKobo += dueOfSums(row.status, sums).balanceKobo;
    if (waitsForAnswer(row, latestOf(own))) figure.openQuotes += 1;
    const area = row.customerArea ?? row.serviceArea;
    if (area && !figure.areas.includes(area)) figure.areas.push(area);
    touch(figure, row.createdAt);
    touch(figure, lastEvent.get(row.id));
    for (const payment of orderPaymentsRows) touch(figure, payment.createdAt);
    for (const version of own) {
      touch(figure, version.sentAt);
      touch(figure, version.approvedAt);
    }
  }
  for (const message of messages) {
    touch(figures.get(message.customerId!)!, message.first);
    touch(figures.get(message.customerId!)!, message.last);
  }
  for (const note of notes) touch(figures.get(note.customerId)!, note.last);
  return figures;
}

/** A quote waits for the customer's answer while its latest version is not approved and the order goes on. */
const waitsForAnswer = (row: OrderRow, latest: { approvedAt: Date | null } | null) =>
  latest !== null && latest.approvedAt === null && !isFinished(row.status);

/**
 * Brings every stale customer's figures up to date. Each batch locks its rows, so a
 * write that lands meanwhile waits and marks its customer stale again after, and two
 * readers never work out the same customer at once.
 */
export async function refreshFigures(db: Database): Promise<number> {
  let refreshed = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const stale = await tx
        .select({ id: customers.id, createdAt: customers.createdAt })
        .from(customers)
        .where(eq(customers.figuresStale, true))
        .orderBy(customers.id)
        .limit(BATCH)
        .for("update", { skipLocked: true });
      const figures = await figuresOf(tx as unknown as Database, stale);
      for (const [id, figure] of figures) {
        await tx
          .update(customers)
          .set({ ...figure, figuresStale: false })
          .where(eq(customers.id, id));
      }
      return stale.length;
    });
    refreshed += done;
    if (done < BATCH) return refreshed;
  }
}

/** Marks these customers' figures to be worked out again (after a merge or a split moved what is behind them). */
export async function markStale(db: Database, ids: readonly string[]) {
  if (ids.length)
    await db
      .update(customers)
      .set({ figuresStale: true })
      .where(inArray(customers.id, [...ids]));
}
