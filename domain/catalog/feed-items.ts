/**
 * What the product feeds (docs/product.md, Product feeds) say about each piece, whichever
 * service reads them: Google Merchant Center's XML and Meta Commerce Manager's CSV are two
 * spellings of the same items. Pure: the server reads the products and writes the files.
 */
import { itemUrl } from "../whatsapp";
import { isOnSale, nairaToKobo, pricedIn, type Priced } from "../money";
import type { Product } from "./catalog.types";
import type { Category } from "./categories";

/** The shop as the feeds name it. */
export interface FeedSite {
  /** PUBLIC_URL: every link in a feed is absolute. */
  publicUrl: string;
  shopName: string;
}

/**
 * Google's values. Made to order and imported pieces are both `backorder`: Google keeps
 * `preorder` for goods not yet released for sale, while `backorder` is a product that is
 * sold now, not ready to ship, and taken orders for to be shipped once it is ready, which
 * is what a piece built or shipped after it is ordered is. Either needs the date it can
 * ship, the ready-by date the pages show.
 */
export type FeedAvailability = "in_stock" | "out_of_stock" | "backorder";

/** Outside measurements in whole centimetres, in Google's words: length is the piece's depth. */
export interface FeedDimensions {
  length: number;
  width: number;
  height: number;
}

/** One item of a feed: a product, or one option of a product that offers several. */
export interface FeedItem {
  id: string;
  /** The product's id when the item is one of its options; null for a product without options. */
  groupId: string | null;
  title: string;
  /** Plain text. */
  description: string;
  link: string;
  imageLink: string;
  additionalImageLinks: string[];
  availability: FeedAvailability;
  /** "YYYY-MM-DD" in Lagos, for a backordered piece: when one ordered today can be ready. */
  availabilityDate: string | null;
  /** Naira with two decimals and no grouping: "12345.00". */
  price: string;
  /** What a shopper pays while the piece is on promotion, like `price`; null otherwise. */
  salePrice: string | null;
  brand: string;
  /** Our own category and style: "Living Room > Modern". */
  productType: string;
  /** An id of Google's product taxonomy (Meta reads the same ids). */
  googleProductCategory: number;
  material: string | null;
  dimensions: FeedDimensions | null;
  /** The option's name (a finish or a fabric) for an option's item. */
  color: string | null;
  /** What delivering the piece costs in each area the owner prices (docs/product.md, Delivery). */
  shipping: FeedShipping[];
}

/** One area's delivery rate for a piece, in Google's words: a region, a service and a price. */
export interface FeedShipping {
  /** The state's ISO 3166-2 code, "LA". */
  region: string | null;
  /** "Delivery to Lekki Phase 1". */
  service: string;
  /** Like `price`: "55000.00". */
  price: string;
}

/** Google's limits, which are also within Meta's. */
export const FEED_LIMITS = {
  title: 150,
  description: 5000,
  brand: 70,
  material: 200,
  color: 100,
  productType: 750,
  additionalImages: 10,
} as const;

/**
 * Our categories in Google's product taxonomy (its ids, which Meta also reads): the most
 * specific node that holds what the shop sells under each. "Living Room" is the shop's
 * sofas ("Sofas and Living Rooms"); "Bedroom" its beds; "Dining Room" its dining tables
 * and the sets built around one; "Center Table" coffee tables; "Carpet" rugs.
 */
export const GOOGLE_PRODUCT_CATEGORIES: Record<Category, number> = {
  "Living Room": 460, // Furniture > Sofas
  Armchair: 6499, // Furniture > Chairs > Arm Chairs, Recliners & Sleeper Chairs
  Bedroom: 505764, // Furniture > Beds & Accessories > Beds & Bed Frames
  "Dining Room": 4355, // Furniture > Tables > Kitchen & Dining Room Tables
  "Center Table": 1395, // Furniture > Tables > Accent Tables > Coffee Tables
  Wardrobe: 4063, // Furniture > Cabinets & Storage > Armoires & Wardrobes
  "TV Unit": 457, // Furniture > Entertainment Centers & TV Stands
  Carpet: 598, // Home & Garden > Decor > Rugs
};

