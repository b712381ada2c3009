/**
 * The payments' sweep (docs/product.md, Payments): at start and every minute, one
 * instance at a time (a PostgreSQL advisory lock held for the sweep), it settles the
 * webhooks kept but not yet settled — a process stopped in between, a provider that did
 * not answer — and asks the providers about checkouts still pending, until each is final.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Pool } from "pg";
import { guardHeldClient } from "../db/client";

const EVERY_MS = 60 * 1000;
/** Held by the instance sweeping. */
const PAYMENT_SWEEP_LOCK = 0x70617973776570; // "payswep"

interface SweepOptions {
  pool: Pool;
  sweep: () => Promise<void>;
  /** Off in tests that drive the sweep themselves. */
  everyMs?: number | null;
}

/** Runs `sweep` unless another instance is sweeping now; false when it did not run. */
export async function sweepOnce(pool: Pool, sweep: () => Promise<void>): Promise<boolean> {
  const client = await pool.connect();
  const giveBack = guardHeldClient(client);
  try {
    const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [
      PAYMENT_SWEEP_LOCK,
    ]);
    if (!rows[0]?.locked) return false;
    try {
      await sweep();
      return true;
    } finally {
      await client.query("select pg_advisory_unlock($1)", [PAYMENT_SWEEP_LOCK]);
    }
  } finally {
    giveBack();
  }
}

export const paymentSweepPlugin = fp(
  async (app: FastifyInstance, { pool, sweep, everyMs = EVERY_MS }: SweepOptions) => {
    let running: Promise<unknown> | null = null;
    const run = () => {
      running ??= sweepOnce(pool, sweep)
        .catch((error: unknown) =>
          app.log.warn(
            { err: { message: error instanceof Error ? error.message : String(error) } },
            "payment sweep failed",
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
