/**
 * The catalogue as the API and the pages see it (docs/product.md, Catalogue). Prices are
 * naira numbers with at most two decimals; `_id` is a string.
 */
import type { Category } from "./categories";
import type { ProjectCategory } from "./project-categories";
import type { Style } from "./styles";

/** A stored image: `url` is a JPEG fallback, `widths` are the sizes kept for srcset. */
export interface ImageRef {
  url: string;
  public_id: string;
  width: number;
  height: number;
  widths: number[];
  /** Present (true) once AVIF files exist at every width, encoded in the background after upload. */
  avif?: boolean;
}

export interface Product {
  _id: string;
  name: string;
  /** The same as `name`: clients may read a product's name as its `title`, so both are served. */
  title: string;
  description: string;
  items: string;
  price: number;
  discountedPrice: number | null;
  isPromo: boolean;
  isBestSeller: boolean;
  isForeign: boolean;
  origin: string | null;
  sold: boolean;
  category: Category;
  style: Style;
  make: string | null;
  model: string | null;
  collectionId: { _id: string; name: string } | null;
  images: ImageRef[];
  createdAt: string;
  updatedAt: string;
}

export interface Collection {
  _id: string;
  name: string;
  description: string;
  items: string;
  price: number;
  discountedPrice: number | null;
  isPromo: boolean;
  isBestSeller: boolean;
  isForeign: boolean;
  origin: string | null;
  style: Style;
  coverImage: ImageRef | null;
  productIds: string[];
  /**
   * A collection carries ratings and reviews in the API's shape, but nothing in the shop
   * writes them yet: always null and [] until reviews are built.
   */
  averageRating: number | null;
  reviews: never[];
  createdAt: string;
  updatedAt: string;
}

/** A collection's detail view: its products, populated. */
export interface CollectionDetail extends Omit<Collection, "productIds"> {
  productIds: Product[];
}

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

export interface Project {
  _id: string;
  title: string;
  location: string;
  price: number;
  description: string;
  category: ProjectCategory;
  images: ImageRef[];
  createdAt: string;
  updatedAt: string;
}

export interface ProductPage {
  products: Product[];
  hasMore: boolean;
  total: number;
}

export interface CollectionPage {
  collections: Collection[];
  hasMore: boolean;
  total: number;
}

export interface ProjectPagination {
  totalItems: number;
  totalCount: number;
  limit: number;
  currentPage: number;
  totalPages: number;
  hasNextPage: boolean;
  hasPrevPage: boolean;
}

export interface ProjectPage {
  data: Project[];
  pagination: ProjectPagination;
}
