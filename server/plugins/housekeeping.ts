/**
 * Deletes what has expired: sessions past their date, guest carts and wishlists unused
 * for 30 days, journal entries older than the years the settings keep, and the records of
 * bulk changes once their undo is long past (a day). It also joins to the customer book
 * whatever is not joined yet (the data from before the book, at the first start). At start
 * and every six hours; a failure is logged and tried next time.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Database } from "../db/client";
import { deleteExpiredSessions } from "../modules/accounts/sessions.service";
import { deleteStaleGuestLists } from "../modules/carts/guest-lists.service";
import { pruneBulkChanges } from "../modules/catalog/bulk-changes.service";
import { linkUnlinked } from "../modules/customers/customer-links.service";
import { pruneJournal } from "../modules/journal/journal.service";

const EVERY_MS = 6 * 60 * 60 * 1000;

interface HousekeepingOptions {
  db: Database;
  /** How many years of journal entries to keep, as the settings say now. */
  journalYears: () => Promise<number>;
}

export const housekeepingPlugin = fp(async (app: FastifyInstance, { db, journalYears }: HousekeepingOptions) => {
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= Promise.all([
      deleteExpiredSessions(db),
      deleteStaleGuestLists(db),
      journalYears().then((years) => pruneJournal(db, years)),
      pruneBulkChanges(db),
      linkUnlinked(db),
    ])
      .then(() => undefined)
      .catch((error: unknown) =>
        app.log.warn(
          { err: { message: error instanceof Error ? error.message : String(error) } },
          "housekeeping failed",
        ),
      )
      .finally(() => (running = null));
  };
  const timer = setInterval(sweep, EVERY_MS).unref();
  app.addHook("onReady", async () => sweep());
  // Let a sweep in progress finish before the database pool closes.
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
});