/** "12345.00": kobo written out, so that no float rounding can touch a price. */
export function feedAmount(naira: number): string {
  const kobo = nairaToKobo(naira);
  return `${Math.trunc(kobo / 100)}.${String(kobo % 100).padStart(2, "0")}`;
}

/** The text cut to at most `max` characters, with "…" when cut, never inside a character pair. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end).trimEnd()}…`;
}

function availabilityOf(product: Product): Pick<FeedItem, "availability" | "availabilityDate"> {
  // A sold piece stays in the feed, out of stock, as it stays on the shop: dropping and
  // re-adding items makes the services review them again.
  if (product.sold) return { availability: "out_of_stock", availabilityDate: null };
  if (product.availability.kind === "in_stock") return { availability: "in_stock", availabilityDate: null };
  return { availability: "backorder", availabilityDate: product.readyBy };
}

/**
 * A product's items: one, or one per option (finish or fabric) sharing the product's id
 * as their group, each with its own id (the option's, kept while the owner edits the
 * product), link (the page with the option chosen), photos of the piece in it first,
 * price (its price difference added) and colour, as the
 * product's JSON-LD gives its variants. `description` is the product's as plain text;
 * `shipping`, its delivery rates by area.
 */
export function feedItemsOf(
  product: Product,
  site: FeedSite,
  description: string,
  shipping: FeedShipping[] = [],
): FeedItem[] {
  const link = itemUrl(site.publicUrl, "Product", product._id);
  const origin = site.publicUrl.replace(/\/+$/, "");
  // Pictures as the link previews and JSON-LD give them: the shop's address and the picture's own path.
  const absolute = (path: string) => origin + path;
  const title = clip(product.name, FEED_LIMITS.title);
  const pictures = product.images.map((image) => absolute(image.url));
  const dimensions = product.dimensions;
  // What one item costs: the product's price, or an option's with its price difference added.
  const prices = (priced: Priced) => ({
    price: feedAmount(priced.price),
    salePrice: isOnSale(priced) ? feedAmount(priced.discountedPrice) : null,
  });
  const shared = {
    description: clip(description || product.name, FEED_LIMITS.description),
    ...availabilityOf(product),
    brand: clip(product.make?.trim() || site.shopName, FEED_LIMITS.brand),
    productType: clip(`${product.category} > ${product.style}`, FEED_LIMITS.productType),
    googleProductCategory: GOOGLE_PRODUCT_CATEGORIES[product.category],
    material: product.materials ? clip(product.materials, FEED_LIMITS.material) : null,
    dimensions: dimensions && { length: dimensions.depth, width: dimensions.width, height: dimensions.height },
    shipping,
  };
  // Every piece is saved with a picture; one written otherwise still shows its link preview.
  const withPictures = (first: string | undefined, rest: string[]) => ({
    imageLink: first ?? absolute(`/og/product/${product._id}.jpg`),
    additionalImageLinks: rest.slice(0, FEED_LIMITS.additionalImages),
  });

  if (product.options.length === 0) {
    return [
      {
        id: product._id,
        groupId: null,
        title,
        link,
        ...withPictures(pictures[0], pictures.slice(1)),
        color: null,
        ...shared,
        ...prices(product),
      },
    ];
  }
  return product.options.map((option) => {
    // The piece in that finish first, when the owner photographed it so; never its swatch.
    const own = option.images.map((image) => absolute(image.url));
    const others = pictures.filter((picture) => !own.includes(picture));
    const shown = [...own, ...others];
    return {
      id: option._id,
      groupId: product._id,
      title: clip(`${product.name}, ${option.name}`, FEED_LIMITS.title),
      link: `${link}?option=${encodeURIComponent(option._id)}`,
      ...withPictures(shown[0], shown.slice(1)),
      color: clip(option.name, FEED_LIMITS.color),
      ...shared,
      ...prices(pricedIn(product, option)),
    };
  });
}
