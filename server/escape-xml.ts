/**
 * Text for XML content and attribute values (SVG, sitemaps): the five special
 * characters escaped, and the control characters XML 1.0 forbids dropped, since a
 * product name pasted from elsewhere may carry them and would break the document.
 */
// eslint-disable-next-line no-control-regex -- these are exactly the characters to drop
const FORBIDDEN_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(text: string): string {
  return text
    .replace(FORBIDDEN_IN_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
