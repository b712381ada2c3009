import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { BulkUndoLine } from "../../../domain/catalog/bulk-undo";
import { users } from "./accounts";
import { id } from "./columns";

/**
 * The bulk changes made to products, kept so that one can be undone within the hour
 * (docs/product.md, Catalogue tools): each product's changeable fields before and after.
 * Housekeeping need not prune them: a row is small, and an undone or old one is never read
 * but to say it can no longer be undone.
 */
export const bulkChanges = pgTable(
  "bulk_changes",
  {
    id: id(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    byId: uuid("by_id").references(() => users.id, { onDelete: "set null" }),
    /** The bulk action: price, promo, sold, collection or status. */
    action: text("action").notNull(),
    lines: jsonb("lines").$type<BulkUndoLine[]>().notNull(),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
  },
  (t) => [index("bulk_changes_at_idx").on(t.at.desc())],
);
