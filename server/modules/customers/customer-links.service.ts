/**
 * Joining what arrives to the person behind it (docs/product.md, Customers): an order, an
 * account or a contact message finds its customer by the account it came from, else by
 * one of its phone numbers (E.164) or e-mail addresses; a customer is made when none has
 * them. The contacts it brings that no other customer holds are added to its customer.
 * Two arrivals with the same number at once wait for each other (an advisory lock per
 * contact), so they find one customer, not two.
 */
import { and, asc, eq, gt, gte, isNull, or, sql } from "drizzle-orm";
import { toE164 } from "../../../domain/accounts/phone";
import { emailKey, nameKeys } from "../../../domain/customers/customer-keys";
import type { Database } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { contactMessages } from "../../db/schema/contact";
import { customerAccounts, customerContacts, customers } from "../../db/schema/customers";
import { orders } from "../../db/schema/orders";

/** Who arrived: the name they gave, their phone numbers and e-mails, and their account. */
export interface Arrival {
  name: string | null;
  phones: ReadonlyArray<string | null>;
  emails: ReadonlyArray<string | null>;
  userId?: string | null;
}

type Contact = { kind: "phone" | "email"; value: string };

function contactsOf(arrival: Arrival): Contact[] {
  const phones = arrival.phones.map((phone) => (phone ? toE164(phone) : null)).filter((phone) => phone !== null);
  const emails = arrival.emails.map((email) => (email ? emailKey(email) : "")).filter((email) => email.includes("@"));
  return [
    ...[...new Set(phones)].map((value) => ({ kind: "phone" as const, value })),
    ...[...new Set(emails)].map((value) => ({ kind: "email" as const, value })),
  ];
}

/** The customer for this arrival, made if need be; its new contacts and account are added to it. */
export async function customerFor(db: Database, arrival: Arrival): Promise<string | null> {
  const contacts = contactsOf(arrival);
  if (!contacts.length && !arrival.userId) return null;
  return db.transaction(async (tx) => {
    // In one order for everyone, so that two arrivals sharing contacts never wait on each other in a circle.
    const keys = [...contacts.map((contact) => `customer:${contact.kind}:${contact.value}`)];
    if (arrival.userId) keys.push(`customer:account:${arrival.userId}`);
    for (const key of keys.sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);

    let customerId: string | null = null;
    if (arrival.userId) {
      const [linked] = await tx
        .select({ customerId: customerAccounts.customerId })
        .from(customerAccounts)
        .where(eq(customerAccounts.userId, arrival.userId));
      customerId = linked?.customerId ?? null;
    }
    if (!customerId && contacts.length) {
      // A phone number first: it is what a guest's orders carry.
      const [found] = await tx
        .select({ customerId: customerContacts.customerId })
        .from(customerContacts)
        .where(
          or(
            ...contacts.map((contact) =>
              and(eq(customerContacts.kind, contact.kind), eq(customerContacts.value, contact.value)),
            ),
          ),
        )
        .orderBy(sql`${customerContacts.kind} = 'phone' desc`, asc(customerContacts.createdAt))
        .limit(1);
      customerId = found?.customerId ?? null;
    }
    const name = arrival.name?.trim() ?? "";
    if (!customerId) {
      const [made] = await tx
        .insert(customers)
        .values({ name, nameKeys: nameKeys(name) })
        .returning({ id: customers.id });
      customerId = made!.id;
    } else if (name) {
      // The latest name a person gives is the one they go by.
      await tx
        .update(customers)
        .set({ name, nameKeys: nameKeys(name) })
        .where(eq(customers.id, customerId));
    }
    if (contacts.length) {
      await tx
        .insert(customerContacts)
        .values(contacts.map((contact) => ({ customerId: customerId!, ...contact })))
        .onConflictDoNothing();
    }
    if (arrival.userId)
      await tx.insert(customerAccounts).values({ userId: arrival.userId, customerId }).onConflictDoNothing();
    return customerId;
  });
}

