/**
 * The catalogue's types, derived from the shapes the API declares
 * (catalog-answers.schema.ts), and the live event that announces a change.
 */
import type { z } from "zod";
import type {
  CollectionDetailSchema,
  CollectionPageSchema,
  CollectionSchema,
  ImageRefSchema,
  ProductPageSchema,
  ProductSchema,
  PublicReviewSchema,
  RatingSchema,
  ProjectPageSchema,
  ProjectPaginationSchema,
  ProjectSchema,
} from "./catalog-answers.schema";

export type ImageRef = z.output<typeof ImageRefSchema>;
export type Product = z.output<typeof ProductSchema>;
export type Rating = z.output<typeof RatingSchema>;
export type PublicReview = z.output<typeof PublicReviewSchema>;
export type Collection = z.output<typeof CollectionSchema>;
export type CollectionDetail = z.output<typeof CollectionDetailSchema>;
export type Project = z.output<typeof ProjectSchema>;
export type ProductPage = z.output<typeof ProductPageSchema>;
export type CollectionPage = z.output<typeof CollectionPageSchema>;
export type ProjectPagination = z.output<typeof ProjectPaginationSchema>;
export type ProjectPage = z.output<typeof ProjectPageSchema>;

/**
 * The payload of the live "catalog:changed" event, one per item the admin saved or
 * deleted. Open pages of that item reload it (or show that it is gone); lists reload on
 * any change. A save or delete may also change other items (a collection's delete
 * unassigns its products, a product's save moves it between collections); only the item
 * the admin acted on is announced, so a page showing related items reloads on the
 * kinds it shows, not on one id.
 */
export interface CatalogChange {
  kind: "product" | "collection" | "project";
  id: string;
  action: "saved" | "deleted";
}

export const CATALOG_CHANGED_EVENT = "catalog:changed";
