/**
 * The customer book's rules and SQL (docs/product.md, Customers): the list, searched,
 * sorted and paged on an index; a customer's page with their orders and timeline; notes,
 * tags and the staff member who looks after them; merging two records of one person and
 * splitting orders off to a record of their own; the CSV export.
 */
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { emailKey, nameWords, phoneDigits, slipKeys } from "../../../domain/customers/customer-keys";
import type {
  CustomerDetail,
  CustomerList,
  CustomerListQuery,
  CustomerSummary,
  CustomerUpdate,
  TimelineEntry,
} from "../../../domain/customers/customers.schema";
import { isUuidText } from "../../../domain/ids.schema";
import { formatNaira, koboToNaira } from "../../../domain/money";
import { readReference } from "../../../domain/orders/order-reference";
import { STATUS_LABELS } from "../../../domain/orders/order-status";
import { PAYMENT_METHOD_LABELS } from "../../../domain/orders/orders.schema";
import { refuse } from "../../../domain/refusal";
import type { Database } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { contactMessages } from "../../db/schema/contact";
import { customerAccounts, customerContacts, customerNotes, customers } from "../../db/schema/customers";
import { orderEvents, orderPayments, orders } from "../../db/schema/orders";
import { writeCsv } from "../../write-csv";
import { summariesOf } from "../orders/order-desk.service";
import { groupByOrder } from "../orders/order-rows";
import { readQuoteVersions } from "../quotes/quote-rows";
import { markStale, refreshFigures } from "./customer-figures.service";

export const CUSTOMER_NOT_FOUND = "Customer not found.";
const gone = () => refuse("missing", CUSTOMER_NOT_FOUND);

type CustomerRow = typeof customers.$inferSelect;

/** "%", "_" and "\" typed in a search are looked for as themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * What a search finds: a name with every word typed (each may be the start or part of a
 * name's word, or one slip away from one), a phone number holding the digits typed, an
 * e-mail holding the text, or the customer of an order whose reference it is.
 *
 * Each way is its own statement on its own index (the slip keys' GIN index and the name's
 * trigrams, the contacts' trigrams, the references' key), and the customers are those any
 * of them finds: written as one OR over the customers, PostgreSQL would walk the whole
 * book by the sort's index and test every row.
 */
function searchSources(search: string): SQL | null {
  const words = nameWords(search);
  const found: SQL[] = [];
  if (words.length) {
    found.push(
      sql`select k.id from customers k where ${and(
        ...words.map(
          (word) =>
            sql`(k.name_keys && ${sql`array[${sql.join(
              slipKeys(word).map((key) => sql`${key}`),
              sql`, `,
            )}]::text[]`} or lower(k.name) like ${`%${escapeLike(word)}%`})`,
        ),
      )}`,
    );
  }
  const digits = phoneDigits(search);
  if (digits) {
    found.push(
      sql`select p.customer_id from customer_contacts p where p.kind = 'phone' and p.value like ${`%${digits}%`}`,
    );
  }
  const text = emailKey(search);
  if (text.length >= 3) {
    found.push(
      sql`select m.customer_id from customer_contacts m where m.kind = 'email' and m.value like ${`%${escapeLike(text)}%`}`,
    );
  }
  const reference = readReference(search);
  if (reference) {
    found.push(
      reference.prefix
        ? sql`select r.customer_id from orders r where r.reference = ${`${reference.prefix}-${reference.code}`}`
        : sql`select r.customer_id from orders r where r.reference like ${`%-${reference.code}`}`,
    );
  }
  return found.length ? sql.join(found, sql` union `) : null;
}

function searchCondition(search: string): SQL {
  const found = searchSources(search);
  return found ? sql`${customers.id} in (${found})` : sql`false`;
}

/**
 * Up to this many customers found by a search are read by their ids and sorted as they are
 * (exact count, no walk of the sort's index); a search finding more pages on the index.
 */
const FEW_FOUND = 2000;

// "nulls last", as the indexes are built: PostgreSQL's own "desc" puts nulls first, and an
// index in the other order would not serve the sort (the columns hold no null either way).
const ORDER_BY = {
  last_contact: [sql`${customers.lastContactAt} desc nulls last`, asc(customers.id)],
  spend: [sql`${customers.paidKobo} desc nulls last`, asc(customers.id)],
  balance: [sql`${customers.balanceKobo} desc nulls last`, asc(customers.id)],
} as const;

