import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { REVIEW_STATUSES } from "../../../domain/reviews/review-display";
import { createdAt, id, updatedAt } from "./columns";
import { media } from "./media";
import { orderLines, orders } from "./orders";
import { itemType } from "./shopping-lists";

/**
 * Reviews (docs/product.md, Reviews): one per delivered order line, written by whoever
 * holds the order's review link. A review waits (`pending`) until the shop publishes it,
 * or is published at once when the owner's setting allows its rating; a hidden review is
 * kept with the reason. Only its author changes its words, within 30 days of writing it.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    lineId: uuid("line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    itemType: itemType("item_type").notNull(),
    itemId: uuid("item_id").notNull(),
    rating: smallint("rating").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** "Chioma, Lekki": what the reviewer chose to show. */
    displayName: text("display_name").notNull(),
    /** The reviewer agreed that their photos show in the product's gallery and may serve a project. */
    photosConsent: boolean("photos_consent").notNull().default(false),
    status: text("status", { enum: REVIEW_STATUSES }).notNull().default("pending"),
    hiddenReason: text("hidden_reason"),
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    repliedBy: text("replied_by"),
    /** The day the order was marked delivered, as the badge names its month. */
    deliveredOn: date("delivered_on", { mode: "string" }).notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** Set when its author changed it after writing it. */
    editedAt: timestamp("edited_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("reviews_line_key").on(t.lineId),
    index("reviews_order_idx").on(t.orderId),
    index("reviews_item_idx").on(t.itemType, t.itemId, t.status, t.createdAt.desc()),
    index("reviews_status_idx").on(t.status, t.createdAt.desc()),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("reviews_hidden_has_reason", sql`(${t.status} = 'hidden') = (${t.hiddenReason} is not null)`),
  ],
);

/** A review's photos, in order; a photo in use is never deleted. */
export const reviewPhotos = pgTable(
  "review_photos",
  {
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    mediaId: text("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "restrict" }),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.position] }), index("review_photos_media_idx").on(t.mediaId)],
);
