/**
 * Cart and wishlist lines, and what the pages and the API say about their items
 * (docs/product.md, Cart and wishlist). The server keeps the only copy of every list.
 */
import type { z } from "zod";
import type { ImageRef } from "./catalog/catalog.types";
import type {
  CartLineSchema,
  ExistingItemsSchema,
  ItemDetailsSchema,
  PricedItemSchema,
  WishlistLineSchema,
} from "./shopping-list-answers.schema";
import type { ItemIdsSchema } from "./shopping-lists.schema";

export const ITEM_TYPES = ["Product", "Collection"] as const;

export type ItemType = (typeof ITEM_TYPES)[number];

/** One item of the catalogue, as a line, a form or a call names it. */
export interface ItemRef {
  itemType: ItemType;
  itemId: string;
  /** The product option (finish or fabric) chosen, by id; null or left out for none. */
  option?: string | null;
}

/** A cart line as the API answers it: `GET /api/cart` → `{ items: CartLine[] }`. */
export type CartLine = z.output<typeof CartLineSchema>;

/** A wishlist line as the API answers it: `GET /api/wishlist` → `{ items: WishlistLine[] }`. */
export type WishlistLine = z.output<typeof WishlistLineSchema>;

/** Quantities are whole numbers from 1 up to this. */
export const MAX_QUANTITY = 999;

/** The ids `check-existence` and `details-by-ids` are asked about. */
export type ItemIds = z.output<typeof ItemIdsSchema>;

/** `POST /api/cart/check-existence`'s answer. */
export type ExistingItems = z.output<typeof ExistingItemsSchema>;

/** What a shopper pays for an item, as the API and the pages speak it (naira; see money.ts). */
export type PricedItem = z.output<typeof PricedItemSchema>;

/** `POST /api/cart/details-by-ids`'s answer: the items' current names, prices and pictures. */
export type ItemDetails = z.output<typeof ItemDetailsSchema>;

/**
 * A line's item as the cart and wishlist pages show it: its current name, price, picture
 * and whether it sold, and the option the line chose (its picture shown instead of the
 * product's first), when it still exists.
 */
export interface ListItem extends PricedItem {
  image: ImageRef | null;
  sold: boolean;
  optionName: string | null;
}

/** A line with its item, as the cart and wishlist pages' loaders read them. */
export type CartItemLine = CartLine & { details: ListItem };
export type WishlistItemLine = WishlistLine & { details: ListItem };

/**
 * A list as its page reads it: the lines whose items still exist, and how many lines
 * went because their item was deleted as the page was read (the page says so).
 */
export interface ListView<L> {
  lines: L[];
  vanished: number;
}

/** What every page's header needs of the visitor's lists: the cart's count and the hearts to fill. */
export interface ListSummary {
  /** Pieces in the cart: the sum of its quantities. */
  cartCount: number;
  /** `itemKey`s of the wishlist's items. */
  wishlistKeys: string[];
  /** Whose lists they are: an account's, a guest's (their cookie), or nobody's yet. */
  owner: "account" | "guest" | null;
}

/** One key per catalogue item, for sets of items: "Product:<id>". */
export const itemKey = (itemType: ItemType, itemId: string) => `${itemType}:${itemId}`;

export const cartCount = (lines: Array<{ quantity: number }>) => lines.reduce((sum, line) => sum + line.quantity, 0);
