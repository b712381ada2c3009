import { ChevronLeft, ChevronRight, Maximize2 } from "lucide-react";
import { lazy, Suspense, useRef, useState, type PointerEvent } from "react";
import type { ImageRef } from "../../../domain/catalog/catalog.types";
import { useHydrated } from "../../lib/use-hydrated";
import { ResponsiveImage } from "../ui/responsive-image";
import { SWIPE_THRESHOLD, TAP_SLOP } from "./swipe";

const loadViewer = () => import("./picture-viewer");
const PictureViewer = lazy(loadViewer);

interface Props {
  images: ImageRef[];
  /** Names the pictures for screen readers: "{label}, picture 2 of 5". */
  label: string;
  sizes: string;
  /** Thumbnails on every screen (projects) or only on wide ones (products). */
  thumbnails: "always" | "wide";
  /**
   * A tap on the picture, or its "View full screen" button, opens the full-screen viewer
   * (zoom, swipe, keys), whose code loads only then.
   */
  fullScreen?: boolean;
}

/**
 * Previous / next buttons, arrow keys, swipe and thumbnails. Only the picture shown is
 * loaded; the first one eagerly, as it is the page's largest paint.
 */
export function ImageGallery({ images, label, sizes, thumbnails, fullScreen = false }: Props) {
  const [index, setIndex] = useState(0);
  const [viewing, setViewing] = useState<number | null>(null);
  const start = useRef<number | null>(null);
  const swiped = useRef(false);
  const opener = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();
  const count = images.length;
  const go = (next: number) => setIndex(((next % count) + count) % count);
  const zoomable = fullScreen && hydrated && count > 0;

  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientX;
    swiped.current = false;
    if (zoomable) void loadViewer();
  };
  const onPointerUp = (event: PointerEvent) => {
    if (start.current === null) return;
    const distance = event.clientX - start.current;
    start.current = null;
    // Any drag, even one too short to turn the page, is not a tap that opens the viewer.
    swiped.current = Math.abs(distance) >= TAP_SLOP;
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
        {/* A tap on the picture is a shortcut for "View full screen", the way keyboards and screen readers go. */}
        <div
          aria-live="polite"
          aria-atomic="true"
          className={zoomable ? "cursor-zoom-in" : undefined}
          onClick={() => {
            if (zoomable && !swiped.current) setViewing(index);
          }}
        >
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
        {zoomable && (
          <button
            ref={opener}
            type="button"
            onClick={() => setViewing(index)}
            onPointerEnter={() => void loadViewer()}
            onFocus={() => void loadViewer()}
            aria-haspopup="dialog"
            aria-label="View full screen"
            className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-full bg-white/90 shadow hover:bg-white"
          >
            <Maximize2 className="size-5" aria-hidden="true" />
          </button>
        )}
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
      {viewing !== null && (
        <Suspense fallback={null}>
          <PictureViewer
            images={images}
            label={label}
            start={viewing}
            returnFocusTo={opener}
            onClose={(shown) => {
              setViewing(null);
              setIndex(shown);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
