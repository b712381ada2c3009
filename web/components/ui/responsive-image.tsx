import { useState } from "react";
import type { ImageRef } from "../../../domain/catalog/catalog.types";
import { DATA_SAVER_WIDTHS, imageUrl, srcSet } from "../../../domain/media";
import { useRootData } from "../../lib/root-data";
import { useDataSaver } from "../../lib/use-data-saver";

/**
 * A picture this narrow (a finish's swatch) is smaller as WebP: AVIF's fixed overhead
 * outweighs what its compression saves, so only its WebP is offered.
 */
const TINY_WIDTH = 200;

interface Props {
  image: ImageRef | null | undefined;
  alt: string;
  /** The sizes attribute: how wide the image shows at each viewport width. */
  sizes: string;
  /** Only the first image a visitor sees (a hero, a gallery's first, a list's first card) loads eagerly. */
  eager?: boolean;
  className?: string;
  draggable?: boolean;
}

/**
 * AVIF once the background encoder has made it (the smallest), WebP at every stored
 * width (the browser picks the size it shows), one JPEG as the fallback. A missing or broken image shows a placeholder of the same size.
 * Until it arrives the picture's dominant colour fills its place; in Data saver mode only
 * the smaller widths are offered (docs/product.md, Data saver).
 */
export function ResponsiveImage({ image, alt, sizes, eager = false, className = "", draggable }: Props) {
  const [broken, setBroken] = useState(false);
  // Pictures served straight from a bucket or CDN (S3_PUBLIC_URL) are linked from there.
  const base = useRootData()?.site.mediaUrl;
  const limit = useDataSaver() ? DATA_SAVER_WIDTHS[eager ? "first" : "other"] : undefined;
  if (!image || broken) {
    // A decorative picture (alt "") stays silent when it is missing, as its <img> would;
    // an image without a name is a serious accessibility fault.
    const described = alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true };
    return (
      <div className={`flex items-center justify-center bg-sand text-sm text-stone ${className}`} {...described}>
        {image ? "Image Error" : "No Image"}
      </div>
    );
  }
  return (
    <picture>
      {image.avif && image.width > TINY_WIDTH && (
        <source type="image/avif" srcSet={srcSet(image, "avif", { base, limit })} sizes={sizes} />
      )}
      <source type="image/webp" srcSet={srcSet(image, "webp", { base, limit })} sizes={sizes} />
      <img
        src={imageUrl(image, base)}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : "auto"}
        decoding={eager ? "sync" : "async"}
        draggable={draggable}
        onError={() => setBroken(true)}
        className={className}
        style={image.colour ? { backgroundColor: image.colour } : undefined}
      />
    </picture>
  );
}
