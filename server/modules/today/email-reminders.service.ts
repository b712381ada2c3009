/**
 * E-mail reminders (docs/product.md, E-mail reminders): when the owner turns them on, a
 * customer who ticked the box (on the order sheet, signed in, so their account has the
 * address) hears of a quote waiting for an answer and of a deposit or balance due, by the
 * same rules that put the order in Today's queues. At most one e-mail per order every 3
 * days: each order is claimed by one conditional upsert of its last reminder, so two
 * instances or two runs never remind it twice within the gap. Each e-mail carries a link
 * that stops them without signing in (the order's own unguessable token), and a one-click
 * List-Unsubscribe header.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { orders } from "../../db/schema/orders";
import { orderReminders } from "../../db/schema/today";
import type { Mailer } from "../mail/mailer";
import { sendInBackground } from "../orders/order-mail";
import type { ShopDetails } from "../settings/settings.service";
import { queueCandidates, type QueueCandidate, type TodaySettings } from "./today.service";

/** The least time between two reminders of one order. */
export const REMINDER_GAP_DAYS = 3;

/** The path of the page that stops a customer's reminders; the token is the order's reminder token. */
export const unsubscribePath = (token: string) => `/reminders/stop/${token}`;

interface Due {
  orderId: string;
  about: "quote" | "balance";
  amount: string;
  trackingLink: string;
  payLink: string;
}

/** The orders whose customers may be reminded now, by Today's rules, each once. */
async function dueReminders(db: Database, settings: TodaySettings, now: Date): Promise<Due[]> {
  const [quotes, deposits, ready] = await Promise.all([
    queueCandidates(db, settings, "quotes_waiting", now),
    queueCandidates(db, settings, "deposits_due", now),
    queueCandidates(db, settings, "ready_undelivered", now),
  ]);
  const due = new Map<string, Due>();
  const add = (about: Due["about"], list: QueueCandidate[]) => {
    for (const entry of list) {
      if (!entry.orderId || due.has(entry.orderId)) continue;
      if (about === "balance" && !(entry.owesKobo && entry.owesKobo > 0)) continue;
      due.set(entry.orderId, {
        orderId: entry.orderId,
        about,
        amount: entry.values.amount_due ?? "",
        trackingLink: entry.values.tracking_link ?? "",
        payLink: entry.values.pay_link ?? "",
      });
    }
  };
  add("quote", quotes);
  add("balance", deposits);
  add("balance", ready);
  return [...due.values()];
}

/** E-mails each customer due a reminder and who agreed to one; answers how many were e-mailed. */
export async function sendEmailReminders(
  db: Database,
  {
    mailer,
    shop,
    settings,
    enabled,
    log,
  }: {
    mailer: Mailer;
    shop: ShopDetails;
    settings: TodaySettings;
    enabled: boolean;
    log: { error(details: object, message: string): void };
  },
  now = new Date(),
): Promise<number> {
  if (!enabled) return 0;
  const due = await dueReminders(db, settings, now);
  if (due.length === 0) return 0;
  const agreed = await db
    .select({
      id: orders.id,
      reference: orders.reference,
      name: orders.customerName,
      token: orders.reminderToken,
      email: users.email,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        inArray(
          orders.id,
          due.map((entry) => entry.orderId),
        ),
        eq(orders.emailReminders, true),
      ),
    );
  let sent = 0;
  for (const order of agreed) {
    const reminder = due.find((entry) => entry.orderId === order.id)!;
    // The claim: written only when the last reminder is older than the gap (or there was none).
    const [claimed] = await db
      .insert(orderReminders)
      .values({ orderId: order.id, sentAt: now, about: reminder.about })
      .onConflictDoUpdate({
        target: orderReminders.orderId,
        set: { sentAt: now, about: reminder.about },
        setWhere: sql`${orderReminders.sentAt} <= ${now}::timestamptz - make_interval(days => ${REMINDER_GAP_DAYS})`,
      })
      .returning({ orderId: orderReminders.orderId });
    if (!claimed) continue;
    const stop = shop.publicUrl.replace(/\/+$/, "") + unsubscribePath(order.token);
    const hello = `Good day${order.name ? ` ${order.name}` : ""},`;
    const body =
      reminder.about === "quote"
        ? [
            `A gentle reminder from ${shop.name}: the quote for your order ${order.reference} is waiting for your answer.`,
            "",
            `Read it, approve it or ask for changes here: ${reminder.trackingLink}`,
          ]
        : [
            `A gentle reminder from ${shop.name}: ${reminder.amount} is due on your order ${order.reference}.`,
            "",
            `You can pay here: ${reminder.payLink}`,
          ];
    await sendInBackground(
      mailer,
      {
        to: order.email,
        subject:
          reminder.about === "quote"
            ? `Your quote is waiting: ${order.reference}`
            : `A payment is due on your order ${order.reference}`,
        text: [hello, "", ...body, "", `You agreed to these reminders. To stop them: ${stop}`].join("\n"),
        headers: { "List-Unsubscribe": `<${stop}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      },
      log,
      order.reference,
    );
    sent++;
  }
  return sent;
}

/**
 * Stops the reminders of the customer behind this link: that order's, and, when it is an
 * account's, every order of theirs and their yes for new ones. Answers the order's reference,
 * or null for a link that is none.
 */
export async function stopReminders(db: Database, token: string): Promise<{ reference: string } | null> {
  if (!/^[0-9a-f]{64}$/.test(token)) return null;
  return db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ emailReminders: false })
      .where(eq(orders.reminderToken, token))
      .returning({ reference: orders.reference, userId: orders.userId });
    if (!order) return null;
    if (order.userId) {
      await tx.update(orders).set({ emailReminders: false }).where(eq(orders.userId, order.userId));
      await tx.update(users).set({ emailReminders: false }).where(eq(users.id, order.userId));
    }
    return { reference: order.reference };
  });
}
