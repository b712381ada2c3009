/** The e2e server's own database (tests/support/e2e-servers.ts), for what a journey sets up or checks directly. */
import { connectDatabase, type Database } from "../../server/db/client";
import { findRunningEmbeddedPostgres } from "../../server/db/embedded-postgres";
import { E2E_DATA_DIR } from "./e2e-env";

/** Runs `run` with a connection of its own to the e2e database, closed afterwards. */
export async function withE2eDatabase<T>(run: (db: Database) => Promise<T>): Promise<T> {
  const url = await findRunningEmbeddedPostgres(E2E_DATA_DIR, "furnish");
  if (!url) throw new Error(`No running e2e database in ${E2E_DATA_DIR}`);
  const connection = connectDatabase(url, { max: 1 });
  try {
    return await run(connection.db);
  } finally {
    await connection.pool.end();
  }
}
