import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { TEST_SITE, useTestApp } from "../../tests/support/test-app";
import { PAGE_BODY_LIMIT } from "./web";

/** Every line the app logs at warn level or above. */
const lines: { level: number; msg: string }[] = [];
const logger = pino(
  { level: "warn" },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  }),
);

const t = useTestApp({ pages: true, logger });
const ERROR_LEVEL = 50;

describe("pages", () => {
  it("answer methods React Router cannot take with 405 and Allow, logging no error", async () => {
    lines.length = 0;
    for (const method of ["TRACE", "OPTIONS"] as const) {
      for (const url of ["/", "/shop", "/product/x"]) {
        const response = await t.app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(405);
        expect(response.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE");
      }
    }
    expect(lines.filter((line) => line.level >= ERROR_LEVEL)).toEqual([]);
  });

  it("build their URL from the shop's own origin, so a path starting with // names no host", async () => {
    const response = await t.app.inject({ method: "GET", url: "//evil.example/shop" });
    // A path, not the shop page of another host: the router finds no such page.
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain("404 Not Found");
    expect(response.body).not.toContain("evil.example");
    const shop = await t.app.inject({ method: "GET", url: "/shop", headers: { host: "rebound.example" } });
    expect(shop.statusCode).toBe(200);
    expect(shop.body).not.toContain("rebound.example");
    expect(shop.body).toContain(TEST_SITE.PUBLIC_URL);
  });

  it("refuse a form post larger than a page's form takes, and one sent from another site", async () => {
    const big = await t.app.inject({
      method: "POST",
      url: "/contact",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: TEST_SITE.PUBLIC_URL },
      payload: `message=${"x".repeat(PAGE_BODY_LIMIT)}`,
    });
    expect(big.statusCode).toBe(413);
    const crossSite = await t.app.inject({
      method: "POST",
      url: "/contact",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      payload: "message=hi",
    });
    expect(crossSite.statusCode).toBe(403);
  });
});
