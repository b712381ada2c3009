/**
 * An order's tracking page, reached by the link in its WhatsApp message (docs/product.md,
 * Ordering on WhatsApp). Anyone holding the link may read it, so it shows the order and
 * never the customer: no phone, e-mail or address (the public view has none). An unknown
 * link is the site's plain 404.
 */
import { data, Link } from "react-router";
import { formatNaira } from "../../domain/money";
import { formatDay } from "../../domain/orders/order-messages";
import { STATUS_EXPLANATIONS, STATUS_LABELS } from "../../domain/orders/order-status";
import { whatsappLink } from "../../domain/whatsapp";
import { OrderStatusBadge } from "../components/orders/order-status-badge";
import { WhatsAppIcon } from "../components/ui/brand-icons";
import { formatDate, formatMoment } from "../lib/order-dates.server";
import { useShell } from "../lib/use-shell";
import type { Route } from "./+types/order-tracking";

export async function loader({ params, context }: Route.LoaderArgs) {
  const order = await context.orders.track(params.token);
  if (!order) throw data(null, { status: 404 });
  return {
    order,
    placedOn: formatDate(order.createdAt),
    events: order.events.map((event, index) => ({ ...event, key: index, when: formatMoment(event.at) })),
    readyOn: order.expectedReadyDate ? formatDay(order.expectedReadyDate) : null,
  };
}

// The link is the only key to the order: no cache keeps the page, and no search engine lists it.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Order ${loaderData.order.reference}` : "404 Not Found" },
  { name: "robots", content: "noindex" },
];

const section = "border-t border-line pt-8";
const heading = "font-serif text-2xl";

