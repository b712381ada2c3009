/**
 * What a row of the owner's orders list says beside the reference (docs/product.md,
 * Orders): the total, or for an order whose amount is not the point, what it is — a
 * service request before its visit ("Site visit · Tue 2 Dec, 10:00"), a swatch request
 * ("Swatches · 3 finishes"); and under it what is owed. Nothing says "Paid in full" unless
 * there was something to pay.
 */
import { formatNaira } from "../money";
import type { OrderSummary } from "./order-answers.schema";
import { swatchesLabel } from "./swatches";
import { formatVisit } from "./visits";

type Row = Pick<OrderSummary, "kind" | "status" | "total" | "balance" | "visitBookedFor" | "swatches">;

/** What the row shows instead of an amount, or null when the amount is what it shows. */
export function rowLabel(order: Row): string | null {
  if (order.kind === "swatches") return swatchesLabel(order.swatches ?? 0);
  if (order.kind !== "service" || !["new", "visit_proposed", "visit_booked"].includes(order.status)) return null;
  return `Site visit · ${order.visitBookedFor ? formatVisit(order.visitBookedFor) : "to book"}`;
}

/** What is owed; "Paid in full" only when there was something to pay, and it is paid. */
export function owedLabel(order: Row): string {
  if (order.balance === null) return "";
  if (order.balance > 0) return `Balance ${formatNaira(order.balance)}`;
  return (order.total ?? 0) > 0 ? "Paid in full" : "";
}
