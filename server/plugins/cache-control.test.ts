import { describe, expect, it } from "vitest";
import { adminCookie, customerCookie } from "../../tests/support/admin-session";
import { insertProduct } from "../../tests/support/catalog-factory";
import { useTestApp } from "../../tests/support/test-app";
import { PRIVATE, PUBLIC_REVALIDATE } from "./cache-control";

const t = useTestApp();

describe("Cache-Control of API answers", () => {
  it("is private, no-store for everything that depends on who asks", async () => {
    const customer = await customerCookie(t);
    const admin = await adminCookie(t);
    const asked = [
      { url: "/api/auth/check", cookie: customer },
      { url: "/api/cart", cookie: customer },
      { url: "/api/wishlist", cookie: customer },
      { url: "/api/cart" },
      { url: "/api/auth/check" },
      { url: "/api/admin/operations/summary", cookie: admin },
      { url: "/api/admin/operations/messages", cookie: admin },
    ];
    for (const { url, cookie } of asked) {
      const response = await t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
      expect(response.headers["cache-control"], `${url} ${cookie ? "signed in" : "guest"}`).toBe(PRIVATE);
    }
    const update = await t.app.inject({
      method: "PUT",
      url: "/api/cart/add",
      headers: { cookie: customer },
      payload: { itemId: (await insertProduct(t.db, { name: "Cached Stool" })).id, itemType: "Product" },
    });
    expect(update.statusCode).toBe(200);
    expect(update.headers["cache-control"]).toBe(PRIVATE);
  });

  it("lets shared caches keep the public catalogue reads, asking again each time", async () => {
    const product = await insertProduct(t.db, { name: "Public Stool" });
    for (const url of [
      "/api/products",
      `/api/products/${product.id}`,
      "/api/products/count",
      "/api/collections",
      "/api/projects",
    ]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toBe(PUBLIC_REVALIDATE);
    }
    const missing = await t.app.inject({ method: "GET", url: "/api/products/00000000-0000-4000-8000-000000000000" });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["cache-control"]).toBe(PRIVATE);
  });
});