export default function OrderTracking({ loaderData }: Route.ComponentProps) {
  const { order, placedOn, events, readyOn } = loaderData;
  const { site } = useShell();
  const finished = ["delivered", "closed", "cancelled"].includes(order.status);
  const number = order.kind === "service" ? (site.servicesWhatsappNumber ?? site.whatsappNumber) : site.whatsappNumber;
  const priced = order.lines.length > 0 || order.total > 0;

  return (
    <div className="mx-auto max-w-6xl px-5 pt-8 pb-28 md:px-8 md:pt-12 lg:pb-20">
      <p className="text-xs tracking-[0.2em] text-stone uppercase">
        {order.kind === "service" ? "Your request" : "Your order"}
      </p>
      <h1 className="mt-3 font-serif text-3xl leading-tight md:text-4xl">Order {order.reference}</h1>
      <p className="mt-2 text-stone">Placed on {placedOn}</p>

      <section aria-labelledby="status" className="mt-8 rounded-3xl bg-sand p-6 sm:p-8">
        <h2 id="status" className="sr-only">
          Status
        </h2>
        <OrderStatusBadge status={order.status} />
        <p className="mt-4 font-serif text-xl leading-snug sm:text-2xl">{STATUS_EXPLANATIONS[order.status]}</p>
        {readyOn && !finished && (
          <p className="mt-4 text-sm">
            <span className="text-stone">Expected ready:</span> <span className="font-medium">{readyOn}</span>
          </p>
        )}
      </section>

      <div className="mt-10 grid gap-10 lg:grid-cols-12 lg:gap-14">
        <div className="space-y-10 lg:col-span-7">
          {order.service && (
            <section aria-labelledby="request" className={section}>
              <h2 id="request" className={heading}>
                {order.service.name}
              </h2>
              <p className="mt-4 leading-relaxed whitespace-pre-line">{order.service.brief}</p>
              {(order.service.area || order.service.budget) && (
                <dl className="mt-5 grid grid-cols-2 gap-4 text-sm">
                  {order.service.area && (
                    <div>
                      <dt className="text-stone">Area</dt>
                      <dd className="mt-0.5">{order.service.area}</dd>
                    </div>
                  )}
                  {order.service.budget && (
                    <div>
                      <dt className="text-stone">Budget</dt>
                      <dd className="mt-0.5">{order.service.budget}</dd>
                    </div>
                  )}
                </dl>
              )}
            </section>
          )}

          {order.lines.length > 0 && (
            <section aria-labelledby="items" className={section}>
              <h2 id="items" className={heading}>
                What you ordered
              </h2>
              <ul className="mt-4 divide-y divide-line">
                {order.lines.map((line) => (
                  <li key={line._id} className="flex items-start justify-between gap-4 py-4">
                    <div className="min-w-0">
                      {line.inCatalogue ? (
                        <Link
                          to={new URL(line.url).pathname}
                          className="font-medium underline-offset-4 hover:underline"
                        >
                          {line.name}
                        </Link>
                      ) : (
                        <p className="font-medium">{line.name}</p>
                      )}
                      {line.option && <p className="mt-0.5 text-sm text-stone">{line.option}</p>}
                      <p className="mt-0.5 text-sm text-stone tabular-nums">
                        {line.quantity} × {formatNaira(line.unitPrice)}
                      </p>
                      {!line.inCatalogue && (
                        <p className="mt-0.5 text-xs text-stone italic">No longer in the catalogue</p>
                      )}
                    </div>
                    <p className="shrink-0 tabular-nums">{formatNaira(line.unitPrice * line.quantity)}</p>
                  </li>
                ))}
              </ul>
            </section>
          )}

          {priced && (
            <section aria-labelledby="payment" className={section}>
              <h2 id="payment" className={heading}>
                Payment
              </h2>
              <dl className="mt-4 space-y-3 text-sm">
                <Row label="Items" value={formatNaira(order.subtotal)} />
                {order.fees.map((fee, index) => (
                  <Row key={index} label={fee.label} value={formatNaira(fee.amount)} />
                ))}
                {order.discount > 0 && <Row label="Discount" value={`−${formatNaira(order.discount)}`} />}
                <Row label="Total" value={formatNaira(order.total)} strong divided />
                <Row label="Deposit due" value={formatNaira(order.depositDue)} />
                <Row label="Paid" value={formatNaira(order.paid)} />
                <Row label="Balance" value={formatNaira(order.balance)} strong />
              </dl>
            </section>
          )}
        </div>

        <aside className="lg:col-span-5">
          <section aria-labelledby="history" className={section}>
            <h2 id="history" className={heading}>
              Status history
            </h2>
            <ol className="mt-5">
              {[...events].reverse().map((event, index) => (
                <li key={event.key} className="relative flex gap-4 pb-6 last:pb-0">
                  {index < events.length - 1 && (
                    <span aria-hidden="true" className="absolute top-3 left-[5px] h-full w-px bg-line" />
                  )}
                  <span
                    aria-hidden="true"
                    className={`relative mt-1.5 size-[11px] shrink-0 rounded-full ${index === 0 ? "bg-ink" : "bg-line"}`}
                  />
                  <div>
                    <p className="font-medium">{event.status ? STATUS_LABELS[event.status] : "Update"}</p>
                    <p className="text-sm text-stone">{event.when}</p>
                    {event.note && <p className="mt-1 text-sm">{event.note}</p>}
                  </div>
                </li>
              ))}
            </ol>
          </section>
          <div className="mt-10 rounded-2xl border border-line p-5 text-sm leading-relaxed">
            <p>
              Questions about this order? Quote <span className="font-medium">{order.reference}</span> and we will help.
            </p>
            <a
              href={whatsappLink(number, `Hello! A question about my order ${order.reference}.`)}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-4 flex h-11 items-center justify-center gap-2 rounded-full bg-[#1f7a4d] text-white hover:bg-[#18663f]"
            >
              <WhatsAppIcon className="size-5" />
              Ask about this order
            </a>
          </div>
        </aside>
      </div>
    </div>
  );
}

function Row({ label, value, strong, divided }: { label: string; value: string; strong?: boolean; divided?: boolean }) {
  return (
    <div
      className={`flex justify-between gap-4 ${strong ? "text-base font-medium" : ""} ${divided ? "border-t border-line pt-3" : ""}`}
    >
      <dt className={strong ? "" : "text-stone"}>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
