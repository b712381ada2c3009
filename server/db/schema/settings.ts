import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";
import type { StoredDelivery } from "../../../domain/delivery/delivery.schema";
import type { BackupSchedule } from "../../../domain/backups/backup-schedule";
import type { StoredSettings } from "../../../domain/settings/shop-settings.schema";
import { createdAt, updatedAt } from "./columns";
import { media } from "./media";

/**
 * The shop's settings, one row, edited by the owner in the admin panel. The environment
 * only seeds it on the first start. Its pictures are rows of `shop_pictures`, so a picture
 * in use there is never deleted with a product that also showed it.
 */
export const shopSettings = pgTable(
  "shop_settings",
  {
    id: smallint("id").primaryKey().default(1),
    value: jsonb("value").$type<StoredSettings>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check("shop_settings_one_row", sql`${t.id} = 1`)],
);

/** The home page's hero pictures (in order) and the e-catalogue's cover. */
export const shopPictures = pgTable(
  "shop_pictures",
  {
    slot: text("slot", { enum: ["hero", "ecatalog"] }).notNull(),
    position: integer("position").notNull(),
    mediaId: text("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "restrict" }),
  },
  (t) => [primaryKey({ columns: [t.slot, t.position] })],
);

/**
 * How the owner prices delivery and installation (docs/product.md, Delivery): one row,
 * one object in kobo. Its changes empty every instance's read cache, as the settings' do.
 */
export const deliverySettings = pgTable(
  "delivery_settings",
  {
    id: smallint("id").primaryKey().default(1),
    value: jsonb("value").$type<StoredDelivery>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check("delivery_settings_one_row", sql`${t.id} = 1`)],
);

/**
 * Links that confirm the shop's e-mail address (docs/product.md, Shop settings): each
 * holds the address it was sent to, and only the SHA-256 of its token. A newer link voids
 * the older ones; confirming uses the link up.
 */
export const shopEmailLinks = pgTable("shop_email_links", {
  tokenHash: text("token_hash").primaryKey(),
  email: text("email").notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * When the running shop takes its own backups and how many it keeps (docs/product.md,
 * Backups), as the owner set them in Settings → Backups: one row, absent until the owner
 * saves one, so the server's BACKUP_EVERY and BACKUP_KEEP hold until then. Its changes
 * empty every instance's read cache, and the backup schedule plans again on each.
 */
export const backupPlan = pgTable(
  "backup_plan",
  {
    id: smallint("id").primaryKey().default(1),
    schedule: jsonb("schedule").$type<BackupSchedule>().notNull(),
    keep: smallint("keep").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check("backup_plan_one_row", sql`${t.id} = 1`), check("backup_plan_keep", sql`${t.keep} between 1 and 1000`)],
);

/**
 * The mail server the shop sends through (docs/product.md, Outgoing mail), as the owner
 * set it in Settings → E-mail: one row, absent until the owner saves one, so the server's
 * SMTP_URL (or the outbox folder) holds until then. The password is sealed with the
 * deployment's SECRETS_KEY (modules/payments/secrets.ts), never stored in clear.
 */
export const mailSettings = pgTable(
  "mail_settings",
  {
    id: smallint("id").primaryKey().default(1),
    host: text("host").notNull(),
    port: integer("port").notNull(),
    username: text("username"),
    passwordSealed: text("password_sealed"),
    fromAddress: text("from_address").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check("mail_settings_one_row", sql`${t.id} = 1`)],
);
