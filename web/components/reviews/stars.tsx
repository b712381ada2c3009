import type { Rating } from "../../../domain/catalog/catalog.types";
import { formatAverage, ratingLabel } from "../../../domain/reviews/review-display";

/**
 * Stars as text (docs/product.md, Reviews): five characters, the filled ones in the ink
 * colour, read aloud as the label says. No picture and no script: they cost a few bytes
 * on every card and page that shows them.
 */
export function Stars({ rating, label, className = "" }: { rating: number; label: string; className?: string }) {
  const filled = Math.round(rating);
  return (
    <span role="img" aria-label={label} className={`inline-flex tracking-tight ${className}`}>
      <span aria-hidden="true" className="text-ink">
        {"★".repeat(filled)}
      </span>
      <span aria-hidden="true" className="text-line">
        {"★".repeat(5 - filled)}
      </span>
    </span>
  );
}

/** A card's stars and count: "★★★★★ 4.7 (12)". */
export function CardStars({ rating }: { rating: Rating }) {
  return (
    <p className="mt-1 flex items-center gap-1.5 text-xs text-stone">
      <Stars rating={rating.average} label={ratingLabel(rating)} />
      <span aria-hidden="true">
        {formatAverage(rating.average)} ({rating.count})
      </span>
    </p>
  );
}
