import { ShoppingBag } from "lucide-react";
import { useFetcher } from "react-router";
import type { WishlistItemLine } from "../../../domain/shopping-lists";
import { ListFields, type ListAnswer } from "../../features/lists/list-forms";
import { LineItem, lineAnchor, removeButtonClass } from "./line-item";

/**
 * A wishlist line: into the cart (and out of the wishlist), or remove — forms posted to
 * the wishlist's action. A sold product cannot go to the cart (its line says so).
 */
export function WishlistLineRow({ line }: { line: WishlistItemLine }) {
  const fetcher = useFetcher<ListAnswer>();
  const { item, itemType, details } = line;
  // The line is the item in its option: a change names both.
  const ref = { itemType, itemId: item, option: line.option };
  const back = lineAnchor(line._id);
  const leaving = fetcher.formData !== undefined;
  return (
    <LineItem
      lineId={line._id}
      item={item}
      itemType={itemType}
      option={line.option}
      details={details}
      busy={leaving}
      removeForm={(icon) => (
        <fetcher.Form method="post" action="/wishlist">
          <ListFields intent="remove" item={ref} back={back} />
          <button type="submit" aria-label={`Remove ${details.name} from wishlist`} className={removeButtonClass}>
            {icon}
          </button>
        </fetcher.Form>
      )}
      actions={
        <fetcher.Form method="post" action="/wishlist">
          <ListFields intent="move" item={ref} />
          <button
            type="submit"
            aria-label={`Add to Cart: ${details.name}`}
            className="inline-flex h-10 items-center gap-2 rounded-full border border-ink px-5 text-sm hover:bg-ink hover:text-white"
          >
            <ShoppingBag className="size-4" aria-hidden="true" />
            Add to Cart
          </button>
        </fetcher.Form>
      }
    />
  );
}
