/**
 * /receipts/:token: one payment's receipt, linked from the order's tracking page
 * (docs/product.md, Payments), to print on A4 or save as a PDF from the browser's Print.
 * Like the tracking link, its token is the only key: no cache keeps it, no search engine
 * lists it, and an unknown one is the site's plain 404. It prints alone: the shop's header
 * and footer and the Print button stay on screen (web/app.css, `data-print-alone`).
 */
import { data } from "react-router";
import { displayPhone } from "../../domain/accounts/phone";
import { formatNaira } from "../../domain/money";
import { formatDate, formatDay } from "../../domain/dates";
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from "../../domain/orders/orders.schema";
import type { Route } from "./+types/receipt";
import { PrintBar } from "../components/ui/print-bar";

export async function loader({ params, context }: Route.LoaderArgs) {
  const receipt = await context.payments.receipt(params.token);
  if (!receipt) throw data(null, { status: 404 });
  const tracking = URL.parse(receipt.trackingUrl);
  return {
    receipt: {
      ...receipt,
      shop: { ...receipt.shop, phone: receipt.shop.phone ? displayPhone(receipt.shop.phone) : "" },
      method: PAYMENT_METHOD_LABELS[receipt.method as PaymentMethod] ?? receipt.method,
      paidOn: receipt.paidOn.length === 10 ? formatDay(receipt.paidOn) : formatDate(receipt.paidOn),
    },
    trackingPath: tracking ? tracking.pathname : null,
  };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Receipt · Order ${loaderData.receipt.orderReference}` : "404 Not Found" },
  { name: "robots", content: "noindex" },
];

export default function ReceiptPage({ loaderData }: Route.ComponentProps) {
  const { receipt, trackingPath } = loaderData;
  const { shop } = receipt;
  return (
    <div data-print-alone className="mx-auto max-w-[210mm] px-4 py-8 sm:px-8 md:py-12 print:max-w-none print:p-0">
      <PrintBar back={trackingPath ? { to: trackingPath, label: `Back to order ${receipt.orderReference}` } : null} />

      <article
        aria-labelledby="receipt-title"
        className="rounded-3xl border border-line bg-white p-6 text-sm sm:p-10 print:rounded-none print:border-0 print:p-0"
      >
        <header className="flex flex-wrap justify-between gap-6 border-b border-line pb-6">
          <div className="min-w-0">
            <p className="font-serif text-2xl">{shop.name}</p>
            <address className="mt-2 whitespace-pre-line text-stone not-italic">
              {[shop.address, shop.phone, shop.email].filter(Boolean).join("\n")}
            </address>
          </div>
          <div className="sm:text-right">
            <h1 id="receipt-title" className="font-serif text-3xl">
              Receipt
            </h1>
            <dl className="mt-2 space-y-0.5">
              <Inline label="Order" value={receipt.orderReference} isReference />
              {/* The payment's date, said once: here at the head, where a receipt's date is looked for. */}
              <Inline label="Paid on" value={receipt.paidOn} />
            </dl>
          </div>
        </header>

        <section aria-label="Received from" className="border-b border-line py-5">
          <p className="text-xs tracking-wide text-stone uppercase">Received from</p>
          <p className="mt-1 text-[15px] font-medium">{receipt.customerName ?? "Customer"}</p>
        </section>

        <section aria-label="This payment" className="border-b border-line py-6">
          <p className="text-xs tracking-wide text-stone uppercase">Amount paid</p>
          <p className="mt-1 font-serif text-4xl tabular-nums">{formatNaira(receipt.amount)}</p>
          <dl className="mt-5 grid gap-4 sm:grid-cols-2">
            <Stacked label="Method" value={receipt.method} />
            <Stacked label="Reference" value={receipt.reference ?? "—"} isReference={receipt.reference !== null} />
          </dl>
        </section>

        <dl className="mt-6 ml-auto w-full max-w-xs space-y-1.5 tabular-nums">
          <Sum label="Order total" value={formatNaira(receipt.orderTotal)} />
          <Sum label="Paid to date" value={formatNaira(receipt.paidToDate)} />
          <Sum label="Balance" value={formatNaira(receipt.balance)} strong />
        </dl>

        <footer className="mt-10 border-t border-line pt-4 text-xs break-all text-stone">
          Thank you. Follow your order at {receipt.trackingUrl}
        </footer>
      </article>
    </div>
  );
}

function Inline({ label, value, isReference = false }: { label: string; value: string; isReference?: boolean }) {
  return (
    <div>
      <dt className="inline text-stone">{label} </dt>
      <dd className={`inline ${isReference ? "tracking-wide tabular-nums font-semibold" : ""}`}>{value}</dd>
    </div>
  );
}

function Stacked({ label, value, isReference = false }: { label: string; value: string; isReference?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-stone">{label}</dt>
      <dd className={`mt-0.5 text-[15px] break-words ${isReference ? "tracking-wide tabular-nums" : ""}`}>{value}</dd>
    </div>
  );
}

function Sum({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? "border-t border-line pt-2 text-base font-semibold" : ""}`}>
      <dt className={strong ? "" : "text-stone"}>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
