/**
 * The reviews themselves (docs/product.md, Reviews): each with its stars, badge, photos
 * and the shop's reply. Photos are small and lazy; a tap opens the pictures viewer, whose
 * code loads only then (a plain link to the picture before the page's scripts run). A
 * shop page loads this module only when it has reviews to show (reviews-section.tsx).
 */
import { lazy, Suspense, useRef, useState } from "react";
import type { ImageRef, PublicReview } from "../../../domain/catalog/catalog.types";
import { imageUrl } from "../../../domain/media";
import { starsLabelOf, verifiedBadge } from "../../../domain/reviews/review-display";
import { useHydrated } from "../../lib/use-hydrated";
import { ResponsiveImage } from "../ui/responsive-image";
import { Stars } from "./stars";

const PictureViewer = lazy(() => import("../detail/picture-viewer"));

/** The published reviews of a page, newest first: loaded only when there are some. */
export function ReviewEntries({ reviews }: { reviews: PublicReview[] }) {
  return (
    <ol className="mt-6 grid gap-x-10 lg:grid-cols-2">
      {reviews.map((review) => (
        <li key={review._id} className="border-t border-line py-6 first:border-t-0 lg:[&:nth-child(2)]:border-t-0">
          <ReviewItem review={review} />
        </li>
      ))}
    </ol>
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
