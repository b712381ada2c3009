/**
 * Reviews' rules and SQL (docs/product.md, Reviews). A review comes only through its
 * order's review link, for a line of a delivered order, once per line; it waits for the
 * shop unless the owner's setting publishes its rating at once. The shop publishes, hides
 * with a reason (the review is kept) and replies once; only the author changes the words,
 * within REVIEW_EDIT_DAYS of writing them, and the page then says "edited".
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { toImageRef } from "../../../domain/media";
import { refuse } from "../../../domain/refusal";
import {
  REVIEW_MESSAGES,
  type AdminReview,
  type AdminReviewList,
  type CustomerPhoto,
  type OwnReview,
  type PublicReview,
  type ReviewEdit,
  type ReviewInput,
  type ReviewLink,
  type ReviewPage,
} from "../../../domain/reviews/reviews.schema";
import type { ReviewStatus } from "../../../domain/reviews/review-display";
import { AUTO_PUBLISH_FROM, REVIEW_EDIT_DAYS, REVIEWS_PAGE_SIZE } from "../../../domain/reviews/review-display";
import type { ItemType } from "../../../domain/shopping-lists";
import type { Database } from "../../db/client";
import { collections, products } from "../../db/schema/catalog";
import { media } from "../../db/schema/media";
import { orderEvents, orderLines, orders } from "../../db/schema/orders";
import { reviewPhotos, reviews } from "../../db/schema/reviews";
import type { ImageRef } from "../../../domain/catalog/catalog.types";

type OrderRow = typeof orders.$inferSelect;
type ReviewRow = typeof reviews.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A review token is 64 hexadecimal characters; anything else names no order. */
export const isReviewToken = (token: string) => /^[0-9a-f]{64}$/.test(token);

/** The review link's page, absolute. */
export const reviewUrlOf = (publicUrl: string, token: string) => `${publicUrl.replace(/\/+$/, "")}/reviews/${token}`;

/** Orders of the catalogue's pieces are reviewed; a service or swatch request has no piece to review. */
const hasPieces = (order: Pick<OrderRow, "kind">) => order.kind === "item" || order.kind === "cart";

/** Delivered, or closed after delivery: the only states in which the link takes reviews. */
export const isDelivered = (order: Pick<OrderRow, "status" | "kind">) =>
  hasPieces(order) && (order.status === "delivered" || order.status === "closed");

/**
 * An order's review link, absolute, once it is delivered; null before (and for a request
 * with nothing to review). The message and e-mail that say "Delivered" carry it.
 */
export const reviewUrlFor = (order: Pick<OrderRow, "status" | "kind" | "reviewToken">, publicUrl: string) =>
  isDelivered(order) ? reviewUrlOf(publicUrl, order.reviewToken) : null;

/** The order behind a review link, or null (an unknown token is a plain 404). */
export async function findOrderByReviewToken(db: Database, token: string): Promise<OrderRow | null> {
  if (!isReviewToken(token)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.reviewToken, token)).limit(1);
  return order ?? null;
}

/** The order must be delivered (and still so) for its link to take a review or a change. */
export function requireDelivered(order: OrderRow): void {
  if (!hasPieces(order)) throw refuse("conflict", REVIEW_MESSAGES.notReviewable);
  if (!isDelivered(order)) throw refuse("conflict", REVIEW_MESSAGES.notDelivered);
}

/** The day the order was marked delivered (Lagos), from its timeline; its last change when the timeline has none. */
async function deliveredOn(db: Database, order: OrderRow): Promise<string> {
  const [event] = await db
    .select({ at: orderEvents.at })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, "delivered")))
    .orderBy(asc(orderEvents.at))
    .limit(1);
  return lagosDay(event?.at ?? order.updatedAt);
}

const LAGOS_DAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" });
const lagosDay = (at: Date) => LAGOS_DAY.format(at);

