/**
 * How reviews are counted and shown (docs/product.md, Reviews): the limits, the sentence
 * on how they are collected, the badge, and stars as words. No schema library here: shop
 * pages import these, and their visitors do not download zod.
 */
import type { Rating } from "../catalog/catalog.types";
import { monthName } from "../month-names";

export const REVIEW_STATUSES = ["pending", "published", "hidden"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: "Waiting",
  published: "Published",
  hidden: "Hidden",
};

/** Photos one review may carry. */
export const MAX_REVIEW_PHOTOS = 4;
/** Days after writing it during which its author may change a review. */
export const REVIEW_EDIT_DAYS = 30;
/** Reviews a product or collection page shows at a time. */
export const REVIEWS_PAGE_SIZE = 10;
/** Cards show stars once an item has this many published reviews. */
export const CARD_STARS_FROM = 3;
/** The lowest rating the owner's setting publishes at once. */
export const AUTO_PUBLISH_FROM = 4;

/** How reviews are collected, said wherever they show. */
export const HOW_REVIEWS_ARE_COLLECTED =
  "Only customers whose order was delivered can review; the shop may reply but not edit.";

/** The badge each published review carries: "Verified purchase · delivered November 2026". */
export function verifiedBadge(deliveredOn: string): string {
  const [year, month] = deliveredOn.split("-").map(Number);
  return `Verified purchase · delivered ${monthName(month ?? 1)} ${year}`;
}

/** An average as shown: one decimal, "4.5". */
export const formatAverage = (average: number) => (Math.round(average * 10) / 10).toFixed(1);

/** "4.5 out of 5 stars from 12 reviews" */
export const ratingLabel = ({ average, count }: Rating) =>
  `${formatAverage(average)} out of 5 stars from ${count} ${count === 1 ? "review" : "reviews"}`;

/** "4 out of 5 stars", as a review's stars are read aloud. */
export const starsLabelOf = (rating: number) => `${rating} out of 5 ${rating === 1 ? "star" : "stars"}`;
