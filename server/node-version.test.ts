/**
 * The Node version the shop needs (README.md, Install): 20.19, where CommonJS packages may
 * `require` an ES module. Fastify's cookie plugin and its request injection require
 * `cookie@2`, an ES module that declares Node 22 but needs no more than that.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);

describe("the Node version", () => {
  it("is the one package.json asks for, and loads cookie@2 through require as the cookie plugin does", async () => {
    const [major, minor] = process.versions.node.split(".").map(Number) as [number, number];
    expect(major > 20 || (major === 20 && minor >= 19), process.versions.node).toBe(true);
    const manifest = JSON.parse(await readFile(path.join(import.meta.dirname, "..", "package.json"), "utf8"));
    expect(manifest.engines.node).toBe(">=20.19");

    // What @fastify/cookie does on load, from CommonJS.
    const cookiePath = require.resolve("cookie", { paths: [path.dirname(require.resolve("@fastify/cookie"))] });
    const cookie = require(cookiePath) as {
      parseCookie: (text: string) => Record<string, string | undefined>;
      stringifySetCookie: (cookie: { name: string; value: string; httpOnly?: boolean; path?: string }) => string;
    };
    expect(cookie.parseCookie("delivery=lagos%2Fsurulere~0~0~0; anonymousId=abc")).toMatchObject({
      delivery: "lagos/surulere~0~0~0",
      anonymousId: "abc",
    });
    expect(cookie.stringifySetCookie({ name: "delivery", value: "lagos/surulere", httpOnly: true, path: "/" })).toBe(
      "delivery=lagos/surulere; Path=/; HttpOnly",
    );

    // And the plugin itself signs and reads a cookie.
    const { signerFactory } = require("@fastify/cookie") as {
      signerFactory: (secret: string) => {
        sign(value: string): string;
        unsign(value: string): { valid: boolean; value: string | null };
      };
    };
    const signer = signerFactory("a secret long enough for the test");
    expect(signer.unsign(signer.sign("hello"))).toMatchObject({ valid: true, value: "hello" });
  });
});
