import { Link, useFetcher } from "react-router";
import { BackField } from "../../lib/back-field";

/**
 * The cookie question, for signed-out visitors with no stored choice (the root decides,
 * from the cookie the server reads, so it is in the page from the first paint and never
 * flashes in after). Decline and Accept All post a real form to /cookie-consent: without
 * scripts the server answers with the page again, without the banner; with them the
 * banner goes at the tap. It sits just above the phone's bottom bar (at the foot of the
 * screen on large ones), over the page, under dialogs and sheets.
 */
export function CookieBanner() {
  const fetcher = useFetcher({ key: "cookie-consent" });
  if (fetcher.formData) return null;
  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-[45] border-t border-line bg-white/98 px-4 py-3 shadow-[0_-8px_24px_rgba(31,28,25,0.08)] lg:bottom-0"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm leading-snug text-ink">
          We use cookies to keep your cart and wishlist between visits.{" "}
          <Link to="/privacy" className="underline underline-offset-2">
            Privacy policy
          </Link>
        </p>
        <fetcher.Form method="post" action="/cookie-consent" className="flex shrink-0 gap-2">
          <BackField />
          <button
            type="submit"
            name="choice"
            value="declined"
            className="flex-1 rounded-full border border-ink px-5 py-2 text-sm hover:bg-sand sm:flex-none"
          >
            Decline
          </button>
          <button
            type="submit"
            name="choice"
            value="accepted"
            className="flex-1 rounded-full bg-ink px-5 py-2 text-sm text-white hover:bg-ink/90 sm:flex-none"
          >
            Accept All
          </button>
        </fetcher.Form>
      </div>
    </section>
  );
}
