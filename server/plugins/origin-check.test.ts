import { describe, expect, it } from "vitest";
import { customerCookie } from "../../tests/support/admin-session";
import { TEST_SITE, useTestApp } from "../../tests/support/test-app";

const OTHER_OWN_ORIGIN = "https://www.furnish.test";
const t = useTestApp({ allowedOrigins: [OTHER_OWN_ORIGIN] });

const REFUSED = { message: "Cross-site request refused." };

/** POST to an unknown API path: 404 means the request got past the check, 403 that it did not. */
function send(
  headers: Record<string, string>,
  method: "POST" | "PUT" | "PATCH" | "DELETE" = "POST",
  url = "/api/nothing",
) {
  return t.app.inject({ method, url, headers: { host: "localhost:3000", ...headers }, payload: {} });
}

describe("origin check on API writes", () => {
  it("lets a write from the shop's public origin through", async () => {
    expect((await send({ origin: TEST_SITE.PUBLIC_URL })).statusCode).toBe(404);
  });

  it("lets a write from another origin the shop is configured to be served from through", async () => {
    expect((await send({ origin: OTHER_OWN_ORIGIN })).statusCode).toBe(404);
  });

  it("refuses a write from the origin the request was addressed to when it is not the shop's (DNS rebinding)", async () => {
    // A site whose name now points at our address sends its own name as both Host and Origin.
    for (const host of ["localhost:3000", "rebound.example"]) {
      const response = await send({ host, origin: `http://${host}` });
      expect(response.statusCode, host).toBe(403);
      expect(response.json()).toEqual(REFUSED);
    }
  });

  it("refuses a write whose Origin is another site", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
      const response = await send({ origin: "https://evil.example" }, method);
      expect(response.statusCode, method).toBe(403);
      expect(response.json()).toEqual(REFUSED);
    }
  });

  it("refuses an opaque, malformed or look-alike Origin", async () => {
    for (const origin of [
      "null",
      "not a url",
      "https://localhost:3000",
      "http://localhost:3001",
      "https://furnish.test.evil.example",
    ]) {
      expect((await send({ origin })).statusCode, origin).toBe(403);
    }
  });

  it("refuses a write without Origin that the browser marks cross-site", async () => {
    const response = await send({ "sec-fetch-site": "cross-site" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(REFUSED);
    expect((await send({ "sec-fetch-site": "same-origin" })).statusCode).toBe(404);
  });

  it("lets clients that are not browsers (no Origin, no Sec-Fetch-Site) through", async () => {
    expect((await send({})).statusCode).toBe(404);
  });

  it("refuses a real API write, before it is rate limited or stored", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { origin: "https://evil.example" },
      payload: { name: "A", email: "a@example.com", phoneNumber: "08012345678", subject: "S", message: "M" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers["x-ratelimit-limit"]).toBeUndefined();
  });

  it("refuses a cross-site write whose /api path is percent-encoded, which the router decodes", async () => {
    const cart = await t.app.inject({
      method: "PUT",
      url: "/%61pi/cart/add",
      headers: { origin: "https://evil.example" },
      payload: { itemId: "00000000-0000-4000-8000-000000000000", itemType: "Product" },
    });
    expect(cart.statusCode).toBe(403);
    expect(cart.json()).toEqual(REFUSED);

    // A sibling subdomain's page could otherwise sign the shopper out behind their back.
    const cookie = await customerCookie(t);
    for (const url of ["/%61pi/auth/logout", "/%61%70%69/auth/logout", "/api/%61uth/logout"]) {
      const logout = await t.app.inject({ method: "POST", url, headers: { origin: "https://evil.example", cookie } });
      expect(logout.statusCode, url).toBe(403);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/auth/check", headers: { cookie } })).statusCode).toBe(200);
  });

  it("leaves reads and everything outside /api alone", async () => {
    const read = await t.app.inject({
      method: "GET",
      url: "/api/products",
      headers: { origin: "https://evil.example" },
    });
    expect(read.statusCode).toBe(200);
    expect((await send({ origin: "https://evil.example" }, "POST", "/healthz")).statusCode).toBe(404);
  });
});