/** The account's e-mail and phone, for a customer's account: staff accounts are nobody's customer. */
async function accountArrival(db: Database, userId: string): Promise<Arrival | null> {
  const [user] = await db
    .select({ name: users.username, email: users.email, phone: users.phoneNumber, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.role !== "customer") return null;
  return { name: user.name, phones: [user.phone], emails: [user.email], userId };
}

/** Joins the order to its customer (by its account, phone, and the account's e-mail) and returns the customer's id. */
export async function linkOrder(db: Database, orderId: string): Promise<string | null> {
  const [order] = await db
    .select({ name: orders.customerName, phone: orders.customerPhone, userId: orders.userId })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const account = order.userId ? await accountArrival(db, order.userId) : null;
  const customerId = await customerFor(db, {
    name: order.name ?? account?.name ?? null,
    phones: [order.phone, ...(account?.phones ?? [])],
    emails: account?.emails ?? [],
    userId: account?.userId ?? null,
  });
  if (customerId) await db.update(orders).set({ customerId }).where(eq(orders.id, orderId));
  return customerId;
}

/** Joins a customer's account (as it signs up or changes its phone or e-mail) to its customer. */
export async function linkAccount(db: Database, userId: string): Promise<string | null> {
  const arrival = await accountArrival(db, userId);
  return arrival ? customerFor(db, arrival) : null;
}

/** Joins a contact message to its sender's customer. */
export async function linkContactMessage(db: Database, messageId: string): Promise<string | null> {
  const [message] = await db
    .select({
      name: contactMessages.name,
      phone: contactMessages.phoneNumber,
      email: contactMessages.email,
      userId: contactMessages.userId,
    })
    .from(contactMessages)
    .where(eq(contactMessages.id, messageId));
  if (!message) return null;
  const account = message.userId ? await accountArrival(db, message.userId) : null;
  const customerId = await customerFor(db, {
    name: message.name,
    phones: [message.phone],
    emails: [message.email],
    userId: account?.userId ?? null,
  });
  if (customerId) await db.update(contactMessages).set({ customerId }).where(eq(contactMessages.id, messageId));
  return customerId;
}

/** The customer an order belongs to, or null (an order not yet joined, or one with nothing to join by). */
export async function customerOfOrder(db: Database, orderId: string): Promise<string | null> {
  const [order] = await db.select({ customerId: orders.customerId }).from(orders).where(eq(orders.id, orderId));
  return order?.customerId ?? null;
}

const BATCH = 500;

/**
 * Joins whatever is not joined yet: the data from before the customer book, and anything
 * a failed join left behind. Oldest first, so each customer's contacts come first from
 * their first order. Safe to run again and at any time; what has nothing to join by (no
 * phone, e-mail or account) is passed over.
 */
export async function linkUnlinked(db: Database): Promise<number> {
  let linked = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const accounts = await db
      .select({ id: users.id })
      .from(users)
      .leftJoin(customerAccounts, eq(customerAccounts.userId, users.id))
      .where(and(eq(users.role, "customer"), isNull(customerAccounts.userId), gt(users.id, after)))
      .orderBy(asc(users.id))
      .limit(BATCH);
    for (const account of accounts) if (await linkAccount(db, account.id)) linked += 1;
    if (accounts.length < BATCH) break;
    after = accounts.at(-1)!.id;
  }
  for (let since = new Date(0), seen = new Set<string>(); ;) {
    const waiting = await db
      .select({ id: orders.id, createdAt: orders.createdAt })
      .from(orders)
      .where(and(isNull(orders.customerId), gte(orders.createdAt, since)))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(BATCH);
    const fresh = waiting.filter((order) => !seen.has(order.id));
    for (const order of fresh) {
      seen.add(order.id);
      if (await linkOrder(db, order.id)) linked += 1;
    }
    if (waiting.length < BATCH || !fresh.length) break;
    since = waiting.at(-1)!.createdAt;
  }
  for (let since = new Date(0), seen = new Set<string>(); ;) {
    const waiting = await db
      .select({ id: contactMessages.id, createdAt: contactMessages.createdAt })
      .from(contactMessages)
      .where(and(isNull(contactMessages.customerId), gte(contactMessages.createdAt, since)))
      .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id))
      .limit(BATCH);
    const fresh = waiting.filter((message) => !seen.has(message.id));
    for (const message of fresh) {
      seen.add(message.id);
      if (await linkContactMessage(db, message.id)) linked += 1;
    }
    if (waiting.length < BATCH || !fresh.length) break;
    since = waiting.at(-1)!.createdAt;
  }
  return linked;
}
