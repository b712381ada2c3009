/**
 * An item's rating as its catalogue row reads it (docs/product.md, Reviews): the average
 * and count of its published reviews, built inside the row's own query so the cached
 * catalogue reads carry it, and null while it has none. The catalogue's cache hears of
 * every change to reviews (the migration's trigger), so a review published shows at once.
 */
import { sql, type SQL } from "drizzle-orm";
import type { PublicReview, Rating } from "../../../domain/catalog/catalog.types";
import { toImageRef } from "../../../domain/media";
import { REVIEWS_PAGE_SIZE } from "../../../domain/reviews/review-display";
import { mediaObject, type MediaJson } from "../catalog/media-json";

export function ratingJson(owner: "products" | "collections"): SQL<Rating | null> {
  const itemType = owner === "products" ? "Product" : "Collection";
  return sql<Rating | null>`(select case when count(*) = 0 then null else json_build_object('average', round(avg(r.rating), 2)::float8, 'count', count(*)) end from reviews r where r.item_type = ${sql.raw(`'${itemType}'`)} and r.item_id = ${sql.raw(`"${owner}".id`)} and r.status = 'published')`;
}

/** A published review as a catalogue row carries it, photos as stored pictures. */
export interface ReviewJson {
  id: string;
  rating: number;
  title: string;
  body: string;
  displayName: string;
  deliveredOn: string;
  reply: string | null;
  edited: boolean;
  createdAt: string;
  photos: MediaJson[];
}

/** An item's newest published reviews (REVIEWS_PAGE_SIZE of them), newest first, as one JSON array. */
export function latestReviewsJson(owner: "products" | "collections"): SQL<ReviewJson[]> {
  const itemType = owner === "products" ? "Product" : "Collection";
  return sql<
    ReviewJson[]
  >`coalesce((select json_agg(x order by x."createdAt" desc, x.id desc) from (select r.id, r.rating, r.title, r.body, r.display_name as "displayName", r.delivered_on as "deliveredOn", r.reply, r.edited_at is not null as edited, r.created_at as "createdAt", coalesce((select json_agg(${mediaObject} order by p.position) from review_photos p join media m on m.id = p.media_id where p.review_id = r.id), '[]'::json) as photos from reviews r where r.item_type = ${sql.raw(`'${itemType}'`)} and r.item_id = ${sql.raw(`"${owner}".id`)} and r.status = 'published' order by r.created_at desc, r.id desc limit ${sql.raw(String(REVIEWS_PAGE_SIZE))}) x), '[]'::json)`;
}

export function toPublicReview(row: ReviewJson): PublicReview {
  return {
    _id: row.id,
    rating: row.rating,
    title: row.title,
    text: row.body,
    photos: row.photos.map(toImageRef),
    displayName: row.displayName,
    deliveredOn: row.deliveredOn,
    reply: row.reply,
    edited: row.edited,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
