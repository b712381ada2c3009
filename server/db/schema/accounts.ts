import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { DeliveryChoice } from "../../../domain/delivery/delivery.schema";
import type { StaffRole, StaffStatus } from "../../../domain/staff/permissions";
import { createdAt, id, updatedAt } from "./columns";

export const userRole = pgEnum("user_role", ["customer", "admin"]);

export const users = pgTable(
  "users",
  {
    id: id(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    phoneNumber: text("phone_number"),
    passwordHash: text("password_hash").notNull(),
    role: userRole("role").notNull().default("customer"),
    /** A staff member's roles (admins only; a customer has none). */
    staffRoles: text("staff_roles")
      .array()
      .$type<StaffRole[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Null for customers; an invited member has no usable password yet, a suspended one cannot sign in. */
    staffStatus: text("staff_status").$type<StaffStatus>(),
    /** The number an assigned order's messages go to, when the member has one. */
    whatsappNumber: text("whatsapp_number"),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    /** Where a customer last said their orders go (area, floor, lift), so every device of theirs knows. */
    deliveryChoice: jsonb("delivery_choice").$type<DeliveryChoice>(),
    /** The customer's answer at sign-up to e-mail reminders: the order sheet's box starts from it. */
    emailReminders: boolean("email_reminders").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // E-mail addresses are unique whatever their case.
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    check("users_email_not_blank", sql`length(trim(${t.email})) > 0`),
    check("users_staff_status_known", sql`${t.staffStatus} in ('invited', 'active', 'suspended')`),
    check(
      "users_staff_roles_known",
      sql`${t.staffRoles} <@ array['owner', 'sales', 'workshop', 'accounts', 'catalogue']::text[]`,
    ),
  ],
);

/** A session is found by the SHA-256 of its cookie token; the token itself is never stored. */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

/** Reset tokens, stored hashed; a row is deleted when its link is used, and a newer token voids the older ones. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("password_reset_tokens_user_id_idx").on(t.userId)],
);

/**
 * Sign-in links, stored hashed: e-mailed instead of a direct answer while an account is
 * under a flood of wrong passwords. A row is deleted when its link is used, so a link
 * works once; a newer link voids the older ones.
 */
export const signInTokens = pgTable(
  "sign_in_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sign_in_tokens_user_id_idx").on(t.userId)],
);

/** A staff invitation's link, stored hashed: it sets the member's password once, before it expires. */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("staff_invitations_user_id_idx").on(t.userId)],
);
