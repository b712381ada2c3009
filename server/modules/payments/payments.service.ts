/**
 * Money coming in (docs/product.md, Payments): what an order asks to be paid, the requests
 * that ask it, and the one way a payment is credited. Rules plus SQL; the door
 * (payments.actions.ts) decides who may, journals and tells the world.
 *
 * Credited once, whatever arrives: every path that learns of a payment (the customer's
 * return, the provider's webhook, the sweep) ends in `settle`, which locks the request's
 * row, and the database holds at most one payment per provider and reference (a unique
 * index), so two instances told of the same payment at once still record one. The amount
 * and currency credited are the provider's verified answer, never the caller's; when
 * they differ from what was asked, the payment is held for the owner, not credited.
 */
import { and, count, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { lagosToday } from "../../../domain/catalog/furniture";
import { formatNaira, koboToNaira } from "../../../domain/money";
import { isFinished, STATUS_LABELS, type OrderStatus } from "../../../domain/orders/order-status";
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from "../../../domain/orders/orders.schema";
import {
  PAYMENT_MESSAGES,
  PROVIDER_LABELS,
  REQUEST_KIND_LABELS,
  REQUEST_LETTERS,
  type ProviderName,
  type RequestKind,
} from "../../../domain/payments/payments.schema";
import { refuse } from "../../../domain/refusal";
import { isUuidText } from "../../../domain/ids.schema";
import type { Database } from "../../db/client";
import { orderEvents, orderLines, orderPayments, orders } from "../../db/schema/orders";
import { paymentEvents, paymentRequests, transferNotices } from "../../db/schema/payments";
import { followMoney } from "../orders/order-desk.service";
import { dueOfSums, sumsOfRow } from "../orders/order-rows";
import { readCurrentQuote } from "../quotes/quote-rows";
import type { Verification } from "./providers/provider";

type OrderRow = typeof orders.$inferSelect;
type RequestRow = typeof paymentRequests.$inferSelect;

export const ORDER_NOT_FOUND = "Order not found.";
export const REQUEST_NOT_FOUND = "Payment request not found.";
/** How long a checkout may stay unfinished before a "failed" or "abandoned" answer ends it. */
const CHECKOUT_LIFETIME_MS = 30 * 60 * 1000;

/** The order's row, locked until the transaction ends: its money changes one at a time. */
async function lockOrder(tx: Database, id: string): Promise<OrderRow> {
  if (!isUuidText(id)) throw refuse("missing", ORDER_NOT_FOUND);
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  if (!order) throw refuse("missing", ORDER_NOT_FOUND);
  return order;
}

async function sumsOf(db: Database, order: OrderRow) {
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const payments = await db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id));
  return sumsOfRow(order, lines, payments, await readCurrentQuote(db, order.id));
}

/** What the order asks for now: what is left of the deposit, and the balance. Nothing before a quote or once finished. */
export async function dueNow(db: Database, order: OrderRow): Promise<{ depositKobo: number; balanceKobo: number }> {
  if (order.status === "new" || isFinished(order.status)) return { depositKobo: 0, balanceKobo: 0 };
  return dueOfSums(order.status, await sumsOf(db, order));
}

/** The next reference of this kind on the order: FN-7K3M-D1, then -D2… */
async function nextReference(tx: Database, order: OrderRow, kind: RequestKind): Promise<string> {
  const [row] = await tx
    .select({ made: count() })
    .from(paymentRequests)
    .where(and(eq(paymentRequests.orderId, order.id), eq(paymentRequests.kind, kind)));
  return `${order.reference}-${REQUEST_LETTERS[kind]}${(row?.made ?? 0) + 1}`;
}

const at = (when: string | null) => (when ? lagosToday(new Date(when)) : lagosToday());

/** What a customer's checkout is for: the order, the kind and exactly the amount due, and a request to reuse. */
export interface CheckoutPlan {
  order: OrderRow;
  kind: RequestKind;
  amountKobo: number;
  /** A pending request for the same amount that already has this provider's checkout. */
  reuse: RequestRow | null;
  /** A request the owner made (a part payment), paid by its reference. */
  asked: RequestRow | null;
}

