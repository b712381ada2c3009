/**
 * /admin/orders/:orderId/invoice: the order as an invoice, or a receipt once paid in full,
 * to print on A4 or save as a PDF from the browser's Print. The shop's details come from
 * its settings. It prints alone: the shell around it and the Print button stay on screen
 * (web/app.css, `data-print-alone`). Admins only, like every admin page.
 */
import { data } from "react-router";
import { displayPhone } from "../../../domain/accounts/phone";
import { formatNaira } from "../../../domain/money";
import { lagosToday } from "../../../domain/catalog/furniture";
import { formatDate, formatDay } from "../../../domain/dates";
import { STATUS_LABELS } from "../../../domain/orders/order-status";
import { PAYMENT_METHOD_LABELS } from "../../../domain/orders/orders.schema";
import { requireStaffPage, withAmounts } from "../../features/admin/admin-page.server";
import type { Route } from "./+types/order-invoice";
import { PrintBar } from "../../components/ui/print-bar";
import { LineThumbnail } from "../../components/orders/line-thumbnail";

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: loaded ? `${loaded.receipt ? "Receipt" : "Invoice"} ${loaded.order.reference}` : "Invoice" },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  requireStaffPage(context, "money.read");
  const found = await context.orderDesk.get(params.orderId);
  if (!found) throw data("Order not found.", { status: 404 });
  const order = withAmounts(found);
  const { shopName, address, phone, email } = context.site;
  return {
    order,
    shop: { name: shopName, address, phone: displayPhone(phone), email },
    receipt: order.total > 0 && order.balance === 0,
    /** The day it is printed, in Lagos: "2026-11-24". */
    today: lagosToday(),
  };
}

const cell = "py-2 align-top";