/** The phones and e-mails of these customers, by customer. */
async function contactsOf(db: Database, ids: readonly string[]) {
  const contacts = new Map<string, { phones: string[]; emails: string[] }>(
    ids.map((id) => [id, { phones: [], emails: [] }]),
  );
  if (!ids.length) return contacts;
  const rows = await db
    .select()
    .from(customerContacts)
    .where(inArray(customerContacts.customerId, [...ids]))
    .orderBy(asc(customerContacts.createdAt));
  for (const row of rows) contacts.get(row.customerId)?.[row.kind === "phone" ? "phones" : "emails"].push(row.value);
  return contacts;
}

function summaryOf(row: CustomerRow, contacts: { phones: string[]; emails: string[] }): CustomerSummary {
  return {
    _id: row.id,
    name: row.name,
    phones: contacts.phones,
    emails: contacts.emails,
    areas: row.areas,
    ordersCount: row.ordersCount,
    paid: koboToNaira(row.paidKobo),
    balance: koboToNaira(row.balanceKobo),
    openQuotes: row.openQuotes,
    firstContactAt: row.firstContactAt.toISOString(),
    lastContactAt: row.lastContactAt.toISOString(),
    ownerId: row.ownerId,
    tags: row.tags,
  };
}

/** A page of the book, sorted and searched. */
export async function listCustomers(db: Database, query: CustomerListQuery): Promise<CustomerList> {
  await refreshFigures(db);
  const offset = (query.page - 1) * query.limit;
  const { rows, total } = (query.search && (await fewFound(db, query, offset))) || (await pageOf(db, query, offset));
  const contacts = await contactsOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    customers: rows.map((row) => summaryOf(row, contacts.get(row.id)!)),
    total,
    hasMore: offset + rows.length < total,
  };
}

/** A search that finds few: their ids first (each way of finding on its index), then the page of them. */
async function fewFound(
  db: Database,
  query: CustomerListQuery,
  offset: number,
): Promise<{ rows: CustomerRow[]; total: number } | null> {
  const sources = searchSources(query.search!);
  if (!sources) return { rows: [], total: 0 };
  const { rows: found } = await db.execute<{ id: string }>(
    sql`select f.id::text as id from (${sources}) as f(id) limit ${FEW_FOUND + 1}`,
  );
  if (found.length > FEW_FOUND) return null;
  const rows = found.length
    ? await db
        .select()
        .from(customers)
        .where(
          inArray(
            customers.id,
            found.map((row) => row.id),
          ),
        )
        .orderBy(...ORDER_BY[query.sort])
        .limit(query.limit)
        .offset(offset)
    : [];
  return { rows, total: found.length };
}

