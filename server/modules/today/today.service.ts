/**
 * Today's queues (docs/product.md, Today), worked out from the orders, quotes, payments,
 * carts and contact messages as they are now: an entry is listed while its cause lasts
 * (a quote unanswered, a deposit unpaid…) and leaves by itself once the cause is gone,
 * whatever was marked. The staff's marks (done, snoozed) only hide an entry whose cause
 * is the same one they marked: an entry's id names its queue, its row and the moment its
 * cause began.
 */
import { and, desc, eq, exists, gt, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import { toE164 } from "../../../domain/accounts/phone";
import { addDays, formatDay, lagosDay } from "../../../domain/dates";
import { formatNaira, koboToNaira } from "../../../domain/money";
import { PAY_SECTION_ID } from "../../../domain/orders/order-messages";
import { trackingPath } from "../../../domain/orders/visits";
import { refuse } from "../../../domain/refusal";
import { addShopHours } from "../../../domain/today/shop-hours";
import {
  EXPIRING_WITHIN_DAYS,
  fillTemplate,
  LATE_AFTER_MS,
  QUEUE_LABELS,
  QUEUE_LISTED,
  TODAY_QUEUES,
  type FollowUps,
  type MessageTemplates,
  type Today,
  type TodayEntry,
  type TodayMark,
  type TodayQueue,
  type TemplateValues,
} from "../../../domain/today/today.schema";
import { whatsappLink } from "../../../domain/whatsapp";
import { reviewUrlFor } from "../reviews/reviews.service";
import type { Database } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { contactMessages } from "../../db/schema/contact";
import { customerAccounts } from "../../db/schema/customers";
import { orderEvents, orderLines, orderPayments, orders } from "../../db/schema/orders";
import { orderQuotes } from "../../db/schema/quotes";
import { cartItems, carts } from "../../db/schema/shopping-lists";
import { todayMarks } from "../../db/schema/today";
import { groupByOrder, sumsOfRow } from "../orders/order-rows";
import { readCurrentQuotes } from "../quotes/quote-rows";
import { lagosTomorrow } from "../orders/visit-reminders.service";

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** A cart untouched for longer than this is not chased any more: the moment has passed. */
const CART_CHASED_FOR_DAYS = 30;

/** What the queues are worked out with: the owner's thresholds and templates, the shop's address. */
export interface TodaySettings {
  followUps: FollowUps;
  messageTemplates: MessageTemplates;
  publicUrl: string;
}

type OrderRow = typeof orders.$inferSelect;

/** An entry before the marks are read: what it is about, and the template's values. */
interface Candidate {
  kind: TodayQueue;
  /** The row the entry is about: an order, a quote, a cart, a message. */
  rowId: string;
  /** When the cause began: part of the entry's id. */
  since: Date;
  dueAt: Date;
  orderId?: string;
  /** The customer's record in the customer book, when the book has joined them. */
  customerId: string | null;
  reference: string | null;
  name: string | null;
  phone: string | null;
  detail: string | null;
  late?: boolean;
  /** What the order owes now, in kobo, for the queues that chase money (filled by `withMoney`). */
  owesKobo?: number;
  /** The order, and which sum its entry names, worked out only for the entries listed (`withMoney`). */
  money?: { row: OrderRow; owes: "deposit" | "balance" };
  values: Partial<TemplateValues>;
}

export const entryIdOf = (candidate: Pick<Candidate, "kind" | "rowId" | "since">) =>
  `${candidate.kind}.${candidate.rowId}.${candidate.since.getTime()}`;

/** The queue an entry id names, or null when it names none. */
export function queueOfEntry(entryId: string): TodayQueue | null {
  const kind = entryId.split(".")[0];
  return (TODAY_QUEUES as readonly string[]).includes(kind ?? "") ? (kind as TodayQueue) : null;
}

const trackingUrl = (publicUrl: string, token: string) => publicUrl.replace(/\/+$/, "") + trackingPath(token);

/** An order's template values and who to write to. */
function orderParts(row: OrderRow, publicUrl: string) {
  const tracking = trackingUrl(publicUrl, row.trackingToken);
  return {
    orderId: row.id,
    customerId: row.customerId,
    reference: row.reference,
    name: row.customerName,
    phone: row.customerPhone,
    values: {
      reference: row.reference,
      tracking_link: tracking,
      pay_link: `${tracking}#${PAY_SECTION_ID}`,
      ready_by: row.expectedReadyDate ? formatDay(row.expectedReadyDate) : "soon",
      review_link: reviewUrlFor(row, publicUrl) ?? "",
    },
  };
}

/** Each order's sums (the current quote's once there is one), for the queues that name money. */
async function sumsOf(db: Database, rows: OrderRow[]) {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return new Map<string, ReturnType<typeof sumsOfRow>>();
  const [lines, payments, quotes] = await Promise.all([
    db
      .select({ orderId: orderLines.orderId, unitPriceKobo: orderLines.unitPriceKobo, quantity: orderLines.quantity })
      .from(orderLines)
      .where(inArray(orderLines.orderId, ids)),
    db
      .select({ orderId: orderPayments.orderId, amountKobo: orderPayments.amountKobo })
      .from(orderPayments)
      .where(inArray(orderPayments.orderId, ids)),
    readCurrentQuotes(db, ids),
  ]);
  const linesOf = groupByOrder(lines);
  const paymentsOf = groupByOrder(payments);
  return new Map(
    rows.map((row) => [
      row.id,
      sumsOfRow(row, linesOf.get(row.id) ?? [], paymentsOf.get(row.id) ?? [], quotes.get(row.id) ?? null),
    ]),
  );
}

const naira = (kobo: number) => formatNaira(koboToNaira(kobo));

/** New orders and requests with no reply (still new) past the owner's shop hours; a day or more is late. */
async function newOrders(db: Database, settings: TodaySettings, now: Date): Promise<Candidate[]> {
  const rows = await db.select().from(orders).where(eq(orders.status, "new"));
  return rows
    .map((row) => ({ row, dueAt: addShopHours(row.createdAt, settings.followUps.newOrderHours) }))
    .filter(({ dueAt }) => dueAt <= now)
    .map(({ row, dueAt }) => ({
      kind: "new_orders" as const,
      rowId: row.id,
      since: row.createdAt,
      dueAt,
      late: now.getTime() - row.createdAt.getTime() >= LATE_AFTER_MS,
      detail: row.kind === "service" ? `Service request: ${row.serviceName ?? "a visit"}` : null,
      ...orderParts(row, settings.publicUrl),
      values: { ...orderParts(row, settings.publicUrl).values, amount_due: "" },
    }));
}

/** The quoted orders whose latest quote is not approved, with that quote. */
async function openQuotes(db: Database) {
  const rows = await db
    .select({ order: orders, quote: orderQuotes })
    .from(orders)
    .innerJoin(orderQuotes, eq(orderQuotes.orderId, orders.id))
    .where(
      and(
        eq(orders.status, "quoted"),
        eq(orders.needsRevision, false),
        isNull(orderQuotes.approvedAt),
        // The latest version only: an older one was replaced.
        sql`${orderQuotes.version} = (select max(v.version) from order_quotes v where v.order_id = ${orders.id})`,
      ),
    );
  return rows;
}

async function quotesWaiting(db: Database, settings: TodaySettings, now: Date): Promise<Candidate[]> {
  const rows = (await openQuotes(db)).filter(
    ({ quote }) => quote.sentAt.getTime() + settings.followUps.quoteDays * DAY_MS <= now.getTime(),
  );
  return rows.map(({ order, quote }) => ({
    kind: "quotes_waiting" as const,
    rowId: quote.id,
    since: quote.sentAt,
    dueAt: new Date(quote.sentAt.getTime() + settings.followUps.quoteDays * DAY_MS),
    detail: `Quote v${quote.version}, ${naira(quote.totalKobo)}`,
    ...orderParts(order, settings.publicUrl),
    money: { row: order, owes: "deposit" as const },
  }));
}

async function quotesExpiring(db: Database, settings: TodaySettings, now: Date): Promise<Candidate[]> {
  const today = lagosDay(now);
  const last = addDays(today, EXPIRING_WITHIN_DAYS);
  const rows = (await openQuotes(db)).filter(({ quote }) => quote.validUntil >= today && quote.validUntil <= last);
  return rows.map(({ order, quote }) => {
    const parts = orderParts(order, settings.publicUrl);
    return {
      kind: "quotes_expiring" as const,
      rowId: quote.id,
      since: new Date(`${quote.validUntil}T00:00:00Z`),
      dueAt: new Date(`${addDays(quote.validUntil, -EXPIRING_WITHIN_DAYS)}T00:00:00+01:00`),
      detail: `Valid until ${formatDay(quote.validUntil)}`,
      ...parts,
      values: { ...parts.values, amount_due: naira(quote.depositDueKobo) },
    };
  });
}

/**
 * Quoted orders whose latest approved quote was approved the owner's days ago and whose
 * payments do not cover its deposit, found in one statement: only those are read.
 */
async function depositsDue(db: Database, settings: TodaySettings, now: Date): Promise<Candidate[]> {
  const since = new Date(now.getTime() - settings.followUps.depositDays * DAY_MS);
  const approved = db
    .select({ approvedAt: orderQuotes.approvedAt, depositDueKobo: orderQuotes.depositDueKobo })
    .from(orderQuotes)
    .where(and(eq(orderQuotes.orderId, orders.id), isNotNull(orderQuotes.approvedAt)))
    .orderBy(desc(orderQuotes.version))
    .limit(1)
    .as("approved");
  const rows = await db
    .select({ order: orders, approvedAt: approved.approvedAt })
    .from(orders)
    .innerJoinLateral(approved, sql`true`)
    .where(
      and(
        eq(orders.status, "quoted"),
        lte(approved.approvedAt, since),
        sql`coalesce((select sum(p.amount_kobo) from order_payments p where p.order_id = ${orders.id}), 0) < ${approved.depositDueKobo}`,
      ),
    );
  return rows.map(({ order, approvedAt }) => ({
    kind: "deposits_due" as const,
    rowId: order.id,
    since: approvedAt!,
    dueAt: new Date(approvedAt!.getTime() + settings.followUps.depositDays * DAY_MS),
    detail: null,
    ...orderParts(order, settings.publicUrl),
    money: { row: order, owes: "deposit" as const },
  }));
}

async function readyUndelivered(db: Database, settings: TodaySettings, now: Date): Promise<Candidate[]> {
  // "orders".id written out: in a query of one table Drizzle names its columns bare, and a
  // bare "id" inside this subquery would be the event's own.
  const readyAt =
    sql<Date | null>`(select max(e.at) from order_events e where e.order_id = "orders".id and e.status = 'ready')`.mapWith(
      orderEvents.at,
    );
  const rows = await db.select({ order: orders, readyAt }).from(orders).where(eq(orders.status, "ready"));
  const found: Candidate[] = [];
  for (const { order, readyAt: at } of rows) {
    const since = at ?? order.updatedAt;
    const dueAt = new Date(since.getTime() + settings.followUps.readyDays * DAY_MS);
    if (dueAt > now) continue;
    found.push({
      kind: "ready_undelivered",
      rowId: order.id,
      since,
      dueAt,
      detail: null,
      ...orderParts(order, settings.publicUrl),
      money: { row: order, owes: "balance" },
    });
  }
  return found;
}

async function visitsTomorrow(db: Database, settings: TodaySettings, now: Date): Promise<Candidate[]> {
  const { from, to } = lagosTomorrow(now);
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.status, "visit_booked"), gte(orders.visitBookedFor, from), lt(orders.visitBookedFor, to)));
  return rows.map((row) => {
    const parts = orderParts(row, settings.publicUrl);
    return {
      kind: "visits_tomorrow" as const,
      rowId: row.id,
      since: row.visitBookedFor!,
      dueAt: from,
      detail: row.serviceName,
      ...parts,
      values: { ...parts.values, amount_due: "" },
    };
  });
}