/** Works out what to pay, on the server: the deposit or balance due now, or a part the owner asked for. */
export async function planCheckout(
  db: Database,
  order: OrderRow,
  what: { kind: "deposit" | "balance" } | { reference: string },
  provider: ProviderName,
): Promise<CheckoutPlan> {
  if ("reference" in what) {
    const [asked] = await db
      .select()
      .from(paymentRequests)
      .where(and(eq(paymentRequests.reference, what.reference), eq(paymentRequests.orderId, order.id)));
    if (!asked || asked.status !== "pending") throw refuse("conflict", PAYMENT_MESSAGES.nothingDue);
    // Asked for before other payments came in, it may now be more than is owed: never overpaid.
    if (asked.amountKobo > (await dueNow(db, order)).balanceKobo) {
      throw refuse("conflict", PAYMENT_MESSAGES.partOverBalance);
    }
    const reuse = asked.provider === provider && asked.checkoutUrl ? asked : null;
    return { order, kind: asked.kind, amountKobo: asked.amountKobo, reuse, asked };
  }
  const due = await dueNow(db, order);
  const amountKobo = what.kind === "deposit" ? due.depositKobo : due.balanceKobo;
  if (amountKobo <= 0) throw refuse("conflict", PAYMENT_MESSAGES.nothingDue);
  const [reuse] = await db
    .select()
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.orderId, order.id),
        eq(paymentRequests.kind, what.kind),
        eq(paymentRequests.status, "pending"),
        eq(paymentRequests.amountKobo, amountKobo),
        eq(paymentRequests.provider, provider),
      ),
    )
    .orderBy(desc(paymentRequests.createdAt))
    .limit(1);
  return { order, kind: what.kind, amountKobo, reuse: reuse?.checkoutUrl ? reuse : null, asked: null };
}

/** The reference a new checkout of this plan will carry (read before the provider is called). */
export async function referenceFor(db: Database, plan: CheckoutPlan): Promise<string> {
  return nextReference(db, plan.order, plan.kind);
}

/**
 * Keeps a checkout the provider has opened. Older pending requests of the same kind (a
 * checkout begun with another provider, or for an amount since changed) are cancelled:
 * should one of them be paid all the same, it is still credited when the provider says so.
 */
export async function keepCheckout(
  db: Database,
  plan: CheckoutPlan,
  checkout: { reference: string; provider: ProviderName; testMode: boolean; url: string },
): Promise<RequestRow> {
  return db.transaction(async (tx) => {
    await lockOrder(tx as unknown as Database, plan.order.id);
    const replaced = plan.asked
      ? [eq(paymentRequests.id, plan.asked.id)]
      : [eq(paymentRequests.kind, plan.kind), isNull(paymentRequests.createdBy)];
    await tx
      .update(paymentRequests)
      .set({ status: "cancelled" })
      .where(and(eq(paymentRequests.orderId, plan.order.id), eq(paymentRequests.status, "pending"), ...replaced));
    const [kept] = await tx
      .insert(paymentRequests)
      .values({
        orderId: plan.order.id,
        reference: checkout.reference,
        kind: plan.kind,
        amountKobo: plan.amountKobo,
        provider: checkout.provider,
        testMode: checkout.testMode,
        checkoutUrl: checkout.url,
        note: plan.asked?.note ?? null,
        createdBy: plan.asked?.createdBy ?? null,
      })
      .returning();
    return kept!;
  });
}

/** What settling a reference came to. */
export interface Settled {
  outcome: "paid" | "pending" | "failed" | "held" | "unknown";
  order: OrderRow | null;
  /** The payment this settlement credited (null when it credited nothing new). */
  payment: typeof orderPayments.$inferSelect | null;
  movedFrom: OrderStatus | null;
}

/**
 * Settles a request with what the provider verified. Final requests (paid, held) stay as
 * they are; a success credits the provider's amount once, or holds it when it differs from
 * what was asked; a failure or an abandoned checkout cancels the request.
 */
