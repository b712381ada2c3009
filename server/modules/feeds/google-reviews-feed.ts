/**
 * Google's product reviews feed (docs/product.md, Product feeds): the published reviews of
 * the pieces shoppers can open, in Google's Product Reviews XML, each element in the order
 * its schema lists them. Every review here comes from a delivered order, so each is marked
 * a verified purchase collected after delivery. The shop's reply is not part of it.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { toImageRef } from "../../../domain/media";
import { itemUrl } from "../../../domain/whatsapp";
import type { Database } from "../../db/client";
import { productOptions, products } from "../../db/schema/catalog";
import { media } from "../../db/schema/media";
import { reviewPhotos, reviews } from "../../db/schema/reviews";
import { escapeXml } from "../../escape-xml";
import { publishedOnly } from "../catalog/catalog-filters";

/** The schema's version Google reads now; its elements are 2.3's with a few optional ones added. */
export const GOOGLE_REVIEWS_VERSION = "2.4";
const SCHEMA_LOCATION = `http://www.google.com/shopping/reviews/schema/product/${GOOGLE_REVIEWS_VERSION}/product_reviews.xsd`;

/** Reviews read at a time. */
export const REVIEWS_FEED_PAGE_SIZE = 500;

/** The id the reviews' section has on a product page: a review's link lands on it. */
export const REVIEWS_ANCHOR = "reviews";

export interface FeedReview {
  id: string;
  displayName: string;
  /** When it was written. */
  writtenAt: Date;
  title: string;
  text: string;
  rating: number;
  productId: string;
  productName: string;
  /** The ids the product feed gives the piece: its options' ids, or its own. */
  skus: string[];
  /** Absolute addresses of the photos the author agreed to show. */
  photos: string[];
}

/** Seconds, UTC, as the schema's examples write a moment: "2026-11-20T10:00:00Z". */
const timestamp = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;

const element = (name: string, value: string | number, attributes = "") =>
  `<${name}${attributes}>${escapeXml(String(value))}</${name}>`;

export function reviewXml(review: FeedReview, publicUrl: string): string {
  const productUrl = itemUrl(publicUrl, "Product", review.productId);
  const lines = [
    element("review_id", review.id),
    `<reviewer>${element("name", review.displayName)}</reviewer>`,
    element("is_verified_purchase", "true"),
    element("review_timestamp", timestamp(review.writtenAt)),
    element("title", review.title),
    element("content", review.text),
    element("review_url", `${productUrl}#${REVIEWS_ANCHOR}`, ' type="singleton"'),
    review.photos.length
      ? `<reviewer_images>${review.photos.map((url) => `<reviewer_image>${element("url", url)}</reviewer_image>`).join("")}</reviewer_images>`
      : null,
    `<ratings>${element("overall", review.rating, ' min="1" max="5"')}</ratings>`,
    [
      "<products><product>",
      `<product_ids><skus>${review.skus.map((sku) => element("sku", sku)).join("")}</skus></product_ids>`,
      element("product_name", review.productName),
      element("product_url", productUrl),
      "</product></products>",
    ].join(""),
    element("is_spam", "false"),
    element("collection_method", "post_fulfillment"),
  ];
  return `<review>\n${lines.filter((line) => line !== null).join("\n")}\n</review>\n`;
}

export function reviewsFeedHead(publisher: string): string {
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<feed xmlns:vc="http://www.w3.org/2007/XMLSchema-versioning" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="${SCHEMA_LOCATION}">`,
    element("version", GOOGLE_REVIEWS_VERSION),
    `<publisher>${element("name", publisher)}</publisher>`,
    "",
  ].join("\n");
}

/**
 * The published reviews of published products, newest first, a page at a time, from one
 * snapshot (as the product feeds read the catalogue). Reviews of collections are left out,
 * as collections are of the product feeds.
 */
export async function forEachFeedReviewPage(
  db: Database,
  publicUrl: string,
  visit: (page: FeedReview[]) => void,
): Promise<void> {
  const origin = publicUrl.replace(/\/+$/, "");
  await db.transaction(
    async (tx) => {
      for (let page = 0; ; page += 1) {
        const rows = await tx
          .select({ review: reviews, productName: products.name })
          .from(reviews)
          .innerJoin(products, and(eq(reviews.itemType, "Product"), eq(products.id, reviews.itemId)))
          .where(and(eq(reviews.status, "published"), publishedOnly(products.status)))
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(REVIEWS_FEED_PAGE_SIZE)
          .offset(page * REVIEWS_FEED_PAGE_SIZE);
        if (rows.length === 0) return;
        const productIds = [...new Set(rows.map((row) => row.review.itemId))];
        const consented = rows.filter((row) => row.review.photosConsent).map((row) => row.review.id);
        const [options, photos] = await Promise.all([
          tx
            .select({ id: productOptions.id, productId: productOptions.productId })
            .from(productOptions)
            .where(inArray(productOptions.productId, productIds))
            .orderBy(asc(productOptions.productId), asc(productOptions.position)),
          consented.length
            ? tx
                .select({ reviewId: reviewPhotos.reviewId, media })
                .from(reviewPhotos)
                .innerJoin(media, eq(media.id, reviewPhotos.mediaId))
                .where(inArray(reviewPhotos.reviewId, consented))
                .orderBy(asc(reviewPhotos.reviewId), asc(reviewPhotos.position))
            : Promise.resolve([]),
        ]);
        visit(
          rows.map(({ review, productName }) => {
            const optionIds = options.filter((option) => option.productId === review.itemId).map((option) => option.id);
            return {
              id: review.id,
              displayName: review.displayName,
              writtenAt: review.createdAt,
              title: review.title,
              text: review.body,
              rating: review.rating,
              productId: review.itemId,
              productName,
              skus: optionIds.length ? optionIds : [review.itemId],
              photos: photos
                .filter((photo) => photo.reviewId === review.id)
                .map((photo) => origin + toImageRef(photo.media).url),
            };
          }),
        );
        if (rows.length < REVIEWS_FEED_PAGE_SIZE) return;
      }
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
