/**
 * The owner's order desk (docs/product.md, Orders): the list, searchable and filtered by
 * status; the changes an order takes as it goes from quote to delivery; and its payments.
 * Every change locks the order's row, so two of them at once apply one after the other
 * and the deposit rule is checked against what is really recorded. Each change is
 * stamped on the order's timeline with who made it and when.
 */
import { and, count, desc, eq, ilike, inArray, like, or, sql, type SQL } from "drizzle-orm";
import type { OrderList, OrderSummary } from "../../../domain/orders/order-answers.schema";
import { readReference } from "../../../domain/orders/order-reference";
import { swatchParts } from "../../../domain/orders/swatches";
import {
  isQuotedOrLater,
  needsDeposit,
  refuseTransition,
  STATUS_LABELS,
  type OrderStatus,
} from "../../../domain/orders/order-status";
import type { PaymentInputSchema } from "../../../domain/orders/orders.schema";
import { PAYMENT_METHOD_LABELS, type OrderListQuery, type OrderUpdate } from "../../../domain/orders/orders.schema";
import { formatNaira, koboToNaira, nairaToKobo } from "../../../domain/money";
import { isUuidText } from "../../../domain/ids.schema";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { orderEvents, orderLines, orderPayments, orders } from "../../db/schema/orders";
import { refuse } from "../../../domain/refusal";
import { groupByOrder, sumsOfRow } from "./order-rows";
import { readCurrentQuote, readCurrentQuotes, type QuoteRow } from "../quotes/quote-rows";
import { freezeQuickQuote } from "../quotes/quick-quote.service";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type OrderRow = typeof orders.$inferSelect;

export const ORDER_NOT_FOUND = "Order not found.";
export const QUOTE_SENT_MESSAGE =
  "This order has a quote: send a new version of it to change the lines, fees, discount or deposit.";

/** "%", "_" and "\" typed in a search are looked for as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * What a search matches: the reference, the service, the pieces, and (for a member who may
 * read them) the customer's name and phone, so nobody finds an order by what they cannot see.
 */