/** A review's photo may serve the shop (a project, the piece's page) only while this holds. */
const photoOnOffer = and(eq(reviews.status, "published"), eq(reviews.photosConsent, true));

/** Each review's photos in order, by review id. */
async function photosOf(db: Database, reviewIds: readonly string[]): Promise<Map<string, ImageRef[]>> {
  const byReview = new Map<string, ImageRef[]>();
  if (reviewIds.length === 0) return byReview;
  const rows = await db
    .select({ reviewId: reviewPhotos.reviewId, media })
    .from(reviewPhotos)
    .innerJoin(media, eq(media.id, reviewPhotos.mediaId))
    .where(inArray(reviewPhotos.reviewId, [...reviewIds]))
    .orderBy(asc(reviewPhotos.reviewId), asc(reviewPhotos.position));
  for (const row of rows) byReview.set(row.reviewId, [...(byReview.get(row.reviewId) ?? []), toImageRef(row.media)]);
  return byReview;
}

/** The moment after which its author may no longer change it. */
export const editableUntil = (review: Pick<ReviewRow, "createdAt">) =>
  new Date(review.createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS);

function ownView(row: ReviewRow, photos: ImageRef[]): OwnReview {
  return {
    _id: row.id,
    status: row.status,
    rating: row.rating,
    title: row.title,
    text: row.body,
    photos,
    displayName: row.displayName,
    consentToShowPhotos: row.photosConsent,
    reply: row.reply,
    edited: row.editedAt !== null,
    createdAt: row.createdAt.toISOString(),
    editableUntil: editableUntil(row).toISOString(),
  };
}

function publicView(row: ReviewRow, photos: ImageRef[]): PublicReview {
  return {
    _id: row.id,
    rating: row.rating,
    title: row.title,
    text: row.body,
    photos,
    displayName: row.displayName,
    deliveredOn: row.deliveredOn,
    reply: row.reply,
    edited: row.editedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the review link shows: each line of the order and its review, if written. */
export async function readReviewLink(
  db: Database,
  order: OrderRow,
  publicUrl: string,
  images: (line: typeof orderLines.$inferSelect) => ImageRef | null,
): Promise<ReviewLink> {
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  const written = await db.select().from(reviews).where(eq(reviews.orderId, order.id));
  const photos = await photosOf(
    db,
    written.map((row) => row.id),
  );
  return {
    reference: order.reference,
    open: isDelivered(order),
    reviewUrl: reviewUrlOf(publicUrl, order.reviewToken),
    lines: lines.map((line) => {
      const review = written.find((row) => row.lineId === line.id);
      return {
        lineId: line.id,
        name: line.name,
        option: line.option,
        itemType: line.itemType,
        item: line.itemId,
        image: images(line),
        review: review ? ownView(review, photos.get(review.id) ?? []) : null,
      };
    }),
  };
}

/** Whether a review of this rating is published as it arrives, by the owner's setting. */
export const publishesAtOnce = (rating: number, autoPublish: boolean) => autoPublish && rating >= AUTO_PUBLISH_FROM;

/** Writes a line's one review; a second review of the line is a 409. */
export async function createReview(
  db: Database,
  order: OrderRow,
  input: ReviewInput,
  photoIds: readonly string[],
  { autoPublish, now }: { autoPublish: boolean; now: Date },
): Promise<OwnReview> {
  requireDelivered(order);
  const [line] = await db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, order.id), sql`${orderLines.id}::text = ${input.lineId}`))
    .limit(1);
  if (!line) throw refuse("missing", REVIEW_MESSAGES.line, { lineId: REVIEW_MESSAGES.line });
  const published = publishesAtOnce(input.rating, autoPublish);
  const day = await deliveredOn(db, order);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reviews)
      .values({
        orderId: order.id,
        lineId: line.id,
        itemType: line.itemType,
        itemId: line.itemId,
        rating: input.rating,
        title: input.title,
        body: input.text,
        displayName: input.displayName,
        photosConsent: input.consentToShowPhotos,
        status: published ? "published" : "pending",
        publishedAt: published ? now : null,
        deliveredOn: day,
        createdAt: now,
      })
      .onConflictDoNothing({ target: reviews.lineId })
      .returning();
    if (!row) throw refuse("conflict", REVIEW_MESSAGES.already);
    await savePhotos(tx as unknown as Database, row.id, photoIds);
    return ownView(row, (await photosOf(tx as unknown as Database, [row.id])).get(row.id) ?? []);
  });
}