/** Orders delivered within the owner's days, not yet asked for a review (the ask is marked done). */
async function reviewAsks(db: Database, settings: TodaySettings, now: Date): Promise<Candidate[]> {
  const window = settings.followUps.reviewDays * DAY_MS;
  const rows = await db
    .select({ order: orders, deliveredAt: sql<Date>`max(${orderEvents.at})`.mapWith(orderEvents.at) })
    .from(orders)
    .innerJoin(orderEvents, and(eq(orderEvents.orderId, orders.id), eq(orderEvents.status, "delivered")))
    .where(and(inArray(orders.status, ["delivered", "closed"]), gte(orderEvents.at, new Date(now.getTime() - window))))
    .groupBy(orders.id);
  return rows.map(({ order, deliveredAt }) => {
    const parts = orderParts(order, settings.publicUrl);
    return {
      kind: "review_asks" as const,
      rowId: order.id,
      since: deliveredAt,
      dueAt: deliveredAt,
      detail: null,
      ...parts,
      values: { ...parts.values, amount_due: "" },
    };
  });
}

/** Signed-in customers' carts with items, untouched past the owner's hours (and not for a month). */
async function cartsIdle(db: Database, settings: TodaySettings, now: Date): Promise<Candidate[]> {
  const idleSince = new Date(now.getTime() - settings.followUps.cartHours * HOUR_MS);
  const rows = await db
    .select({
      id: carts.id,
      lastUsedAt: carts.lastUsedAt,
      customerId: customerAccounts.customerId,
      name: users.username,
      phone: users.phoneNumber,
      items: sql<number>`(select count(*) from cart_items i where i.cart_id = ${carts.id})`.mapWith(Number),
    })
    .from(carts)
    .innerJoin(users, eq(users.id, carts.userId))
    .leftJoin(customerAccounts, eq(customerAccounts.userId, users.id))
    .where(
      and(
        isNotNull(carts.userId),
        eq(users.role, "customer"),
        lte(carts.lastUsedAt, idleSince),
        gte(carts.lastUsedAt, new Date(now.getTime() - CART_CHASED_FOR_DAYS * DAY_MS)),
        exists(
          db
            .select({ one: sql`1` })
            .from(cartItems)
            .where(eq(cartItems.cartId, carts.id)),
        ),
      ),
    );
  return rows.map((row) => ({
    kind: "carts_idle" as const,
    rowId: row.id,
    since: row.lastUsedAt,
    dueAt: new Date(row.lastUsedAt.getTime() + settings.followUps.cartHours * HOUR_MS),
    customerId: row.customerId,
    reference: null,
    name: row.name,
    phone: row.phone,
    detail: `${row.items} ${row.items === 1 ? "piece" : "pieces"} in the cart`,
    values: { amount_due: "", reference: "", pay_link: "", tracking_link: "", ready_by: "", review_link: "" },
  }));
}

