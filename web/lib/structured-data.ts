/**
 * schema.org data for search engines (JSON-LD): a product or collection with its offer in
 * NGN, when it can be ready, its size and materials, and the business itself as the owner
 * describes it in Settings. A product offered in several finishes or fabrics is a
 * ProductGroup whose variants (one per option, varying by colour) carry their own offers,
 * each at the price the server gave that option (its price difference added). Its rating
 * and reviews are the published ones.
 */
import { effectivePrice, type OptionPrices, type Priced } from "../../domain/money";
import type { ShellSite } from "../../domain/load-context";
import type { ImageRef, PublicReview, Rating } from "../../domain/catalog/catalog.types";
import type { Availability, Dimensions } from "../../domain/catalog/furniture";
import type { ShippingOffer } from "../../domain/delivery/delivery.schema";

interface Offered extends Priced {
  _id: string;
  name: string;
  description: string;
  sold?: boolean;
  images: ImageRef[];
  availability: Availability;
  /** "YYYY-MM-DD": when a piece ordered today can be ready. */
  readyBy: string;
  materials: string | null;
  category?: string;
  dimensions?: Dimensions | null;
  options?: Array<{ _id: string; name: string; images: ImageRef[] } & OptionPrices>;
}

const SCHEMA = "https://schema.org/";

/**
 * In stock, made to order (its own schema.org state) or imported (back-ordered until it
 * arrives); a piece that is not in stock says from when it can be had and how long the wait is.
 */
function offerAvailability(item: Offered) {
  if (item.sold) return { availability: `${SCHEMA}SoldOut` };
  const { kind, weeksFrom, weeksTo } = item.availability;
  if (kind === "in_stock") return { availability: `${SCHEMA}InStock` };
  const days = (weeks: number | null) => (weeks === null ? undefined : weeks * 7);
  return {
    availability: `${SCHEMA}${kind === "made_to_order" ? "MadeToOrder" : "BackOrder"}`,
    availabilityStarts: item.readyBy,
    deliveryLeadTime: {
      "@type": "QuantitativeValue",
      minValue: days(weeksFrom),
      maxValue: days(weeksTo ?? weeksFrom),
      unitCode: "DAY",
    },
  };
}

/** Days as schema.org counts a span: from the least to the most. */
const days = (minValue: number, maxValue: number) => ({
  "@type": "QuantitativeValue",
  minValue,
  maxValue,
  unitCode: "DAY",
});

/** A delivery within the main area takes a day to three once the piece is ready. */
const TRANSIT_DAYS = [1, 3] as const;

/**
 * The delivery to the shop's main area (docs/product.md, Delivery): its rate for this
 * piece, the region, the handling time (a day or two in stock, else the weeks it is made
 * or shipped in) and the transit time.
 */
function shippingJsonLd(shipping: ShippingOffer, availability: Availability) {
  const { kind, weeksFrom, weeksTo } = availability;
  const handling = kind === "in_stock" ? days(0, 2) : days((weeksFrom ?? 0) * 7, (weeksTo ?? weeksFrom ?? 0) * 7);
  return {
    "@type": "OfferShippingDetails",
    shippingLabel: `Delivery to ${shipping.areaName}`,
    shippingRate: { "@type": "MonetaryAmount", value: shipping.rate.toFixed(2), currency: "NGN" },
    shippingDestination: {
      "@type": "DefinedRegion",
      addressCountry: "NG",
      ...(shipping.region && { addressRegion: shipping.region }),
    },
    deliveryTime: {
      "@type": "ShippingDeliveryTime",
      handlingTime: handling,
      transitTime: days(...TRANSIT_DAYS),
    },
  };
}

const centimetres = (value: number) => ({ "@type": "QuantitativeValue", value, unitCode: "CMT" });

/**
 * The rating and reviews search engines are told of: published reviews only, each from a
 * delivered order (docs/product.md, Reviews). Nothing while there are none.
 */
function reviewsJsonLd({ rating, reviews }: Reviewed) {
  if (!rating || rating.count === 0) return {};
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: rating.average.toFixed(1),
      reviewCount: rating.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.map((review) => ({
      "@type": "Review",
      name: review.title,
      reviewBody: review.text,
      datePublished: review.createdAt.slice(0, 10),
      author: { "@type": "Person", name: review.displayName },
      reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}

export interface Reviewed {
  rating: Rating | null;
  reviews: PublicReview[];
}

export function productJsonLd(
  site: ShellSite | undefined,
  item: Offered,
  path: string,
  plainDescription: string,
  shipping: ShippingOffer | null = null,
  reviewed: Reviewed = { rating: null, reviews: [] },
) {
  const origin = site?.publicUrl ?? "";
  const url = origin + path;
  const shippingDetails = shipping && !item.sold ? shippingJsonLd(shipping, item.availability) : null;
  const offer = (at: string, priced: Priced = item) => ({
    "@type": "Offer",
    url: at,
    priceCurrency: "NGN",
    price: effectivePrice(priced).toFixed(2),
    itemCondition: `${SCHEMA}NewCondition`,
    ...offerAvailability(item),
    ...(shippingDetails && { shippingDetails }),
    seller: { "@type": "Organization", name: site?.shopName },
  });
  const { dimensions, options = [] } = item;
  const images = item.images.map((image) => origin + image.url);
  return {
    "@context": "https://schema.org",
    "@type": options.length ? "ProductGroup" : "Product",
    name: item.name,
    description: plainDescription,
    image: images,
    url,
    brand: { "@type": "Brand", name: site?.shopName },
    category: item.category,
    material: item.materials ?? undefined,
    ...(dimensions && {
      width: centimetres(dimensions.width),
      depth: centimetres(dimensions.depth),
      height: centimetres(dimensions.height),
    }),
    offers: offer(url),
    ...reviewsJsonLd(reviewed),
    ...(options.length > 0 && {
      productGroupID: item._id,
      variesBy: `${SCHEMA}color`,
      hasVariant: options.map((option) => {
        const at = `${url}?option=${encodeURIComponent(option._id)}`;
        return {
          "@type": "Product",
          name: `${item.name}, ${option.name}`,
          color: option.name,
          // The piece in that finish (its swatch is a picture of the finish, not of the piece).
          image: option.images[0] ? origin + option.images[0].url : images[0],
          url: at,
          offers: offer(at, { price: option.price, discountedPrice: option.discountedPrice, isPromo: item.isPromo }),
        };
      }),
    }),
  };
}

/** The business: its name, description, contact details and social profiles. */
export function storeJsonLd(site: ShellSite) {
  return {
    "@context": "https://schema.org",
    "@type": "FurnitureStore",
    name: site.shopName,
    description: site.description,
    url: site.publicUrl + "/",
    telephone: site.phone,
    email: site.email,
    address: site.address,
    openingHours: site.hours === "24/7" ? "Mo-Su 00:00-23:59" : undefined,
    sameAs: [site.instagramUrl, ...site.socialLinks.map((link) => link.url)].filter(Boolean),
  };
}
