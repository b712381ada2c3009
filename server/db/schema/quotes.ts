import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { QuoteFeeRecord, QuoteLineRecord } from "../../../domain/quotes/quote-records";
import { createdAt, id } from "./columns";
import { media } from "./media";
import { orders } from "./orders";

/**
 * An order's quotes (docs/product.md, Quotes): version N is frozen when the owner sends
 * it; N+1 replaces it for the customer, and the history stays. The customer approves one
 * version exactly, by its number, with the name they typed, and that approval stays on its
 * version for good: a later version is approved in turn, on its own row. The latest
 * approved version is what the order owes, and what the invoice and the workshop sheet print.
 */
export const orderQuotes = pgTable(
  "order_quotes",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    lines: jsonb("lines").$type<QuoteLineRecord[]>().notNull(),
    fees: jsonb("fees").$type<QuoteFeeRecord[]>().notNull().default([]),
    discountKobo: bigint("discount_kobo", { mode: "number" }).notNull().default(0),
    depositPercent: integer("deposit_percent").notNull(),
    /** Whether the owner chose the deposit share rather than taking the terms' (or 100% for imported pieces). */
    depositPercentSet: boolean("deposit_percent_set").notNull().default(false),
    totalKobo: bigint("total_kobo", { mode: "number" }).notNull(),
    depositDueKobo: bigint("deposit_due_kobo", { mode: "number" }).notNull(),
    /** The last day it may be approved. */
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    /** The spec note (fabric code, changes to size, colour), as sanitised HTML. */
    note: text("note"),
    leadTimeWeeks: integer("lead_time_weeks"),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    /** The staff member's name who sent it. */
    sentBy: text("sent_by"),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    /** The name the customer typed when approving. */
    approvedByName: text("approved_by_name"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("order_quotes_version_key").on(t.orderId, t.version),
    // Today's quote queues: versions not approved, by when they were sent and their last day.
    index("order_quotes_unapproved_sent_idx")
      .on(t.sentAt, t.orderId, t.version)
      .where(sql`${t.approvedAt} is null`),
    index("order_quotes_approved_idx")
      .on(t.orderId, t.version)
      .where(sql`${t.approvedAt} is not null`),
    index("order_quotes_unapproved_valid_idx")
      .on(t.validUntil)
      .where(sql`${t.approvedAt} is null`),
    // An approval names who gave it: the time and the name typed are kept together.
    check("order_quotes_approval_whole", sql`(${t.approvedAt} is null) = (${t.approvedByName} is null)`),
    check("order_quotes_version_positive", sql`${t.version} > 0`),
    check(
      "order_quotes_amounts_not_negative",
      sql`${t.totalKobo} >= 0 and ${t.depositDueKobo} >= 0 and ${t.discountKobo} >= 0`,
    ),
    check("order_quotes_deposit_percent_range", sql`${t.depositPercent} between 0 and 100`),
  ],
);

/** A quote's pictures (a fabric photo, a drawing), in order; a picture in use is never deleted. */
export const orderQuotePictures = pgTable(
  "order_quote_pictures",
  {
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => orderQuotes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    mediaId: text("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "restrict" }),
  },
  (t) => [primaryKey({ columns: [t.quoteId, t.position] }), index("order_quote_pictures_media_idx").on(t.mediaId)],
);
