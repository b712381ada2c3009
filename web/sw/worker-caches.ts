/**
 * The names the service worker keeps things under, shared with the pages that read them
 * (the offline page lists the pages cache) and with the tests that look inside
 * (docs/architecture.md, The service worker and the installable shop).
 */
/**
 * The shopper's pages, as a guest sees them: a page for a signed-in person is never kept
 * (the server marks it no-store). Named anew when that rule came, so the worker that
 * brought it deletes the older "furnish-pages", which could hold signed-in pages.
 */
export const PAGES_CACHE = "furnish-guest-pages";
export const ASSETS_CACHE = "furnish-assets";
export const MEDIA_CACHE = "furnish-media";
/** List changes made without a connection, waiting to be sent; one entry per post. */
export const OUTBOX_CACHE = "furnish-outbox";
/** The offline page and the files it needs, one cache per build: `furnish-offline-<build>`. */
export const OFFLINE_CACHE_PREFIX = "furnish-offline-";

export const OFFLINE_PATH = "/offline";

/** What the worker answers a list change it kept to send later; the page shows it as is. */
export const QUEUED_MESSAGE = "Will be sent when you are back online.";

/** Messages between the pages and the worker. */
/** `sentAt`: when the worker last sent a waiting change (0: not since it started). */
export type WorkerMessage = { type: "send-outbox" } | { type: "outbox"; waiting: number; sent: number; sentAt: number };

/** Every cache the worker makes is named so; activation deletes those this worker no longer uses. */
export const CACHE_PREFIX = "furnish-";

/**
 * The shopper's pages the worker keeps (network first, the saved copy when offline), and
 * only as a guest sees them. The admin, account pages, sign-in, orders and their tracking
 * links are never kept: they are personal or change as they are read.
 */
const KEPT_PAGES = [
  /^\/$/,
  /^\/shop$/,
  /^\/styles\/[^/]+$/,
  /^\/product\/[^/]+$/,
  /^\/collection\/[^/]+$/,
  /^\/projects$/,
  /^\/project\/[^/]+$/,
  /^\/e-catalog$/,
  /^\/aboutus$/,
  /^\/terms$/,
  /^\/privacy$/,
  /^\/contact$/,
  /^\/cart$/,
  /^\/wishlist$/,
];

export const isKeptPage = (pathname: string) => KEPT_PAGES.some((page) => page.test(pathname.toLowerCase()));

/** Paths the worker leaves entirely to the network, as if it were not there. */
export const isUntouched = (pathname: string) => /^\/(admin|api)(\/|$)/i.test(pathname);

/** The list forms whose posts wait in the outbox when there is no connection. */
export const isListPost = (pathname: string) => /^\/(cart|wishlist)(\.data)?$/i.test(pathname);

/** Every sign-out posts here (the Logout button), as a page or with scripts. */
export const isSignOut = (pathname: string) => /^\/logout(\.data)?$/i.test(pathname);
