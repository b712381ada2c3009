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
  });
  // An idle client losing its server (a restart, say) must not crash the process; the
  // pool replaces it and the next query reports the problem where it happens.
  pool.on("error", () => {});
  return { db: drizzle(pool), pool };
}
