import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { Database } from "./client";

/**
 * How many distinct statements get a name. The storefront's reads have a few dozen shapes
 * (a list's filters, sort and search parts; an item by id), their values always
 * parameters; a statement past the limit runs unnamed, as every other statement does, so
 * that nothing grows without bound in PostgreSQL's sessions.
 */
const MAX_NAMED_STATEMENTS = 200;

type Config = pg.QueryConfig & { name?: string };

/**
 * A database for the storefront's most repeated reads: each statement gets a name the
 * first time it is seen, so PostgreSQL parses and analyses it once per connection and
 * each later run sends only its values. The catalogue's list statement is some 3 KB of
 * SQL with a dozen subqueries; parsing it anew was a tenth of an uncached page's cost
 * (bench:api). The pool's connections run with `plan_cache_mode = force_custom_plan`
 * (client.ts), so every run is still planned for its own values, as an unnamed statement
 * is: a search or a price filter never runs on a plan made for other values.
 *
 * Reads only: no transactions go through it.
 */
export function preparedReads(pool: pg.Pool, maxStatements = MAX_NAMED_STATEMENTS): Database {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined && names.size < maxStatements) names.set(text, (name = `read_${names.size + 1}`));
    return name;
  };
  const client = {
    query(config: Config, values?: unknown[]) {
      const name = config.name ? undefined : nameOf(config.text);
      return pool.query(name ? { ...config, name } : config, values);
    },
  };
  return drizzle(client as unknown as pg.Pool);
}
