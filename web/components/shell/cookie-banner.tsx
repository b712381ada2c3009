import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { create } from "zustand";
import type { Viewer } from "../../../domain/load-context";
import { useConsent } from "../../features/consent/consent-store";

/**
 * Shown to signed-out visitors who have not chosen yet, once the stored choice is known:
 * a slim bar above the phone's bottom bar, below any open dialog.
 */
export function CookieBanner({ viewer }: { viewer: Viewer | null }) {
  const { ready, choice, choose } = useConsent();
  if (!ready || choice !== null || viewer !== null) return null;
  return <Banner choose={choose} />;
}

/**
 * The height the banner takes (0 while it is not shown), which the floating chat button
 * rises by to stay in sight. Only the button reads it: a variable set on the document
 * would make the browser restyle every element of the page when the banner appears.
 */
export const useCookieBannerHeight = create<{ height: number }>()(() => ({ height: 0 }));

function Banner({ choose }: { choose(accepted: boolean): void }) {
  const banner = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = banner.current;
    if (!element) return;
    const observer = new ResizeObserver(() => useCookieBannerHeight.setState({ height: element.offsetHeight }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      useCookieBannerHeight.setState({ height: 0 });
    };
  }, []);
  return (
    <section
      ref={banner}
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-16 z-[45] border-t border-line bg-white/98 px-4 py-3 shadow-[0_-8px_24px_rgba(31,28,25,0.08)] lg:bottom-0"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm leading-snug text-ink">
          We use cookies to keep your cart and wishlist between visits.{" "}
          <Link to="/privacy" className="underline underline-offset-2">
            Privacy policy
          </Link>
        </p>
        <div className="flex shrink-0 gap-2">
          <button
            type="button"
            onClick={() => choose(false)}
            className="flex-1 rounded-full border border-ink px-5 py-2 text-sm hover:bg-sand sm:flex-none"
          >
            Decline
          </button>
          <button
            type="button"
            onClick={() => choose(true)}
            className="flex-1 rounded-full bg-ink px-5 py-2 text-sm text-white hover:bg-ink/90 sm:flex-none"
          >
            Accept All
          </button>
        </div>
      </div>
    </section>
  );
}
