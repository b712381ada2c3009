/**
 * Whose cart or wishlist a request reaches: a signed-in customer's own, or a guest's,
 * keyed by their anonymousId cookie (random, httpOnly) and stored only as its SHA-256.
 * Only keys the server issued count: a key keys a list from the request that issued it
 * on, so a key with no list behind it was made up (or its lists expired) and is ignored.
 * Admins have none. Nobody reaches another owner's lines: every query is scoped by the
 * owner resolved here, never by an id the client sends.
 */
import { createHash, randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { parseConsent } from "../../../domain/cookie-consent";
import type { Database } from "../../db/client";
import { orders } from "../../db/schema/orders";
import { carts, wishlists } from "../../db/schema/shopping-lists";

export type ListOwner = { userId: string } | { guestKeyHash: string };

export const GUEST_COOKIE = "anonymousId";
export const GUEST_LIST_DAYS = 30;

/**
 * How long the guest's cookie lives, by their cookie choice (the consent cookie's value):
 * accepted keeps it GUEST_LIST_DAYS; declined or not chosen yet, undefined — a session
 * cookie, so the guest keeps a session-only cart.
 */
export const guestCookieMaxAge = (consentCookie: string | undefined): number | undefined =>
  parseConsent(consentCookie) === "accepted" ? GUEST_LIST_DAYS * 86_400 : undefined;
/**
 * A guest list's last use is recorded at most this often: reads need no write, and a
 * list swept up to an hour early after 30 days unused is no loss.
 */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export const newGuestKey = () => randomBytes(16).toString("base64url");
export const guestKeyHash = (key: string) => createHash("sha256").update(key).digest("hex");
/** A guest key is 22 base64url characters (128 bits). */
export const isGuestKey = (value: string | undefined): value is string => !!value && /^[\w-]{22}$/.test(value);

/** Whether the key was issued here: a cart, a wishlist or an order is kept under it. */
export async function isIssuedGuestKey(db: Database, keyHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(eq(carts.guestKeyHash, keyHash))
    .union(db.select({ id: wishlists.id }).from(wishlists).where(eq(wishlists.guestKeyHash, keyHash)))
    .union(db.select({ id: orders.id }).from(orders).where(eq(orders.guestKeyHash, keyHash)))
    .limit(1);
  return !!row;
}

type ListTable = typeof carts | typeof wishlists;

const ownerCondition = (table: ListTable, owner: ListOwner) =>
  "userId" in owner ? eq(table.userId, owner.userId) : eq(table.guestKeyHash, owner.guestKeyHash);

/**
 * The owner's list, or null when they have none yet. A guest's list is marked used, so
 * it does not expire while they come back; an account's lists never expire.
 */
export async function findList(db: Database, table: ListTable, owner: ListOwner): Promise<string | null> {
  const [row] = await db
    .select({ id: table.id, lastUsedAt: table.lastUsedAt })
    .from(table)
    .where(ownerCondition(table, owner));
  if (!row) return null;
  if ("guestKeyHash" in owner && Date.now() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(table).set({ lastUsedAt: new Date() }).where(eq(table.id, row.id));
  }
  return row.id;
}

/** True when adding to this table would make the guest a new list (see NEW_GUEST_LIST_RATE_LIMIT). */
export async function startsGuestList(db: Database, table: ListTable, owner: ListOwner): Promise<boolean> {
  if (!("guestKeyHash" in owner)) return false;
  const [row] = await db.select({ id: table.id }).from(table).where(ownerCondition(table, owner));
  return !row;
}

/** The owner's list, made on first use; safe when two requests make it at once. */
export async function ensureList(db: Database, table: ListTable, owner: ListOwner): Promise<string> {
  const existing = await findList(db, table, owner);
  if (existing) return existing;
  const values = "userId" in owner ? { userId: owner.userId } : { guestKeyHash: owner.guestKeyHash };
  const target = "userId" in owner ? table.userId : table.guestKeyHash;
  const [row] = await db
    .insert(table)
    .values(values)
    .onConflictDoUpdate({ target, set: { lastUsedAt: sql`now()` } })
    .returning({ id: table.id });
  return row!.id;
}