async function savePhotos(db: Database, reviewId: string, photoIds: readonly string[]) {
  if (photoIds.length) {
    await db.insert(reviewPhotos).values(photoIds.map((mediaId, position) => ({ reviewId, position, mediaId })));
  }
}

/** The review of this order by its id, or null. */
export async function findOrderReview(db: Database, orderId: string, reviewId: string): Promise<ReviewRow | null> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.orderId, orderId), sql`${reviews.id}::text = ${reviewId}`))
    .limit(1);
  return row ?? null;
}

/** The photo ids a review shows now, in order. */
export async function photoIdsOf(db: Database, reviewId: string): Promise<string[]> {
  const rows = await db
    .select({ mediaId: reviewPhotos.mediaId })
    .from(reviewPhotos)
    .where(eq(reviewPhotos.reviewId, reviewId))
    .orderBy(asc(reviewPhotos.position));
  return rows.map((row) => row.mediaId);
}

/**
 * The author's change, within the edit window: the words, stars, name and photos as sent.
 * A published review stays published (marked edited); the owner's setting decides again for
 * one still waiting. Answers the review and the photos it no longer shows.
 */
export async function editReview(
  db: Database,
  order: OrderRow,
  review: ReviewRow,
  edit: ReviewEdit,
  photoIds: readonly string[],
  { autoPublish, now }: { autoPublish: boolean; now: Date },
): Promise<{ review: OwnReview; dropped: string[] }> {
  requireDelivered(order);
  if (now.getTime() > editableUntil(review).getTime()) throw refuse("conflict", REVIEW_MESSAGES.editClosed);
  const publishNow = review.status === "pending" && publishesAtOnce(edit.rating, autoPublish);
  return db.transaction(async (tx) => {
    const before = await photoIdsOf(tx as unknown as Database, review.id);
    const [row] = await tx
      .update(reviews)
      .set({
        rating: edit.rating,
        title: edit.title,
        body: edit.text,
        displayName: edit.displayName,
        photosConsent: edit.consentToShowPhotos,
        editedAt: now,
        ...(publishNow ? { status: "published" as const, publishedAt: now } : {}),
      })
      .where(eq(reviews.id, review.id))
      .returning();
    await tx.delete(reviewPhotos).where(eq(reviewPhotos.reviewId, review.id));
    await savePhotos(tx as unknown as Database, review.id, photoIds);
    const kept = new Set(photoIds);
    return {
      review: ownView(row!, (await photosOf(tx as unknown as Database, [review.id])).get(review.id) ?? []),
      dropped: before.filter((id) => !kept.has(id)),
    };
  });
}

/** An item's published reviews, newest first, a page at a time, with its average and count. */
export async function publishedReviews(
  db: Database,
  itemType: ItemType,
  itemId: string,
  page: number,
  pageSize = REVIEWS_PAGE_SIZE,
): Promise<ReviewPage> {
  const where = and(
    eq(reviews.itemType, itemType),
    sql`${reviews.itemId}::text = ${itemId}`,
    eq(reviews.status, "published"),
  );
  const [[totals], rows] = await Promise.all([
    db
      .select({ count: count(), average: sql<number | null>`round(avg(${reviews.rating}), 2)::float8` })
      .from(reviews)
      .where(where),
    db
      .select()
      .from(reviews)
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(pageSize + 1)
      .offset((page - 1) * pageSize),
  ]);
  const shown = rows.slice(0, pageSize);
  const photos = await photosOf(
    db,
    shown.map((row) => row.id),
  );
  return {
    reviews: shown.map((row) => publicView(row, photos.get(row.id) ?? [])),
    average: totals?.average ?? null,
    count: totals?.count ?? 0,
    hasMore: rows.length > pageSize,
  };
}

