import { boolean, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * One stored image. Its files live under DATA_DIR/media/<id>/<width>.<format>; `widths`
 * lists the sizes kept (never wider than the source). AVIF is encoded in the background
 * and `avifReady` says when it exists. `colour` is the picture's dominant colour
 * ("#rrggbb"), computed at upload and shown behind it while it loads; null only for a
 * picture stored before colours were kept, until the start's backfill reaches it
 * (media-colours.ts).
 */
export const media = pgTable("media", {
  id: text("id").primaryKey(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  widths: integer("widths").array().notNull(),
  avifReady: boolean("avif_ready").notNull().default(false),
  colour: text("colour"),
  // Drawn for the demo catalogue: removed with it unless something that stays shows it.
  demo: boolean("demo").notNull().default(false),
  createdAt: createdAt(),
});
