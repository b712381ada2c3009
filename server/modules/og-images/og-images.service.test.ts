/**
 * Link-preview cards with several instances: each instance keeps its own memory, but a
 * card is drawn once, stored in the shared media storage, and read back by the others.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct, makeImage } from "../../../tests/support/catalog-factory";
import { TEST_SITE, useTestApp } from "../../../tests/support/test-app";
import { startCatalogCache, type CatalogCache } from "../catalog/catalog-cache";
import { createCatalogReader } from "../catalog/catalog-reader";
import type { MediaStorage } from "../media/storage/media-storage";
import { createShopSettings, settingsFromEnv } from "../settings/settings.service";
import { createOgImages } from "./og-images.service";

const t = useTestApp();
const caches: CatalogCache[] = [];
afterAll(() => Promise.all(caches.map((cache) => cache.close())));

/** One instance's card service, over the shared storage, counting the cards it stores. */
async function instance(stored: string[]) {
  const cache = await startCatalogCache(t.pool.options);
  caches.push(cache);
  const storage: MediaStorage = {
    ...t.storage,
    async put(key, body) {
      if (key.startsWith("og/")) stored.push(key);
      await t.storage.put(key, body);
    },
  };
  const settings = createShopSettings({ db: t.db, cache, storage, seed: settingsFromEnv(TEST_SITE) });
  return createOgImages({
    catalog: createCatalogReader(t.db, cache),
    storage,
    db: t.db,
    settings: () => settings.cached(),
    publicUrl: TEST_SITE.PUBLIC_URL,
    log: { warn: () => {} },
  });
}

let productId = "";
beforeAll(async () => {
  productId = (await insertProduct(t.db, { name: "Shared Card Sofa", images: [await makeImage(t.db, t.storage)] })).id;
});

describe("link-preview cards on several instances", () => {
  it("are drawn once, stored, and the same card is served by every instance", async () => {
    const stored: string[] = [];
    const first = await instance(stored);
    const second = await instance(stored);

    // Asked of both at once: one draws under the lock, the other reads what it stored.
    const [a, b] = await Promise.all([first.item("product", productId), second.item("product", productId)]);
    expect(a).not.toBeNull();
    expect(stored).toHaveLength(1);
    expect(b!.equals(a!)).toBe(true);
    expect((await t.storage.read(stored[0]!))!.equals(a!)).toBe(true);

    // A third instance, started later, draws nothing either.
    const third = await instance(stored);
    expect((await third.item("product", productId))!.equals(a!)).toBe(true);
    expect(stored).toHaveLength(1);
  });
});
