import { ChevronLeft, ChevronRight } from "lucide-react";
import { useRef, useState, type PointerEvent } from "react";
import type { ImageRef } from "../../../domain/catalog/catalog.types";
import { ResponsiveImage } from "../ui/responsive-image";

/** A horizontal swipe of at least this many pixels turns the page (docs/product.md, Pages and previews). */
export const SWIPE_THRESHOLD = 50;

interface Props {
  images: ImageRef[];
  /** Names the pictures for screen readers: "{label}, picture 2 of 5". */
  label: string;
  sizes: string;
  /** Thumbnails on every screen (projects) or only on wide ones (products). */
  thumbnails: "always" | "wide";
}

/**
 * Previous / next buttons, arrow keys, swipe and thumbnails. Only the picture shown is
 * loaded; the first one eagerly, as it is the page's largest paint.
 */
export function ImageGallery({ images, label, sizes, thumbnails }: Props) {
  const [index, setIndex] = useState(0);
  const start = useRef<number | null>(null);
  const count = images.length;
  const go = (next: number) => setIndex(((next % count) + count) % count);

  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (start.current === null) return;
    const distance = event.clientX - start.current;
    start.current = null;
    if (Math.abs(distance) >= SWIPE_THRESHOLD) go(distance < 0 ? index + 1 : index - 1);
  };

  const arrow =
    "absolute top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 shadow hover:bg-white";
  return (
    <div>
      <div
        className="relative touch-pan-y overflow-hidden rounded-sm bg-sand select-none"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (start.current = null)}
        onKeyDown={(event) => {
          if (event.key === "ArrowLeft") go(index - 1);
          if (event.key === "ArrowRight") go(index + 1);
        }}
        role="group"
        aria-roledescription="carousel"
        aria-label={label}
      >
        <div aria-live="polite" aria-atomic="true">
          <ResponsiveImage
            key={images[index]?.public_id ?? "none"}
            image={images[index]}
            alt={count > 1 ? `${label}, picture ${index + 1} of ${count}` : label}
            sizes={sizes}
            eager={index === 0}
            className="aspect-[4/3] w-full object-cover"
            draggable={false}
          />
        </div>
        {count > 1 && (
          <>
            <button
              type="button"
              onClick={() => go(index - 1)}
              className={`${arrow} left-3`}
              aria-label="Previous picture"
            >
              <ChevronLeft className="size-5" aria-hidden="true" />
            </button>
            <button
              type="button"
              onClick={() => go(index + 1)}
              className={`${arrow} right-3`}
              aria-label="Next picture"
            >
              <ChevronRight className="size-5" aria-hidden="true" />
            </button>
            <p
              className="absolute right-3 bottom-3 rounded-full bg-ink/70 px-2.5 py-1 text-xs text-white"
              aria-hidden="true"
            >
              {index + 1} / {count}
            </p>
          </>
        )}
      </div>
      {count > 1 && (
        <ul
          className={`mt-3 gap-2 overflow-x-auto pb-1 ${thumbnails === "wide" ? "hidden lg:flex" : "flex"}`}
          aria-label="Pictures"
        >
          {images.map((image, i) => (
            <li key={image.public_id} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show picture ${i + 1}`}
                aria-current={i === index ? "true" : undefined}
                className={`block overflow-hidden rounded-sm border-2 ${i === index ? "border-ink" : "border-transparent opacity-70 hover:opacity-100"}`}
              >
                <ResponsiveImage image={image} alt="" sizes="96px" className="aspect-[4/3] w-24 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
