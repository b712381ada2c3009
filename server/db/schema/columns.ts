import { sql } from "drizzle-orm";
import { customType, timestamp, uuid } from "drizzle-orm/pg-core";

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
