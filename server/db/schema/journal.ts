import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { JournalChange } from "../../../domain/journal/journal.schema";
import { users } from "./accounts";
import { id } from "./columns";

/**
 * Who did what, written in the same transaction as the write (docs/product.md, The
 * journal). The app never updates or deletes a row but to prune those past the kept years.
 */
export const journalEntries = pgTable(
  "journal_entries",
  {
    id: id(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    byId: uuid("by_id").references(() => users.id, { onDelete: "set null" }),
    /** The name as it was then: the entry still says who after the member is removed. */
    byName: text("by_name").notNull(),
    area: text("area").notNull(),
    /** The item's id (a product, an order, a member…), or the area itself for a whole-shop write. */
    item: text("item").notNull(),
    /** How a person knows the item: a product's name, an order's reference. */
    itemLabel: text("item_label").notNull(),
    action: text("action").notNull(),
    changes: jsonb("changes")
      .$type<JournalChange[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [
    index("journal_entries_at_idx").on(t.at.desc()),
    index("journal_entries_item_idx").on(t.area, t.item, t.at.desc()),
    index("journal_entries_by_idx").on(t.byId, t.at.desc()),
  ],
);
