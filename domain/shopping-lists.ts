/** Cart and wishlist lines as the API answers them (docs/product.md, Cart and wishlist). */

export const ITEM_TYPES = ["Product", "Collection"] as const;

export type ItemType = (typeof ITEM_TYPES)[number];

export interface CartLine {
  _id: string;
  item: string;
  itemType: ItemType;
  quantity: number;
}

export interface WishlistLine {
  _id: string;
  item: string;
  itemType: ItemType;
}

/** Quantities are whole numbers from 1 up to this. */
export const MAX_QUANTITY = 999;