/** A page on the sort's index: its ids from the index alone (skipping a deep page's rows there costs little), then those rows. */
async function pageOf(
  db: Database,
  query: CustomerListQuery,
  offset: number,
): Promise<{ rows: CustomerRow[]; total: number }> {
  const where = query.search ? searchCondition(query.search) : undefined;
  const page = db
    .select({ id: customers.id })
    .from(customers)
    .where(where)
    .orderBy(...ORDER_BY[query.sort])
    .limit(query.limit)
    .offset(offset);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(customers)
      .where(inArray(customers.id, page))
      .orderBy(...ORDER_BY[query.sort]),
    db.select({ total: count() }).from(customers).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Every customer, in the list's order for this search and sort, as CSV (cells a spreadsheet would run are protected). */
export async function exportCustomers(db: Database, query: Omit<CustomerListQuery, "page" | "limit">): Promise<string> {
  await refreshFigures(db);
  const rows = await db
    .select()
    .from(customers)
    .where(query.search ? searchCondition(query.search) : undefined)
    .orderBy(...ORDER_BY[query.sort]);
  const contacts = await contactsOf(
    db,
    rows.map((row) => row.id),
  );
  const owners = await staffNames(db);
  const columns = [
    "id",
    "name",
    "phones",
    "emails",
    "areas",
    "orders",
    "paid",
    "balance",
    "open_quotes",
    "first_contact",
    "last_contact",
    "looked_after_by",
    "tags",
  ];
  return writeCsv(
    rows.map((row) => {
      const summary = summaryOf(row, contacts.get(row.id)!);
      return {
        id: row.id,
        name: row.name,
        phones: summary.phones.join(" "),
        emails: summary.emails.join(" "),
        areas: summary.areas.join("; "),
        orders: String(summary.ordersCount),
        paid: summary.paid.toFixed(2),
        balance: summary.balance.toFixed(2),
        open_quotes: String(summary.openQuotes),
        first_contact: summary.firstContactAt,
        last_contact: summary.lastContactAt,
        looked_after_by: (row.ownerId && owners.get(row.ownerId)) ?? "",
        tags: summary.tags.join(", "),
      };
    }),
    { columns, header: true },
  );
}

/** The staff members' names, by id. */
export async function staffNames(db: Database): Promise<Map<string, string>> {
  const rows = await db.select({ id: users.id, name: users.username }).from(users).where(eq(users.role, "admin"));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The staff who may look after customers: active members who read them (Owner, Sales). */
export async function customerKeepers(db: Database): Promise<Array<{ _id: string; name: string }>> {
  const rows = await db
    .select({ id: users.id, name: users.username })
    .from(users)
    .where(
      and(
        eq(users.role, "admin"),
        sql`coalesce(${users.staffStatus}, 'active') = 'active'`,
        sql`${users.staffRoles} && array['owner', 'sales']::text[]`,
      ),
    )
    .orderBy(asc(users.username));
  return rows.map((row) => ({ _id: row.id, name: row.name }));
}

export async function findCustomer(db: Database, id: string): Promise<CustomerRow | null> {
  if (!isUuidText(id)) return null;
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row ?? null;
}

/** A customer's page: their figures, orders (newest first) and timeline (newest first). */
export async function customerDetail(db: Database, id: string): Promise<CustomerDetail> {
  if (!(await findCustomer(db, id))) throw gone();
  await refreshFigures(db);
  const row = (await findCustomer(db, id))!;
  const orderRows = await db
    .select()
    .from(orders)
    .where(eq(orders.customerId, id))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const orderIds = orderRows.map((order) => order.id);
  const [contacts, summaries, payments, versions, events, messages, notes, owners] = await Promise.all([
    contactsOf(db, [id]),
    summariesOf(db, orderRows),
    orderIds.length ? db.select().from(orderPayments).where(inArray(orderPayments.orderId, orderIds)) : [],
    readQuoteVersions(db, orderIds),
    orderIds.length ? db.select().from(orderEvents).where(inArray(orderEvents.orderId, orderIds)) : [],
    db.select().from(contactMessages).where(eq(contactMessages.customerId, id)),
    db.select().from(customerNotes).where(eq(customerNotes.customerId, id)),
    staffNames(db),
  ]);
  const paymentsOf = groupByOrder(payments);
  const referenceOf = new Map(orderRows.map((order) => [order.id, order.reference]));
  const timeline: TimelineEntry[] = [];
  const add = (entry: Omit<TimelineEntry, "at"> & { at: Date }) =>
    timeline.push({ ...entry, at: entry.at.toISOString() });
  for (const order of orderRows) {
    add({
      at: order.createdAt,
      kind: "order",
      title: `${order.kind === "service" ? "Service request" : "Order"} ${order.reference} placed`,
      detail: summaries.find((summary) => summary._id === order.id)?.summary ?? null,
      orderId: order.id,
      by: null,
    });
  }
  for (const event of events) {
    // The "new" status is the order's placing, already on the timeline.
    if (event.status === "new" && event.by === null) continue;
    add({
      at: event.at,
      kind: "status",
      title: event.status
        ? `${referenceOf.get(event.orderId)}: ${STATUS_LABELS[event.status]}`
        : `${referenceOf.get(event.orderId)}: note`,
      detail: event.note,
      orderId: event.orderId,
      by: event.by,
    });
  }
  for (const version of versions) {
    add({
      at: version.sentAt,
      kind: "quote",
      title: `${referenceOf.get(version.orderId)}: quote version ${version.version} sent`,
      detail: `Total ${formatNaira(koboToNaira(version.totalKobo))}, deposit ${formatNaira(koboToNaira(version.depositDueKobo))}`,
      orderId: version.orderId,
      by: version.sentBy,
    });
    if (version.approvedAt) {
      add({
        at: version.approvedAt,
        kind: "approval",
        title: `${referenceOf.get(version.orderId)}: quote version ${version.version} approved`,
        detail: null,
        orderId: version.orderId,
        by: version.approvedByName,
      });
    }
  }
  for (const payment of payments) {
    add({
      at: payment.createdAt,
      kind: "payment",
      title: `${referenceOf.get(payment.orderId)}: ${formatNaira(koboToNaira(payment.amountKobo))} paid`,
      detail: `${PAYMENT_METHOD_LABELS[payment.method]}, ${payment.paidOn}${payment.note ? ` — ${payment.note}` : ""}`,
      orderId: payment.orderId,
      by: payment.recordedBy,
    });
  }
  for (const message of messages) {
    add({
      at: message.createdAt,
      kind: "message",
      title: `Message: ${message.subject}`,
      detail: message.message,
      orderId: null,
      by: message.name,
    });
  }
  for (const note of notes) {
    add({ at: note.at, kind: "note", title: "Note", detail: note.body, orderId: null, by: note.byName });
  }
  timeline.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return {
    ...summaryOf(row, contacts.get(id)!),
    ownerName: row.ownerId ? (owners.get(row.ownerId) ?? null) : null,
    orders: summaries.map((summary) => ({
      _id: summary._id,
      reference: summary.reference,
      kind: summary.kind,
      status: summary.status,
      summary: summary.summary,
      total: summary.total ?? 0,
      balance: summary.balance ?? 0,
      paid: koboToNaira((paymentsOf.get(summary._id) ?? []).reduce((sum, payment) => sum + payment.amountKobo, 0)),
      createdAt: summary.createdAt,
    })),
    timeline,
  };
}

/** What the journal compares before and after an update. */
export const journalView = (row: CustomerRow, owners: Map<string, string>) => ({
  tags: row.tags.join(", "),
  lookedAfterBy: row.ownerId ? (owners.get(row.ownerId) ?? row.ownerId) : null,
});

/** Adds a note, sets the tags or the staff member who looks after them. */
export async function updateCustomer(
  db: Database,
  id: string,
  update: CustomerUpdate,
  by: { id: string | null; name: string },
): Promise<{ before: CustomerRow; after: CustomerRow }> {
  if (!isUuidText(id)) throw gone();
  const [before] = await db.select().from(customers).where(eq(customers.id, id)).for("update");
  if (!before) throw gone();
  if (update.ownerId) {
    const keepers = await customerKeepers(db);
    if (!keepers.some((keeper) => keeper._id === update.ownerId)) {
      throw refuse("invalid", "Choose a staff member who looks after customers (Owner or Sales).", {
        ownerId: "Choose a staff member from the list.",
      });
    }
  }
  if (update.notes)
    await db.insert(customerNotes).values({ customerId: id, body: update.notes, byId: by.id, byName: by.name });
  const set = {
    ...(update.tags === undefined ? {} : { tags: update.tags }),
    ...(update.ownerId === undefined ? {} : { ownerId: update.ownerId }),
  };
  if (!Object.keys(set).length) return { before, after: before };
  const [after] = await db.update(customers).set(set).where(eq(customers.id, id)).returning();
  return { before, after: after! };
}

/**
 * The records' orders, then the records, each in one order. Orders come first because every
 * path that changes an order's money locks the order and then (by the triggers that mark
 * the figures stale) its customer: a merge or split taking the records first would wait on
 * such a payment while it waits on them. And two merges at once take the same rows in the
 * same order, so they never wait on each other in a circle either.
 */
async function lockBoth(db: Database, ids: readonly string[]): Promise<CustomerRow[]> {
  await db
    .select({ id: orders.id })
    .from(orders)
    .where(inArray(orders.customerId, [...ids]))
    .orderBy(asc(orders.id))
    .for("update");
  const rows = await db
    .select()
    .from(customers)
    .where(inArray(customers.id, [...ids]))
    .orderBy(asc(customers.id))
    .for("update");
  return ids.map((id) => rows.find((row) => row.id === id) ?? null).filter((row) => row !== null);
}

export interface Merged {
  kept: CustomerRow;
  gone: CustomerRow;
  orderIds: string[];
}

/**
 * The second record joins the first: its orders, messages, accounts, contacts and notes
 * move over, tags are joined, and the first keeps its name and its keeper (else takes
 * the second's). The second record is removed.
 */
export async function mergeCustomers(db: Database, [keepId, goneId]: readonly [string, string]): Promise<Merged> {
  const rows = await lockBoth(db, [keepId, goneId]);
  const kept = rows.find((row) => row.id === keepId);
  const other = rows.find((row) => row.id === goneId);
  if (!kept || !other) throw gone();
  const moved = await db
    .update(orders)
    .set({ customerId: keepId })
    .where(eq(orders.customerId, goneId))
    .returning({ id: orders.id });
  await db.update(contactMessages).set({ customerId: keepId }).where(eq(contactMessages.customerId, goneId));
  await db.update(customerAccounts).set({ customerId: keepId }).where(eq(customerAccounts.customerId, goneId));
  await db.update(customerContacts).set({ customerId: keepId }).where(eq(customerContacts.customerId, goneId));
  await db.update(customerNotes).set({ customerId: keepId }).where(eq(customerNotes.customerId, goneId));
  const [merged] = await db
    .update(customers)
    .set({
      name: kept.name || other.name,
      nameKeys: kept.name ? kept.nameKeys : other.nameKeys,
      tags: [...new Set([...kept.tags, ...other.tags])],
      ownerId: kept.ownerId ?? other.ownerId,
      firstContactAt: kept.firstContactAt < other.firstContactAt ? kept.firstContactAt : other.firstContactAt,
    })
    .where(eq(customers.id, keepId))
    .returning();
  await db.delete(customers).where(eq(customers.id, goneId));
  await markStale(db, [keepId]);
  return { kept: merged!, gone: other, orderIds: moved.map((order) => order.id) };
}

export interface Split {
  from: CustomerRow;
  made: CustomerRow;
  orderIds: string[];
}

/**
 * These orders leave for a record of their own, with what is theirs alone: the phone
 * numbers no remaining order or account gives, the accounts all of whose orders leave
 * (with their e-mail), and the messages sent from what leaves.
 */
export async function splitCustomer(db: Database, id: string, orderIds: readonly string[]): Promise<Split> {
  if (!isUuidText(id)) throw gone();
  const [from] = await lockBoth(db, [id]);
  if (!from) throw gone();
  const own = await db.select().from(orders).where(eq(orders.customerId, id));
  const leaving = own.filter((order) => orderIds.includes(order.id));
  if (leaving.length !== new Set(orderIds).size) {
    throw refuse("invalid", "Choose orders of this customer.", { orderIds: "Choose orders of this customer." });
  }
  const staying = own.filter((order) => !orderIds.includes(order.id));
  const accounts = await db
    .select({ userId: customerAccounts.userId, email: users.email, phone: users.phoneNumber })
    .from(customerAccounts)
    .innerJoin(users, eq(users.id, customerAccounts.userId))
    .where(eq(customerAccounts.customerId, id));
  const leavingAccounts = accounts.filter(
    (account) =>
      leaving.some((order) => order.userId === account.userId) &&
      !staying.some((order) => order.userId === account.userId),
  );
  const stayingAccounts = accounts.filter((account) => !leavingAccounts.includes(account));
  const keptPhones = new Set([
    ...staying.map((order) => order.customerPhone),
    ...stayingAccounts.map((account) => account.phone),
  ]);
  const phones = [
    ...new Set([...leaving.map((order) => order.customerPhone), ...leavingAccounts.map((account) => account.phone)]),
  ].filter((phone): phone is string => !!phone && !keptPhones.has(phone));
  const emails = leavingAccounts.map((account) => emailKey(account.email));

  const newest = [...leaving].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]!;
  const name = newest.customerName ?? "";
  const [made] = await db
    .insert(customers)
    .values({ name, nameKeys: nameWords(name).flatMap(slipKeys) })
    .returning();
  await db
    .update(orders)
    .set({ customerId: made!.id })
    .where(
      inArray(
        orders.id,
        leaving.map((order) => order.id),
      ),
    );
  if (leavingAccounts.length) {
    await db
      .update(customerAccounts)
      .set({ customerId: made!.id })
      .where(
        inArray(
          customerAccounts.userId,
          leavingAccounts.map((account) => account.userId),
        ),
      );
  }
  const moving = [
    ...phones.map((value) => and(eq(customerContacts.kind, "phone"), eq(customerContacts.value, value))),
    ...emails.map((value) => and(eq(customerContacts.kind, "email"), eq(customerContacts.value, value))),
  ];
  if (moving.length) {
    await db
      .update(customerContacts)
      .set({ customerId: made!.id })
      .where(and(eq(customerContacts.customerId, id), or(...moving)));
    await db
      .update(contactMessages)
      .set({ customerId: made!.id })
      .where(
        and(
          eq(contactMessages.customerId, id),
          or(
            ...(phones.length ? [inArray(contactMessages.phoneNumber, phones)] : []),
            ...(emails.length ? [inArray(sql`lower(${contactMessages.email})`, emails)] : []),
          ),
        ),
      );
  }
  await markStale(db, [id, made!.id]);
  return { from, made: made!, orderIds: leaving.map((order) => order.id) };
}
