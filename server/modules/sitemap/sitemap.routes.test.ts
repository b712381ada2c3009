import { beforeAll, describe, expect, it } from "vitest";
import { insertCollection, insertProduct, insertProject } from "../../../tests/support/catalog-factory";
import { TEST_SITE, useTestApp } from "../../../tests/support/test-app";
import { sitemapXml } from "./sitemap.service";

const t = useTestApp();
const BASE = TEST_SITE.PUBLIC_URL;
const rows: Record<string, { id: string; updatedAt: Date }> = {};

beforeAll(async () => {
  rows.product = await insertProduct(t.db, { name: "Velvet Armchair", updatedAt: new Date("2026-03-01T10:00:00Z") });
  rows.collection = await insertCollection(t.db, { name: "Ikoyi Set", updatedAt: new Date("2026-03-02T11:30:00Z") });
  rows.project = await insertProject(t.db, { title: "Penthouse", updatedAt: new Date("2026-03-03T12:45:00Z") });
});

/** Each <url> as { loc, lastmod }. */
function urls(xml: string) {
  return [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map((m) => ({
    loc: m[1]!,
    lastmod: m[2],
  }));
}

describe("GET /sitemap.xml", () => {
  it("lists every public page and every item, with absolute URLs and last changes", async () => {
    const response = await t.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
    expect(response.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(response.body.trimEnd()).toMatch(/<\/urlset>$/);

    expect(urls(response.body)).toEqual([
      { loc: `${BASE}/`, lastmod: undefined },
      { loc: `${BASE}/shop`, lastmod: undefined },
      { loc: `${BASE}/shop?view=collections`, lastmod: undefined },
      { loc: `${BASE}/projects`, lastmod: undefined },
      { loc: `${BASE}/e-catalog`, lastmod: undefined },
      { loc: `${BASE}/aboutUs`, lastmod: undefined },
      { loc: `${BASE}/terms`, lastmod: undefined },
      { loc: `${BASE}/privacy`, lastmod: undefined },
      { loc: `${BASE}/contact`, lastmod: undefined },
      { loc: `${BASE}/styles/modern`, lastmod: undefined },
      { loc: `${BASE}/styles/contemporary`, lastmod: undefined },
      { loc: `${BASE}/styles/antique%2Froyal`, lastmod: undefined },
      { loc: `${BASE}/styles/bespoke`, lastmod: undefined },
      { loc: `${BASE}/styles/minimalist`, lastmod: undefined },
      { loc: `${BASE}/styles/glam`, lastmod: undefined },
      { loc: `${BASE}/product/${rows.product!.id}`, lastmod: "2026-03-01T10:00:00.000Z" },
      { loc: `${BASE}/collection/${rows.collection!.id}`, lastmod: "2026-03-02T11:30:00.000Z" },
      { loc: `${BASE}/project/${rows.project!.id}`, lastmod: "2026-03-03T12:45:00.000Z" },
    ]);
  });

  it("escapes what XML needs escaped in the addresses", () => {
    const xml = sitemapXml("https://shop.test/a&b", [{ path: "/shop?view=collections&x=<1>" }]);
    expect(urls(xml)).toEqual([
      { loc: "https://shop.test/a&amp;b/shop?view=collections&amp;x=&lt;1&gt;", lastmod: undefined },
    ]);
  });
});

describe("GET /robots.txt", () => {
  it("allows the shop, keeps crawlers out of private and API paths, and names the sitemap", async () => {
    const response = await t.app.inject({ method: "GET", url: "/robots.txt" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(response.body).toBe(
      [
        "User-agent: *",
        "Allow: /",
        "Disallow: /admin",
        "Disallow: /api",
        "Disallow: /cart",
        "Disallow: /wishlist",
        "Disallow: /profile",
        "Disallow: /reset-password",
        "Disallow: /sign-in-link",
        "Disallow: /order",
        "",
        `Sitemap: ${BASE}/sitemap.xml`,
        "",
      ].join("\n"),
    );
  });
});
