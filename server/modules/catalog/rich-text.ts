/**
 * Rich text (product, collection and project descriptions) is HTML from the admin's
 * editor. Only this allowlist of markup ever reaches a page: no scripts, event handlers,
 * styles, frames or `javascript:` links.
 */
import sanitizeHtml from "sanitize-html";

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
  allowedSchemes: ["http", "https", "mailto", "tel"],
  transformTags: {
    // Links leave the shop in a new tab without handing it the opener.
    a: sanitizeHtml.simpleTransform("a", { target: "_blank", rel: "noopener noreferrer nofollow" }),
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