export async function settle(
  db: Database,
  provider: ProviderName,
  verification: Verification,
  /** The customer is back from the checkout: a failure there is final. */
  cameBack = false,
): Promise<Settled> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    // The order first, then the request: every change of an order's money locks in this order.
    const [found] = await tx
      .select({ orderId: paymentRequests.orderId })
      .from(paymentRequests)
      .where(eq(paymentRequests.reference, verification.reference));
    if (!found) return { outcome: "unknown", order: null, payment: null, movedFrom: null };
    const order = await lockOrder(tx, found.orderId);
    const [request] = await tx
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.reference, verification.reference))
      .for("update");
    if (!request || request.provider !== provider)
      return { outcome: "unknown", order: null, payment: null, movedFrom: null };
    if (request.status === "paid" || request.status === "held") {
      return { outcome: request.status, order, payment: null, movedFrom: null };
    }
    const checked = { lastCheckedAt: new Date() };
    if (verification.status === "pending") {
      await tx.update(paymentRequests).set(checked).where(eq(paymentRequests.id, request.id));
      return { outcome: "pending", order, payment: null, movedFrom: null };
    }
    if (verification.status !== "success") {
      // A checkout nobody has finished reads as abandoned (or unknown) while the customer
      // may still be on it: it ends when they come back, or half an hour on.
      const ended = cameBack || Date.now() - request.createdAt.getTime() > CHECKOUT_LIFETIME_MS;
      await tx
        .update(paymentRequests)
        .set(ended ? { ...checked, status: "cancelled" } : checked)
        .where(eq(paymentRequests.id, request.id));
      return { outcome: ended ? "failed" : "pending", order, payment: null, movedFrom: null };
    }
    const label = PROVIDER_LABELS[provider];
    if (verification.amountKobo !== request.amountKobo || verification.currency !== "NGN") {
      const reported = `${verification.currency} ${(verification.amountKobo / 100).toFixed(2)}`;
      const reason =
        verification.currency !== "NGN"
          ? `${label} reported a payment in ${verification.currency}, not naira.`
          : `${label} reported ${formatNaira(koboToNaira(verification.amountKobo))}; the request was for ${formatNaira(koboToNaira(request.amountKobo))}.`;
      await tx
        .update(paymentRequests)
        .set({
          ...checked,
          status: "held",
          heldAmountKobo: verification.amountKobo,
          heldCurrency: verification.currency,
          heldReason: reason,
        })
        .where(eq(paymentRequests.id, request.id));
      await tx.insert(orderEvents).values({
        orderId: order.id,
        note: `A payment of ${reported} for ${request.reference} is held for review: ${reason}`,
        by: label,
      });
      return { outcome: "held", order, payment: null, movedFrom: null };
    }
    const credited = await credit(tx, order, {
      amountKobo: verification.amountKobo,
      method: provider,
      paidOn: at(verification.paidAt),
      provider,
      providerReference: request.reference,
      feeKobo: verification.feeKobo,
      channel: verification.channel,
      recordedBy: label,
      note: `${REQUEST_KIND_LABELS[request.kind]} ${request.reference}`,
    });
    await tx
      .update(paymentRequests)
      .set({ ...checked, status: "paid" })
      .where(eq(paymentRequests.id, request.id));
    return { outcome: "paid", ...credited };
  });
}

interface NewPayment {
  amountKobo: number;
  method: PaymentMethod;
  paidOn: string;
  provider?: ProviderName;
  providerReference?: string;
  feeKobo?: number | null;
  channel?: string | null;
  recordedBy: string;
  note?: string | null;
}

/**
 * Records a payment on a locked order, stamps it on the timeline, and lets the status
 * follow the money. A provider's reference already credited records nothing (the unique
 * index decides, whichever instance got there first).
 */
