/**
 * The visitor's counts and hearts: the root loader's (every page reads them from the
 * server), with the changes the page's scripts are still posting applied, so a tap shows
 * at once and the server's answer replaces it when the loaders run again.
 */
import { useFetchers } from "react-router";
import { itemKey, type ItemType, type ListSummary } from "../../../domain/shopping-lists";
import { useRootData } from "../../lib/root-data";

/** The root loader's summary of the visitor's lists; null for an admin, who has none. */
export function useListSummary(): ListSummary | null {
  return useRootData()?.lists ?? null;
}

/** A list change the page's scripts are still posting (a fetcher's form). */
export interface PendingChange {
  list: "cart" | "wishlist";
  intent: string;
  form: FormData;
}

function usePendingChanges(): PendingChange[] {
  return useFetchers().flatMap((fetcher) => {
    const path = fetcher.formAction?.split("?")[0]?.toLowerCase();
    if (!fetcher.formData || (path !== "/cart" && path !== "/wishlist")) return [];
    const intent = fetcher.formData.get("intent");
    return [{ list: path === "/cart" ? "cart" : "wishlist", intent: String(intent), form: fetcher.formData }];
  });
}

const keyOf = (form: FormData) => itemKey(form.get("itemType") as ItemType, String(form.get("itemId")));

/** The cart's count with the adds on their way (a wishlist item moved to the cart adds 1). */
export function countWithPending(count: number, changes: PendingChange[]): number {
  for (const change of changes) {
    if (change.list === "cart" && change.intent === "add") count += Number(change.form.get("quantity") ?? 1) || 1;
    if (change.list === "wishlist" && change.intent === "move") count += 1;
  }
  return count;
}

/** The wishlist's keys with the hearts tapped on their way. */
export function keysWithPending(keys: Iterable<string>, changes: PendingChange[]): Set<string> {
  const result = new Set(keys);
  for (const change of changes) {
    if (change.list !== "wishlist") continue;
    if (change.intent === "add") result.add(keyOf(change.form));
    else if (change.intent === "remove" || change.intent === "move") result.delete(keyOf(change.form));
    else if (change.intent === "clear") result.clear();
  }
  return result;
}

/** Pieces in the cart, counting adds on their way (the cart page shows its own changes in place). */
export function useCartCount(): number {
  return countWithPending(useListSummary()?.cartCount ?? 0, usePendingChanges());
}

/** The wishlist's items (by `itemKey`), with hearts tapped on their way. */
export function useWishlistKeys(): Set<string> {
  return keysWithPending(useListSummary()?.wishlistKeys ?? [], usePendingChanges());
}

export const useInWishlist = (itemType: ItemType, itemId: string) => useWishlistKeys().has(itemKey(itemType, itemId));
