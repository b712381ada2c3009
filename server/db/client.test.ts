/**
 * A client held from the pool (for an advisory lock) whose server goes away between its
 * queries, as when a whole service is stopped at once: the process carries on, the error
 * comes out of the holder's next query, and the pool drops the broken client.
 */
import type { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/test-database";
import { guardHeldClient } from "./client";

const t = useTestDatabase();

describe("guardHeldClient", () => {
  it("keeps the process up when a held client's server goes away, and the pool drops it", async () => {
    const client = await t.pool.connect();
    const giveBack = guardHeldClient(client);
    const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
    // The connection's end, which the client answers by emitting "error" (heard only by the guard).
    const { connection } = client as unknown as { connection: EventEmitter };
    const ended = new Promise((resolve) => connection.once("end", resolve));
    // Its server process ends, as when the database is stopped under it.
    await t.pool.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
    await ended;
    await expect(client.query("select 1")).rejects.toThrow();
    const held = t.pool.totalCount;
    giveBack();
    expect(t.pool.totalCount).toBe(held - 1);
    // The pool answers with a new client.
    expect((await t.pool.query<{ one: number }>("select 1 as one")).rows).toEqual([{ one: 1 }]);
  });
});
