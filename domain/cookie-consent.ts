/**
 * The visitor's cookie choice (docs/product.md, Cart and wishlist): a cookie the server
 * reads, so the banner is rendered (or not) with the page and never flashes in later.
 * The choice decides how long a guest's list cookie lives: accepted, GUEST_LIST_DAYS;
 * declined or not chosen yet, only until the browser closes.
 */

export const CONSENT_COOKIE = "cookie_consent";

export const CONSENT_CHOICES = ["accepted", "declined"] as const;

export type ConsentChoice = (typeof CONSENT_CHOICES)[number];

/** The choice is asked once a year. */
export const CONSENT_DAYS = 365;

/** The stored choice, or null when there is none (or the cookie holds anything else). */
export function parseConsent(value: string | undefined | null): ConsentChoice | null {
  return value === "accepted" || value === "declined" ? value : null;
}
