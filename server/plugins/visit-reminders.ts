/**
 * The customers' reminders: at start and every quarter of an hour it e-mails those whose
 * booked visit is tomorrow (docs/product.md, Visits), then those who agreed to reminders of
 * a quote or a payment waiting (docs/product.md, E-mail reminders). One instance at a time
 * runs the visits' and each order is reminded once whatever runs (visit-reminders.service.ts);
 * the others' claim keeps one e-mail per order every 3 days (email-reminders.service.ts).
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

const EVERY_MS = 15 * 60 * 1000;

interface RemindersOptions {
  remind: () => Promise<unknown>;
  /** Null: only at start. */
  everyMs?: number | null;
}

export const visitRemindersPlugin = fp(
  async (app: FastifyInstance, { remind, everyMs = EVERY_MS }: RemindersOptions) => {
    let running: Promise<unknown> | null = null;
    const run = () => {
      running ??= remind()
        .catch((error: unknown) =>
          app.log.warn(
            { err: { message: error instanceof Error ? error.message : String(error) } },
            "reminders failed",
          ),
        )
        .finally(() => (running = null));
    };
    const timer = everyMs ? setInterval(run, everyMs).unref() : null;
    app.addHook("onReady", async () => run());
    app.addHook("onClose", async () => {
      if (timer) clearInterval(timer);
      await running;
    });
  },
);
