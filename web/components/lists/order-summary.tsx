import { Link } from "react-router";
import { formatNaira } from "../../../domain/money";
import { WhatsAppIcon } from "../ui/brand-icons";
import { itemsText } from "./list-layout";

const box = "rounded-3xl bg-sand p-6 sm:p-8 lg:sticky lg:top-24 lg:col-span-4";
const orderButton =
  "mt-6 flex h-12 w-full items-center justify-center gap-2 rounded-full bg-[#1f7a4d] text-sm text-white hover:bg-[#18663f]";

export interface OrderTotals {
  /** Pieces in the order (sold items are left out). */
  count: number;
  total: number;
  /** Lines left out of the order (their item sold). */
  left: number;
}

/**
 * Subtotal, total and the way to order on WhatsApp (through the order sheet), at the
 * server's current prices, worked out by the cart's loader. Sold items are left out of
 * the order, and the summary says so.
 */
export function OrderSummary({ count, total, left }: OrderTotals) {
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
        <div className="flex justify-between gap-4">
          <dt className="text-stone">Delivery</dt>
          <dd>Arranged on WhatsApp</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-line pt-4 text-base font-medium">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatNaira(total)}</dd>
        </div>
      </dl>
      {left > 0 && (
        <p className="mt-4 text-sm text-promo">
          {left === 1 ? "1 item is" : `${left} items are`} not available and not included in the order.
        </p>
      )}
      {count > 0 ? (
        <Link to="/order?kind=cart" className={orderButton}>
          <WhatsAppIcon className="size-5" />
          Order on WhatsApp
        </Link>
      ) : (
        <button type="button" disabled className={`${orderButton} cursor-not-allowed opacity-60`}>
          <WhatsAppIcon className="size-5" />
          Order on WhatsApp
        </button>
      )}
      <p className="mt-3 text-center text-xs leading-relaxed text-stone">
        Add your name and area if you like, then WhatsApp opens with your items, quantities and total filled in.
      </p>
    </section>
  );
}
