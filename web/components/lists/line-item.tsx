import { X } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ItemType } from "../../../domain/shopping-lists";
import { itemPath } from "../../../domain/whatsapp";
import type { ItemView } from "../../features/item-details";
import { ResponsiveImage } from "../ui/responsive-image";
import { Price } from "../shop/price";

/** The words for an item in button labels, before its name is known. */
export const itemLabel = (view: ItemView) => (view.status === "loading" ? "this item" : view.name);

/**
 * One line of the cart or wishlist: picture and name linking to the item, its kind and
 * current price, a remove button (named after the list); `actions` are the list's own.
 */
export function LineItem({
  item,
  itemType,
  view,
  actions,
  listName,
  onRemove,
}: {
  item: string;
  itemType: ItemType;
  view: ItemView;
  actions: ReactNode;
  listName: "cart" | "wishlist";
  onRemove(): void;
}) {
  const href = itemPath(itemType, item);
  const placeholder = view.status === "error" || view.status === "missing";
  return (
    <li className="flex gap-4 py-6 sm:gap-6">
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className="relative aspect-[4/3] w-24 shrink-0 self-start overflow-hidden rounded-sm bg-sand sm:w-36"
      >
        {view.status === "loading" ? (
          <span className="block size-full motion-safe:animate-pulse" />
        ) : placeholder ? (
          <span className="flex size-full items-center justify-center text-center text-xs text-stone">
            {view.status === "error" ? "Image Error" : "No Image"}
          </span>
        ) : (
          <ResponsiveImage
            image={view.image}
            alt=""
            sizes="(min-width: 640px) 144px, 96px"
            className="size-full object-cover"
          />
        )}
        {view.status === "ready" && view.sold && (
          <span className="absolute top-1.5 left-1.5 rounded-full bg-ink/85 px-2 py-0.5 text-[11px] text-white">
            Sold
          </span>
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-xs tracking-[0.14em] text-stone uppercase">{itemType}</p>
            <h3 className="mt-1 font-serif text-lg leading-snug">
              {view.status === "loading" ? (
                <span className="inline-block h-5 w-40 max-w-full rounded-full bg-sand align-middle motion-safe:animate-pulse">
                  <span className="sr-only">Loading item</span>
                </span>
              ) : (
                <Link to={href} className="break-words hover:underline hover:underline-offset-4">
                  {view.name}
                </Link>
              )}
            </h3>
            <div className="mt-1 min-h-6">
              {view.status !== "loading" && (
                <Price price={view.price} discountedPrice={view.discountedPrice} isPromo={view.isPromo} />
              )}
            </div>
          </div>
          <button
            type="button"
            onClick={onRemove}
            aria-label={`Remove ${itemLabel(view)} from ${listName}`}
            className="-mt-1 -mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-stone hover:bg-sand hover:text-ink"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-3">{actions}</div>
      </div>
    </li>
  );
}
