/**
 * Reviews' door (docs/product.md, Reviews). The customer's side goes by the order's review
 * link, with the per-address limit on writes (each may carry photos); the shop's side
 * (`reviews.moderate`: Owner and Sales) publishes, hides with a reason and replies once,
 * each journaled. Photos go through the media pipeline like every picture: their bytes
 * and pixels are checked before any is decoded, and a failed save removes what it stored.
 * Every change to a review empties the catalogue's read cache (ratings ride on its reads).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { isBase64DataUrl, type ImageInput } from "../../../domain/catalog/input-fields";
import { refuse } from "../../../domain/refusal";
import type { ReviewActions, ReviewDeskActions } from "../../../domain/reviews/reviews.actions";
import {
  REVIEW_MESSAGES,
  ReviewEditSchema,
  ReviewHideSchema,
  ReviewInputSchema,
  ReviewListQuerySchema,
  ReviewReplySchema,
  type AdminReview,
} from "../../../domain/reviews/reviews.schema";
import { MAX_REVIEW_PHOTOS, REVIEW_STATUS_LABELS } from "../../../domain/reviews/review-display";
import { ADMINS_ROOM } from "../../plugins/realtime";
import { limitPerAddress, REVIEW_RATE_LIMIT, sharedLimiter } from "../../plugins/rate-limits";
import type { ActionDeps } from "../../load-context";
import { changesBetween, journaled, staffMember, writePartsOf } from "../../door";
import { readBody } from "../catalog/admin-writes";
import { deleteUnusedMedia } from "../media/media.service";
import { saveImageInputs, tooManyPixels, withNewImages } from "../media/image-uploads.service";
import { publicViews } from "../orders/orders.service";
import {
  adminReview,
  createReview,
  editReview,
  findOrderByReviewToken,
  findOrderReview,
  hideReview,
  homePhotos,
  listReviews,
  photoIdsOf,
  publishedReviews,
  publishReview,
  readReviewLink,
  replyToReview,
  requireDelivered,
} from "./reviews.service";

export type ReviewDeps = Pick<ActionDeps, "app" | "db" | "shop" | "settings" | "cache" | "storage">;

/** The live event the moderation page hears when a review arrives or changes. */
export const REVIEWS_CHANGED_EVENT = "reviews:changed";

const PHOTO_MESSAGES = {
  field: "photos",
  unreadable: REVIEW_MESSAGES.photo,
  tooLarge: "A photo is larger than 10 MB.",
  tooManyPixels: tooManyPixels("A photo"),
};

/** A photo the review shows already, named by its own address. */
const MEDIA_ID = /^(?:https?:\/\/[^/]+)?\/media\/([\w-]{1,64})\//i;

/**
 * The photos as sent, each a new one or one this review shows already; more than
 * MAX_REVIEW_PHOTOS is a 413, anything else a 400.
 */
function readPhotos(sent: readonly string[], shown: readonly string[]): ImageInput[] {
  if (sent.length > MAX_REVIEW_PHOTOS)
    throw refuse("too-large", REVIEW_MESSAGES.photos, { photos: REVIEW_MESSAGES.photos });
  return sent.map((photo, index) => {
    if (isBase64DataUrl(photo)) return { kind: "new", dataUrl: photo };
    const id = MEDIA_ID.exec(photo)?.[1];
    if (id && shown.includes(id)) return { kind: "existing", publicId: id };
    throw refuse("invalid", REVIEW_MESSAGES.photo, { [`photos.${index}`]: REVIEW_MESSAGES.photo });
  });
}

export const reviewLimit = (app: ReviewDeps["app"]) =>
  sharedLimiter(app, "reviews", () => limitPerAddress(app, REVIEW_RATE_LIMIT));

