/** Cart and wishlist lines as SPEC.md §3 and PRODUCT.md describe them. */

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
