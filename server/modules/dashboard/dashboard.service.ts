import { and, asc, count, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import type { DashboardSummary } from "../../../domain/catalog/admin.types";
import type { OrdersAtAGlance } from "../../../domain/orders/order-answers.schema";
import { groupByOrder, sumsOfRow } from "../orders/order-rows";
import { readCurrentQuotes } from "../quotes/quote-rows";
import { ORDER_STATUSES, type OrderStatus } from "../../../domain/orders/order-status";
import { koboToNaira } from "../../../domain/money";
import type { Database } from "../../db/client";
import { collections, products } from "../../db/schema/catalog";
import { contactMessages } from "../../db/schema/contact";
import { orderLines, orderPayments, orders } from "../../db/schema/orders";
import { projects } from "../../db/schema/projects";
import { summariesOf } from "../orders/order-desk.service";
import { lagosTomorrow } from "../orders/visit-reminders.service";

/** The admin sidebar's badge: messages not read yet. */
export function countUnreadMessages(db: Database): Promise<number> {
  return db.$count(contactMessages, isNull(contactMessages.readAt));
}

/** The admin dashboard's counts (docs/product.md, Admin panel), read fresh: the owner just changed them. */
export async function getDashboardSummary(
  db: Database,
  now = new Date(),
): Promise<DashboardSummary & { orders: OrdersAtAGlance }> {
  const [productCount, collectionCount, projectCount, unreadMessages, ordersSummary] = await Promise.all([
    db.$count(products),
    db.$count(collections),
    db.$count(projects),
    countUnreadMessages(db),
    ordersAtAGlance(db, now),
  ]);
  return {
    products: productCount,
    collections: collectionCount,
    projects: projectCount,
    unreadMessages,
    orders: ordersSummary,
  };
}

const CHART_DAYS = 30;
const LISTED = 10;
const SHOP_TIME_ZONE = "Africa/Lagos";

/** "2026-11-24": the day in Lagos. */
const lagosDay = (at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE }).format(at);

/** The `days` Lagos days up to and including today's, oldest first. */
function lastDays(now: Date, days: number): string[] {
  const today = new Date(`${lagosDay(now)}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) =>
    new Date(today.getTime() - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/**
 * What the orders ask of the owner today: new ones waiting for a reply, those ready to
 * deliver, the counts by status, what open orders still owe, and the last 30 days' orders.
 */
export async function ordersAtAGlance(db: Database, now: Date): Promise<OrdersAtAGlance> {
  const days = lastDays(now, CHART_DAYS);
  // The first day's midnight in Lagos (UTC+1, no daylight saving), a little early to be safe:
  // the days are counted by their Lagos date below.
  const since = new Date(new Date(`${days[0]}T00:00:00Z`).getTime() - 86_400_000);
  // The zone written into the query, not bound: the select and its GROUP BY must be the same expression.
  const lagosDate = sql<string>`to_char(${orders.createdAt} at time zone ${sql.raw(`'${SHOP_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
  // What is owed is counted on the orders the customer has a quote for and that are still
  // open: a new order's price is not agreed yet (and one never followed up stays new).
  const owing = inArray(orders.status, ["quoted", "deposit_paid", "in_production", "ready", "delivered"]);
  const owingIds = db.select({ id: orders.id }).from(orders).where(owing);
  const tomorrow = lagosTomorrow(now);
  const [counted, waitingRows, readyRows, openRows, perDayRows, visitRows] = await Promise.all([
    db.select({ status: orders.status, count: count() }).from(orders).groupBy(orders.status),
    db.select().from(orders).where(eq(orders.status, "new")).orderBy(asc(orders.createdAt)).limit(LISTED),
    db.select().from(orders).where(eq(orders.status, "ready")).orderBy(asc(orders.createdAt)).limit(LISTED),
    db.select().from(orders).where(owing),
    db.select({ day: lagosDate, count: count() }).from(orders).where(gte(orders.createdAt, since)).groupBy(lagosDate),
    db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.status, "visit_booked"),
          gte(orders.visitBookedFor, tomorrow.from),
          lt(orders.visitBookedFor, tomorrow.to),
        ),
      )
      .orderBy(asc(orders.visitBookedFor))
      .limit(LISTED),
  ]);

  const byStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
  for (const row of counted) byStatus[row.status] = row.count;

  const [lines, payments, quotes] = await Promise.all([
    db.select().from(orderLines).where(inArray(orderLines.orderId, owingIds)),
    db.select().from(orderPayments).where(inArray(orderPayments.orderId, owingIds)),
    readCurrentQuotes(
      db,
      openRows.map((row) => row.id),
    ),
  ]);
  const linesOf = groupByOrder(lines);
  const paymentsOf = groupByOrder(payments);
  let depositsKobo = 0;
  let balancesKobo = 0;
  for (const row of openRows) {
    const sums = sumsOfRow(row, linesOf.get(row.id) ?? [], paymentsOf.get(row.id) ?? [], quotes.get(row.id) ?? null);
    depositsKobo += Math.max(0, sums.depositDueKobo - sums.paidKobo);
    balancesKobo += sums.balanceKobo;
  }

  const perDay = new Map(perDayRows.map((row) => [row.day, row.count]));
  const [waiting, ready] = await Promise.all([summariesOf(db, waitingRows), summariesOf(db, readyRows)]);
  return {
    byStatus,
    waiting,
    ready,
    visitsTomorrow: visitRows.map((row) => ({
      _id: row.id,
      reference: row.reference,
      customerName: row.customerName,
      customerPhone: row.customerPhone,
      bookedFor: row.visitBookedFor!.toISOString(),
      trackingToken: row.trackingToken,
    })),
    depositsOutstanding: koboToNaira(depositsKobo),
    balancesOutstanding: koboToNaira(balancesKobo),
    perDay: days.map((day) => ({ day, count: perDay.get(day) ?? 0 })),
  };
}