/** Contact messages nobody has answered (marked read) yet. */
async function messagesUnanswered(db: Database): Promise<Candidate[]> {
  const rows = await db
    .select()
    .from(contactMessages)
    .where(isNull(contactMessages.readAt))
    .orderBy(desc(contactMessages.createdAt));
  return rows.map((row) => ({
    kind: "messages_unanswered" as const,
    rowId: row.id,
    since: row.createdAt,
    dueAt: row.createdAt,
    customerId: row.customerId,
    reference: null,
    name: row.name,
    phone: row.phoneNumber,
    detail: row.subject,
    values: { amount_due: "", reference: "", pay_link: "", tracking_link: "", ready_by: "", review_link: "" },
  }));
}

const QUEUES: Record<TodayQueue, (db: Database, settings: TodaySettings, now: Date) => Promise<Candidate[]>> = {
  new_orders: newOrders,
  quotes_waiting: quotesWaiting,
  quotes_expiring: quotesExpiring,
  deposits_due: depositsDue,
  ready_undelivered: readyUndelivered,
  visits_tomorrow: visitsTomorrow,
  review_asks: reviewAsks,
  carts_idle: cartsIdle,
  messages_unanswered: (db) => messagesUnanswered(db),
};

/**
 * The amounts of the entries that name money, worked out (by the orders' own sums) only
 * for the entries given: the listed ones, not a whole queue. An entry whose order owes
 * nothing any more is dropped.
 */
