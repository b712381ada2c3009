import { sql } from "drizzle-orm";
import { customType, pgEnum, timestamp, uuid } from "drizzle-orm/pg-core";
import { ITEM_STATUSES } from "../../../domain/catalog/item-status";

/** PostgreSQL full-text document; written only by generated columns. */
export const tsvector = customType<{ data: string }>({
  dataType: () => "tsvector",
});

export const id = () =>
  uuid("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`);

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Plain text of stored rich HTML, for search: tags become spaces. */
export const stripTags = (column: string) => `regexp_replace(coalesce(${column}, ''), '<[^>]+>', ' ', 'g')`;

export const itemStatus = pgEnum("item_status", ITEM_STATUSES);

/** Draft or published (domain/catalog/item-status.ts): public reads see only published rows. */
export const status = () => itemStatus("status").notNull().default("published");