async function credit(
  tx: Database,
  order: OrderRow,
  payment: NewPayment,
): Promise<{ order: OrderRow; payment: typeof orderPayments.$inferSelect | null; movedFrom: OrderStatus | null }> {
  const [recorded] = await tx
    .insert(orderPayments)
    .values({ orderId: order.id, ...payment })
    .onConflictDoNothing()
    .returning();
  if (!recorded) return { order, payment: null, movedFrom: null };
  const how = payment.providerReference
    ? `by ${PAYMENT_METHOD_LABELS[payment.method]} (${payment.providerReference})`
    : `by ${PAYMENT_METHOD_LABELS[payment.method].toLowerCase()}`;
  await tx.insert(orderEvents).values({
    orderId: order.id,
    note: `Payment of ${formatNaira(koboToNaira(payment.amountKobo))} ${how} received.`,
    by: payment.recordedBy,
  });
  const stamp = payment.providerReference ? `payment ${payment.providerReference}` : payment.recordedBy;
  const moved = await followMoney(tx, order, stamp);
  return { order: moved.order, payment: recorded, movedFrom: moved.movedFrom };
}

/** Webhooks' events, kept (in one statement, so one commit) before they are answered. */
export async function keepEvents(
  db: Database,
  events: Array<{ id: string; provider: ProviderName; reference: string; event: string }>,
) {
  await db.insert(paymentEvents).values(events);
}

export async function markEvent(db: Database, id: string, error: string | null) {
  await db
    .update(paymentEvents)
    .set(
      error === null
        ? { processedAt: new Date(), attempts: sql`${paymentEvents.attempts} + 1` }
        : { lastError: error.slice(0, 300), attempts: sql`${paymentEvents.attempts} + 1` },
    )
    .where(eq(paymentEvents.id, id));
}

/** Events still waiting to be settled (a process stopped in between, or the provider did not answer). */
export async function waitingEvents(db: Database, limit = 50) {
  return db
    .select()
    .from(paymentEvents)
    .where(and(isNull(paymentEvents.processedAt), lt(paymentEvents.attempts, 20)))
    .orderBy(paymentEvents.receivedAt)
    .limit(limit);
}

/**
 * Requests the sweep asks the provider about: begun at a checkout, still pending, not asked
 * about in the last minute; left alone a week after they were made (the provider has
 * long since ended them), when they are cancelled.
 */
export async function requestsToCheck(db: Database, limit = 50) {
  await db
    .update(paymentRequests)
    .set({ status: "cancelled" })
    .where(
      and(
        eq(paymentRequests.status, "pending"),
        sql`${paymentRequests.provider} is not null`,
        lt(paymentRequests.createdAt, sql`now() - interval '7 days'`),
      ),
    );
  return db
    .select()
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.status, "pending"),
        sql`${paymentRequests.provider} is not null`,
        lt(paymentRequests.createdAt, sql`now() - interval '1 minute'`),
        or(isNull(paymentRequests.lastCheckedAt), lt(paymentRequests.lastCheckedAt, sql`now() - interval '1 minute'`)),
      ),
    )
    .orderBy(paymentRequests.lastCheckedAt)
    .limit(limit);
}

export async function findRequest(db: Database, reference: string): Promise<RequestRow | null> {
  const [request] = await db.select().from(paymentRequests).where(eq(paymentRequests.reference, reference));
  return request ?? null;
}

/** A part payment the owner asks for: any amount up to the balance, once there is a quote. */
export async function askForPart(
  db: Database,
  orderId: string,
  amountKobo: number,
  note: string | null,
  by: string,
): Promise<{ order: OrderRow; request: RequestRow }> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const order = await lockOrder(tx, orderId);
    if (order.status === "new")
      throw refuse("conflict", "Send the quote first: a payment is asked for once there is one.");
    if (isFinished(order.status))
      throw refuse("conflict", `This order is ${STATUS_LABELS[order.status].toLowerCase()}.`);
    const { balanceKobo } = await dueNow(tx, order);
    if (amountKobo > balanceKobo) {
      const message = `Ask for at most the balance, ${formatNaira(koboToNaira(balanceKobo))}.`;
      throw refuse("invalid", message, { amount: message });
    }
    const [request] = await tx
      .insert(paymentRequests)
      .values({
        orderId: order.id,
        reference: await nextReference(tx, order, "part"),
        kind: "part",
        amountKobo,
        note,
        createdBy: by,
      })
      .returning();
    await tx.insert(orderEvents).values({
      orderId: order.id,
      note: `Part payment of ${formatNaira(koboToNaira(amountKobo))} asked for (${request!.reference}).`,
      by,
    });
    return { order, request: request! };
  });
}

