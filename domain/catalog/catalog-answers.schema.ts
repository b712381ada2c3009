/**
 * The catalogue as the API answers it (docs/product.md, Catalogue): each shape once, as a
 * schema the routes declare (so /api/docs documents it and answers hold nothing else) and
 * from which the types in catalog.types.ts are derived. Prices are naira numbers with at
 * most two decimals; `_id` is a string.
 */
import { z } from "zod";
import { CATEGORIES } from "./categories";
import { AVAILABILITY_KINDS } from "./furniture";
import { ITEM_STATUSES } from "./item-status";
import { PROJECT_CATEGORIES } from "./project-categories";
import { STYLES } from "./styles";

/** A stored image: `url` is a JPEG fallback, `widths` are the sizes kept for srcset. */
export const ImageRefSchema = z.object({
  url: z.string(),
  public_id: z.string(),
  width: z.number(),
  height: z.number(),
  widths: z.array(z.number()),
  /** Present (true) once AVIF files exist at every width, encoded in the background after upload. */
  avif: z.boolean().optional(),
  /** The picture's dominant colour ("#rrggbb"), shown behind it while it loads; absent until computed. */
  colour: z.string().optional(),
});

/** A published review as shoppers read it (docs/product.md, Reviews). */
export const PublicReviewSchema = z.object({
  _id: z.string(),
  rating: z.number(),
  title: z.string(),
  text: z.string(),
  photos: z.array(ImageRefSchema),
  displayName: z.string(),
  /** "2026-11-20": the day the order was delivered. */
  deliveredOn: z.string(),
  reply: z.string().nullable(),
  edited: z.boolean(),
  createdAt: z.string(),
});

/** An item's rating from its published reviews; null without any. */
export const RatingSchema = z.object({ average: z.number(), count: z.number() });

/** A collection named by another item (a product's `collectionId`) or offered as a choice. */
export const CollectionRefSchema = z.object({ _id: z.string(), name: z.string() });

/** Outside measurements in whole centimetres (furniture.ts). */
export const DimensionsSchema = z.object({
  width: z.number(),
  depth: z.number(),
  height: z.number(),
  seatHeight: z.number().nullable(),
});

export const AvailabilitySchema = z.object({
  kind: z.enum(AVAILABILITY_KINDS),
  weeksFrom: z.number().nullable(),
  weeksTo: z.number().nullable(),
});

/**
 * A finish or fabric a product comes in; a shopper's choice travels with the cart line and
 * the order. `image` is its swatch (a picture of the finish, never of the piece); `images`
 * are photos of the piece in it, shown instead of the product's own while it is chosen.
 * `priceDifference` is what it adds to the product's price; `price` and `discountedPrice`
 * are the product's with it added, worked out by the server (docs/product.md, Options).
 */
export const ProductOptionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: ImageRefSchema.nullable(),
  images: z.array(ImageRefSchema),
  priceDifference: z.number(),
  price: z.number(),
  discountedPrice: z.number().nullable(),
});

/** What products and collections share: their price and the flags shoppers filter by. */
const priced = {
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  items: z.string(),
  price: z.number(),
  discountedPrice: z.number().nullable(),
  isPromo: z.boolean(),
  isBestSeller: z.boolean(),
  isForeign: z.boolean(),
  origin: z.string().nullable(),
  style: z.enum(STYLES),
  materials: z.string().nullable(),
  availability: AvailabilitySchema,
  /** When a piece ordered today can be ready ("YYYY-MM-DD", Lagos time), worked out from `availability` on every read. */
  readyBy: z.string(),
  /** Always "published" in public answers; the admin's lists and forms see drafts too. */
  status: z.enum(ITEM_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const ProductSchema = z.object({
  ...priced,
  /** The average and count of its published reviews; null without any. */
  rating: RatingSchema.nullable(),
  /** The same as `name`: clients may read a product's name as its `title`, so both are served. */
  title: z.string(),
  sold: z.boolean(),
  category: z.enum(CATEGORIES),
  make: z.string().nullable(),
  model: z.string().nullable(),
  collectionId: CollectionRefSchema.nullable(),
  images: z.array(ImageRefSchema),
  dimensions: DimensionsSchema.nullable(),
  options: z.array(ProductOptionSchema),
});

export const CollectionSchema = z.object({
  ...priced,
  coverImage: ImageRefSchema.nullable(),
  productIds: z.array(z.string()),
  /** The average and count of its published reviews; null without any. */
  rating: RatingSchema.nullable(),
  /** The average of its published reviews, as the collection's shape has always named it; null without any. */
  averageRating: z.number().nullable(),
  /** Its newest published reviews (a page of them); the rest through GET /api/collections/:id/reviews. */
  reviews: z.array(PublicReviewSchema),
});

/**
 * A collection's detail view: its products, populated, and what they cost bought one by
 * one (the sum of what a shopper pays for each still for sale), so the page can say what the set saves.
 */
export const CollectionDetailSchema = CollectionSchema.extend({
  productIds: z.array(ProductSchema),
  piecesPrice: z.number(),
});

export const ProjectSchema = z.object({
  _id: z.string(),
  title: z.string(),
  location: z.string(),
  price: z.number(),
  description: z.string(),
  category: z.enum(PROJECT_CATEGORIES),
  images: z.array(ImageRefSchema),
  status: z.enum(ITEM_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const ProductPageSchema = z.object({
  products: z.array(ProductSchema),
  hasMore: z.boolean(),
  total: z.number(),
});

export const CollectionPageSchema = z.object({
  collections: z.array(CollectionSchema),
  hasMore: z.boolean(),
  total: z.number(),
});

/** `totalItems` and `totalCount` are the same number: clients read either. */
export const ProjectPaginationSchema = z.object({
  totalItems: z.number(),
  totalCount: z.number(),
  limit: z.number(),
  currentPage: z.number(),
  totalPages: z.number(),
  hasNextPage: z.boolean(),
  hasPrevPage: z.boolean(),
});

export const ProjectPageSchema = z.object({ data: z.array(ProjectSchema), pagination: ProjectPaginationSchema });

/** How many there are in all: GET /api/products/count, /api/collections/count, /api/projects/count. */
export const ProductCountSchema = z.object({ totalProducts: z.number() });
export const CollectionCountSchema = z.object({ totalCollections: z.number() });
export const ProjectCountSchema = z.object({ count: z.number() });
