/**
 * The storefront's reads run as named statements: PostgreSQL parses each once per
 * connection, plans every run for its own values, and the number named stays bounded.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { connectDatabase } from "./client";
import { preparedReads } from "./prepared-reads";
import { useTestDatabase } from "../../tests/support/test-database";

const t = useTestDatabase();

/** A pool of one connection, so that what one statement left is seen by the next. */
function oneConnection() {
  return connectDatabase(t.url, { max: 1 }).pool;
}

const prepared = async (pool: ReturnType<typeof oneConnection>) =>
  (
    await pool.query<{ statement: string }>("select statement from pg_prepared_statements order by prepare_time")
  ).rows.map((row) => row.statement);

describe("preparedReads", () => {
  it("parses a statement once and runs it again with each run's own values", async () => {
    const pool = oneConnection();
    try {
      const db = preparedReads(pool);
      const double = (n: number) => db.execute<{ twice: number }>(sql`select ${n}::int * 2 as twice`);
      expect((await double(2)).rows).toEqual([{ twice: 4 }]);
      expect((await double(21)).rows).toEqual([{ twice: 42 }]);
      expect(await prepared(pool)).toEqual(["select $1::int * 2 as twice"]);
    } finally {
      await pool.end();
    }
  });

  it("names no more statements than its limit, and runs the others unnamed", async () => {
    const pool = oneConnection();
    try {
      const db = preparedReads(pool, 1);
      expect((await db.execute<{ n: number }>(sql`select ${1}::int as n`)).rows).toEqual([{ n: 1 }]);
      expect((await db.execute<{ m: number }>(sql`select ${2}::int as m`)).rows).toEqual([{ m: 2 }]);
      expect((await db.execute<{ m: number }>(sql`select ${3}::int as m`)).rows).toEqual([{ m: 3 }]);
      expect(await prepared(pool)).toEqual(["select $1::int as n"]);
    } finally {
      await pool.end();
    }
  });

  it("runs on connections that plan every run for its own values", async () => {
    const { rows } = await t.pool.query<{ plan_cache_mode: string }>("show plan_cache_mode");
    expect(rows).toEqual([{ plan_cache_mode: "force_custom_plan" }]);
  });
});
