import { drizzle, type NodePgQueryResultHKT } from "drizzle-orm/node-postgres";
import type { PgDatabase } from "drizzle-orm/pg-core";
import pg from "pg";

/** The database or a transaction on it: services accept either. */
export type Database = PgDatabase<NodePgQueryResultHKT>;

export interface DatabaseConnection {
  db: Database;
  pool: pg.Pool;
}

export function connectDatabase(url: string, { max = 10 }: { max?: number } = {}): DatabaseConnection {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // Named statements (prepared-reads.ts) are planned for each run's own values, as
    // unnamed ones always are; PostgreSQL would otherwise settle on one plan for all values
    // after five runs.
    options: "-c plan_cache_mode=force_custom_plan",
  });
  // An idle client losing its server (a restart, say) must not crash the process; the
  // pool replaces it and the next query reports the problem where it happens.
  pool.on("error", () => {});
  return { db: drizzle(pool), pool };
}

/**
 * Guards a client taken from the pool and held a while (for an advisory lock, say): the
 * server going away meanwhile (a whole service stopped at once, a restart) reports an error
 * on the client between its queries, which without a listener crashes the process. The
 * error is kept, and the client given back broken so the pool drops it; the holder's own
 * next query reports the problem where it happens. Answers how to give the client back.
 */
export function guardHeldClient(client: pg.PoolClient): () => void {
  let lost: Error | undefined;
  const onError = (error: Error) => void (lost = error);
  client.on("error", onError);
  return () => {
    client.off("error", onError);
    client.release(lost);
  };
}