async function withMoney(db: Database, candidates: Candidate[]): Promise<Candidate[]> {
  const sums = await sumsOf(
    db,
    candidates.flatMap((candidate) => (candidate.money ? [candidate.money.row] : [])),
  );
  return candidates.flatMap((candidate) => {
    if (!candidate.money) return [candidate];
    const sum = sums.get(candidate.money.row.id);
    if (!sum) return [candidate];
    const owes = candidate.money.owes === "deposit" ? Math.max(0, sum.depositDueKobo - sum.paidKobo) : sum.balanceKobo;
    if (candidate.kind === "deposits_due" && owes <= 0) return [];
    const detail =
      candidate.kind === "deposits_due"
        ? `Deposit owed ${naira(owes)}`
        : candidate.kind === "ready_undelivered"
          ? owes > 0
            ? `Balance ${naira(owes)}`
            : "Paid in full"
          : candidate.detail;
    return [{ ...candidate, detail, owesKobo: owes, values: { ...candidate.values, amount_due: naira(owes) } }];
  });
}

/** A queue's entries as its rules find them now, marks aside (what e-mail reminders follow too). */
export async function queueCandidates(db: Database, settings: TodaySettings, kind: TodayQueue, now: Date) {
  return withMoney(db, await QUEUES[kind](db, settings, now));
}