export default function OrderInvoice({ loaderData }: Route.ComponentProps) {
  const { order, shop, receipt, today } = loaderData;
  const title = receipt ? "Receipt" : "Invoice";
  // Once quoted, the invoice prints the lines of the version the order stands on: the latest
  // approved, else the latest sent. A newer version waiting for approval is named, not printed.
  const printed = order.approvedQuote ?? order.quote;
  const waiting = order.approvedQuote && order.quote;
  const rows = printed
    ? printed.lines.map((line, index) => ({
        key: `quote-${index}`,
        name: line.name,
        detail: [line.finish, line.dimensions].filter(Boolean).join(" · "),
        image: null,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
      }))
    : order.lines.map((line) => ({
        key: line._id,
        name: line.name,
        detail: line.option && `Finish: ${line.option}`,
        image: line.image,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
      }));
  return (
    <div data-print-alone className="mx-auto max-w-[210mm] px-4 py-6 sm:px-8 print:max-w-none print:p-0">
      <PrintBar back={{ to: `/admin/orders/${order._id}`, label: `Back to order ${order.reference}` }} />

      <article
        aria-label={`${title} ${order.reference}`}
        className="rounded-3xl border border-line bg-white p-5 text-sm sm:p-10 print:rounded-none print:border-0 print:p-0"
      >
        <header className="flex flex-wrap justify-between gap-6 border-b border-line pb-6">
          <div className="min-w-0">
            <p className="font-serif text-2xl">{shop.name}</p>
            <address className="mt-2 whitespace-pre-line text-stone not-italic">
              {shop.address}
              {"\n"}
              {shop.phone}
              {"\n"}
              {shop.email}
            </address>
          </div>
          <div className="text-left sm:text-right">
            <h1 className="font-serif text-3xl">{title}</h1>
            <dl className="mt-2 space-y-0.5">
              <div>
                <dt className="inline text-stone">Reference </dt>
                <dd className="inline tracking-wide tabular-nums font-semibold">{order.reference}</dd>
              </div>
              <div>
                <dt className="inline text-stone">Ordered </dt>
                <dd className="inline">{formatDay(order.createdAt.slice(0, 10))}</dd>
              </div>
              <div>
                <dt className="inline text-stone">Date </dt>
                <dd className="inline">{formatDay(today)}</dd>
              </div>
              <div>
                <dt className="inline text-stone">Status </dt>
                <dd className="inline">{STATUS_LABELS[order.status]}</dd>
              </div>
            </dl>
          </div>
        </header>

        {printed && (
          <div className="border-b border-line py-3 text-stone">
            <p>
              Quote version {printed.version}
              {printed.approvedBy && printed.approvedAt
                ? `, approved by ${printed.approvedBy} on ${formatDate(printed.approvedAt)}`
                : ""}
            </p>
            {waiting && (
              <p className="mt-1">
                Version {waiting.version} waits for the customer’s approval: until then the invoice stands on version{" "}
                {printed.version}.
              </p>
            )}
          </div>
        )}
        <section aria-label="Customer" className="border-b border-line py-5">
          <p className="text-xs tracking-wide text-stone uppercase">Billed to</p>
          <p className="mt-1 font-medium">{order.customer.name ?? "Customer"}</p>
          {order.customer.phone && <p>{displayPhone(order.customer.phone)}</p>}
          {order.customer.area && <p>{order.customer.area}</p>}
        </section>

        <table className="mt-4 w-full border-collapse tabular-nums">
          <thead>
            <tr className="border-b border-line text-left text-xs tracking-wide text-stone uppercase">
              <th scope="col" className="py-2 font-normal">
                Item
              </th>
              <th scope="col" className="py-2 text-right font-normal">
                Qty
              </th>
              <th scope="col" className="hidden py-2 text-right font-normal sm:table-cell print:table-cell">
                Unit price
              </th>
              <th scope="col" className="py-2 text-right font-normal">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {order.service && (
              <tr className="border-b border-line">
                <td className={cell} colSpan={4}>
                  Service: {order.service.name}
                </td>
              </tr>
            )}
            {rows.map((line) => (
              <tr key={line.key} className="border-b border-line">
                <td className={`${cell} pr-3`}>
                  <div className="flex items-start gap-3">
                    {line.image && <LineThumbnail image={line.image} className="hidden size-12 sm:block print:block" />}
                    <div className="min-w-0">
                      {line.name}
                      {line.detail && <span className="block text-stone">{line.detail}</span>}
                    </div>
                  </div>
                </td>
                <td className={`${cell} text-right`}>{line.quantity}</td>
                <td className={`${cell} hidden text-right sm:table-cell print:table-cell`}>
                  {formatNaira(line.unitPrice)}
                </td>
                <td className={`${cell} pl-3 text-right whitespace-nowrap`}>
                  {formatNaira(line.unitPrice * line.quantity)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>

        <dl className="mt-4 ml-auto w-full max-w-xs space-y-1.5 tabular-nums">
          <Sum label="Subtotal" value={formatNaira(order.subtotal)} />
          {order.fees.map((fee, index) => (
            <Sum key={`${fee.label}-${index}`} label={fee.label} value={formatNaira(fee.amount)} />
          ))}
          {order.discount > 0 && <Sum label="Discount" value={`− ${formatNaira(order.discount)}`} />}
          <Sum label="Total" value={formatNaira(order.total)} strong />
        </dl>

        <section aria-labelledby="invoice-payments" className="mt-8">
          <h2 id="invoice-payments" className="text-xs tracking-wide text-stone uppercase">
            Payments
          </h2>
          {order.payments.length === 0 ? (
            <p className="mt-2">No payment yet. Deposit to start: {formatNaira(order.depositDue)}.</p>
          ) : (
            <ul className="mt-2 divide-y divide-line tabular-nums">
              {order.payments.map((payment) => (
                <li key={payment._id} className="flex justify-between gap-3 py-1.5">
                  <span className="min-w-0">
                    {formatDay(payment.paidOn)} · {PAYMENT_METHOD_LABELS[payment.method]}
                    {payment.reference && <span className="tracking-wide tabular-nums"> · {payment.reference}</span>}
                    {payment.note ? ` · ${payment.note}` : ""}
                  </span>
                  <span className="whitespace-nowrap">{formatNaira(payment.amount)}</span>
                </li>
              ))}
            </ul>
          )}
          <dl className="mt-3 ml-auto w-full max-w-xs space-y-1.5 border-t border-line pt-3 tabular-nums">
            <Sum label="Paid" value={formatNaira(order.paid)} />
            {order.writtenOff > 0 && <Sum label="Written off" value={`− ${formatNaira(order.writtenOff)}`} />}
            <Sum label="Balance due" value={formatNaira(order.balance)} strong />
          </dl>
        </section>

        <footer className="mt-10 border-t border-line pt-4 text-xs break-all text-stone">
          Thank you for your order. Follow it at {order.trackingUrl}
        </footer>
      </article>
    </div>
  );
}

function Sum({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? "text-base font-semibold" : ""}`}>
      <dt className={strong ? "" : "text-stone"}>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
