/**
 * The shopper's wishlist (SPEC.md §4): adding an item already there only says so. How it
 * stays in step with the server and the browser's storage is in synced-list.ts.
 */
import toast from "react-hot-toast";
import type { ItemType, WishlistLine } from "../../../domain/shopping-lists";
import { api } from "../../lib/api-client";
import { addToCart } from "../cart/cart-store";
import { addWishlistLine, hasLine, removeLine } from "../list-lines";
import { WISHLIST_KEYS } from "../list-storage";
import { createSyncedList, put } from "../synced-list";

const wishlist = createSyncedList<WishlistLine>({
  path: "/wishlist",
  keys: WISHLIST_KEYS,
  withQuantity: false,
  texts: {
    loadFailed: "Failed to load wishlist from server. Showing local version.",
    verifyFailed: "Could not verify some wishlist items. Displaying wishlist as is.",
    vanished: "Some items in your wishlist were removed as they are no longer available.",
  },
  addBody: (line) => ({ itemId: line.item, itemType: line.itemType }),
});

type Answer = { items: WishlistLine[]; message?: string };

export const useWishlist = wishlist.store;
export const startWishlist = wishlist.start;
export const reloadWishlist = wishlist.reload;
export const persistWishlist = wishlist.persist;

const isLocal = () => wishlist.store.getState().mode === "local";
const inList = (item: string, itemType: ItemType) => hasLine(wishlist.store.getState().lines, item, itemType);

export function addToWishlist(item: string, itemType: ItemType): Promise<boolean> {
  if (isLocal() && inList(item, itemType)) {
    toast("Item already in local wishlist.");
    return Promise.resolve(false);
  }
  return wishlist.change({
    apply: (lines) => addWishlistLine(lines, item, itemType),
    send: () => api<Answer>("/wishlist/add", put({ itemId: item, itemType })),
    // The server says 'Item already in wishlist.' when it was there.
    done: (message) => void (message ? toast(message) : toast.success("Item added to wishlist!")),
    failed: "Failed to add item to wishlist.",
  });
}

export function removeFromWishlist(item: string, itemType: ItemType, { quiet = false } = {}): Promise<boolean> {
  if (isLocal() && !inList(item, itemType)) {
    toast.error("Item not found in local wishlist.");
    return Promise.resolve(false);
  }
  return wishlist.change({
    apply: (lines) => removeLine(lines, item, itemType),
    send: () => api<Answer>("/wishlist/remove", put({ itemId: item, itemType })),
    done: () => void (quiet || toast.success("Item removed from wishlist!")),
    failed: "Failed to remove item from wishlist.",
  });
}

export function toggleWishlist(item: string, itemType: ItemType): Promise<boolean> {
  return inList(item, itemType) ? removeFromWishlist(item, itemType) : addToWishlist(item, itemType);
}

export function clearWishlist(): Promise<boolean> {
  return wishlist.change({
    apply: () => [],
    send: () => api<Answer>("/wishlist/clear", { method: "DELETE" }),
    done: () => toast.success("Wishlist cleared!"),
    failed: "Failed to clear wishlist.",
  });
}

/** Wishlist to cart (SPEC.md §4): into the cart with quantity 1, then out of the wishlist. */
export async function moveToCart(item: string, itemType: ItemType): Promise<boolean> {
  if (!(await addToCart(item, itemType, 1))) return false;
  return removeFromWishlist(item, itemType, { quiet: true });
}
