import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { TODAY_QUEUES } from "../../../domain/today/today.schema";
import { orders } from "./orders";

/**
 * What the staff did with an entry of Today (docs/product.md, Today): marked done, or
 * snoozed until a moment, each stamped with who and when. An entry's id names its queue,
 * its row and the moment its cause began, so a mark holds for that cause only: a new
 * cause (a touched cart, a new quote) is a new entry, and an entry whose cause is gone is
 * not listed whatever its mark says.
 */
export const todayMarks = pgTable(
  "today_marks",
  {
    entryId: text("entry_id").primaryKey(),
    kind: text("kind", { enum: TODAY_QUEUES }).notNull(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    doneBy: text("done_by"),
    snoozedUntil: timestamp("snoozed_until", { withTimezone: true }),
    snoozedAt: timestamp("snoozed_at", { withTimezone: true }),
    snoozedBy: text("snoozed_by"),
  },
  (t) => [
    index("today_marks_kind_idx").on(t.kind),
    // The review queue's second ask follows the first ask's done mark (docs/product.md, Today).
    index("today_marks_review_asked_idx")
      .on(t.doneAt)
      .where(sql`${t.kind} = 'review_asks' and ${t.doneAt} is not null`),
    check("today_marks_done_whole", sql`(${t.doneAt} is null) = (${t.doneBy} is null)`),
    check("today_marks_snooze_whole", sql`(${t.snoozedUntil} is null) = (${t.snoozedBy} is null)`),
  ],
);

/**
 * The last e-mail reminder each order's customer was sent (docs/product.md, E-mail
 * reminders): one row per order, claimed by one conditional upsert, so no order is
 * reminded twice within the gap whatever runs at the same time.
 */
export const orderReminders = pgTable("order_reminders", {
  orderId: uuid("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  /** What it reminded of: a quote waiting or a balance due. */
  about: text("about", { enum: ["quote", "balance"] }).notNull(),
});