export type { Candidate as QueueCandidate };

/** The entry as answered: its id, its title and its WhatsApp message filled from the owner's template. */
function entryOf(candidate: Candidate, settings: TodaySettings): TodayEntry {
  const message = fillTemplate(settings.messageTemplates[candidate.kind], {
    name: candidate.name ?? "Sir/Ma",
    reference: "",
    amount_due: "",
    pay_link: "",
    tracking_link: "",
    ready_by: "",
    review_link: "",
    ...candidate.values,
  });
  const phone = candidate.phone ? toE164(candidate.phone) : null;
  return {
    _id: entryIdOf(candidate),
    kind: candidate.kind,
    customerId: candidate.customerId,
    ...(candidate.orderId ? { orderId: candidate.orderId } : {}),
    reference: candidate.reference,
    title: [candidate.reference, candidate.name ?? "No name"].filter(Boolean).join(" · "),
    detail: candidate.detail,
    dueAt: candidate.dueAt.toISOString(),
    late: candidate.late ?? false,
    message,
    whatsappUrl: phone ? whatsappLink(phone, message) : null,
  };
}

/**
 * The marks that hide an entry now: done, or snoozed until later. Read whole (a shop's
 * marks are few beside its orders) rather than by the candidates' ids, which run to
 * thousands on a big shop.
 */
async function hiddenEntries(db: Database, now: Date): Promise<Set<string>> {
  const rows = await db
    .select({ entryId: todayMarks.entryId })
    .from(todayMarks)
    .where(or(isNotNull(todayMarks.doneAt), gt(todayMarks.snoozedUntil, now)));
  return new Set(rows.map((row) => row.entryId));
}

