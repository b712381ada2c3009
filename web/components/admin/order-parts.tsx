/**
 * What the owner's order screens share: the status as a pill, how long ago an order came
 * in, and whether a new one has waited too long for a reply.
 */
import { STATUS_LABELS, type OrderStatus } from "../../../domain/orders/order-status";

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

/** "24 Nov 2026, 14:05" in Lagos. */
export const whenOf = (iso: string) =>
  new Intl.DateTimeFormat("en-NG", { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Lagos" }).format(
    new Date(iso),
  );

const TONES: Record<OrderStatus, string> = {
  new: "bg-clay text-white",
  quoted: "bg-sand text-ink",
  deposit_paid: "bg-sand text-ink",
  in_production: "bg-sand text-ink",
  ready: "bg-ink text-white",
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
