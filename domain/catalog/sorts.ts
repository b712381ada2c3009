/**
 * The orders a list of products or collections can be asked for (`?sort=`), in a file of
 * their own so that the shop's pages can offer them without shipping the query schema
 * (docs/product.md, Search and filters).
 */
export const CATALOG_SORTS = ["newest", "price_asc", "price_desc", "best_sellers"] as const;

export type CatalogSort = (typeof CATALOG_SORTS)[number];

/** The admin lists add by name (A to Z) and most recently edited first. */
export const ADMIN_SORTS = [...CATALOG_SORTS, "name", "updated"] as const;

export type AdminSort = (typeof ADMIN_SORTS)[number];
