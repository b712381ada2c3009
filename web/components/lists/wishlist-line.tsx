import { ShoppingBag } from "lucide-react";
import type { RefObject } from "react";
import type { WishlistLine } from "../../../domain/shopping-lists";
import type { ItemView } from "../../features/item-details";
import { moveToCart, removeFromWishlist } from "../../features/wishlist/wishlist-store";
import { itemLabel, LineItem } from "./line-item";

/** A wishlist line: into the cart (and out of the wishlist), or remove. A sold product cannot go to the cart. */
export function WishlistLineRow({
  line,
  view,
  listHeading,
}: {
  line: WishlistLine;
  view: ItemView;
  listHeading: RefObject<HTMLElement | null>;
}) {
  const label = itemLabel(view);
  const { item, itemType } = line;
  const sold = view.status === "ready" && view.sold;
  return (
    <LineItem
      item={item}
      itemType={itemType}
      view={view}
      listName="wishlist"
      onRemove={() => {
        listHeading.current?.focus();
        void removeFromWishlist(item, itemType);
      }}
      actions={
        sold ? (
          <p className="text-sm text-stone">Sold, no longer available</p>
        ) : (
          <button
            type="button"
            onClick={() => {
              listHeading.current?.focus();
              void moveToCart(item, itemType);
            }}
            aria-label={`Add to Cart: ${label}`}
            className="inline-flex h-10 items-center gap-2 rounded-full border border-ink px-5 text-sm hover:bg-ink hover:text-white"
          >
            <ShoppingBag className="size-4" aria-hidden="true" />
            Add to Cart
          </button>
        )
      }
    />
  );
}
