/**
 * Whether a product, collection or project is shown to shoppers (docs/product.md,
 * Drafts). A draft is the owner's alone: the panel lists and previews it; no public
 * page, API list, search, sitemap, feed or link preview shows it. Items are published
 * unless saved as drafts.
 */
export const ITEM_STATUSES = ["draft", "published"] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export const DEFAULT_ITEM_STATUS: ItemStatus = "published";
