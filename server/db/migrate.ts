import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { guardHeldClient, type DatabaseConnection } from "./client";

/**
 * The committed migrations: beside this file, or, from the bundle `npm start` runs
 * (build/app, see server/start.js), in the checkout it was built from.
 */
function findMigrations(from: string): string {
  for (let dir = path.dirname(from); ; dir = path.dirname(dir)) {
    for (const folder of [path.join(dir, "migrations"), path.join(dir, "server", "db", "migrations")]) {
      if (existsSync(path.join(folder, "meta", "_journal.json"))) return folder;
    }
    if (dir === path.dirname(dir)) throw new Error(`No database migrations found above ${from}.`);
  }
}

export const migrationsFolder = findMigrations(fileURLToPath(import.meta.url));
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
