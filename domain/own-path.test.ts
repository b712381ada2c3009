import { describe, expect, it } from "vitest";
import { ownPath } from "./own-path";

/** Addresses that would take a visitor to another site, or could once something on the way normalises them. */
const HOSTILE: Array<[string, unknown]> = [
  ["another host", "//evil.example/x"],
  ["three slashes", "///evil.example"],
  ["a backslash after the slash", "/\\evil.example/x"],
  ["two backslashes", "\\\\evil.example"],
  ["backslash then slash", "\\/evil.example"],
  ["slash, backslash, slash", "/\\/evil.example"],
  ["a backslash further on", "/cart\\..\\\\evil.example"],
  ["a tab between the slashes", "/\t/evil.example"],
  ["a new line between the slashes", "/\n/evil.example"],
  ["a carriage return between the slashes", "/\r/evil.example"],
  ["a leading tab", "\t//evil.example"],
  ["a leading space", " //evil.example"],
  ["a space inside", "/ /evil.example"],
  ["a NUL", "/a\u0000b"],
  ["DEL", "/a\u007fb"],
  ["an encoded tab", "/%09/evil.example"],
  ["an encoded new line", "/%0a/evil.example"],
  ["an encoded NUL", "/%00/evil.example"],
  ["encoded slashes", "/%2F%2Fevil.example"],
  ["encoded slashes, lowercase", "/%2f%2fevil.example"],
  ["one encoded slash after the slash", "/%2Fevil.example"],
  ["an encoded backslash", "/%5Cevil.example"],
  ["an encoded backslash, lowercase", "/%5cevil.example"],
  ["doubly encoded slashes", "/%252F%252Fevil.example"],
  ["triply encoded backslash", "/%25255Cevil.example"],
  ["a dot segment before slashes", "/.//evil.example"],
  ["an encoded dot segment", "/%2e//evil.example"],
  ["a parent segment", "/cart/..//evil.example"],
  ["a trailing parent segment", "/cart/.."],
  ["an empty segment inside", "/cart//evil.example"],
  ["a scheme", "https://evil.example/"],
  ["a scheme in capitals", "HTTPS://evil.example/"],
  ["a scheme without slashes", "http:evil.example"],
  ["javascript:", "javascript:alert(1)"],
  ["javascript: after a space", " javascript:alert(1)"],
  ["data:", "data:text/html,<script>alert(1)</script>"],
  ["a bare host", "evil.example"],
  ["a relative path", "cart"],
  ["a query only", "?x=1"],
  ["a fragment only", "#top"],
  ["nothing", ""],
  ["fullwidth solidus", "/\uFF0Fevil.example"],
  ["fullwidth reverse solidus", "/\uFF3Cevil.example"],
  ["division slash", "/\u2215evil.example"],
  ["fraction slash", "/\u2044evil.example"],
  ["big solidus", "/\u29F8evil.example"],
  ["small reverse solidus", "/\uFE68evil.example"],
  ["set minus", "/\u2216evil.example"],
  ["a fullwidth solidus first", "\uFF0F\uFF0Fevil.example"],
  ["an encoded fullwidth solidus", "/%EF%BC%8Fevil.example"],
  ["an encoded division slash", "/%E2%88%95evil.example"],
  ["a line separator", "/\u2028/evil.example"],
  ["a lone percent", "/cart%"],
  ["an escape that is not UTF-8", "/%C0%AFevil.example"],
  ["far too long", `/${"a".repeat(3000)}`],
  ["not text", 42],
  ["null", null],
  ["an array", ["/cart"]],
];

/** The shop's own addresses, as its forms and links write them. */
const OWN = [
  "/",
  "/cart?x=1#a",
  "/product/abc",
  "/product/6f1c2b0a-1d2e-4f3a-9b8c-7d6e5f4a3b2c#order-6f1c2b0a",
  "/styles/antique%2Froyal",
  "/shop?category=TV%20unit&page=2",
  "/shop?search=a//b",
  "/offline?from=%2Fprojects",
  "/admin/dashboard?section=products",
  "/product/a%20b",
  "/.well-known/x",
];

describe("ownPath: the one rule for redirect targets", () => {
  it.each(HOSTILE)("refuses %s", (_name, value) => {
    expect(ownPath(value)).toBe(null);
  });

  it.each(OWN)("keeps %s as it is", (value) => {
    expect(ownPath(value)).toBe(value);
  });
});
