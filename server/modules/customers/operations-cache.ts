/**
 * The staff's customer book and Today are read far more often than what they show
 * changes, and each read counts tens of thousands of orders. Their answers are kept in
 * memory until the 'operations_changed' channel (migration 0026: orders, payments, quotes,
 * customers, contact messages, reviews, Today's marks, signed-in customers' carts, and
 * what the book shows of accounts) announces a change on any instance. A guest's cart or
 * a sign-in's "last seen" stamp, the shop's most frequent writes, announce nothing. Each read first makes sure every change committed before it
 * has been heard, so a member who records a payment, on whichever instance, sees its
 * follow-up gone at once. Today's queues also move with the clock (a quote turns two days
 * old), so nothing is kept longer than a minute.
 */
import type pg from "pg";
import { startNotifiedCache, type NotifiedCache } from "../../db/notified-cache";

export const OPERATIONS_CHANNEL = "operations_changed";

/** A Today is about 200 KB of JSON and a page of customers 20 KB: a few dozen of either. */
export const OPERATIONS_CACHE_SIZE = 4 * 1024 * 1024;

/** The longest an answer is kept, whatever changes: how late a queue's entry may appear by the clock. */
export const OPERATIONS_CACHE_TTL_MS = 60_000;

export const startOperationsCache = (
  connection: pg.ClientConfig,
  log: { warn(message: string): void } = console,
): Promise<NotifiedCache> =>
  startNotifiedCache({
    connection,
    channel: OPERATIONS_CHANNEL,
    what: "The customer book's cache",
    maxSize: OPERATIONS_CACHE_SIZE,
    ttlMs: OPERATIONS_CACHE_TTL_MS,
    readsAfterWrites: true,
    log,
  });