export function createReviewActions({ app, db, shop, settings, cache, storage }: ReviewDeps) {
  const limit = reviewLimit(app);
  const parts = writePartsOf({ app, db, cache, storage });

  /** After a committed change: the ratings' cache, the new photos' AVIF, the moderation page. */
  function announce() {
    cache.invalidate();
    app.avifJobs.wake();
    app.realtime.emit(ADMINS_ROOM, REVIEWS_CHANGED_EVENT);
  }

  async function orderOf(token: string) {
    const order = await findOrderByReviewToken(db, token);
    if (!order) throw refuse("missing", REVIEW_MESSAGES.linkNotFound);
    return order;
  }

  return (request: FastifyRequest, reply: FastifyReply): ReviewActions => ({
    async link(token) {
      const order = await findOrderByReviewToken(db, token);
      if (!order) return null;
      const { publicUrl } = await shop();
      const [view] = await publicViews(db, [order], publicUrl);
      const images = new Map(view!.lines.map((line) => [line._id, line.image]));
      return readReviewLink(db, order, publicUrl, (line) => images.get(line.id) ?? null);
    },

    async write(token, body) {
      await limit(request, reply);
      const input = readBody(ReviewInputSchema, body);
      const order = await orderOf(token);
      // Refused before any photo is read: a link that takes no review costs nothing.
      requireDelivered(order);
      const photos = readPhotos(input.photos, []);
      const { autoPublishReviews } = await settings.cached();
      const saved = await saveImageInputs(db, storage, photos, PHOTO_MESSAGES);
      const review = await withNewImages(db, storage, saved.created, () =>
        journaled(
          parts,
          { id: null, name: input.displayName },
          (p) => createReview(p.db, order, input, saved.mediaIds, { autoPublish: autoPublishReviews, now: new Date() }),
          (written) => ({
            area: "reviews",
            item: written._id,
            itemLabel: order.reference,
            action: "Review written",
            changes: [
              { field: "rating", before: null, after: String(written.rating) },
              { field: "status", before: null, after: REVIEW_STATUS_LABELS[written.status] },
            ],
          }),
        ),
      );
      announce();
      return review;
    },

    async edit(token, reviewId, body) {
      await limit(request, reply);
      const change = readBody(ReviewEditSchema, body);
      const order = await orderOf(token);
      const review = await findOrderReview(db, order.id, reviewId);
      if (!review) throw refuse("missing", REVIEW_MESSAGES.notFound);
      requireDelivered(order);
      const photos = readPhotos(change.photos, await photoIdsOf(db, review.id));
      const { autoPublishReviews } = await settings.cached();
      const saved = await saveImageInputs(db, storage, photos, PHOTO_MESSAGES);
      const edited = await withNewImages(db, storage, saved.created, () =>
        journaled(
          parts,
          { id: null, name: change.displayName },
          (p) =>
            editReview(p.db, order, review, change, saved.mediaIds, {
              autoPublish: autoPublishReviews,
              now: new Date(),
            }),
          ({ review: after }) => ({
            area: "reviews",
            item: after._id,
            itemLabel: order.reference,
            action: "Review changed by its author",
            changes: changesBetween(
              { rating: review.rating, title: review.title, text: review.body },
              { rating: after.rating, title: after.title, text: after.text },
            ),
          }),
        ),
      );
      await deleteUnusedMedia(db, storage, edited.dropped);
      announce();
      return edited.review;
    },

    forItem: (itemType, itemId, page) => publishedReviews(db, itemType, itemId, page),
    homePhotos: (itemType, itemId) => homePhotos(db, itemType, itemId),
  });
}

/** What the journal keeps of a review: whose, its stars, status, reason and reply. */
const journalNote = (
  action: string,
  review: AdminReview,
  changes: Array<{ field: string; before: string | null; after: string | null }>,
) => ({
  area: "reviews" as const,
  item: review._id,
  itemLabel: `${review.itemName} (${review.reference})`,
  action,
  changes,
});

export function createReviewDeskActions({ app, db, cache, storage }: ReviewDeps) {
  const parts = writePartsOf({ app, db, cache, storage });
  return (request: FastifyRequest): ReviewDeskActions => ({
    async list(query) {
      await staffMember(request, "reviews.moderate");
      const { status, page } = readBody(ReviewListQuerySchema, query);
      return listReviews(db, status, page);
    },

    async publish(id) {
      const by = await staffMember(request, "reviews.moderate");
      const review = await journaled(
        parts,
        by,
        async (p) => {
          const { before } = await publishReview(p.db, id, new Date());
          p.cache.invalidate();
          p.realtime.emit(ADMINS_ROOM, REVIEWS_CHANGED_EVENT);
          return { before, after: await adminReview(p.db, id) };
        },
        ({ before, after }) =>
          before.status === "published"
            ? null
            : journalNote("Review published", after, [
                { field: "status", before: REVIEW_STATUS_LABELS[before.status], after: REVIEW_STATUS_LABELS.published },
              ]),
      );
      return review.after;
    },

    async hide(id, body) {
      const by = await staffMember(request, "reviews.moderate");
      const { reason } = readBody(ReviewHideSchema, body);
      const review = await journaled(
        parts,
        by,
        async (p) => {
          const { before } = await hideReview(p.db, id, reason);
          p.cache.invalidate();
          p.realtime.emit(ADMINS_ROOM, REVIEWS_CHANGED_EVENT);
          return { before, after: await adminReview(p.db, id) };
        },
        ({ before, after }) =>
          journalNote("Review hidden", after, [
            { field: "status", before: REVIEW_STATUS_LABELS[before.status], after: REVIEW_STATUS_LABELS.hidden },
            { field: "reason", before: before.hiddenReason, after: reason },
          ]),
      );
      return review.after;
    },

    async reply(id, body) {
      const by = await staffMember(request, "reviews.moderate");
      const { text } = readBody(ReviewReplySchema, body);
      return journaled(
        parts,
        by,
        async (p) => {
          await replyToReview(p.db, id, text, by.name, new Date());
          p.cache.invalidate();
          p.realtime.emit(ADMINS_ROOM, REVIEWS_CHANGED_EVENT);
          return adminReview(p.db, id);
        },
        (after) => journalNote("Review answered", after, [{ field: "reply", before: null, after: text }]),
      );
    },
  });
}
