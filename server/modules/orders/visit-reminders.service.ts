/**
 * The day-before reminder of a booked visit (docs/product.md, Visits): a customer with an
 * e-mail address (their account's) hears the day before, once. Each order is claimed by
 * marking it reminded in the same statement that finds it, so two instances, or two runs,
 * never remind it twice. A customer without an address is reminded by the owner, from the
 * "Visit tomorrow" link on the order's page and the dashboard.
 */
import { and, eq, gte, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { lagosDay } from "../../../domain/dates";
import { formatVisit } from "../../../domain/orders/visits";
import type { Database } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { orders } from "../../db/schema/orders";
import type { Mailer } from "../mail/mailer";
import type { ShopDetails } from "../settings/settings.service";
import { trackingUrlOf } from "./orders.service";
import { sendInBackground } from "./order-mail";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Held, for its transaction, by the instance reminding. */
const VISIT_REMINDERS_LOCK = 0x766973697472; // "visitr"

/** The start and end of tomorrow in Lagos (West Africa Time, +01:00 all year), as instants. */
export function lagosTomorrow(now: Date): { from: Date; to: Date } {
  const tomorrow = lagosDay(new Date(now.getTime() + DAY_MS));
  const from = new Date(`${tomorrow}T00:00:00+01:00`);
  return { from, to: new Date(from.getTime() + DAY_MS) };
}

/** E-mails each customer whose booked visit is tomorrow, once; answers how many were e-mailed. */
export async function remindVisits(
  db: Database,
  { mailer, shop, log }: { mailer: Mailer; shop: ShopDetails; log: { error(details: object, message: string): void } },
  now: Date,
): Promise<number> {
  const { from, to } = lagosTomorrow(now);
  // One instance at a time (the lock is the transaction's, on its one connection); the
  // statement that finds the orders marks them, so none is reminded twice whatever runs.
  const claimed = await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${VISIT_REMINDERS_LOCK}) as locked`,
    );
    if (!rows[0]?.locked) return [];
    return tx
      .update(orders)
      .set({ visitRemindedAt: now })
      .from(users)
      .where(
        and(
          eq(users.id, orders.userId),
          isNotNull(users.email),
          eq(orders.status, "visit_booked"),
          isNull(orders.visitRemindedAt),
          gte(orders.visitBookedFor, from),
          lt(orders.visitBookedFor, to),
        ),
      )
      .returning({
        reference: orders.reference,
        trackingToken: orders.trackingToken,
        bookedFor: orders.visitBookedFor,
        customerName: orders.customerName,
        email: sql<string>`${users.email}`,
      });
  });
  // Sent once the orders are marked: a mail server that is down costs a reminder, logged.
  await Promise.all(
    claimed.map((order) =>
      sendInBackground(
        mailer,
        {
          to: order.email,
          subject: `Our visit tomorrow, ${formatVisit(order.bookedFor!.toISOString())}: ${order.reference}`,
          text: [
            `Hello${order.customerName ? ` ${order.customerName}` : ""},`,
            "",
            `A reminder from ${shop.name}: our visit for your request ${order.reference} is tomorrow, ${formatVisit(order.bookedFor!.toISOString())}.`,
            "",
            `The details, and how to reach us: ${trackingUrlOf(shop.publicUrl, order.trackingToken)}`,
          ].join("\n"),
        },
        log,
        order.reference,
      ),
    ),
  );
  return claimed.length;
}
