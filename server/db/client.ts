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
    // Search treats a query word as matching a name when their trigrams overlap this
    // much: "armchiar" finds "Armchair" (0.56) without matching unrelated names.
    options: "-c pg_trgm.word_similarity_threshold=0.5",
  });
  // An idle client losing its server (a restart, say) must not crash the process; the
  // pool replaces it and the next query reports the problem where it happens.
  pool.on("error", () => {});
  return { db: drizzle(pool), pool };
}
