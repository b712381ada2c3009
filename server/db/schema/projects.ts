import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, status, updatedAt } from "./columns";
import { media } from "./media";

export const projects = pgTable(
  "projects",
  {
    id: id(),
    title: text("title").notNull(),
    location: text("location").notNull(),
    priceKobo: bigint("price_kobo", { mode: "number" }).notNull(),
    description: text("description").notNull(),
    category: text("category").notNull(),
    status: status(),
    // Loaded by the demo catalogue and not saved by the owner since: what "Remove demo
    // catalogue" removes (server/modules/setup/demo-catalogue.service.ts).
    demo: boolean("demo").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The shop lists published projects only: its indexes hold only those.
    index("projects_newest_idx")
      .on(t.createdAt, t.id)
      .where(sql`status = 'published'`),
    index("projects_category_newest_idx")
      .on(t.category, t.createdAt)
      .where(sql`status = 'published'`),
    check("projects_price_positive", sql`${t.priceKobo} > 0`),
  ],
);

export const projectImages = pgTable(
  "project_images",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    mediaId: text("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.mediaId] }),
    index("project_images_order_idx").on(t.projectId, t.position),
  ],
);
