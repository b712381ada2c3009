/**
 * A service request's visit (docs/product.md, Visits). The owner proposes up to five
 * future times (or books one agreed on a call); the customer books one of those proposed
 * on their order's page. Proposing again before the visit replaces the times and the
 * booking. Each step is stamped on the order's timeline with its status.
 */
import { and, eq } from "drizzle-orm";
import { formatNaira, koboToNaira } from "../../../domain/money";
import { paymentRequests } from "../../db/schema/payments";
import { isFinished, type OrderStatus } from "../../../domain/orders/order-status";
import { formatVisit, VISIT_MESSAGES } from "../../../domain/orders/visits";
import type { VisitProposal } from "../../../domain/orders/visits.schema";
import { refuse } from "../../../domain/refusal";
import { isUuidText } from "../../../domain/ids.schema";
import type { Database } from "../../db/client";
import { orderEvents, orders } from "../../db/schema/orders";
import { ORDER_NOT_FOUND } from "./order-desk.service";

type OrderRow = typeof orders.$inferSelect;

/** The statuses at which a visit's times may still be proposed or booked. */
const BEFORE_VISIT: readonly OrderStatus[] = ["new", "visit_proposed", "visit_booked"];

function refuseUnlessVisitable(order: OrderRow) {
  if (order.kind !== "service") throw refuse("conflict", VISIT_MESSAGES.notService);
  if (isFinished(order.status)) throw refuse("conflict", `This order is ${order.status}: it has no visit to book.`);
  if (!BEFORE_VISIT.includes(order.status)) throw refuse("conflict", VISIT_MESSAGES.tooLate);
}

export interface VisitChange {
  order: OrderRow;
  before: OrderRow;
}

/** The owner proposes times (status "visit_proposed"), or books the one agreed (`book`: "visit_booked"). */
export async function proposeVisit(
  db: Database,
  id: string,
  proposal: VisitProposal,
  by: string,
  now: Date,
  /** The settings' visit fee: asked of the customer with the first times proposed or booked. */
  visitFeeKobo = 0,
): Promise<VisitChange> {
  if (!isUuidText(id)) throw refuse("missing", ORDER_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
    if (!before) throw refuse("missing", ORDER_NOT_FOUND);
    refuseUnlessVisitable(before);
    const slots = [...new Set(proposal.slots)].sort();
    if (slots.some((slot) => Date.parse(slot) <= now.getTime())) {
      throw refuse("invalid", VISIT_MESSAGES.past, { slots: VISIT_MESSAGES.past });
    }
    const status: OrderStatus = proposal.book ? "visit_booked" : "visit_proposed";
    const [order] = await tx
      .update(orders)
      .set({
        status,
        visitSlots: slots,
        visitBookedFor: proposal.book ? new Date(slots[0]!) : null,
        visitRemindedAt: null,
      })
      .where(eq(orders.id, id))
      .returning();
    if (visitFeeKobo > 0) await askForVisitFee(tx as unknown as Database, order!, visitFeeKobo, by);
    await tx.insert(orderEvents).values({
      orderId: id,
      status,
      note: proposal.book
        ? `Visit booked for ${formatVisit(slots[0]!)}.`
        : `Visit times proposed: ${slots.map(formatVisit).join("; ")}.`,
      by,
    });
    return { order: order!, before };
  });
}

/** What the visit fee is called on the order's fees and its request. */
export const VISIT_FEE_LABEL = "Measurement visit";

/**
 * Asks for the measurement visit's fee, once per request: it joins the order's fees (so
 * paid, it leaves nothing owed, and it stays on the quote that follows) and is asked as a
 * payment request of kind "visit" that the customer pays from their order's page.
 */
async function askForVisitFee(tx: Database, order: OrderRow, feeKobo: number, by: string) {
  const asked = await tx
    .select({ id: paymentRequests.id })
    .from(paymentRequests)
    .where(and(eq(paymentRequests.orderId, order.id), eq(paymentRequests.kind, "visit")))
    .limit(1);
  if (asked.length) return;
  await tx
    .update(orders)
    .set({ fees: [...order.fees, { label: VISIT_FEE_LABEL, amountKobo: feeKobo }] })
    .where(eq(orders.id, order.id));
  const reference = `${order.reference}-V1`;
  await tx.insert(paymentRequests).values({
    orderId: order.id,
    reference,
    kind: "visit",
    amountKobo: feeKobo,
    note: VISIT_FEE_LABEL,
    createdBy: by,
  });
  await tx.insert(orderEvents).values({
    orderId: order.id,
    note: `Visit fee of ${formatNaira(koboToNaira(feeKobo))} asked for (${reference}).`,
    by,
  });
}

/** The customer books one of the times proposed (a time not proposed, or past, is a 400). */
export async function bookVisit(db: Database, orderId: string, slot: string, now: Date): Promise<VisitChange> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!before) throw refuse("missing", ORDER_NOT_FOUND);
    refuseUnlessVisitable(before);
    if (before.visitSlots.length === 0) throw refuse("conflict", VISIT_MESSAGES.nothingProposed);
    const chosen = before.visitSlots.find((proposed) => Date.parse(proposed) === Date.parse(slot));
    if (!chosen) throw refuse("invalid", VISIT_MESSAGES.notProposed, { slot: VISIT_MESSAGES.notProposed });
    if (Date.parse(chosen) <= now.getTime())
      throw refuse("invalid", VISIT_MESSAGES.passed, { slot: VISIT_MESSAGES.passed });
    // The same time booked again (a double tap) changes nothing.
    if (before.visitBookedFor?.getTime() === Date.parse(chosen)) return { order: before, before };
    const [order] = await tx
      .update(orders)
      .set({ status: "visit_booked", visitBookedFor: new Date(chosen), visitRemindedAt: null })
      .where(eq(orders.id, orderId))
      .returning();
    await tx.insert(orderEvents).values({
      orderId,
      status: "visit_booked",
      note: `Visit booked by the customer for ${formatVisit(chosen)}.`,
      by: null,
    });
    return { order: order!, before };
  });
}

/** What the order views show of the visit: null for an order that has none. */
export function visitOf(order: Pick<OrderRow, "kind" | "visitSlots" | "visitBookedFor">) {
  if (order.kind !== "service") return null;
  return { proposed: order.visitSlots, bookedFor: order.visitBookedFor?.toISOString() ?? null };
}
