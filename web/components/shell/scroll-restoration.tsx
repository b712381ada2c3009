import { useContext } from "react";
import { UNSAFE_FrameworkContext, UNSAFE_useScrollRestoration } from "react-router";

/** Where React Router keeps each history entry's scroll position (its default). */
const STORAGE_KEY = "react-router-scroll-positions";

/**
 * Before the page draws: gives a new history entry its key, or scrolls a reloaded or
 * revisited entry back to where it was left. A new entry has no position saved, so it
 * never opens sessionStorage, whose first read waits on the browser, busy loading the page.
 */
const RESTORE = `(() => {
  const key = window.history.state && window.history.state.key;
  if (!key) return window.history.replaceState({ key: Math.random().toString(32).slice(2) }, "");
  try {
    const y = JSON.parse(sessionStorage.getItem(${JSON.stringify(STORAGE_KEY)}) || "{}")[key];
    if (typeof y === "number") window.scrollTo(0, y);
  } catch {
    sessionStorage.removeItem(${JSON.stringify(STORAGE_KEY)});
  }
})()`;

/**
 * React Router's scroll restoration (a new page opens at its top, Back returns to where
 * the shopper was) with the script above in place of its own, which read sessionStorage
 * on every page load: 7 to 15 ms of a fast computer's main thread as the page first
 * draws, several times that on a phone. Both hooks are React Router's own, exported as
 * UNSAFE_ (free to change in a minor version): tests/e2e/browse-place.e2e.ts and the
 * listings' Back and reload journeys are what would notice.
 */
export function ScrollRestoration() {
  UNSAFE_useScrollRestoration({ storageKey: STORAGE_KEY });
  const nonce = useContext(UNSAFE_FrameworkContext)?.nonce;
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: RESTORE }} />;
}
