import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt, id } from "./columns";
import { customers } from "./customers";

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phoneNumber: text("phone_number").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The sender in the customer book, joined by phone or e-mail. */
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_messages_newest_idx").on(t.createdAt),
    // Today's queue of messages not answered.
    index("contact_messages_unread_idx")
      .on(t.createdAt)
      .where(sql`${t.readAt} is null`),
    index("contact_messages_customer_idx").on(t.customerId),
  ],
);
