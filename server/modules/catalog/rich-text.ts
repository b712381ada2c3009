/**
 * Rich text (product, collection and project descriptions) is HTML from the admin's
 * editor. Only this allowlist of markup ever reaches a page: no scripts, event handlers,
 * styles or frames.
 *
 * Links go only to https pages, e-mail and phone links, and the shop's own pages. A link
 * starting "//" (or "\\", which browsers read the same) is another site's address written
 * without its scheme, so it is dropped, as is any other scheme (javascript:, data:...),
 * however it is disguised: entities are decoded, and tabs, line breaks and surrounding
 * spaces removed, before the scheme is read, as a browser reads it. An http link is
 * upgraded to https rather than dropped: the admin meant that page, nearly every site
 * answers over https, and a plain-http link from the shop's pages would travel where any
 * network on the way can read or rewrite it.
 */
import sanitizeHtml from "sanitize-html";

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const KEPT_SCHEMES = new Set(["https", "mailto", "tel"]);
const isUrlSpace = (code: number) => code <= 0x20;

/** The href as a browser reads it: without tabs and line breaks, or control characters and spaces at its ends. */
function asBrowserReadsIt(href: string): string {
  let start = 0;
  let end = href.length;
  while (start < end && isUrlSpace(href.charCodeAt(start))) start += 1;
  while (end > start && isUrlSpace(href.charCodeAt(end - 1))) end -= 1;
  return href.slice(start, end).replace(/[\t\n\r]/g, "");
}

/** Where a description's link may point, as stored; null when the link must go. */
function safeHref(href: string): { href: string; leavesShop: boolean } | null {
  const read = asBrowserReadsIt(href);
  const scheme = SCHEME.exec(read)?.[1]?.toLowerCase();
  if (scheme === undefined) return /^[/\\]{2}/.test(read) ? null : { href: read, leavesShop: false };
  if (scheme === "http") return { href: `https:${read.slice("http:".length)}`, leavesShop: true };
  if (!KEPT_SCHEMES.has(scheme)) return null;
  return { href: read, leavesShop: scheme === "https" };
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "h2",
    "h3",
    "h4",
    "ul",
    "ol",
    "li",
    "blockquote",
    "a",
    "hr",
  ],
  allowedAttributes: { a: ["href", "target", "rel"] },
  // The library's own scheme check runs after the transform below, as a second guard.
  allowedSchemes: [...KEPT_SCHEMES],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const link = attribs.href === undefined ? null : safeHref(attribs.href);
      if (!link) return { tagName, attribs: {} };
      if (!link.leavesShop) return { tagName, attribs: { href: link.href } };
      // A link leaving the shop opens in a new tab, without handing that page the shop's tab.
      return { tagName, attribs: { href: link.href, target: "_blank", rel: "noopener noreferrer nofollow" } };
    },
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The text a reader would see, without markup: empty means the description is empty. */
export function richTextToPlain(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The HTML to store for a description, or null when nothing readable is left once sanitised. */
export function sanitizeRichTextForSaving(html: string): string | null {
  const clean = sanitizeRichText(html);
  return richTextToPlain(clean) ? clean : null;
}