/** Every queue, each counted, its first entries listed, the longest due first. */
export async function readToday(db: Database, settings: TodaySettings, now = new Date()): Promise<Today> {
  const found = await Promise.all(TODAY_QUEUES.map((kind) => QUEUES[kind](db, settings, now)));
  const hidden = await hiddenEntries(db, now);
  const shown = found.map((list) =>
    list.filter((candidate) => !hidden.has(entryIdOf(candidate))).sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime()),
  );
  const listed = await Promise.all(shown.map((list) => withMoney(db, list.slice(0, QUEUE_LISTED))));
  return {
    queues: TODAY_QUEUES.map((kind, i) => ({
      kind,
      label: QUEUE_LABELS[kind],
      count: shown[i]!.length,
      entries: listed[i]!.map((candidate) => entryOf(candidate, settings)),
    })),
  };
}

/** The entry as its queue lists it now, marks aside; null once its cause is gone (or it never was). */
export async function findEntry(
  db: Database,
  settings: TodaySettings,
  entryId: string,
  now = new Date(),
): Promise<TodayEntry | null> {
  const kind = queueOfEntry(entryId);
  if (!kind) return null;
  const candidate = (await QUEUES[kind](db, settings, now)).find((found) => entryIdOf(found) === entryId);
  const [priced] = candidate ? await withMoney(db, [candidate]) : [];
  return priced ? entryOf(priced, settings) : null;
}

const GONE = "That entry has left Today: what it was waiting for is done. Reload to see the queues as they are.";

type MarkRow = typeof todayMarks.$inferSelect;
const markOf = (row: MarkRow): TodayMark => ({
  _id: row.entryId,
  doneAt: row.doneAt?.toISOString() ?? null,
  doneBy: row.doneBy,
  snoozedUntil: row.snoozedUntil?.toISOString() ?? null,
  snoozedBy: row.snoozedBy,
});

/** Marks the entry done, stamped with who and when; an entry no longer listed is a 404. */
export async function markDone(
  db: Database,
  settings: TodaySettings,
  entryId: string,
  by: string,
  now = new Date(),
): Promise<{ mark: TodayMark; entry: TodayEntry }> {
  const entry = await findEntry(db, settings, entryId, now);
  if (!entry) throw refuse("missing", GONE);
  const [row] = await db
    .insert(todayMarks)
    .values({ entryId, kind: entry.kind, doneAt: now, doneBy: by })
    .onConflictDoUpdate({ target: todayMarks.entryId, set: { doneAt: now, doneBy: by } })
    .returning();
  return { mark: markOf(row!), entry };
}

const MAX_SNOOZE_MS = 366 * DAY_MS;

/** Hides the entry until `until` (a day: 8 am in Lagos that day), stamped with who and when. */
export async function snooze(
  db: Database,
  settings: TodaySettings,
  entryId: string,
  until: string,
  by: string,
  now = new Date(),
): Promise<{ mark: TodayMark; entry: TodayEntry }> {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(until) ? new Date(`${until}T08:00:00+01:00`) : new Date(until);
  if (Number.isNaN(at.getTime()) || at <= now || at.getTime() - now.getTime() > MAX_SNOOZE_MS) {
    throw refuse("invalid", "Choose when to bring it back: later than now, within a year.");
  }
  const entry = await findEntry(db, settings, entryId, now);
  if (!entry) throw refuse("missing", GONE);
  const [row] = await db
    .insert(todayMarks)
    .values({ entryId, kind: entry.kind, snoozedUntil: at, snoozedAt: now, snoozedBy: by })
    .onConflictDoUpdate({ target: todayMarks.entryId, set: { snoozedUntil: at, snoozedAt: now, snoozedBy: by } })
    .returning();
  return { mark: markOf(row!), entry };
}
