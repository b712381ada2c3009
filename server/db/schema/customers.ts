import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt, id } from "./columns";

/**
 * The customer book (docs/product.md, Customers): one record per person, whatever number
 * of orders, devices, accounts and contact messages they came through. Orders and
 * messages point here, accounts through customer_accounts; a person's phone numbers (E.164) and e-mail addresses are their
 * contacts, each held by one customer, and the join key for whatever arrives next.
 *
 * The figures (orders, paid, balance, open quotes, first and last contact) are a copy of
 * what the orders' own sums say, kept so the list sorts and pages on an index. Triggers
 * mark a customer's copy stale whenever one of its orders, payments, quote versions or
 * messages changes; readers bring stale copies up to date first (customer-figures.service.ts).
 */
export const customers = pgTable(
  "customers",
  {
    id: id(),
    name: text("name").notNull().default(""),
    /** The staff member who looks after them. */
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Lowercased words of the name and their one-letter deletions, for forgiving search. */
    nameKeys: text("name_keys")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    areas: text("areas")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ordersCount: integer("orders_count").notNull().default(0),
    paidKobo: bigint("paid_kobo", { mode: "number" }).notNull().default(0),
    balanceKobo: bigint("balance_kobo", { mode: "number" }).notNull().default(0),
    openQuotes: integer("open_quotes").notNull().default(0),
    firstContactAt: timestamp("first_contact_at", { withTimezone: true }).notNull().defaultNow(),
    lastContactAt: timestamp("last_contact_at", { withTimezone: true }).notNull().defaultNow(),
    figuresStale: boolean("figures_stale").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index("customers_last_contact_idx").on(t.lastContactAt.desc(), t.id),
    index("customers_paid_idx").on(t.paidKobo.desc(), t.id),
    index("customers_balance_idx").on(t.balanceKobo.desc(), t.id),
    index("customers_stale_idx")
      .on(t.id)
      .where(sql`${t.figuresStale}`),
    index("customers_name_keys_idx").using("gin", t.nameKeys),
    index("customers_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    index("customers_owner_idx")
      .on(t.ownerId)
      .where(sql`${t.ownerId} is not null`),
  ],
);

/** A phone number (E.164) or an e-mail address (lowercased): each belongs to one customer. */
export const customerContacts = pgTable(
  "customer_contacts",
  {
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["phone", "email"] }).notNull(),
    value: text("value").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("customer_contacts_value_key").on(t.kind, t.value),
    index("customer_contacts_customer_idx").on(t.customerId),
    index("customer_contacts_value_trgm_idx").using("gin", sql`${t.value} gin_trgm_ops`),
    check("customer_contacts_kind_known", sql`${t.kind} in ('phone', 'email')`),
  ],
);

/**
 * The account a customer signed up with (one customer per account; a customer may have
 * several after a merge). Kept beside the customers, not on the account's row, so the
 * accounts' schema does not depend on the customer book.
 */
export const customerAccounts = pgTable(
  "customer_accounts",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
  },
  (t) => [index("customer_accounts_customer_idx").on(t.customerId)],
);

/** The staff's private notes on a customer, each stamped with who and when. */
export const customerNotes = pgTable(
  "customer_notes",
  {
    id: id(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    byId: uuid("by_id").references(() => users.id, { onDelete: "set null" }),
    byName: text("by_name").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("customer_notes_customer_idx").on(t.customerId, t.at.desc())],
);
