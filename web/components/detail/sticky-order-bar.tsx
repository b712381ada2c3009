import { useEffect, useState, type ReactNode, type RefObject } from "react";

/** The site header's height: buttons under it are out of sight. */
const HEADER_PX = 64;

/**
 * The phone's order bar (below large screens): the price and the order buttons, fixed
 * just above the shop's bottom bar. It comes up once the page's own buttons (`watch`)
 * have scrolled up out of sight, and goes away again when they are back, or when the
 * site's footer comes into view, so the end of the page is never under it. Until the
 * page's scripts run it stays away: the page's own buttons are there.
 */
export function StickyOrderBar({
  watch,
  label,
  children,
}: {
  watch: RefObject<HTMLElement | null>;
  label: string;
  children: ReactNode;
}) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const buttons = watch.current;
    const footer = document.querySelector("footer");
    if (!buttons || typeof IntersectionObserver === "undefined") return;
    let passed = false;
    let atEnd = false;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.target === buttons) {
            passed = !entry.isIntersecting && entry.boundingClientRect.bottom <= HEADER_PX;
          } else {
            atEnd = entry.isIntersecting;
          }
        }
        setShown(passed && !atEnd);
      },
      { rootMargin: `-${HEADER_PX}px 0px 0px 0px` },
    );
    observer.observe(buttons);
    if (footer) observer.observe(footer);
    return () => observer.disconnect();
  }, [watch]);
  return (
    <section
      aria-label={label}
      inert={!shown}
      className={`fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-30 border-t border-line bg-white/95 px-4 py-2.5 shadow-[0_-6px_20px_-12px_rgba(31,28,25,0.35)] backdrop-blur transition duration-200 lg:hidden ${
        shown ? "translate-y-0 opacity-100" : "invisible translate-y-3 opacity-0"
      }`}
    >
      <div className="mx-auto flex max-w-3xl items-center justify-between gap-3">{children}</div>
    </section>
  );
}
