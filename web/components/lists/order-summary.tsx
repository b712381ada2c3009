import { Link } from "react-router";
import { formatNaira } from "../../../domain/money";
import { WhatsAppIcon } from "../ui/brand-icons";
import { itemsText } from "./list-layout";
import type { ChosenDelivery } from "../../../domain/delivery/delivery.actions";
import type { DeliveryQuote } from "../../../domain/delivery/delivery.schema";
import { DeliveryChoiceForm, DeliveryRows } from "../delivery/delivery-parts";

const box = "rounded-3xl bg-sand p-6 sm:p-8 lg:sticky lg:top-24 lg:col-span-4";
const orderButton =
  "flex h-12 items-center justify-center gap-2 rounded-full bg-[#1f7a4d] text-sm text-white hover:bg-[#18663f]";

export interface OrderTotals {
  /** Pieces in the order (sold items are left out). */
  count: number;
  total: number;
  /** The delivery lines for the shopper's chosen area, and the total with them. */
  delivery: DeliveryQuote | null;
  chosen: ChosenDelivery | null;
  grandTotal: number;
  /** Lines left out of the order (their item sold). */
  left: number;
}

/**
 * Subtotal, total and the way to order on WhatsApp (through the order sheet), at the
 * server's current prices, worked out by the cart's loader. Sold items are left out of
 * the order, and the summary says so. Below large screens the total and the order
 * button are the order bar's instead (see OrderBar).
 */
export function OrderSummary({ count, total, left, delivery, chosen, grandTotal }: OrderTotals) {
  return (
    <section aria-labelledby="order-summary" className={box}>
      <h2 id="order-summary" className="font-serif text-2xl">
        Order Summary
      </h2>
      <dl className="mt-6 space-y-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-stone">Subtotal ({itemsText(count)})</dt>
          <dd className="tabular-nums">{formatNaira(total)}</dd>
        </div>
        <DeliveryRows delivery={delivery} chosen={chosen} back="/cart" />
        <div className="flex justify-between gap-4 border-t border-line pt-4 text-base font-medium max-lg:hidden">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatNaira(grandTotal)}</dd>
        </div>
      </dl>
      <div className="mt-5">
        <DeliveryChoiceForm chosen={chosen} installationOffered={delivery?.installationOffered ?? false} back="/cart" />
      </div>
      {left > 0 && (
        <p className="mt-4 text-sm text-promo">
          {left === 1 ? "1 item is" : `${left} items are`} not available and not included in the order.
        </p>
      )}
      <OrderButton count={count} className="mt-6 w-full max-lg:hidden" />
      <p className="mt-4 text-center text-xs leading-relaxed text-stone lg:mt-3">
        Add your name if you like, then WhatsApp opens with your items, delivery and total filled in.
      </p>
    </section>
  );
}

/**
 * The total and the order button within reach below large screens: it stays just above
 * the bottom bar while the cart's lines and summary pass under it, and comes to rest
 * after the summary, so at the end of the cart it covers nothing.
 */
export function OrderBar({ count, total }: Pick<OrderTotals, "count" | "total">) {
  return (
    <div className="sticky bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-30 mt-4 flex items-center justify-between gap-3 rounded-2xl border border-line bg-white/95 py-2 pr-2 pl-5 shadow-[0_8px_30px_rgba(31,28,25,0.12)] backdrop-blur lg:hidden">
      <p className="flex min-w-0 flex-col">
        <span className="text-xs text-stone">Total, {itemsText(count)}</span>
        <span className="font-medium tabular-nums">{formatNaira(total)}</span>
      </p>
      <OrderButton count={count} short className="shrink-0 px-6" />
    </div>
  );
}

/**
 * Order on WhatsApp: to the order sheet, or shown disabled while nothing in the cart can be
 * ordered. `short` shows "Order" beside the WhatsApp mark, leaving room for a long total.
 */
function OrderButton({ count, className, short = false }: { count: number; className: string; short?: boolean }) {
  const content = (
    <>
      <WhatsAppIcon className="size-5" />
      <span>
        Order<span className={short ? "sr-only" : undefined}> on WhatsApp</span>
      </span>
    </>
  );
  return count > 0 ? (
    <Link to="/order?kind=cart" className={`${orderButton} ${className}`}>
      {content}
    </Link>
  ) : (
    <button type="button" disabled className={`${orderButton} ${className} cursor-not-allowed opacity-60`}>
      {content}
    </button>
  );
}
