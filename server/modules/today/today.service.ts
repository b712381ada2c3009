/**
 * Today's queues (docs/product.md, Today), worked out from the orders, quotes, payments,
 * carts and contact messages as they are now: an entry is listed while its cause lasts
 * (a quote unanswered, a deposit unpaid…) and leaves by itself once the cause is gone,
 * whatever was marked. The staff's marks (done, snoozed) only hide an entry whose cause
 * is the same one they marked: an entry's id names its queue, its row and the moment its
 * cause began.
 */
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import { isUuidText } from "../../../domain/ids.schema";
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
import { orderLines, orderPayments, orders } from "../../db/schema/orders";
import { orderQuotes } from "../../db/schema/quotes";
import { carts } from "../../db/schema/shopping-lists";
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
  // One after another: inside a mark's transaction they share one connection, which takes
  // one query at a time (node-postgres will refuse more).
  const lines = await db
    .select({ orderId: orderLines.orderId, unitPriceKobo: orderLines.unitPriceKobo, quantity: orderLines.quantity })
    .from(orderLines)
    .where(inArray(orderLines.orderId, ids));
  const payments = await db
    .select({ orderId: orderPayments.orderId, amountKobo: orderPayments.amountKobo })
    .from(orderPayments)
    .where(inArray(orderPayments.orderId, ids));
  const quotes = await readCurrentQuotes(db, ids);
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

// ---------------------------------------------------------------------------------------
// Each queue in SQL. A queue's rule is one statement of its candidates, each row naming the
// entry's row, the moment its cause began (in milliseconds, as the entry's id spells it)
// and what the queue is sorted by (the longest due first). The thresholds are bounds on
// indexed columns (migration 0025); the marks are joined by the entry's id. Counting a
// queue reads no row whole: only the first entries listed are read, and priced.

/** What a queue's statement answers for each candidate. */
interface Found {
  row_id: string;
  since_ms: string;
  /** The review queue's second reminder (docs/product.md, Today). */
  again: boolean;
}

/**
 * A queue's candidates; `row` (an SQL uuid) keeps only the one of that row. A statement of
 * two parts may keep each to its first `first` (the caller sorts and cuts again).
 */
type QueueStatement = (settings: TodaySettings, now: Date, row?: SQL, first?: number) => SQL;

