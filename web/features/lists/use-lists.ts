/**
 * The visitor's counts and hearts: the root loader's (every page reads them from the
 * server), with the changes the page's scripts are still posting applied, so a tap shows
 * at once and the server's answer replaces it when the loaders run again.
 */
import { useFetchers, useRouteLoaderData } from "react-router";
import { itemKey, type ItemType, type ListSummary } from "../../../domain/shopping-lists";

/** The root loader's summary of the visitor's lists; null for an admin, who has none. */
export function useListSummary(): ListSummary | null {
  const data = useRouteLoaderData("root") as { lists: ListSummary | null } | undefined;
  return data?.lists ?? null;
}

interface PendingChange {
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

/** Pieces in the cart, counting adds on their way (the cart page shows its own changes in place). */
export function useCartCount(): number {
  const summary = useListSummary();
  let count = summary?.cartCount ?? 0;
  for (const change of usePendingChanges()) {
    if (change.list === "cart" && change.intent === "add") count += Number(change.form.get("quantity") ?? 1) || 1;
    if (change.list === "wishlist" && change.intent === "move") count += 1;
  }
  return count;
}

/** The wishlist's items (by `itemKey`), with hearts tapped on their way. */
export function useWishlistKeys(): Set<string> {
  const summary = useListSummary();
  const keys = new Set(summary?.wishlistKeys ?? []);
  for (const change of usePendingChanges()) {
    if (change.list !== "wishlist") continue;
    if (change.intent === "add") keys.add(keyOf(change.form));
    else if (change.intent === "remove" || change.intent === "move") keys.delete(keyOf(change.form));
    else if (change.intent === "clear") keys.clear();
  }
  return keys;
}

export const useInWishlist = (itemType: ItemType, itemId: string) => useWishlistKeys().has(itemKey(itemType, itemId));
