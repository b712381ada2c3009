/**
 * Deletes what has expired: sessions past their date, guest carts and wishlists unused
 * for 30 days. At start and every six hours; a failure is logged and tried next time.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Database } from "../db/client";
import { deleteExpiredSessions } from "../modules/accounts/sessions.service";
import { deleteStaleGuestLists } from "../modules/carts/guest-lists.service";

const EVERY_MS = 6 * 60 * 60 * 1000;

export const housekeepingPlugin = fp(async (app: FastifyInstance, { db }: { db: Database }) => {
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= Promise.all([deleteExpiredSessions(db), deleteStaleGuestLists(db)])
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
