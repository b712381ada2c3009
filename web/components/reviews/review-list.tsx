/**
 * What shoppers read of an item's reviews (docs/product.md, Reviews), rendered on the
 * server and working without scripts: the average and count, the sentence on how reviews
 * are collected, the published reviews newest first with their badge, photos and the
 * shop's reply, and links to the next and previous pages (`?reviews=`). Photos are small
 * and lazy; a tap opens the pictures viewer, whose code loads only then (a plain link to
 * the picture before the page's scripts run).
 */
import { lazy, Suspense, useRef, useState } from "react";
import { Link } from "react-router";
import type { ImageRef, PublicReview, Rating } from "../../../domain/catalog/catalog.types";
import { imageUrl } from "../../../domain/media";
import {
  formatAverage,
  HOW_REVIEWS_ARE_COLLECTED,
  ratingLabel,
  starsLabelOf,
  verifiedBadge,
} from "../../../domain/reviews/review-display";
import { useHydrated } from "../../lib/use-hydrated";
import { ResponsiveImage } from "../ui/responsive-image";
import { Stars } from "./stars";

const PictureViewer = lazy(() => import("../detail/picture-viewer"));

/** The query parameter of the reviews' page. */
export const REVIEWS_PARAM = "reviews";
export const REVIEWS_SECTION_ID = "reviews";

/** The page of reviews asked for (`?reviews=2`); anything else is the first. */
export function reviewsPageOf(request: Request): number {
  const asked = Number(new URL(request.url).searchParams.get(REVIEWS_PARAM));
  return Number.isInteger(asked) && asked >= 1 && asked <= 1000 ? asked : 1;
}

/** Beside the price: the stars and how many reviews, linking to them. */
export function RatingSummary({ rating }: { rating: Rating | null }) {
  if (!rating) return null;
  return (
    <a href={`#${REVIEWS_SECTION_ID}`} className="mt-2 inline-flex min-h-6 items-center gap-2 text-sm">
      <Stars rating={rating.average} label={ratingLabel(rating)} />
      <span aria-hidden="true" className="underline underline-offset-4">
        {formatAverage(rating.average)} · {rating.count} {rating.count === 1 ? "review" : "reviews"}
      </span>
    </a>
  );
}

export interface ReviewsData {
  reviews: PublicReview[];
  average: number | null;
  count: number;
  hasMore: boolean;
  page: number;
}

export function ReviewsSection({ data, path }: { data: ReviewsData; path: string }) {
  const { reviews, average, count, hasMore, page } = data;
  const pageLink = (to: number) => `${path}${to > 1 ? `?${REVIEWS_PARAM}=${to}` : ""}#${REVIEWS_SECTION_ID}`;
  return (
    <section
      id={REVIEWS_SECTION_ID}
      aria-labelledby="reviews-heading"
      className="mx-auto mt-12 max-w-7xl scroll-mt-24 px-5 md:px-8"
    >
      <div className="border-t border-line pt-8">
        <h2 id="reviews-heading" className="font-serif text-2xl">
          Reviews
        </h2>
        {average !== null && count > 0 ? (
          <p className="mt-2 flex items-center gap-2">
            <Stars rating={average} label={ratingLabel({ average, count })} className="text-lg" />
            <span aria-hidden="true">
              {formatAverage(average)} out of 5 · {count} {count === 1 ? "review" : "reviews"}
            </span>
          </p>
        ) : (
          <p className="mt-2 text-stone">No reviews yet.</p>
        )}
        <p className="mt-2 max-w-2xl text-sm text-stone">{HOW_REVIEWS_ARE_COLLECTED}</p>
        {reviews.length > 0 && (
          <ol className="mt-6 grid gap-x-10 lg:grid-cols-2">
            {reviews.map((review) => (
              <li
                key={review._id}
                className="border-t border-line py-6 first:border-t-0 lg:[&:nth-child(2)]:border-t-0"
              >
                <ReviewItem review={review} />
              </li>
            ))}
          </ol>
        )}
        {(page > 1 || hasMore) && (
          <nav aria-label="Reviews pages" className="mt-4 flex gap-4 text-sm">
            {page > 1 && (
              <Link to={pageLink(page - 1)} preventScrollReset className="underline underline-offset-4">
                Newer reviews
              </Link>
            )}
            {hasMore && (
              <Link to={pageLink(page + 1)} preventScrollReset className="underline underline-offset-4">
                Older reviews
              </Link>
            )}
          </nav>
        )}
      </div>
    </section>
  );
}

function ReviewItem({ review }: { review: PublicReview }) {
  return (
    <article aria-label={`${review.displayName}: ${review.title}`}>
      <Stars rating={review.rating} label={starsLabelOf(review.rating)} />
      <h3 className="mt-1 font-medium">{review.title}</h3>
      <p className="mt-1 text-xs text-stone">
        {review.displayName} · <span className="text-ink">{verifiedBadge(review.deliveredOn)}</span>
        {review.edited && " · edited"}
      </p>
      <p className="mt-3 text-sm leading-relaxed whitespace-pre-line">{review.text}</p>
      {review.photos.length > 0 && (
        <ReviewPhotos photos={review.photos} label={`${review.displayName}'s photos`} className="mt-3" />
      )}
      {review.reply && (
        <div className="mt-4 border-l-2 border-ink pl-3 text-sm">
          <p className="font-medium">The shop replied</p>
          <p className="mt-1 leading-relaxed whitespace-pre-line">{review.reply}</p>
        </div>
      )}
    </article>
  );
}

/**
 * Small, lazy thumbnails: each a link to its picture, which the viewer opens in place once
 * the page's scripts run.
 */
export function ReviewPhotos({
  photos,
  label,
  className = "",
  size = "size-20",
}: {
  photos: ImageRef[];
  label: string;
  className?: string;
  size?: string;
}) {
  const hydrated = useHydrated();
  const [viewing, setViewing] = useState<number | null>(null);
  const opener = useRef<HTMLAnchorElement>(null);
  return (
    <>
      <ul aria-label={label} className={`flex flex-wrap gap-2 ${className}`}>
        {photos.map((photo, index) => (
          <li key={photo.public_id}>
            <a
              href={imageUrl(photo)}
              onClick={(event) => {
                if (!hydrated) return;
                event.preventDefault();
                opener.current = event.currentTarget;
                setViewing(index);
              }}
              aria-label={`${label}, picture ${index + 1} of ${photos.length}`}
              className={`block overflow-hidden rounded-lg bg-sand ${size}`}
            >
              <ResponsiveImage image={photo} alt="" sizes="80px" className="size-full object-cover" />
            </a>
          </li>
        ))}
      </ul>
      {viewing !== null && (
        <Suspense fallback={null}>
          <PictureViewer
            images={photos}
            label={label}
            start={viewing}
            returnFocusTo={opener}
            onClose={() => setViewing(null)}
          />
        </Suspense>
      )}
    </>
  );
}
