/**
 * The dashboard's first word: what the orders ask of the owner today. New orders waiting
 * for a reply (a day or more marked), orders ready to deliver, what open orders still owe,
 * how many orders are at each step, and the last 30 days' orders as a small chart drawn
 * on the server (plain SVG).
 */
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { formatNaira } from "../../../domain/money";
import type { OrdersAtAGlance, OrderSummary } from "../../../domain/orders/order-answers.schema";
import { formatDay } from "../../../domain/dates";
import { ORDER_STATUSES, STATUS_LABELS } from "../../../domain/orders/order-status";
import { ageOf, waitsTooLong } from "./order-parts";
import { VisitTomorrow } from "./order-visit";
import { allows } from "../../../domain/staff/permissions";
import { useAdminViewer } from "./admin-sidebar";
import { useShell } from "../../lib/use-shell";
import { trackingPath } from "../../../domain/orders/visits";

/** The visits booked for tomorrow, each with its WhatsApp reminder. */
function VisitsTomorrow({ visits }: { visits: OrdersAtAGlance["visitsTomorrow"] }) {
  const { site } = useShell();
  if (visits.length === 0) return null;
  return (
    <ul className="space-y-2" aria-label="Visits tomorrow">
      {visits.map((visit) => (
        <li key={visit._id} className="flex flex-wrap items-center gap-2">
          <Link
            to={`/admin/orders/${visit._id}`}
            className="tracking-wide tabular-nums text-sm underline-offset-2 hover:underline"
          >
            {visit.reference}
          </Link>
          <VisitTomorrow
            order={{
              reference: visit.reference,
              trackingUrl: site.publicUrl.replace(/\/+$/, "") + trackingPath(visit.trackingToken),
              customer: { name: visit.customerName, phone: visit.customerPhone },
              visit: { bookedFor: visit.bookedFor },
            }}
            shopName={site.shopName}
          />
        </li>
      ))}
    </ul>
  );
}

const card = "rounded-3xl border border-line bg-white p-5";