/** The moment as the entry's id spells it: whole milliseconds, as a JavaScript date keeps it. */
const ms = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)::bigint`);
const only = (column: string, row: SQL | undefined) => (row ? sql`and ${sql.raw(column)} = ${row}` : sql``);
const firstN = (order: string, first: number | undefined) =>
  first === undefined ? sql`` : sql`order by ${sql.raw(order)} limit ${first}`;
const at = (moment: Date) => sql`${moment.toISOString()}::timestamptz`;

/**
 * The latest moment an order may have come and be due by now: `newOrderHours` shop hours
 * after it came is no later than now. Adding shop hours never goes back in time, so the
 * orders due are exactly those that came by this moment (found to the millisecond).
 */
export function newOrdersDueBy(hours: number, now: Date): Date {
  if (hours <= 0) return now;
  const due = (ms: number) => addShopHours(new Date(ms), hours) <= now;
  let lo = now.getTime() - Math.ceil(hours / 10 + 2) * 2 * DAY_MS;
  while (!due(lo)) lo -= 7 * DAY_MS;
  let hi = now.getTime();
  if (due(hi)) return now;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (due(mid)) lo = mid;
    else hi = mid;
  }
  return new Date(lo);
}

/** The latest version of an open (quoted, no changes asked) order's quote, not approved. */
const OPEN_QUOTE = sql.raw(`q.approved_at is null and o.status = 'quoted' and not o.needs_revision
  and not exists (select 1 from order_quotes v where v.order_id = q.order_id and v.version > q.version)`);

/** The review queue asks again this long after the first ask, once (docs/product.md, Today). */
export const REVIEW_ASKED_AGAIN_AFTER_DAYS = 7;

const STATEMENTS: Record<TodayQueue, QueueStatement> = {
  new_orders: (settings, now, row) => sql`
    select o.id as row_id, ${ms("o.created_at")} as since_ms, o.created_at as sort_at, false as again
    from orders o
    where o.status = 'new' and o.created_at <= ${at(newOrdersDueBy(settings.followUps.newOrderHours, now))}
    ${only("o.id", row)}`,

  quotes_waiting: (settings, now, row) => sql`
    select q.id as row_id, ${ms("q.sent_at")} as since_ms, q.sent_at as sort_at, false as again
    from order_quotes q join orders o on o.id = q.order_id
    where q.sent_at <= ${at(new Date(now.getTime() - settings.followUps.quoteDays * DAY_MS))} and ${OPEN_QUOTE}
    ${only("q.id", row)}`,

  quotes_expiring: (_settings, now, row) => {
    const today = lagosDay(now);
    return sql`
    select q.id as row_id, ${ms("q.valid_until::timestamp")} as since_ms,
           q.valid_until::timestamp at time zone 'UTC' as sort_at, false as again
    from order_quotes q join orders o on o.id = q.order_id
    where q.valid_until >= ${today}::date and q.valid_until <= ${addDays(today, EXPIRING_WITHIN_DAYS)}::date
      and ${OPEN_QUOTE}
    ${only("q.id", row)}`;
  },

  // The latest approved version approved the owner's days ago, the payments short of its deposit.
  deposits_due: (settings, now, row) => sql`
    select o.id as row_id, ${ms("a.approved_at")} as since_ms, a.approved_at as sort_at, false as again
    from orders o
    cross join lateral (
      select q.approved_at, q.deposit_due_kobo from order_quotes q
      where q.order_id = o.id and q.approved_at is not null order by q.version desc limit 1
    ) a
    where o.status = 'quoted'
      and a.approved_at <= ${at(new Date(now.getTime() - settings.followUps.depositDays * DAY_MS))}
      and coalesce((select sum(p.amount_kobo) from order_payments p where p.order_id = o.id), 0) < a.deposit_due_kobo
    ${only("o.id", row)}`,

  // Ready since its latest step to ready (else its last change, for an order with no such step).
  ready_undelivered: (settings, now, row) => sql`
    select o.id as row_id, ${ms("coalesce(o.ready_at, o.updated_at)")} as since_ms,
           coalesce(o.ready_at, o.updated_at) as sort_at, false as again
    from orders o
    where o.status = 'ready'
      and coalesce(o.ready_at, o.updated_at) <= ${at(new Date(now.getTime() - settings.followUps.readyDays * DAY_MS))}
    ${only("o.id", row)}`,

  visits_tomorrow: (_settings, now, row) => {
    const { from, to } = lagosTomorrow(now);
    return sql`
    select o.id as row_id, ${ms("o.visit_booked_for")} as since_ms, o.visit_booked_for as sort_at, false as again
    from orders o
    where o.status = 'visit_booked' and o.visit_booked_for >= ${at(from)} and o.visit_booked_for < ${at(to)}
    ${only("o.id", row)}`;
  },

  // Delivered within the owner's days and not reviewed: the ask (its id's moment is the
  // delivery). Asked (that entry marked done) a week ago and still not reviewed: the second
  // ask, once (its id's moment is the first ask's; nothing asks after it).
  review_asks: (settings, now, row, first) => sql`
    (select o.id as row_id, ${ms("o.delivered_at")} as since_ms, o.delivered_at as sort_at, false as again
    from orders o
    where o.status in ('delivered', 'closed')
      and o.delivered_at >= ${at(new Date(now.getTime() - settings.followUps.reviewDays * DAY_MS))}
      and not exists (select 1 from reviews rv where rv.order_id = o.id)
    ${only("o.id", row)}
    ${firstN("o.delivered_at, o.id", first)})
    union all
    (select o.id as row_id, ${ms("asked.done_at")} as since_ms,
           asked.done_at + make_interval(days => ${REVIEW_ASKED_AGAIN_AFTER_DAYS}) as sort_at, true as again
    from today_marks asked
    join orders o on o.id = ${markRow("asked")}
    where asked.kind = 'review_asks' and asked.done_at is not null
      and asked.done_at <= ${at(new Date(now.getTime() - REVIEW_ASKED_AGAIN_AFTER_DAYS * DAY_MS))}
      and o.status in ('delivered', 'closed')
      and ${markMoment("asked")} = ${ms("o.delivered_at")}
      and not exists (select 1 from reviews rv where rv.order_id = o.id)
      ${only("o.id", row)}
      ${firstN("asked.done_at, o.id", first)})`,

  // Signed-in customers' carts with items, untouched past the owner's hours (and not for a month).
  carts_idle: (settings, now, row) => sql`
    select c.id as row_id, ${ms("c.last_used_at")} as since_ms, c.last_used_at as sort_at, false as again
    from carts c join users u on u.id = c.user_id
    where c.user_id is not null and u.role = 'customer'
      and c.last_used_at <= ${at(new Date(now.getTime() - settings.followUps.cartHours * HOUR_MS))}
      and c.last_used_at >= ${at(new Date(now.getTime() - CART_CHASED_FOR_DAYS * DAY_MS))}
      and exists (select 1 from cart_items i where i.cart_id = c.id)
    ${only("c.id", row)}`,

  messages_unanswered: (_settings, _now, row) => sql`
    select cm.id as row_id, ${ms("cm.created_at")} as since_ms, cm.created_at as sort_at, false as again
    from contact_messages cm
    where cm.read_at is null
    ${only("cm.id", row)}`,
};

/** The row a mark's entry id names, as an SQL uuid (null for an id that names none). */
function markRow(alias: string): SQL {
  return sql.raw(
    `(case when ${alias}.entry_id ~ '^[a-z_]+\\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.[0-9]{1,15}$'
      then split_part(${alias}.entry_id, '.', 2)::uuid end)`,
  );
}
/** The moment a mark's entry id names, in milliseconds. */
const markMoment = (alias: string) =>
  sql.raw(`(case when ${alias}.entry_id ~ '\\.[0-9]{1,15}$' then split_part(${alias}.entry_id, '.', 3)::bigint end)`);

/** A mark that hides its entry now: done, or snoozed until later. */
const hides = (alias: string, now: Date) =>
  sql`(${sql.raw(alias)}.done_at is not null or ${sql.raw(alias)}.snoozed_until > ${at(now)})`;

/**
 * How many candidates a queue has now, and the ids of those a mark hides. The marks are few
 * beside the candidates, so each hiding mark looks its one row up (its queue's statement
 * kept to that row) rather than every candidate looking for a mark: counting stays on the
 * queue's index.
 */
function countOf(kind: TodayQueue, settings: TodaySettings, now: Date): SQL {
  const statement = STATEMENTS[kind];
  return sql`(select count(*) from (${statement(settings, now)}) c)::int as ${sql.identifier(kind)},
    array(select tm.entry_id from today_marks tm
      cross join lateral (${statement(settings, now, markRow("tm"))}) c
      where tm.kind = ${kind} and ${hides("tm", now)} and c.since_ms = ${markMoment("tm")}
    ) as ${sql.identifier(`${kind}_hidden`)}`;
}

/** A queue's first candidates, the longest due first: enough to list `limit` once the hidden are left out. */
function firstOf(kind: TodayQueue, settings: TodaySettings, now: Date, limit: number): SQL {
  return sql`(
    select ${kind}::text as kind, c.row_id::text as row_id, c.since_ms::text as since_ms, c.again
    from (${STATEMENTS[kind](settings, now, undefined, limit)}) c
    order by c.sort_at, c.row_id
    limit ${limit}
  )`;
}

// ---------------------------------------------------------------------------------------
// The entries listed, read whole.

async function ordersById(db: Database, ids: string[]): Promise<Map<string, OrderRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(orders).where(inArray(orders.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

const sinceOf = (found: Found) => new Date(Number(found.since_ms));

/** Each queue's candidates from its rows found, in the order found (rows gone meanwhile left out). */
const BUILDERS: Record<
  TodayQueue,
  (db: Database, settings: TodaySettings, now: Date, found: Found[]) => Promise<Candidate[]>
> = {
  new_orders: (db, settings, now, found) =>
    orderCandidates(db, settings, found, (row) => ({
      kind: "new_orders",
      dueAt: addShopHours(row.createdAt, settings.followUps.newOrderHours),
      late: now.getTime() - row.createdAt.getTime() >= LATE_AFTER_MS,
      detail: row.kind === "service" ? `Service request: ${row.serviceName ?? "a visit"}` : null,
    })),

  quotes_waiting: (db, settings, _now, found) => quoteCandidates(db, settings, "quotes_waiting", found),
  quotes_expiring: (db, settings, _now, found) => quoteCandidates(db, settings, "quotes_expiring", found),

  deposits_due: (db, settings, _now, found) =>
    orderCandidates(db, settings, found, (row, _entry, since) => ({
      kind: "deposits_due",
      dueAt: new Date(since.getTime() + settings.followUps.depositDays * DAY_MS),
      detail: null,
      money: { row, owes: "deposit" },
    })),

  ready_undelivered: (db, settings, _now, found) =>
    orderCandidates(db, settings, found, (row, _entry, since) => ({
      kind: "ready_undelivered",
      dueAt: new Date(since.getTime() + settings.followUps.readyDays * DAY_MS),
      detail: null,
      money: { row, owes: "balance" },
    })),

  visits_tomorrow: (db, settings, now, found) => {
    const { from } = lagosTomorrow(now);
    return orderCandidates(db, settings, found, (row) => ({
      kind: "visits_tomorrow",
      dueAt: from,
      detail: row.serviceName,
    }));
  },

  review_asks: (db, settings, _now, found) =>
    orderCandidates(db, settings, found, (_row, entry, since) => ({
      kind: "review_asks",
      dueAt: entry.again ? new Date(since.getTime() + REVIEW_ASKED_AGAIN_AFTER_DAYS * DAY_MS) : since,
      detail: entry.again ? `Asked on ${formatDay(lagosDay(since))}, no review yet: ask once more` : null,
    })),

  async carts_idle(db, settings, _now, found) {
    if (found.length === 0) return [];
    const rows = await db
      .select({
        id: carts.id,
        lastUsedAt: carts.lastUsedAt,
        customerId: customerAccounts.customerId,
        name: users.username,
        phone: users.phoneNumber,
        items: sql<number>`(select count(*) from cart_items i where i.cart_id = "carts".id)`.mapWith(Number),
      })
      .from(carts)
      .innerJoin(users, eq(users.id, carts.userId))
      .leftJoin(customerAccounts, eq(customerAccounts.userId, users.id))
      .where(
        inArray(
          carts.id,
          found.map((entry) => entry.row_id),
        ),
      );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return found.flatMap((entry) => {
      const row = byId.get(entry.row_id);
      if (!row) return [];
      const since = sinceOf(entry);
      return [
        {
          kind: "carts_idle" as const,
          rowId: row.id,
          since,
          dueAt: new Date(since.getTime() + settings.followUps.cartHours * HOUR_MS),
          customerId: row.customerId,
          reference: null,
          name: row.name,
          phone: row.phone,
          detail: `${row.items} ${row.items === 1 ? "piece" : "pieces"} in the cart`,
          values: NO_ORDER_VALUES,
        },
      ];
    });
  },

  async messages_unanswered(db, _settings, _now, found) {
    if (found.length === 0) return [];
    const rows = await db
      .select()
      .from(contactMessages)
      .where(
        inArray(
          contactMessages.id,
          found.map((entry) => entry.row_id),
        ),
      );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return found.flatMap((entry) => {
      const row = byId.get(entry.row_id);
      if (!row) return [];
      return [
        {
          kind: "messages_unanswered" as const,
          rowId: row.id,
          since: sinceOf(entry),
          dueAt: row.createdAt,
          customerId: row.customerId,
          reference: null,
          name: row.name,
          phone: row.phoneNumber,
          detail: row.subject,
          values: NO_ORDER_VALUES,
        },
      ];
    });
  },
};

const NO_ORDER_VALUES = {
  amount_due: "",
  reference: "",
  pay_link: "",
  tracking_link: "",
  ready_by: "",
  review_link: "",
};

/**
 * The entries of a queue of orders, in the order found (orders gone meanwhile left out):
 * each with the order's reference, customer and message fields, and what its queue adds
 * (`build`: its kind, when it was due, its detail, and for the queues that name money,
 * which sum).
 */
async function orderCandidates(
  db: Database,
  settings: TodaySettings,
  found: Found[],
  build: (
    row: OrderRow,
    entry: Found,
    since: Date,
  ) => Pick<Candidate, "kind" | "dueAt" | "detail"> & Pick<Partial<Candidate>, "late" | "money">,
): Promise<Candidate[]> {
  const rows = await ordersById(
    db,
    found.map((entry) => entry.row_id),
  );
  return found.flatMap((entry) => {
    const row = rows.get(entry.row_id);
    if (!row) return [];
    const since = sinceOf(entry);
    return [{ rowId: row.id, since, ...orderParts(row, settings.publicUrl), ...build(row, entry, since) }];
  });
}

/** The entries of the two quote queues: the quote (the entry's row) and its order. */
async function quoteCandidates(
  db: Database,
  settings: TodaySettings,
  kind: "quotes_waiting" | "quotes_expiring",
  found: Found[],
): Promise<Candidate[]> {
  if (found.length === 0) return [];
  const rows = await db
    .select({ order: orders, quote: orderQuotes })
    .from(orderQuotes)
    .innerJoin(orders, eq(orders.id, orderQuotes.orderId))
    .where(
      inArray(
        orderQuotes.id,
        found.map((entry) => entry.row_id),
      ),
    );
  const byId = new Map(rows.map((row) => [row.quote.id, row]));
  return found.flatMap((entry): Candidate[] => {
    const read = byId.get(entry.row_id);
    if (!read) return [];
    const { order, quote } = read;
    const parts = orderParts(order, settings.publicUrl);
    return kind === "quotes_waiting"
      ? [
          {
            kind,
            rowId: quote.id,
            since: sinceOf(entry),
            dueAt: new Date(quote.sentAt.getTime() + settings.followUps.quoteDays * DAY_MS),
            detail: `Quote v${quote.version}, ${naira(quote.totalKobo)}`,
            ...parts,
            money: { row: order, owes: "deposit" as const },
          },
        ]
      : [
          {
            kind,
            rowId: quote.id,
            since: sinceOf(entry),
            dueAt: new Date(`${addDays(quote.validUntil, -EXPIRING_WITHIN_DAYS)}T00:00:00+01:00`),
            detail: `Valid until ${formatDay(quote.validUntil)}`,
            ...parts,
            values: { ...parts.values, amount_due: naira(quote.depositDueKobo) },
          },
        ];
  });
}

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

/** A queue's candidates as its statement finds them (marks aside), read whole. */
async function candidatesOf(
  db: Database,
  settings: TodaySettings,
  kind: TodayQueue,
  now: Date,
  row?: string,
): Promise<Candidate[]> {
  const { rows } = await db.execute<Found & Record<string, unknown>>(sql`
    select c.row_id::text as row_id, c.since_ms::text as since_ms, c.again
    from (${STATEMENTS[kind](settings, now, row ? sql`${row}::uuid` : undefined)}) c
    order by c.sort_at, c.row_id`);
  return BUILDERS[kind](db, settings, now, rows);
}

/** A queue's entries as its rules find them now, marks aside (what e-mail reminders follow too). */
export async function queueCandidates(db: Database, settings: TodaySettings, kind: TodayQueue, now: Date) {
  return withMoney(db, await candidatesOf(db, settings, kind, now));
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
 * Every queue, each counted and its first entries listed, the longest due first: one
 * statement counts the queues (and finds the entries a mark hides), one reads the first
 * entries of each, then only those are read whole and priced.
 */
export async function readToday(db: Database, settings: TodaySettings, now = new Date()): Promise<Today> {
  const { counts, hidden, first } = await db.transaction(
    async (tx) => {
      // Compiling these statements (JIT) would cost far more than running them.
      await tx.execute(sql`set local jit = off`);
      const counted = await tx.execute<Record<string, number | string[]>>(
        sql`select ${sql.join(
          TODAY_QUEUES.map((kind) => countOf(kind, settings, now)),
          sql`, `,
        )}`,
      );
      const row = counted.rows[0]!;
      const hiddenOf = (kind: TodayQueue) => row[`${kind}_hidden`] as string[];
      const hidden = new Set(TODAY_QUEUES.flatMap(hiddenOf));
      // Only the queues with entries to list are read again.
      const listing = TODAY_QUEUES.filter((kind) => (row[kind] as number) > hiddenOf(kind).length);
      if (listing.length === 0) return { counts: row, hidden, first: [] };
      const listed = await tx.execute<Found & { kind: TodayQueue } & Record<string, unknown>>(
        sql.join(
          listing.map((kind) => firstOf(kind, settings, now, QUEUE_LISTED + hiddenOf(kind).length)),
          sql` union all `,
        ),
      );
      return { counts: row, hidden, first: listed.rows };
    },
    { accessMode: "read only" },
  );
  const shown = first.filter((found) => !hidden.has(`${found.kind}.${found.row_id}.${found.since_ms}`));
  const entries = await Promise.all(
    TODAY_QUEUES.map(async (kind) =>
      withMoney(
        db,
        await BUILDERS[kind](db, settings, now, shown.filter((found) => found.kind === kind).slice(0, QUEUE_LISTED)),
      ),
    ),
  );
  return {
    queues: TODAY_QUEUES.map((kind, i) => ({
      kind,
      label: QUEUE_LABELS[kind],
      count: (counts[kind] as number) - (counts[`${kind}_hidden`] as string[]).length,
      entries: entries[i]!.map((candidate) => entryOf(candidate, settings)),
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
  const row = entryId.split(".")[1] ?? "";
  if (!kind || !isUuidText(row)) return null;
  const candidate = (await candidatesOf(db, settings, kind, now, row)).find((found) => entryIdOf(found) === entryId);
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