/** Cancels a pending request; a paid or held one is the owner's to decide on otherwise. */
export async function cancelRequest(db: Database, orderId: string, reference: string, by: string) {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const order = await lockOrder(tx, orderId);
    const [request] = await tx
      .select()
      .from(paymentRequests)
      .where(and(eq(paymentRequests.orderId, order.id), eq(paymentRequests.reference, reference)));
    if (!request) throw refuse("missing", REQUEST_NOT_FOUND);
    if (request.status !== "pending")
      throw refuse("conflict", `${request.reference} is ${request.status}: only a pending request can be cancelled.`);
    await tx.update(paymentRequests).set({ status: "cancelled" }).where(eq(paymentRequests.id, request.id));
    await tx
      .insert(orderEvents)
      .values({ orderId: order.id, note: `Payment request ${request.reference} cancelled.`, by });
    return { order, request };
  });
}

async function heldRequest(tx: Database, order: OrderRow, requestId: string): Promise<RequestRow> {
  if (!isUuidText(requestId)) throw refuse("missing", REQUEST_NOT_FOUND);
  const [request] = await tx
    .select()
    .from(paymentRequests)
    .where(and(eq(paymentRequests.id, requestId), eq(paymentRequests.orderId, order.id)))
    .for("update");
  if (!request) throw refuse("missing", REQUEST_NOT_FOUND);
  if (request.status !== "held") throw refuse("conflict", `${request.reference} is not held for review.`);
  return request;
}

/** Credits a held payment as the provider reported it: naira only. */
export async function releaseHeld(db: Database, orderId: string, requestId: string, by: string) {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const order = await lockOrder(tx, orderId);
    const request = await heldRequest(tx, order, requestId);
    if (request.heldCurrency !== "NGN" || !request.heldAmountKobo || !request.provider) {
      throw refuse(
        "conflict",
        `${request.reference} was paid in ${request.heldCurrency ?? "another currency"}: it cannot be credited in naira. Refund it at the provider and record a note.`,
      );
    }
    const credited = await credit(tx, order, {
      amountKobo: request.heldAmountKobo,
      method: request.provider,
      paidOn: lagosToday(),
      provider: request.provider,
      providerReference: request.reference,
      recordedBy: by,
      note: `Released after review (${request.reference})`,
    });
    await tx
      .update(paymentRequests)
      .set({ status: "paid", resolution: `Credited by ${by}.` })
      .where(eq(paymentRequests.id, request.id));
    return { ...credited, request };
  });
}

/** Leaves a held payment uncredited, with what was done about it. */
export async function noteHeldRefund(db: Database, orderId: string, requestId: string, note: string, by: string) {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const order = await lockOrder(tx, orderId);
    const request = await heldRequest(tx, order, requestId);
    await tx
      .update(paymentRequests)
      .set({ status: "cancelled", resolution: note })
      .where(eq(paymentRequests.id, request.id));
    await tx.insert(orderEvents).values({
      orderId: order.id,
      note: `Held payment ${request.reference} not credited: ${note}`,
      by,
    });
    return { order, request };
  });
}

/** "I have paid": kept as a notice until staff confirm or reject it. */
export async function keepTransferNotice(
  db: Database,
  order: OrderRow,
  notice: { amountKobo: number; note: string | null; receiptMediaId: string | null },
) {
  if (order.status === "new" || isFinished(order.status)) throw refuse("conflict", PAYMENT_MESSAGES.nothingDue);
  return db.transaction(async (tx) => {
    const [kept] = await tx
      .insert(transferNotices)
      .values({ orderId: order.id, ...notice })
      .returning();
    await tx.insert(orderEvents).values({
      orderId: order.id,
      note: `The customer says they paid ${formatNaira(koboToNaira(notice.amountKobo))} by bank transfer: to confirm.`,
      by: null,
    });
    await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, order.id));
    return kept!;
  });
}

