import type { ImageRef } from "../../../domain/catalog/catalog.types";
import { ResponsiveImage } from "../ui/responsive-image";

/**
 * An order line's picture (docs/product.md, Options): the piece in the finish ordered,
 * else the product's first photo, as the order's view gives it; a plain tile once the
 * item is gone from the catalogue.
 */
export function LineThumbnail({ image, className = "size-16" }: { image: ImageRef | null; className?: string }) {
  return (
    <div className={`shrink-0 overflow-hidden rounded-lg bg-sand ${className}`}>
      {image && <ResponsiveImage image={image} alt="" sizes="80px" className="size-full object-cover" />}
    </div>
  );
}
