/**
 * The one rule for every redirect target a visitor can write (docs/product.md, Limits and errors):
 * a form's `back` field, the offline page's `?from=`, the admin forms' `?back=`, the path
 * of a Referer, the service worker's outbox. Only a path of this shop is followed; anything
 * else is refused and the caller goes to its own fallback.
 *
 * Browsers and proxies are lenient with addresses: they drop tabs and new lines, read "\"
 * as "/", resolve "/./" and "/../", decode "%2F" or fold a fullwidth "／" into "/" on the
 * way, and "//host" or "/\host" then names another site. So the rule is strict rather than
 * clever: the shop's own links are printable ASCII (a browser percent-encodes everything
 * else), and none of them needs an empty or dot segment.
 */

/** Longer than any address the shop makes; a longer one is no path of ours. */
const MAX_LENGTH = 2048;

/** Printable ASCII from the first "/" on, without a space or a backslash. */
const PRINTABLE_PATH = /^\/[\x21-\x5b\x5d-\x7e]*$/;

/** What the path may hold once decoded: printable ASCII and spaces, no backslash. */
const DECODED_PATH = /^[\x20-\x5b\x5d-\x7e]*$/;

/** An empty segment ("//") or a dot segment ("/./", "/..", "/." at the end). */
const EMPTY_OR_DOT_SEGMENT = /\/\/|\/\.\.?(?:\/|$)/;

/**
 * `value` when it is a path of this shop (`/cart?x=1#a`, `/styles/antique%2Froyal`), else
 * null. The path part (before `?` or `#`) is also checked as it reads once percent-decoded,
 * as often as it decodes: an encoded "//", "\", tab or look-alike slash is refused too.
 */
export function ownPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > MAX_LENGTH || !PRINTABLE_PATH.test(value)) return null;
  let path = value.split(/[?#]/, 1)[0]!;
  for (;;) {
    if (!DECODED_PATH.test(path) || EMPTY_OR_DOT_SEGMENT.test(path)) return null;
    if (!path.includes("%")) return value;
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      // A "%" that starts no escape, or bytes that are not UTF-8: no link of the shop's.
      return null;
    }
    if (decoded === path) return value;
    path = decoded;
  }
}
