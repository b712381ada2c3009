/**
 * The shopper's cart (SPEC.md §4): adding an item already in the cart adds to its
 * quantity; a quantity below 1 removes the line. How it stays in step with the server
 * and the browser's storage is in synced-list.ts.
 */
import toast from "react-hot-toast";
import type { CartLine, ItemType } from "../../../domain/shopping-lists";
import { api } from "../../lib/api-client";
import { addCartLine, removeLine, setCartLineQuantity } from "../list-lines";
import { CART_KEYS } from "../list-storage";
import { createSyncedList, put } from "../synced-list";

export { cartCount } from "../list-lines";

const cart = createSyncedList<CartLine>({
  path: "/cart",
  keys: CART_KEYS,
  withQuantity: true,
  texts: {
    loadFailed: "Failed to load cart from server. Showing local version.",
    verifyFailed: "Could not verify some cart items. Displaying cart as is.",
    vanished: "Some items in your cart were removed as they are no longer available.",
  },
  addBody: (line) => ({ itemId: line.item, itemType: line.itemType, quantity: line.quantity }),
});

type Answer = { items: CartLine[] };

export const useCart = cart.store;
export const startCart = cart.start;
export const reloadCart = cart.reload;
export const persistCart = cart.persist;

export function addToCart(item: string, itemType: ItemType, quantity = 1): Promise<boolean> {
  return cart.change({
    apply: (lines) => addCartLine(lines, item, itemType, quantity),
    send: () => api<Answer>("/cart/add", put({ itemId: item, itemType, quantity })),
    done: () => toast.success("Item added to cart!"),
    failed: "Failed to add item to cart.",
  });
}

export function removeFromCart(item: string, itemType: ItemType): Promise<boolean> {
  return cart.change({
    apply: (lines) => removeLine(lines, item, itemType),
    send: () => api<Answer>("/cart/remove", put({ itemId: item, itemType })),
    done: () => toast.success("Item removed from cart!"),
    failed: "Failed to remove item from cart.",
  });
}

/** A quantity below 1 removes the line (the page asks first). */
export function setCartQuantity(item: string, itemType: ItemType, quantity: number): Promise<boolean> {
  if (quantity < 1) return removeFromCart(item, itemType);
  return cart.change({
    apply: (lines) => setCartLineQuantity(lines, item, itemType, quantity),
    send: () => api<Answer>("/cart/updatequantity", put({ itemId: item, itemType, quantity })),
    failed: "Failed to update item quantity.",
  });
}

export function clearCart(): Promise<boolean> {
  return cart.change({
    apply: () => [],
    send: () => api<Answer>("/cart/clear", { method: "DELETE" }),
    done: () => toast.success("Cart cleared!"),
    failed: "Failed to clear cart.",
  });
}
