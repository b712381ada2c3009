/**
 * What a page's loader and action may do with the visitor's cart and wishlist, in
 * process, for the request at hand. The owner is the session or the guest cookie, never
 * anything the page sends; the API routes call the same functions. A refusal is thrown
 * as a 4xx error with its message (admins have no lists: 403; a gone item: 404; a sold
 * one: 409; too many new guest lists: 429).
 */
import type { ConsentChoice } from "./cookie-consent";
import type { CartLine, ItemRef, ListSummary, ListView, WishlistItemLine, WishlistLine } from "./shopping-lists";

export interface ShoppingListActions {
  /** The header's counts and hearts; null for an admin, who has no lists. */
  readSummary(): Promise<ListSummary | null>;
  readWishlist(): Promise<ListView<WishlistItemLine>>;
  /** The lines as the API answers them. */
  cartLines(): Promise<CartLine[]>;
  wishlistLines(): Promise<WishlistLine[]>;
  /** Adds to the quantity of a line already there, up to the maximum. */
  addToCart(item: ItemRef & { quantity: number }): Promise<CartLine[]>;
  /** Below 1 removes the line; a line not in the cart is a 404. */
  setCartQuantity(item: ItemRef & { quantity: number }): Promise<CartLine[]>;
  removeFromCart(item: ItemRef): Promise<CartLine[]>;
  clearCart(): Promise<CartLine[]>;
  /** `added` is false when the item was already there. */
  addToWishlist(item: ItemRef): Promise<{ lines: WishlistLine[]; added: boolean }>;
  removeFromWishlist(item: ItemRef): Promise<WishlistLine[]>;
  clearWishlist(): Promise<WishlistLine[]>;
  /** Into the cart with quantity 1, then out of the wishlist. */
  moveToCart(item: ItemRef): Promise<void>;
  /** The visitor's stored cookie choice, or null before they chose. */
  consent(): ConsentChoice | null;
  /** Stores the choice and gives the guest's list cookie the lifetime it allows. */
  chooseCookies(choice: ConsentChoice): Promise<void>;
}