async function waitingNotice(tx: Database, order: OrderRow, transferId: string) {
  const missing = "Transfer notice not found.";
  if (!isUuidText(transferId)) throw refuse("missing", missing);
  const [notice] = await tx
    .select()
    .from(transferNotices)
    .where(and(eq(transferNotices.id, transferId), eq(transferNotices.orderId, order.id)))
    .for("update");
  if (!notice) throw refuse("missing", missing);
  if (notice.status !== "to_confirm") throw refuse("conflict", `This transfer was already ${notice.status}.`);
  return notice;
}

/** Staff saw the money arrive: the notice becomes a payment by bank transfer. */
export async function confirmTransfer(db: Database, orderId: string, transferId: string, by: string) {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const order = await lockOrder(tx, orderId);
    if (order.status === "cancelled")
      throw refuse("conflict", "This order was cancelled: no payment can be recorded on it.");
    const notice = await waitingNotice(tx, order, transferId);
    const credited = await credit(tx, order, {
      amountKobo: notice.amountKobo,
      method: "transfer",
      paidOn: lagosToday(notice.createdAt),
      recordedBy: by,
      note: notice.note,
    });
    await tx
      .update(transferNotices)
      .set({ status: "confirmed", decidedBy: by, decidedAt: new Date(), paymentId: credited.payment?.id ?? null })
      .where(eq(transferNotices.id, notice.id));
    return { ...credited, notice };
  });
}

export async function rejectTransfer(db: Database, orderId: string, transferId: string, reason: string, by: string) {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const order = await lockOrder(tx, orderId);
    const notice = await waitingNotice(tx, order, transferId);
    await tx
      .update(transferNotices)
      .set({ status: "rejected", reason, decidedBy: by, decidedAt: new Date() })
      .where(eq(transferNotices.id, notice.id));
    await tx.insert(orderEvents).values({
      orderId: order.id,
      note: `Transfer of ${formatNaira(koboToNaira(notice.amountKobo))} not found: ${reason}`,
      by,
    });
    await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, order.id));
    return { order, notice };
  });
}

/** The dashboard's money, in kobo: received today and this week (Lagos days, the week from Monday). */
export async function moneyAtAGlance(db: Database) {
  const today = lagosToday();
  const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
  const monday = new Date(Date.parse(`${today}T12:00:00Z`) - weekday * 86_400_000).toISOString().slice(0, 10);
  const [received] = await db
    .select({
      today: sql<string>`coalesce(sum(${orderPayments.amountKobo}) filter (where ${orderPayments.paidOn} = ${today}), 0)`,
      week: sql<string>`coalesce(sum(${orderPayments.amountKobo}), 0)`,
    })
    .from(orderPayments)
    .where(and(gte(orderPayments.paidOn, monday), lte(orderPayments.paidOn, today)));
  const [requests] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${paymentRequests.status} = 'pending')::int`,
      held: sql<number>`count(*) filter (where ${paymentRequests.status} = 'held')::int`,
    })
    .from(paymentRequests)
    .where(inArray(paymentRequests.status, ["pending", "held"]));
  const [transfers] = await db
    .select({ waiting: count() })
    .from(transferNotices)
    .where(eq(transferNotices.status, "to_confirm"));
  return {
    receivedTodayKobo: Number(received?.today ?? 0),
    receivedThisWeekKobo: Number(received?.week ?? 0),
    requestsPending: requests?.pending ?? 0,
    heldForReview: requests?.held ?? 0,
    transfersToConfirm: transfers?.waiting ?? 0,
  };
}

/** A payment by its receipt's key, with its order; null for any other text. */
export async function findReceipt(db: Database, receiptToken: string) {
  if (!/^[0-9a-f]{64}$/.test(receiptToken)) return null;
  const [payment] = await db.select().from(orderPayments).where(eq(orderPayments.receiptToken, receiptToken));
  if (!payment) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, payment.orderId));
  if (!order) return null;
  const sums = await sumsOf(db, order);
  return { payment, order, sums };
}

/** Which requests the public view shows: all but those cancelled before any checkout. */
export const shownRequest = (request: RequestRow) => request.status !== "cancelled" || request.provider !== null;
