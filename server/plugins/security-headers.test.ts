import { readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../tests/support/test-app";
import { WEB_BUILD_DIR } from "../web-build";
import { PERMISSIONS_POLICY } from "./security-headers";

const t = useTestApp();
/** The same app serving its pages and their files. */
const site = useTestApp({ pages: true });

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

  it("leave the document-only headers off scripts, stylesheets, raster pictures and page data, and keep every header on SVG", async () => {
    const [script] = (await readdir(path.join(WEB_BUILD_DIR, "client/assets"))).filter((name) => name.endsWith(".js"));
    const asset = await site.app.inject({ method: "GET", url: `/assets/${script}` });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["x-frame-options"]).toBeUndefined();
    expect(asset.headers["permissions-policy"]).toBeUndefined();
    expect(asset.headers["cross-origin-opener-policy"]).toBeUndefined();
    expect(asset.headers["x-content-type-options"]).toBe("nosniff");
    expect(asset.headers["cross-origin-resource-policy"]).toBe("same-origin");
    // Learnt from the page, not repeated on each of its files; a script fetches as its page says.
    expect(asset.headers["strict-transport-security"]).toBeUndefined();
    expect(asset.headers["referrer-policy"]).toBeUndefined();
    const [stylesheet] = (await readdir(path.join(WEB_BUILD_DIR, "client/assets"))).filter((name) =>
      name.endsWith(".css"),
    );
    const css = await site.app.inject({ method: "GET", url: `/assets/${stylesheet}` });
    expect(css.headers["referrer-policy"]).toBe("same-origin");
    expect(css.headers["strict-transport-security"]).toBeUndefined();

    // A page's data, as the page's scripts fetch it when the shopper moves on: not a document either.
    const data = await site.app.inject({ method: "GET", url: "/terms.data" });
    expect(data.statusCode).toBe(200);
    expect(data.headers["content-type"]).toContain("text/x-script");
    expect(data.headers["x-frame-options"]).toBeUndefined();
    expect(data.headers["permissions-policy"]).toBeUndefined();
    expect(data.headers["x-content-type-options"]).toBe("nosniff");

    for (const url of ["/favicon.svg", "/terms"]) {
      const document = await site.app.inject({ method: "GET", url });
      expect(document.statusCode, url).toBe(200);
      expect(document.headers["x-frame-options"], url).toBe("DENY");
      expect(document.headers["permissions-policy"], url).toBe(PERMISSIONS_POLICY);
      expect(document.headers["strict-transport-security"], url).toContain("max-age=");
    }
  });
});
