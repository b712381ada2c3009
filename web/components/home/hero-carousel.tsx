import { Pause, Play } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { ImageRef } from "../../../domain/catalog/catalog.types";
import { useDataSaver } from "../../lib/use-data-saver";
import { useShell } from "../../lib/use-shell";
import { ResponsiveImage } from "../ui/responsive-image";

/** Six slides, a new one every 5000 ms. */
export const HERO_SLIDES = 6;
export const HERO_INTERVAL_MS = 5000;
/** The next picture starts loading this long before it is due, not at page load. */
const PRELOAD_AHEAD_MS = 1500;

/**
 * The home hero. The first picture is in the server HTML and loads eagerly (it is the
 * page's largest paint); each later one is fetched only shortly before its turn, so a
 * visitor who leaves early downloads one picture, not six. A pause button stops the
 * rotation (WCAG 2.2.2). In Data saver mode it is one still picture (docs/product.md,
 * Data saver).
 */
export function HeroCarousel({ images }: { images: ImageRef[] }) {
  // The small capitals and the headline are the owner's words (Settings → Shop).
  const { cityLine, slogan } = useShell().site;
  const slides = images.slice(0, useDataSaver() ? 1 : HERO_SLIDES);
  const [index, setIndex] = useState(0);
  const [loaded, setLoaded] = useState<ReadonlySet<number>>(() => new Set([0]));
  const load = (i: number) => setLoaded((set) => (set.has(i) ? set : new Set(set).add(i)));
  const [paused, setPaused] = useState(false);
  const count = slides.length;

  useEffect(() => {
    if (paused || count < 2) return;
    const preload = setTimeout(() => load((index + 1) % count), HERO_INTERVAL_MS - PRELOAD_AHEAD_MS);
    const advance = setTimeout(() => setIndex((i) => (i + 1) % count), HERO_INTERVAL_MS);
    return () => {
      clearTimeout(preload);
      clearTimeout(advance);
    };
  }, [index, paused, count]);

  return (
    <section aria-label="Welcome" className="relative isolate overflow-hidden bg-ink text-white">
      <div className="absolute inset-0 -z-10" aria-hidden="true">
        {slides.map((image, i) =>
          loaded.has(i) ? (
            <div
              key={image.public_id}
              className={`absolute inset-0 transition-opacity duration-1000 ${i === index ? "opacity-100" : "opacity-0"}`}
              data-testid="hero-slide"
              data-active={i === index}
            >
              <ResponsiveImage image={image} alt="" sizes="100vw" eager={i === 0} className="size-full object-cover" />
            </div>
          ) : null,
        )}
        <div className="absolute inset-0 bg-gradient-to-t from-ink/75 via-ink/30 to-ink/10" />
      </div>
      <div className="mx-auto flex min-h-[72svh] max-w-7xl flex-col justify-end px-5 pt-32 pb-14 md:min-h-[78vh] md:px-8 md:pb-20">
        <p className="text-xs tracking-[0.24em] text-white/85 uppercase">{cityLine}</p>
        <h1 className="mt-4 max-w-3xl font-serif text-5xl leading-[1.05] md:text-7xl">{slogan}</h1>
        <p className="mt-5 max-w-lg text-base text-white/85 md:text-lg">
          Furniture made to order and chosen from the best makers, and the design to bring a whole space together.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/shop" className="rounded-full bg-white px-7 py-3.5 text-sm text-ink hover:bg-sand">
            Shop Now
          </Link>
          <Link to="/contact" className="rounded-full border border-white/80 px-7 py-3.5 text-sm hover:bg-white/10">
            Contact Us
          </Link>
        </div>
        {count > 1 && (
          <div className="mt-10 flex items-center gap-3">
            <button
              type="button"
              onClick={() => setPaused((p) => !p)}
              className="inline-flex size-9 items-center justify-center rounded-full border border-white/50 hover:bg-white/10"
              aria-label={paused ? "Play slideshow" : "Pause slideshow"}
            >
              {paused ? (
                <Play className="size-4" aria-hidden="true" />
              ) : (
                <Pause className="size-4" aria-hidden="true" />
              )}
            </button>
            <ol className="flex gap-2" aria-label="Slides">
              {slides.map((image, i) => (
                <li key={image.public_id}>
                  <button
                    type="button"
                    onClick={() => {
                      load(i);
                      setIndex(i);
                    }}
                    aria-label={`Show slide ${i + 1} of ${count}`}
                    aria-current={i === index ? "true" : undefined}
                    className="flex h-6 items-center"
                  >
                    <span
                      className={`block h-0.5 rounded-full transition-all ${i === index ? "w-10 bg-white" : "w-5 bg-white/45"}`}
                    />
                  </button>
                </li>
              ))}
            </ol>
          </div>
        )}
      </div>
    </section>
  );
}