/**
 * The photos customers agreed to show, of an item's published reviews, newest first: the
 * product page's "In customers' homes".
 */
export async function homePhotos(db: Database, itemType: ItemType, itemId: string, limit = 12): Promise<ImageRef[]> {
  const rows = await db
    .select({ media })
    .from(reviewPhotos)
    .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
    .innerJoin(media, eq(media.id, reviewPhotos.mediaId))
    .where(and(eq(reviews.itemType, itemType), sql`${reviews.itemId}::text = ${itemId}`, photoOnOffer))
    .orderBy(desc(reviews.createdAt), asc(reviewPhotos.position))
    .limit(limit);
  return rows.map((row) => toImageRef(row.media));
}

/** Photos the project editor offers under "Customers' photos": at most this many, newest first. */
export const CUSTOMER_PHOTOS_OFFERED = 60;

/**
 * The photos customers agreed to show, of published reviews, newest review first (a
 * review's photos in its order), each with the reviewer's name and the piece reviewed.
 * A photo whose review is hidden, or whose author withdrew consent, is not offered.
 */
export async function customerPhotos(db: Database, limit = CUSTOMER_PHOTOS_OFFERED): Promise<CustomerPhoto[]> {
  const rows = await db
    .select({
      media,
      review: reviews.id,
      displayName: reviews.displayName,
      itemType: reviews.itemType,
      item: reviews.itemId,
      createdAt: reviews.createdAt,
      productName: products.name,
      collectionName: collections.name,
      lineName: orderLines.name,
    })
    .from(reviewPhotos)
    .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
    .innerJoin(media, eq(media.id, reviewPhotos.mediaId))
    .innerJoin(orderLines, eq(orderLines.id, reviews.lineId))
    .leftJoin(products, and(eq(reviews.itemType, "Product"), eq(products.id, reviews.itemId)))
    .leftJoin(collections, and(eq(reviews.itemType, "Collection"), eq(collections.id, reviews.itemId)))
    .where(photoOnOffer)
    .orderBy(desc(reviews.createdAt), desc(reviews.id), asc(reviewPhotos.position))
    .limit(limit);
  return rows.map((row) => ({
    photo: toImageRef(row.media),
    review: row.review,
    displayName: row.displayName,
    itemType: row.itemType,
    item: row.item,
    itemName: row.productName ?? row.collectionName ?? row.lineName,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * Of these media ids, the ones that are a review's photo and may not be used by the shop:
 * no review showing them is published with its author's consent. Other pictures (the
 * shop's own uploads) are never in the answer.
 */
export async function reviewPhotosNotOffered(db: Database, mediaIds: readonly string[]): Promise<string[]> {
  const unique = [...new Set(mediaIds)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({
      mediaId: reviewPhotos.mediaId,
      offered: sql<boolean>`bool_or(${reviews.status} = 'published' and ${reviews.photosConsent})`,
    })
    .from(reviewPhotos)
    .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
    .where(inArray(reviewPhotos.mediaId, unique))
    .groupBy(reviewPhotos.mediaId);
  return rows.filter((row) => !row.offered).map((row) => row.mediaId);
}

/** Reviews with what the moderation page names them by (the piece, the order), newest first. */
async function adminReviews(db: Database, where: SQL | undefined, limit: number, offset = 0): Promise<AdminReview[]> {
  const rows = await db
    .select({
      review: reviews,
      reference: orders.reference,
      productName: products.name,
      collectionName: collections.name,
      lineName: orderLines.name,
    })
    .from(reviews)
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .innerJoin(orderLines, eq(orderLines.id, reviews.lineId))
    .leftJoin(products, and(eq(reviews.itemType, "Product"), eq(products.id, reviews.itemId)))
    .leftJoin(collections, and(eq(reviews.itemType, "Collection"), eq(collections.id, reviews.itemId)))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
    .offset(offset);
  const photos = await photosOf(
    db,
    rows.map((row) => row.review.id),
  );
  return rows.map((row): AdminReview => ({
    ...publicView(row.review, photos.get(row.review.id) ?? []),
    status: row.review.status,
    hiddenReason: row.review.hiddenReason,
    consentToShowPhotos: row.review.photosConsent,
    itemType: row.review.itemType,
    item: row.review.itemId,
    itemName: row.productName ?? row.collectionName ?? row.lineName,
    orderId: row.review.orderId,
    reference: row.reference,
    repliedBy: row.review.repliedBy,
  }));
}

const ADMIN_PAGE_SIZE = 20;

/** Reviews as the moderation page lists them, newest first, with each status's count. */
export async function listReviews(db: Database, status: ReviewStatus, page: number): Promise<AdminReviewList> {
  const [counted, rows] = await Promise.all([
    db.select({ status: reviews.status, count: count() }).from(reviews).groupBy(reviews.status),
    adminReviews(db, eq(reviews.status, status), ADMIN_PAGE_SIZE + 1, (page - 1) * ADMIN_PAGE_SIZE),
  ]);
  const counts = { pending: 0, published: 0, hidden: 0 };
  for (const row of counted) counts[row.status] = row.count;
  return { reviews: rows.slice(0, ADMIN_PAGE_SIZE), counts, hasMore: rows.length > ADMIN_PAGE_SIZE };
}

/** One review by its id, or null. */
export async function findReview(db: Database, id: string): Promise<ReviewRow | null> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(sql`${reviews.id}::text = ${id}`)
    .limit(1);
  return row ?? null;
}

const missingReview = () => refuse("missing", REVIEW_MESSAGES.notFound);

/** Publishes a waiting or hidden review; a published one stays as it is. */
export async function publishReview(
  db: Database,
  id: string,
  now: Date,
): Promise<{ before: ReviewRow; after: ReviewRow }> {
  const before = await findReview(db, id);
  if (!before) throw missingReview();
  if (before.status === "published") return { before, after: before };
  const [after] = await db
    .update(reviews)
    .set({ status: "published", hiddenReason: null, publishedAt: before.publishedAt ?? now })
    .where(eq(reviews.id, before.id))
    .returning();
  return { before, after: after! };
}

/** Hides a review with the reason; it is kept, and may be published again. */
export async function hideReview(
  db: Database,
  id: string,
  reason: string,
): Promise<{ before: ReviewRow; after: ReviewRow }> {
  const before = await findReview(db, id);
  if (!before) throw missingReview();
  const [after] = await db
    .update(reviews)
    .set({ status: "hidden", hiddenReason: reason })
    .where(eq(reviews.id, before.id))
    .returning();
  return { before, after: after! };
}

/** The shop's one public reply; a second is a 409. */
export async function replyToReview(db: Database, id: string, text: string, by: string, now: Date): Promise<ReviewRow> {
  const before = await findReview(db, id);
  if (!before) throw missingReview();
  const [after] = await db
    .update(reviews)
    .set({ reply: text, repliedAt: now, repliedBy: by })
    .where(and(eq(reviews.id, before.id), sql`${reviews.reply} is null`))
    .returning();
  if (!after) throw refuse("conflict", REVIEW_MESSAGES.replied);
  return after;
}

/** A review as the moderation answers name it after a change. */
export async function adminReview(db: Database, id: string): Promise<AdminReview> {
  const [found] = await adminReviews(db, eq(reviews.id, id), 1);
  if (!found) throw missingReview();
  return found;
}
