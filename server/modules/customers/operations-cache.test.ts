/**
 * The customer book's and Today's read cache: an answer is kept, yet a read made after a
 * committed change (here, or on another instance) never gets the answer from before it.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../../../tests/support/test-database";
import type { NotifiedCache } from "../../db/notified-cache";
import { serializeKeptOnce, startNotifiedCache } from "../../db/notified-cache";
import { users } from "../../db/schema/accounts";
import { contactMessages } from "../../db/schema/contact";
import { cartItems, carts } from "../../db/schema/shopping-lists";
import { insertProduct } from "../../../tests/support/catalog-factory";
import { OPERATIONS_CHANNEL, startOperationsCache } from "./operations-cache";

const database = useTestDatabase();
/** Two instances of the shop on one database. */
let here: NotifiedCache;
let there: NotifiedCache;

beforeAll(async () => {
  here = await startOperationsCache(database.pool.options);
  there = await startOperationsCache(database.pool.options);
});
afterAll(async () => {
  await here.close();
  await there.close();
});

const message = (n: number) => ({
  name: `Sender ${n}`,
  email: `sender${n}@example.ng`,
  phoneNumber: "0803 000 0000",
  subject: "A question",
  message: "Do you make beds?",
});

/** The answer a screen would build: how many messages there are, counted by the database. */
const counted = (cache: NotifiedCache, computed: { times: number; key: string }) =>
  cache.remember(computed.key, async () => {
    computed.times += 1;
    const [row] = await database.db.select({ n: count() }).from(contactMessages);
    return { messages: row!.n };
  });

describe("the customer book's cache", () => {
  it("answers repeated reads from memory while nothing changes", async () => {
    const computed = { times: 0, key: "count 1" };
    const first = await counted(here, computed);
    expect(await counted(here, computed)).toEqual(first);
    expect(await counted(here, computed)).toEqual(first);
    expect(computed.times).toBe(1);
  });

  it("never answers a read made after a committed change with the answer from before it, on either instance", async () => {
    const computed = { times: 0, key: "count 2" };
    const { messages: before } = await counted(here, computed);
    for (let n = 1; n <= 25; n += 1) {
      // Written straight into the database, as another instance's write or the shop's own
      // order would be: no one tells the cache but the database.
      await database.db.insert(contactMessages).values(message(n));
      expect(await counted(here, computed)).toEqual({ messages: before + n });
      expect(await counted(there, computed)).toEqual({ messages: before + n });
    }
  });

  it("is not emptied by another instance's reads, only by changes", async () => {
    const computed = { times: 0, key: "count 3" };
    await counted(there, computed);
    for (let n = 0; n < 5; n += 1) await counted(here, computed);
    await counted(there, computed);
    expect(computed.times).toBe(2);
  });

  it("is emptied when an account's name changes, not when a sign-in stamps when it was last seen", async () => {
    const [account] = await database.db
      .insert(users)
      .values({ username: "Kemi", email: "kemi@example.ng", passwordHash: "x" })
      .returning({ id: users.id });
    const computed = { times: 0, key: "accounts" };
    await counted(here, computed);
    await database.db.update(users).set({ lastSeenAt: new Date() }).where(eq(users.id, account!.id));
    await counted(here, computed);
    expect(computed.times).toBe(1);
    await database.db.update(users).set({ username: "Kemi Adeyemi" }).where(eq(users.id, account!.id));
    await counted(here, computed);
    expect(computed.times).toBe(2);
  });

  it("is emptied by a signed-in customer's cart, never by a guest's", async () => {
    const sofa = await insertProduct(database.db, { name: "Cache Sofa" });
    const [customer] = await database.db
      .insert(users)
      .values({ username: "Bola", email: "bola@example.ng", passwordHash: "x" })
      .returning({ id: users.id });
    const [guestCart] = await database.db.insert(carts).values({ guestKeyHash: "a-guest" }).returning({ id: carts.id });
    const [customerCart] = await database.db.insert(carts).values({ userId: customer!.id }).returning({ id: carts.id });
    const computed = { times: 0, key: "carts" };
    await counted(here, computed);
    const line = (cartId: string) => ({ cartId, itemType: "Product" as const, productId: sofa.id, quantity: 1 });
    await database.db.insert(cartItems).values(line(guestCart!.id));
    await database.db.update(cartItems).set({ quantity: 2 }).where(eq(cartItems.cartId, guestCart!.id));
    await database.db.update(carts).set({ lastUsedAt: new Date() }).where(eq(carts.id, guestCart!.id));
    await counted(here, computed);
    expect(computed.times).toBe(1);
    await database.db.insert(cartItems).values(line(customerCart!.id));
    await counted(here, computed);
    expect(computed.times).toBe(2);
    await database.db.delete(cartItems).where(eq(cartItems.cartId, customerCart!.id));
    await counted(here, computed);
    expect(computed.times).toBe(3);
  });

  it("computes an answer again once it is older than its time to live, without a change", async () => {
    const brief = await startNotifiedCache({
      connection: database.pool.options,
      channel: OPERATIONS_CHANNEL,
      what: "A brief cache",
      maxSize: 1024 * 1024,
      ttlMs: 50,
      readsAfterWrites: true,
    });
    try {
      const computed = { times: 0, key: "count 4" };
      await counted(brief, computed);
      await counted(brief, computed);
      expect(computed.times).toBe(1);
      await vi.waitFor(
        async () => {
          await counted(brief, computed);
          expect(computed.times).toBe(2);
        },
        { timeout: 5000, interval: 20 },
      );
    } finally {
      await brief.close();
    }
  });

  it("keeps nothing while it cannot hear the database", async () => {
    const offline = await startOperationsCache(
      { connectionString: "postgres://x:y@127.0.0.1:1/none" },
      { warn: () => {} },
    );
    try {
      const computed = { times: 0, key: "count 5" };
      await offline.remember(computed.key, async () => ({ n: (computed.times += 1) }));
      await offline.remember(computed.key, async () => ({ n: (computed.times += 1) }));
      expect(computed.times).toBe(2);
    } finally {
      await offline.close();
    }
  });
});

describe("sending a kept answer", () => {
  it("turns it into JSON once per route, and anything else at every send", async () => {
    const serialized = vi.fn((data: unknown) => JSON.stringify(data));
    const send = serializeKeptOnce(() => serialized)({ url: "/today" });
    const kept = await here.remember("sent once", async () => ({ queues: [1, 2, 3] }));
    const again = await here.remember("sent once", async () => ({ queues: [] }));
    expect(again).toBe(kept);
    expect(send(kept)).toBe('{"queues":[1,2,3]}');
    expect(send(again)).toBe('{"queues":[1,2,3]}');
    expect(serialized).toHaveBeenCalledTimes(1);
    const fresh = { queues: [4] };
    expect(send(fresh)).toBe('{"queues":[4]}');
    expect(send(fresh)).toBe('{"queues":[4]}');
    expect(serialized).toHaveBeenCalledTimes(3);
  });
});
