import { Minus, Plus } from "lucide-react";
import { useFetcher } from "react-router";
import { formatNaira, koboToNaira, nairaToKobo } from "../../../domain/money";
import type { OrderPreviewLine } from "../../../domain/orders/order-preview";
import { MAX_QUANTITY } from "../../../domain/shopping-lists";
import { ListFields, type ListAnswer } from "../../features/lists/list-forms";
import { ConfirmDialog } from "../form/confirm-dialog";
import { LineItem, lineAnchor, removeButtonClass } from "./line-item";

const stepButton =
  "inline-flex size-10 items-center justify-center rounded-full hover:bg-sand disabled:cursor-not-allowed disabled:text-stone/50 disabled:hover:bg-transparent";

/**
 * A cart line: quantity minus and plus, the line's total at the order's unit price and a
 * remove button, each a form posted to the cart's action (a line the order leaves out
 * keeps only the remove button; see LineItem). Minus at 1 would remove the line, so it
 * asks first (docs/decisions/0006) and looks quieter than usual. The quantity being
 * posted shows at once; the server's copy replaces it when the page's data comes back.
 */
export function CartLineRow({ line }: { line: OrderPreviewLine }) {
  const fetcher = useFetcher<ListAnswer>();
  const { item, itemType, details } = line;
  const name = details.name;
  const posted = fetcher.formData;
  const removing = posted?.get("intent") === "remove";
  const quantity = posted?.get("intent") === "quantity" ? Number(posted.get("quantity")) : line.quantity;
  // The line is the item in its option: a change names both.
  const ref = { itemType, itemId: item, option: line.option };
  const back = lineAnchor(line._id);
  const removeFields = <ListFields intent="remove" item={ref} back={back} />;
  const step = (to: number, label: string, icon: React.ReactNode, disabled = false) => (
    <fetcher.Form method="post" action="/cart" className="flex">
      <ListFields intent="quantity" item={ref} quantity={to} back={back} />
      <button type="submit" aria-label={label} disabled={disabled} className={stepButton}>
        {icon}
      </button>
    </fetcher.Form>
  );
  const minus = <Minus className="size-4" aria-hidden="true" />;
  return (
    <LineItem
      lineId={line._id}
      item={item}
      itemType={itemType}
      option={line.option}
      details={details}
      leftOut={line.leftOut}
      busy={removing}
      removeForm={(icon) => (
        <fetcher.Form method="post" action="/cart">
          {removeFields}
          <button type="submit" aria-label={`Remove ${name} from cart`} className={removeButtonClass}>
            {icon}
          </button>
        </fetcher.Form>
      )}
      actions={
        <>
          <div
            role="group"
            aria-label={`Quantity of ${name}`}
            className="inline-flex items-center rounded-full border border-line"
          >
            {quantity <= 1 ? (
              <ConfirmDialog
                name={`remove-${line._id}`}
                trigger={minus}
                triggerLabel={`Decrease quantity of ${name}`}
                triggerClassName={`${stepButton} text-stone/60`}
                title="Do you want to remove this item from your cart?"
                question={name}
                confirmLabel="Remove"
                pending={removing}
                pendingLabel="Removing…"
                form={({ children, className }) => (
                  <fetcher.Form method="post" action="/cart" className={className}>
                    {removeFields}
                    {children}
                  </fetcher.Form>
                )}
              />
            ) : (
              step(quantity - 1, `Decrease quantity of ${name}`, minus)
            )}
            <output aria-live="polite" className="min-w-8 text-center text-sm tabular-nums">
              {quantity}
            </output>
            {step(
              quantity + 1,
              `Increase quantity of ${name}`,
              <Plus className="size-4" aria-hidden="true" />,
              quantity >= MAX_QUANTITY,
            )}
          </div>
          {/* At the end of the row, or of the next when the row is too narrow for both. */}
          <p className="ml-auto text-sm font-medium tabular-nums sm:text-base">
            <span className="sr-only">Line total: </span>
            {formatNaira(koboToNaira(nairaToKobo(line.unitPrice ?? 0) * quantity))}
          </p>
        </>
      }
    />
  );
}
