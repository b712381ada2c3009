import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { insertProduct } from "../../../tests/support/catalog-factory";
import { useTestDatabase } from "../../../tests/support/test-database";
import { startCatalogCache, type CatalogCache } from "./catalog-cache";

const database = useTestDatabase();
let cache: CatalogCache;

beforeAll(async () => {
  cache = await startCatalogCache(database.pool.options);
});

afterAll(() => cache.close());

/** Resolves once a committed change has reached the cache (the entry is gone). */
async function untilForgotten(key: string) {
  await vi.waitFor(
    async () => {
      const probe = vi.fn(async () => ({ fresh: true }));
      await cache.remember(key, probe);
      expect(probe).toHaveBeenCalled();
    },
    { timeout: 5000, interval: 20 },
  );
}

describe("the catalogue cache", () => {
  it("answers repeated reads from memory", async () => {
    const compute = vi.fn(async () => ({ page: 1 }));
    expect(await cache.remember("a", compute)).toEqual({ page: 1 });
    expect(await cache.remember("a", compute)).toEqual({ page: 1 });
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it("shares one computation between simultaneous reads", async () => {
    const compute = vi.fn(async () => ({ page: 2 }));
    await Promise.all([cache.remember("b", compute), cache.remember("b", compute), cache.remember("b", compute)]);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it("forgets everything when a catalogue change is committed", async () => {
    await cache.remember("c", async () => ({ stale: true }));
    await insertProduct(database.db, { name: "New Arrival" });
    await untilForgotten("c");
  });

  it("does not keep a read that began before a change", async () => {
    let finish!: () => void;
    await cache.remember("marker", async () => ({}));
    const slow = cache.remember("d", () => new Promise<object>((resolve) => (finish = () => resolve({ old: true }))));
    await insertProduct(database.db, { name: "Changed Meanwhile" });
    await untilForgotten("marker");
    finish();
    expect(await slow).toEqual({ old: true });
    const again = vi.fn(async () => ({ new: true }));
    expect(await cache.remember("d", again)).toEqual({ new: true });
    expect(again).toHaveBeenCalledTimes(1);
  });

  it("keeps a list from its second ask when asked to", async () => {
    const compute = vi.fn(async () => ({ page: 3 }));
    for (let ask = 0; ask < 4; ask++) await cache.remember("list", compute, { fromSecondAsk: true });
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it("does not keep missing items", async () => {
    const compute = vi.fn(async () => null);
    await cache.remember("missing", compute);
    await cache.remember("missing", compute);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it("keeps nothing while it cannot listen for changes", async () => {
    const offline = await startCatalogCache(
      { connectionString: "postgres://x:y@127.0.0.1:1/none" },
      { warn: () => {} },
    );
    const compute = vi.fn(async () => ({ page: 1 }));
    await offline.remember("a", compute);
    await offline.remember("a", compute);
    expect(compute).toHaveBeenCalledTimes(2);
    await offline.close();
  });
});

describe("the catalogue cache's size", () => {
  const bound = 1024 * 1024;
  // About 60 KB of JSON each, like a page of 100 products: 300 of them are 18 MB.
  const page = (n: number) => ({
    n,
    products: Array.from({ length: 100 }, (_, i) => ({ i, name: "x".repeat(580) })),
  });

  it("stays within its bound however many distinct large answers are asked for, keeping the latest", async () => {
    const small = await startCatalogCache(database.pool.options, console, bound);
    try {
      for (let n = 0; n < 300; n++) await small.remember(`page:${n}`, async () => page(n));
      const { entries, size } = small.stats();
      expect(size).toBeLessThanOrEqual(bound);
      expect(entries).toBeGreaterThan(5);
      const first = vi.fn(async () => page(0));
      const latest = vi.fn(async () => page(299));
      await small.remember("page:0", first);
      await small.remember("page:299", latest);
      expect(first).toHaveBeenCalledTimes(1);
      expect(latest).not.toHaveBeenCalled();
    } finally {
      await small.close();
    }
  });

  it("never lets lists asked for once push out what shoppers ask for again", async () => {
    const small = await startCatalogCache(database.pool.options, console, bound);
    try {
      const list = { fromSecondAsk: true };
      await small.remember("popular", async () => page(-1), list);
      await small.remember("popular", async () => page(-1), list);
      // A crawler's 300 distinct pages of 60 KB: 18 times the bound.
      for (let n = 0; n < 300; n++) await small.remember(`crawled:${n}`, async () => page(n), list);
      const again = vi.fn(async () => page(-1));
      expect(await small.remember("popular", again, list)).toMatchObject({ n: -1 });
      expect(again).not.toHaveBeenCalled();
      expect(small.stats().entries).toBe(1);
    } finally {
      await small.close();
    }
  });
});
