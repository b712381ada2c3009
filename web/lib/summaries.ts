/**
 * What a card needs of an item. Loaders send summaries, not whole items, so a page's
 * hydration data stays small (no descriptions, one image).
 */
import type { Collection, Product, Project, Rating } from "../../domain/catalog/catalog.types";
import { CARD_STARS_FROM } from "../../domain/reviews/review-display";

/** A card shows stars once an item has enough published reviews (docs/product.md, Reviews); else none. */
const cardRating = (rating: Rating | null) => (rating && rating.count >= CARD_STARS_FROM ? rating : null);

export type ProductSummary = Pick<
  Product,
  | "_id"
  | "name"
  | "price"
  | "discountedPrice"
  | "isPromo"
  | "isBestSeller"
  | "sold"
  | "category"
  | "style"
  | "collectionId"
  | "images"
> & {
  /** How many finishes the piece can be ordered in (none once sold): its card's Add to Cart asks which. */
  finishes: number;
  /** Its stars and count, once it has enough reviews to show them. */
  rating: Rating | null;
};

/** A finish as a card's Add to Cart offers it: its swatch, its name and what it costs (docs/product.md, Options). */
export type FinishChoice = Pick<
  Product["options"][number],
  "_id" | "name" | "image" | "priceDifference" | "price" | "discountedPrice"
>;

export type CollectionSummary = Pick<
  Collection,
  "_id" | "name" | "price" | "discountedPrice" | "isPromo" | "isBestSeller" | "style" | "coverImage"
> & { productCount: number; rating: Rating | null };

export type ProjectSummary = Pick<Project, "_id" | "title" | "location" | "category" | "price" | "images">;

export function summariseProduct(p: Product): ProductSummary {
  return {
    _id: p._id,
    name: p.name,
    price: p.price,
    discountedPrice: p.discountedPrice,
    isPromo: p.isPromo,
    isBestSeller: p.isBestSeller,
    sold: p.sold,
    category: p.category,
    style: p.style,
    collectionId: p.collectionId,
    images: p.images.slice(0, 1),
    // A sold piece is not added in any finish.
    finishes: p.sold ? 0 : p.options.length,
    rating: cardRating(p.rating),
  };
}

/** What a card's finish sheet reads of its piece (routes/product-finishes.tsx). */
export interface FinishSheetData {
  isPromo: boolean;
  /** None once the piece has gone or sold. */
  finishes: FinishChoice[];
}

/** A piece's finishes as its card's finish sheet offers them. */
export function summariseFinishes(p: Product): FinishChoice[] {
  return p.options.map(({ _id, name, image, priceDifference, price, discountedPrice }) => ({
    _id,
    name,
    image,
    priceDifference,
    price,
    discountedPrice,
  }));
}

export function summariseCollection(c: Collection): CollectionSummary {
  return {
    _id: c._id,
    name: c.name,
    price: c.price,
    discountedPrice: c.discountedPrice,
    isPromo: c.isPromo,
    isBestSeller: c.isBestSeller,
    style: c.style,
    coverImage: c.coverImage,
    productCount: c.productIds.length,
    rating: cardRating(c.rating),
  };
}

export function summariseProject(p: Project): ProjectSummary {
  return {
    _id: p._id,
    title: p.title,
    location: p.location,
    category: p.category,
    price: p.price,
    images: p.images.slice(0, 1),
  };
}
