import { Minus, Plus } from "lucide-react";
import type { RefObject } from "react";
import { formatNaira } from "../../../domain/money";
import { MAX_QUANTITY, type CartLine } from "../../../domain/shopping-lists";
import { cartTotal } from "../../../domain/whatsapp";
import { removeFromCart, setCartQuantity } from "../../features/cart/cart-store";
import type { ItemView } from "../../features/item-details";
import { itemLabel, LineItem } from "./line-item";
import { preloadConfirm, type ConfirmRequest } from "./use-confirm";

const stepButton =
  "inline-flex size-10 items-center justify-center rounded-full hover:bg-sand disabled:cursor-not-allowed disabled:text-stone/50 disabled:hover:bg-transparent";

/**
 * A cart line: quantity minus and plus, the line's total and a remove button. Minus at 1
 * would remove the line, so it asks first (SPEC.md §4) and looks quieter than usual.
 */
export function CartLineRow({
  line,
  view,
  ask,
  listHeading,
}: {
  line: CartLine;
  view: ItemView;
  ask(request: ConfirmRequest, from: HTMLElement): void;
  listHeading: RefObject<HTMLElement | null>;
}) {
  const label = itemLabel(view);
  const { item, itemType, quantity } = line;
  const atOne = quantity <= 1;
  return (
    <LineItem
      item={item}
      itemType={itemType}
      view={view}
      listName="cart"
      onRemove={() => {
        listHeading.current?.focus();
        void removeFromCart(item, itemType);
      }}
      actions={
        <>
          <div
            role="group"
            aria-label={`Quantity of ${label}`}
            className="inline-flex items-center rounded-full border border-line"
          >
            <button
              type="button"
              aria-label={`Decrease quantity of ${label}`}
              onPointerEnter={atOne ? preloadConfirm : undefined}
              onFocus={atOne ? preloadConfirm : undefined}
              onClick={(event) => {
                if (!atOne) return void setCartQuantity(item, itemType, quantity - 1);
                ask(
                  {
                    title: "Do you want to remove this item from your cart?",
                    description: label,
                    confirmLabel: "Remove",
                    cancelLabel: "Keep it",
                    onConfirm: () => void setCartQuantity(item, itemType, 0),
                  },
                  event.currentTarget,
                );
              }}
              className={`${stepButton} ${atOne ? "text-stone/60" : ""}`}
            >
              <Minus className="size-4" aria-hidden="true" />
            </button>
            <output aria-live="polite" className="min-w-8 text-center text-sm tabular-nums">
              {quantity}
            </output>
            <button
              type="button"
              aria-label={`Increase quantity of ${label}`}
              disabled={quantity >= MAX_QUANTITY}
              onClick={() => void setCartQuantity(item, itemType, quantity + 1)}
              className={stepButton}
            >
              <Plus className="size-4" aria-hidden="true" />
            </button>
          </div>
          {view.status !== "loading" && (
            <p className="text-sm font-medium tabular-nums sm:text-base">
              <span className="sr-only">Line total: </span>
              {formatNaira(cartTotal([{ item: view, quantity }]))}
            </p>
          )}
        </>
      }
    />
  );
}
