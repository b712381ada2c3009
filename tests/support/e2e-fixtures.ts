/**
 * Catalogue items that tests/e2e/catalogue.setup.ts adds to the demo catalogue, so that
 * journeys can pin what they check instead of hoping the demo data happens to have it.
 */

/** A promotional sofa of at least ₦100,000: `search=sofa&minPrice=100000&isPromo=true` finds it. */
export const PROMO_SOFA = { name: "Pinned Promo Velvet Sofa", price: 180_000, discountedPrice: 150_000 };

/** A collection in the Glam style, so the Glam page's Collections tab is never empty. */
export const GLAM_COLLECTION = { name: "Pinned Glam Lounge" };

/** Extra collections, so the shop's Collections tab has a second page (12 a page). */
export const EXTRA_COLLECTIONS = 3;

/** A sold product: the shop must not offer to sell it. */
export const SOLD_PRODUCT = { name: "Pinned Sold Rattan Armchair" };

/** A project without any picture: its card, on the first page of its category, shows the placeholder. */
export const IMAGELESS_PROJECT = { title: "Pinned Bare Site", category: "Renovation" };

/** A project with three pictures, for the gallery's thumbnails. */
export const GALLERY_PROJECT = { title: "Pinned Gallery Residence", pictures: 3 };

/** Projects beyond the demo's 12, so the public list (20 a page) has a second page. */
export const EXTRA_PROJECTS = 13;
