/**
 * What the owner's order screens share: the status as a pill, how long ago an order came
 * in, whether a new one has waited too long for a reply, an order page's title and a
 * service request's brief.
 */
import { Link } from "react-router";
import { STATUS_LABELS, type OrderStatus } from "../../../domain/orders/order-status";
import { formatMoment } from "../../../domain/dates";

/** A new order unanswered this long is marked on the list and the dashboard. */
const REPLY_WITHIN_MS = 24 * 60 * 60 * 1000;

export const waitsTooLong = (order: { status: OrderStatus; createdAt: string }, now: number) =>
  order.status === "new" && now - Date.parse(order.createdAt) > REPLY_WITHIN_MS;

/** "5 min", "3 h", "2 d": the time since `iso`, against the loader's clock (the same on server and browser). */
export function ageOf(iso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h`;
  return `${Math.floor(minutes / (24 * 60))} d`;
}

const TONES: Record<OrderStatus, string> = {
  new: "bg-clay text-white",
  visit_proposed: "bg-sand text-ink",
  visit_booked: "bg-sand text-ink",
  visited: "bg-sand text-ink",
  quoted: "bg-sand text-ink",
  deposit_paid: "bg-sand text-ink",
  in_production: "bg-sand text-ink",
  ready: "bg-ink text-white",
  sent: "bg-sand text-ink",
  delivered: "border border-line text-stone",
  closed: "border border-line text-stone",
  cancelled: "border border-line text-stone line-through",
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs ${TONES[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}

/** An order page's way back to the list, and its reference and status, as every desk shows them. */
export function OrderTitle({ order }: { order: { reference: string; status: OrderStatus; createdAt: string } }) {
  return (
    <>
      <p className="text-sm text-stone">
        <Link to="/admin/orders" className="underline underline-offset-2 hover:text-ink">
          Orders
        </Link>{" "}
        / {formatMoment(order.createdAt)}
      </p>
      <h1 className="mt-1 flex flex-wrap items-center gap-3 font-serif text-3xl md:text-4xl">
        <span className="tracking-wide tabular-nums">{order.reference}</span>
        <StatusBadge status={order.status} />
      </h1>
    </>
  );
}

interface ServiceDetails {
  name: string;
  brief: string;
  area?: string | null;
  budget?: string | null;
}

/** A service request as the customer wrote it; the workshop's view leaves out the area and budget (`briefOnly`). */
export function ServiceBrief({ service, briefOnly = false }: { service: ServiceDetails; briefOnly?: boolean }) {
  return (
    <dl className="mt-3 space-y-2 text-sm">
      <div>
        <dt className="text-stone">Service</dt>
        <dd className="font-medium">{service.name}</dd>
      </div>
      <div>
        <dt className="text-stone">Brief</dt>
        <dd className="whitespace-pre-line">{service.brief}</dd>
      </div>
      {!briefOnly && service.area && (
        <div>
          <dt className="text-stone">Area</dt>
          <dd>{service.area}</dd>
        </div>
      )}
      {!briefOnly && service.budget && (
        <div>
          <dt className="text-stone">Budget</dt>
          <dd>{service.budget}</dd>
        </div>
      )}
    </dl>
  );
}
