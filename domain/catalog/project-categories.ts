/** Design project categories (docs/product.md, Catalogue). */

export const PROJECT_CATEGORIES = ["Residential", "Commercial", "Hospitality", "Renovation"] as const;

export type ProjectCategory = (typeof PROJECT_CATEGORIES)[number];

const byLowerCase = new Map<string, ProjectCategory>(PROJECT_CATEGORIES.map((c) => [c.toLowerCase(), c]));

export function normaliseProjectCategory(value: string): ProjectCategory | null {
  return byLowerCase.get(value.trim().toLowerCase()) ?? null;
}
