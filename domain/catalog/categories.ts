/** Product categories and the home page's category tiles (docs/product.md, Catalogue). */

export const CATEGORIES = [
  "Living Room",
  "Armchair",
  "Bedroom",
  "Dining Room",
  "Center Table",
  "Wardrobe",
  "TV Unit",
  "Carpet",
] as const;

export type Category = (typeof CATEGORIES)[number];

export const CATEGORY_TILES: ReadonlyArray<{ title: string; category: Category }> = [
  { title: "Sofas and Living Rooms", category: "Living Room" },
  { title: "Armchairs", category: "Armchair" },
  { title: "Bedrooms", category: "Bedroom" },
  { title: "Dining Rooms", category: "Dining Room" },
  { title: "Center Tables", category: "Center Table" },
  { title: "Wardrobe", category: "Wardrobe" },
  { title: "TV Unit", category: "TV Unit" },
  { title: "Carpets", category: "Carpet" },
];

const byLowerCase = new Map<string, Category>(CATEGORIES.map((c) => [c.toLowerCase(), c]));

/**
 * The canonical category for any spelling the shop has used ("TV unit", "tv unit",
 * " Living Room "), or null when it is not a category.
 */
export function normaliseCategory(value: string): Category | null {
  return byLowerCase.get(value.trim().replace(/\s+/g, " ").toLowerCase()) ?? null;
}
