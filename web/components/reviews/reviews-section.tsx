/**
 * What shoppers read of an item's reviews (docs/product.md, Reviews), rendered on the
 * server and working without scripts: the average and count beside the price, and the
 * section with the sentence on how reviews are collected, the published reviews and links
 * to the next and previous pages (`?reviews=`). Most pieces have no reviews yet, so the
 * reviews themselves (review-list.tsx) load only on a page that has some.
 */
import { lazy, Suspense, type ComponentProps } from "react";
import { Link } from "react-router";
import type { PublicReview, Rating } from "../../../domain/catalog/catalog.types";
import { formatAverage, HOW_REVIEWS_ARE_COLLECTED, ratingLabel } from "../../../domain/reviews/review-display";
import { Stars } from "./stars";

const ReviewEntries = lazy(() => import("./review-list").then((module) => ({ default: module.ReviewEntries })));
const LazyReviewPhotos = lazy(() => import("./review-list").then((module) => ({ default: module.ReviewPhotos })));

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
          <Suspense fallback={null}>
            <ReviewEntries reviews={reviews} />
          </Suspense>
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

/** Review photos on a shop page (customers' pictures of the piece at home), loaded with the reviews' code. */
export function ReviewPhotos(props: ComponentProps<typeof LazyReviewPhotos>) {
  return (
    <Suspense fallback={null}>
      <LazyReviewPhotos {...props} />
    </Suspense>
  );
}
