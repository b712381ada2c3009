/** Design styles and their /styles/{style} link values (docs/product.md, Catalogue). */

export const STYLES = ["Modern", "Contemporary", "Antique/Royal", "Bespoke", "Minimalist", "Glam"] as const;

export type Style = (typeof STYLES)[number];

const byLowerCase = new Map<string, Style>(STYLES.map((s) => [s.toLowerCase(), s]));
// The original add-product and collection forms spelled it 'Contemporay': that input is
// accepted and stored with the right spelling.
byLowerCase.set("contemporay", "Contemporary");

/** The canonical style for any accepted spelling, case-insensitively, or null. */
export function normaliseStyle(value: string): Style | null {
  return byLowerCase.get(value.trim().toLowerCase()) ?? null;
}

/** The path of a style page: "/styles/antique%2Froyal" for "Antique/Royal". */
export function stylePath(style: Style): string {
  return `/styles/${encodeURIComponent(style.toLowerCase())}`;
}