function searchCondition(search: string, customer: { name: boolean; phone: boolean }): SQL {
  const pattern = likePattern(search);
  const digits = search.replace(/\D/g, "");
  const reference = readReference(search);
  return or(
    ...(reference
      ? [
          reference.prefix
            ? eq(orders.reference, `${reference.prefix}-${reference.code}`)
            : like(orders.reference, `%-${reference.code}`),
        ]
      : []),
    ilike(orders.reference, pattern),
    ...(customer.name ? [ilike(orders.customerName, pattern)] : []),
    ilike(orders.serviceName, pattern),
    // Phone numbers are stored as +234…: "0803 123" finds "+234803123…".
    ...(customer.phone && digits.length >= 4 ? [ilike(orders.customerPhone, `%${digits.replace(/^0/, "")}%`)] : []),
    sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.name} ilike ${pattern})`,
  )!;
}

/** The owner's list: newest first, by status and search, a page at a time. */
export async function listOrders(
  db: Database,
  query: OrderListQuery,
  customer = { name: true, phone: true },
): Promise<OrderList> {
  const conditions = [
    ...(query.status ? [eq(orders.status, query.status)] : []),
    ...(query.search ? [searchCondition(query.search, customer)] : []),
    ...(query.needsRevision !== undefined ? [eq(orders.needsRevision, query.needsRevision)] : []),
  ];
  const where = conditions.length ? and(...conditions) : undefined;
  const offset = (query.page - 1) * query.limit;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit)
      .offset(offset),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  const total = counted?.total ?? 0;
  return { orders: await summariesOf(db, rows), total, hasMore: offset + rows.length < total };
}

/** One row each: who, what, the total and what is left to pay. */
export async function summariesOf(db: Database, rows: OrderRow[]): Promise<OrderSummary[]> {
  const ids = rows.map((row) => row.id);
  const [lines, payments, quotes] = ids.length
    ? await Promise.all([
        db.select().from(orderLines).where(inArray(orderLines.orderId, ids)),
        db.select().from(orderPayments).where(inArray(orderPayments.orderId, ids)),
        readCurrentQuotes(db, ids),
      ])
    : [[], [], new Map<string, QuoteRow>()];
  const linesOf = groupByOrder(lines);
  const paymentsOf = groupByOrder(payments);
  return rows.map((row) => {
    const own = (linesOf.get(row.id) ?? []).sort((a, b) => a.position - b.position);
    const sums = sumsOfRow(row, own, paymentsOf.get(row.id) ?? [], quotes.get(row.id) ?? null);
    const first = own[0];
    const summary =
      row.kind === "service"
        ? `Service: ${row.serviceName ?? ""}`
        : row.kind === "swatches" && first
          ? `Swatches of ${swatchParts(first).product}: ${own.map((line) => line.option).join(", ")}`
          : first
            ? own.length > 1
              ? `${first.name} and ${own.length - 1} more`
              : first.quantity > 1
                ? `${first.name} × ${first.quantity}`
                : first.name
            : "No lines";
    return {
      _id: row.id,
      reference: row.reference,
      kind: row.kind,
      status: row.status,
      customerName: row.customerName,
      customerPhone: row.customerPhone,
      summary,
      needsRevision: row.needsRevision,
      total: koboToNaira(sums.totalKobo),
      balance: koboToNaira(sums.balanceKobo),
      visitBookedFor: row.visitBookedFor?.toISOString() ?? null,
      swatches: row.kind === "swatches" ? own.length : null,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

export async function findOrder(db: Database, id: string): Promise<OrderRow | null> {
  if (!isUuidText(id)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return order ?? null;
}

async function lockOrder(tx: Transaction, id: string): Promise<OrderRow> {
  if (!isUuidText(id)) throw refuse("missing", ORDER_NOT_FOUND);
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  if (!order) throw refuse("missing", ORDER_NOT_FOUND);
  return order;
}

async function sumsOf(tx: Transaction, order: OrderRow) {
  // One after the other: inside a transaction these share one connection.
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const payments = await tx.select().from(orderPayments).where(eq(orderPayments.orderId, order.id));
  const quote = await readCurrentQuote(tx as unknown as Database, order.id);
  return sumsOfRow(order, lines, payments, quote);
}

export interface OrderChangeResult {
  order: OrderRow;
  /** The status it moved from, when it moved. */
  movedFrom: OrderStatus | null;
}

export const NOT_A_SALESPERSON = "Choose an active member of staff with the Sales or Owner role.";

/** The name of the member an order may be assigned to, or a refusal of the field. */
async function salespersonName(tx: Transaction, id: string): Promise<string> {
  const [member] = await tx
    .select({ name: users.username })
    .from(users)
    .where(
      and(
        eq(users.id, id),
        eq(users.role, "admin"),
        eq(users.staffStatus, "active"),
        sql`${users.staffRoles} && array['sales', 'owner']::text[]`,
      ),
    );
  if (!member) throw refuse("invalid", NOT_A_SALESPERSON, { assigneeId: NOT_A_SALESPERSON });
  return member.name;
}

const finishedMessage = (status: OrderStatus) =>
  `This order is ${STATUS_LABELS[status].toLowerCase()}: its amounts and dates can no longer change.`;

/**
 * Applies the owner's change. Amounts, lines and details are changed first and the
 * status last, so one save may set the deposit and the status together; a refused
 * status change (409) saves nothing of the rest.
 */
export async function updateOrder(
  db: Database,
  id: string,
  change: OrderUpdate,
  by: string,
  today: string,
): Promise<OrderChangeResult> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    const finished = order.status === "closed" || order.status === "cancelled";
    const changesAmounts =
      change.lines !== undefined ||
      change.fees !== undefined ||
      change.discount !== undefined ||
      change.depositDue !== undefined;
    if (finished && (changesAmounts || change.expectedReadyDate !== undefined)) {
      throw refuse("conflict", finishedMessage(order.status));
    }
    // Once a quote is sent its versions carry the amounts: a change is a new version, approved again.
    const quoted = (await readCurrentQuote(tx as unknown as Database, order.id)) !== null;
    if (changesAmounts && quoted) {
      throw refuse("conflict", QUOTE_SENT_MESSAGE);
    }
    const notes: string[] = [];

    if (change.lines) {
      const current = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
      for (const line of change.lines) {
        const stored = current.find((row) => row.id === line._id);
        if (!stored)
          throw refuse("invalid", "A line to change is not on this order.", {
            lines: "A line to change is not on this order.",
          });
        await tx
          .update(orderLines)
          .set({ quantity: line.quantity, unitPriceKobo: nairaToKobo(line.unitPrice) })
          .where(eq(orderLines.id, stored.id));
      }
    }

    const set: Partial<typeof orders.$inferInsert> = {};
    if (change.fees) set.fees = change.fees.map((fee) => ({ label: fee.label, amountKobo: nairaToKobo(fee.amount) }));
    if (change.discount !== undefined) set.discountKobo = nairaToKobo(change.discount);
    if (change.depositDue !== undefined)
      set.depositDueKobo = change.depositDue === null ? null : nairaToKobo(change.depositDue);
    if (change.expectedReadyDate !== undefined) {
      set.expectedReadyDate = change.expectedReadyDate;
      if (change.expectedReadyDate !== order.expectedReadyDate) {
        notes.push(
          change.expectedReadyDate
            ? `Expected ready date set to ${change.expectedReadyDate}.`
            : "Expected ready date cleared.",
        );
      }
    }
    if (change.assigneeId !== undefined && change.assigneeId !== order.assigneeId) {
      set.assigneeId = change.assigneeId;
      notes.push(
        change.assigneeId ? `Assigned to ${await salespersonName(tx, change.assigneeId)}.` : "No longer assigned.",
      );
    }
    if (change.customer) {
      const customer = change.customer;
      if (customer.name !== undefined) set.customerName = customer.name;
      if (customer.phone !== undefined) set.customerPhone = customer.phone;
      if (customer.area !== undefined) set.customerArea = customer.area;
      if (customer.note !== undefined) set.customerNote = customer.note;
    }
    let current = order;
    if (Object.keys(set).length) {
      [current] = (await tx.update(orders).set(set).where(eq(orders.id, order.id)).returning()) as [OrderRow];
    }
    const sums = await sumsOf(tx, current);
    if (changesAmounts) {
      notes.push(
        `Amounts updated: total ${formatNaira(koboToNaira(sums.totalKobo))}, deposit due ${formatNaira(koboToNaira(sums.depositDueKobo))}.`,
      );
    }
    if (change.note) notes.push(change.note);
    // Past the deposit step, the deposit must stay covered: a quote raised above what is paid is refused.
    const target = change.status ?? order.status;
    if (changesAmounts && target === order.status && needsDeposit(target) && !sums.depositCovered) {
      throw refuse(
        "conflict",
        `The order is "${STATUS_LABELS[target]}": its deposit due (${formatNaira(koboToNaira(sums.depositDueKobo))}) cannot be more than what is paid (${formatNaira(koboToNaira(sums.paidKobo))}). Record the payment first.`,
      );
    }

    let movedFrom: OrderStatus | null = null;
    if (change.status && change.status !== order.status) {
      const refusal = refuseTransition(order.status, change.status, {
        depositCovered: sums.depositCovered,
        kind: order.kind,
      });
      if (refusal) throw refuse("conflict", refusal);
      // The quick quote: an order quoted on its own amounts has them frozen as version 1, for the customer to approve.
      if (!quoted && order.kind !== "swatches" && isQuotedOrLater(change.status)) {
        await freezeQuickQuote(tx as unknown as Database, current, sums, by, today);
      }
      const owed = formatNaira(koboToNaira(sums.balanceKobo));
      const set: Partial<typeof orders.$inferInsert> = { status: change.status };
      // Delivering with money still owed is allowed once the owner has seen it, and it is written down.
      if (change.status === "delivered" && sums.balanceKobo > 0) {
        if (!change.confirmBalance) {
          throw refuse("conflict", `This order still owes ${owed}; confirm to deliver with a balance.`);
        }
        notes.push(`Delivered with a balance of ${owed} still owed.`);
      }
      // Closing needs nothing owed: the balance paid, or written off with a note.
      if (change.status === "closed" && sums.balanceKobo > 0) {
        const writeOff = change.writeOff ? nairaToKobo(change.writeOff.amount) : 0;
        if (!change.writeOff || writeOff < sums.balanceKobo) {
          throw refuse(
            "conflict",
            `This order still owes ${owed}: it closes once that is paid, or written off with a note.`,
          );
        }
        set.writtenOffKobo = current.writtenOffKobo + sums.balanceKobo;
        notes.push(`Balance of ${owed} written off: ${change.writeOff.note}`);
      }
      [current] = (await tx.update(orders).set(set).where(eq(orders.id, order.id)).returning()) as [OrderRow];
      movedFrom = order.status;
    }

    const events = [
      ...notes.map((note) => ({ orderId: order.id, note, by })),
      ...(movedFrom ? [{ orderId: order.id, status: current.status, by }] : []),
    ];
    if (events.length) await tx.insert(orderEvents).values(events);
    if (!Object.keys(set).length && !movedFrom && changesAmounts) {
      // Only lines changed: the order's own row still marks the change.
      await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, order.id));
    }
    return { order: current, movedFrom };
  });
}

/**
 * Once the payments cover the deposit, a quoted order moves to "Deposit paid" by itself,
 * stamped with what paid it ("payment FN-7K3M-D1", or the member who recorded it).
 */
export async function followMoney(
  tx: Database,
  order: OrderRow,
  by: string,
): Promise<{ order: OrderRow; movedFrom: OrderStatus | null }> {
  if (order.status !== "quoted") return { order, movedFrom: null };
  const sums = await sumsOf(tx as unknown as Transaction, order);
  if (!sums.depositCovered) return { order, movedFrom: null };
  const [moved] = await tx.update(orders).set({ status: "deposit_paid" }).where(eq(orders.id, order.id)).returning();
  await tx.insert(orderEvents).values({ orderId: order.id, status: "deposit_paid", by });
  return { order: moved!, movedFrom: order.status };
}

/** Records a payment against an open order, stamped on its timeline; the status follows the money. */
export async function addPayment(
  db: Database,
  id: string,
  payment: z.output<typeof PaymentInputSchema>,
  by: string,
  today: string,
): Promise<OrderChangeResult> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (order.status === "cancelled")
      throw refuse("conflict", "This order was cancelled: no payment can be recorded on it.");
    const amountKobo = nairaToKobo(payment.amount);
    await tx.insert(orderPayments).values({
      orderId: order.id,
      amountKobo,
      method: payment.method,
      paidOn: payment.paidOn ?? today,
      note: payment.note,
      recordedBy: by,
    });
    await tx.insert(orderEvents).values({
      orderId: order.id,
      note: `Payment of ${formatNaira(payment.amount)} by ${PAYMENT_METHOD_LABELS[payment.method].toLowerCase()} recorded.`,
      by,
    });
    const [touched] = await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, order.id)).returning();
    return followMoney(tx as unknown as Database, touched!, by);
  });
}

/**
 * Removes a payment recorded by mistake. An order past `deposit_paid` keeps its deposit
 * covered: a removal that would leave it uncovered is refused (409).
 */
export async function deletePayment(db: Database, id: string, paymentId: string, by: string): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!isUuidText(paymentId)) throw refuse("missing", "Payment not found.");
    const [payment] = await tx
      .select()
      .from(orderPayments)
      .where(and(eq(orderPayments.id, paymentId), eq(orderPayments.orderId, order.id)));
    if (!payment) throw refuse("missing", "Payment not found.");
    await tx.delete(orderPayments).where(eq(orderPayments.id, payment.id));
    const sums = await sumsOf(tx, order);
    if (needsDeposit(order.status) && !sums.depositCovered) {
      throw refuse(
        "conflict",
        `Without this payment the deposit is no longer covered, and the order is "${STATUS_LABELS[order.status]}". Record the right payment first.`,
      );
    }
    await tx.insert(orderEvents).values({
      orderId: order.id,
      note: `Payment of ${formatNaira(koboToNaira(payment.amountKobo))} removed.`,
      by,
    });
    const [touched] = await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, order.id)).returning();
    return touched!;
  });
}
