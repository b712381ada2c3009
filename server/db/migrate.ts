import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { guardHeldClient, type DatabaseConnection } from "./client";

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));
// Any constant works; it only has to be the same for every instance of the app.
const MIGRATION_LOCK = 4_242_001;

/** Applies committed migrations; instances starting together take turns. */
export async function migrateDatabase({ db, pool }: DatabaseConnection): Promise<void> {
  const client = await pool.connect();
  const giveBack = guardHeldClient(client);
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrate(db, { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    giveBack();
  }
}
