import { describe, expect, it } from "vitest";
import { useTestApp } from "../../tests/support/test-app";
import { PERMISSIONS_POLICY } from "./security-headers";

const t = useTestApp();

describe("security headers", () => {
  it("turn off unused browser features and forbid framing, as the pages' policy does", async () => {
    for (const url of ["/api/products", "/healthz", "/api/nothing"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.headers["permissions-policy"], url).toBe(PERMISSIONS_POLICY);
      expect(response.headers["permissions-policy"]).toContain("camera=()");
      expect(response.headers["x-frame-options"], url).toBe("DENY");
    }
  });

  it("keep the referrer on this site, so a page's own form post (no scripts) still names its origin", async () => {
    const response = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(response.headers["referrer-policy"]).toBe("same-origin");
  });
});