export function OrdersToday({
  orders,
  now,
  withWaiting,
}: {
  orders: OrdersAtAGlance;
  now: number;
  /** The new orders waiting for a reply, unless Today's block shows them already. */
  withWaiting: boolean;
}) {
  return (
    <section aria-labelledby="orders-today" className="space-y-4">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="orders-today" className="font-serif text-2xl">
          Orders today
        </h2>
        <Link to="/admin/orders" className="inline-flex items-center gap-1 text-sm underline-offset-2 hover:underline">
          All orders <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      <VisitsTomorrow visits={orders.visitsTomorrow} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {withWaiting && (
          <OrderList
            title="Waiting for your reply"
            empty="No new order waiting. Well done."
            orders={orders.waiting}
            more={orders.byStatus.new - orders.waiting.length}
            moreHref="/admin/orders?status=new"
            now={now}
          />
        )}
        <OrderList
          title="Ready for delivery"
          empty="Nothing ready to deliver."
          orders={orders.ready}
          more={orders.byStatus.ready - orders.ready.length}
          moreHref="/admin/orders?status=ready"
          now={now}
        />
      </div>
      {orders.depositsOutstanding !== null && orders.balancesOutstanding !== null && (
        <dl className="grid grid-cols-2 gap-3 md:gap-4">
          <div className={card}>
            <dt className="text-sm text-stone">Deposits to collect</dt>
            <dd className="mt-1 font-serif text-lg break-words tabular-nums sm:text-3xl">
              {formatNaira(orders.depositsOutstanding)}
            </dd>
          </div>
          <div className={card}>
            <dt className="text-sm text-stone">Balances on quoted orders</dt>
            <dd className="mt-1 font-serif text-lg break-words tabular-nums sm:text-3xl">
              {formatNaira(orders.balancesOutstanding)}
            </dd>
          </div>
        </dl>
      )}
      <nav aria-label="Orders by status" className={card}>
        <ul className="flex flex-wrap gap-2">
          {ORDER_STATUSES.map((status) => (
            <li key={status}>
              <Link
                to={`/admin/orders?status=${status}`}
                className="inline-flex h-9 items-center gap-2 rounded-full border border-line px-3.5 text-sm hover:border-ink"
              >
                {STATUS_LABELS[status]}
                <span className="font-semibold tabular-nums">{orders.byStatus[status]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <OrdersChart perDay={orders.perDay} />
    </section>
  );
}

function OrderList({
  title,
  empty,
  orders,
  more,
  moreHref,
  now,
}: {
  title: string;
  empty: string;
  orders: OrderSummary[];
  more: number;
  moreHref: string;
  now: number;
}) {
  // Without a name from the server, "No name" only to those it sends names to.
  const mayName = allows(useAdminViewer()?.roles ?? [], "customers.name");
  return (
    <section aria-label={title} className={card}>
      <h3 className="font-medium">
        {title} <span className="text-stone tabular-nums">({orders.length + Math.max(0, more)})</span>
      </h3>
      {orders.length === 0 ? (
        <p className="mt-2 text-sm text-stone">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {orders.map((order) => {
            const late = waitsTooLong(order, now);
            return (
              <li key={order._id}>
                <Link
                  to={`/admin/orders/${order._id}`}
                  className={`-mx-2 flex items-center justify-between gap-3 rounded-xl px-2 py-2 text-sm ${late ? "bg-clay/10 hover:bg-clay/15" : "hover:bg-sand/60"}`}
                >
                  <span className="min-w-0 truncate">
                    <span className="tracking-wide tabular-nums font-semibold">{order.reference}</span>{" "}
                    {(order.customerName ?? mayName) && <span>{order.customerName ?? "No name"} · </span>}
                    <span className="text-stone">{order.summary}</span>
                  </span>
                  <span className={`shrink-0 text-xs tabular-nums ${late ? "font-medium text-clay" : "text-stone"}`}>
                    {late ? `Waiting ${ageOf(order.createdAt, now)}` : ageOf(order.createdAt, now)}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {more > 0 && (
        <Link to={moreHref} className="mt-2 inline-block text-sm underline underline-offset-2">
          {more} more
        </Link>
      )}
    </section>
  );
}

const WIDTH = 300;
const HEIGHT = 80;

/** Bars, one a day, oldest on the left; its numbers are also in a table for screen readers. */
function OrdersChart({ perDay }: { perDay: OrdersAtAGlance["perDay"] }) {
  const most = Math.max(1, ...perDay.map((day) => day.count));
  const total = perDay.reduce((sum, day) => sum + day.count, 0);
  const slot = WIDTH / Math.max(1, perDay.length);
  const first = perDay[0];
  const last = perDay.at(-1);
  return (
    <figure className={card}>
      <figcaption className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium">Orders, last 30 days</span>
        <span className="text-stone tabular-nums">{total} in all</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + 2}`}
        className="mt-3 h-24 w-full"
        preserveAspectRatio="none"
        aria-hidden="true"
        data-testid="orders-chart"
      >
        <line x1="0" y1={HEIGHT + 1} x2={WIDTH} y2={HEIGHT + 1} stroke="var(--color-line)" strokeWidth="1" />
        {perDay.map((day, index) => {
          const height = day.count === 0 ? 0 : Math.max(3, (day.count / most) * HEIGHT);
          return (
            <rect
              key={day.day}
              x={index * slot + slot * 0.15}
              y={HEIGHT - height}
              width={slot * 0.7}
              height={height}
              rx="1.5"
              fill={index === perDay.length - 1 ? "var(--color-clay)" : "var(--color-ink)"}
            >
              <title>{`${formatDay(day.day)}: ${day.count}`}</title>
            </rect>
          );
        })}
      </svg>
      {first && last && (
        <div className="mt-1 flex justify-between text-xs text-stone" aria-hidden="true">
          <span>{formatDay(first.day)}</span>
          <span>Today</span>
        </div>
      )}
      <table className="sr-only">
        <caption>Orders per day, last 30 days</caption>
        <tbody>
          {perDay.map((day) => (
            <tr key={day.day}>
              <th scope="row">{formatDay(day.day)}</th>
              <td>{day.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
