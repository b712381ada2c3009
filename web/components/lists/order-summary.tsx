import { formatNaira } from "../../../domain/money";
import type { CartLine } from "../../../domain/shopping-lists";
import { cartOrderLink, cartTotal } from "../../../domain/whatsapp";
import type { ItemView } from "../../features/item-details";
import { useShell } from "../../lib/use-shell";
import { WhatsAppIcon } from "../ui/brand-icons";
import { itemsText } from "./list-layout";

const box = "rounded-3xl bg-sand p-6 sm:p-8 lg:sticky lg:top-24 lg:col-span-4";
const orderButton =
  "mt-6 flex h-12 w-full items-center justify-center gap-2 rounded-full bg-[#1f7a4d] text-sm text-white hover:bg-[#18663f]";

/**
 * Subtotal, total and the WhatsApp order: every line at the server's current price
 * (SPEC.md §1). Items the server could not describe count as 0 and sold ones are left
 * out of the order, and the summary says so.
 */
export function OrderSummary({ lines, view }: { lines: CartLine[]; view: (line: CartLine) => ItemView }) {
  const { site } = useShell();
  const views = lines.map((line) => ({ line, view: view(line) }));
  const loading = views.some((v) => v.view.status === "loading");
  const orderable = views.flatMap(({ line, view }) =>
    view.status === "ready" && !view.sold
      ? [{ itemType: line.itemType, id: line.item, item: view, quantity: line.quantity }]
      : [],
  );
  const left = lines.length - orderable.length;
  const total = cartTotal(orderable);
  const count = orderable.reduce((sum, line) => sum + line.quantity, 0);
  const amount = (value: number) =>
    loading ? <span className="inline-block h-4 w-24 rounded-full bg-white/70 align-middle" /> : formatNaira(value);
  return (
    <section aria-labelledby="order-summary" aria-busy={loading} className={box}>
      <h2 id="order-summary" className="font-serif text-2xl">
        Order Summary
      </h2>
      <dl className="mt-6 space-y-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-stone">Subtotal ({itemsText(count)})</dt>
          <dd className="tabular-nums">{amount(total)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-stone">Delivery</dt>
          <dd>Arranged on WhatsApp</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-line pt-4 text-base font-medium">
          <dt>Total</dt>
          <dd className="tabular-nums">{amount(total)}</dd>
        </div>
      </dl>
      {!loading && left > 0 && (
        <p className="mt-4 text-sm text-promo">
          {left === 1 ? "1 item is" : `${left} items are`} not available and not included in the order.
        </p>
      )}
      {loading || orderable.length === 0 ? (
        <button type="button" disabled className={`${orderButton} cursor-not-allowed opacity-60`}>
          <WhatsAppIcon className="size-5" />
          Order on WhatsApp
        </button>
      ) : (
        <a
          href={cartOrderLink(site.whatsappNumber, site.publicUrl, orderable)}
          target="_blank"
          rel="noopener noreferrer"
          className={orderButton}
        >
          <WhatsAppIcon className="size-5" />
          Order on WhatsApp
        </a>
      )}
      <p className="mt-3 text-center text-xs leading-relaxed text-stone">
        WhatsApp opens with your items, quantities and total filled in.
      </p>
    </section>
  );
}

export function OrderSummarySkeleton() {
  return (
    <div aria-hidden="true" className={box}>
      <div className="h-7 w-40 rounded-full bg-white/70" />
      <div className="mt-6 space-y-4">
        <div className="h-4 rounded-full bg-white/70" />
        <div className="h-4 rounded-full bg-white/70" />
        <div className="h-5 rounded-full bg-white/70" />
      </div>
      <div className="mt-6 h-12 rounded-full bg-white/70" />
    </div>
  );
}
