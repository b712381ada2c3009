import { STATUS_LABELS, type OrderStatus } from "../../../domain/orders/order-status";

const TONES: Record<OrderStatus, string> = {
  new: "bg-white text-ink ring-1 ring-line",
  visit_proposed: "bg-[#f3e7da] text-[#7a4a22]",
  visit_booked: "bg-[#e4efe7] text-[#1f5c3b]",
  visited: "bg-[#e4efe7] text-[#1f5c3b]",
  quoted: "bg-[#f3e7da] text-[#7a4a22]",
  deposit_paid: "bg-[#e4efe7] text-[#1f5c3b]",
  in_production: "bg-[#e4efe7] text-[#1f5c3b]",
  ready: "bg-[#1f7a4d] text-white",
  sent: "bg-[#e4efe7] text-[#1f5c3b]",
  delivered: "bg-ink text-white",
  closed: "bg-ink text-white",
  cancelled: "bg-promo/10 text-promo",
};

/** An order's status as a small label, its colour calm until the order is ready. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`inline-flex items-center rounded-full px-3 py-1 text-xs font-medium ${TONES[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}
