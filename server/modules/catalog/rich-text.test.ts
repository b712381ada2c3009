import { describe, expect, it } from "vitest";
import { readRichText } from "../../../domain/catalog/rich-text";
import { richTextToPlain, sanitizeRichText, sanitizeRichTextForSaving } from "./rich-text";

const link = (href: string) => sanitizeRichText(`<a href="${href}">link</a>`);
const external = (href: string) => `<a href="${href}" target="_blank" rel="noopener noreferrer nofollow">link</a>`;

describe("rich text", () => {
  it("keeps the editor's formatting", () => {
    const html =
      "<h2>Finish</h2><p><strong>Solid</strong> iroko, <em>hand</em> polished.</p><ul><li>Two seats</li></ul>";
    expect(sanitizeRichText(html)).toBe(html);
  });

  it("removes scripts, event handlers, styles, frames and javascript: links", () => {
    const html =
      '<p onclick="steal()" style="background:url(https://evil.test/x)">Hi<script>alert(1)</script></p>' +
      '<iframe src="https://evil.test"></iframe><img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a>';
    const clean = sanitizeRichText(html);
    expect(clean).toBe("<p>Hi</p><a>x</a>");
  });

  it("opens links to other sites in a new tab without the opener", () => {
    expect(link("https://example.com")).toBe(external("https://example.com"));
  });

  it("keeps links to the shop's own pages, e-mail and phone in the same tab", () => {
    for (const href of [
      "/shop?category=Bedroom",
      "/product/3f2b7c1e",
      "#care",
      "mailto:hello@furnish.ng",
      "tel:+2348031234567",
    ]) {
      expect(link(href)).toBe(`<a href="${href}">link</a>`);
    }
  });

  it("upgrades http links to https", () => {
    expect(link("http://example.com/sofas")).toBe(external("https://example.com/sofas"));
    expect(link("  HTTP://example.com")).toBe(external("https://example.com"));
    expect(link("ht&#x09;tp://example.com")).toBe(external("https://example.com"));
  });

  it.each([
    ["a protocol-relative link", "//evil.com"],
    ["a protocol-relative link with backslashes", "\\\\evil.com"],
    ["a protocol-relative link with a slash and a backslash", "/\\evil.com"],
    ["a protocol-relative link after spaces", "  //evil.com"],
    ["a protocol-relative link broken by a tab", "/&#9;/evil.com"],
    ["a javascript: link", "javascript:alert(1)"],
    ["an uppercase javascript: link", "JAVASCRIPT:alert(1)"],
    ["a javascript: link after spaces", "   javascript:alert(1)"],
    ["a javascript: link broken by a tab", "java\tscript:alert(1)"],
    ["a javascript: link broken by an encoded tab", "java&#x09;script:alert(1)"],
    ["a javascript: link broken by an encoded line break", "java&#10;script:alert(1)"],
    [
      "a javascript: link written in entities",
      "&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)",
    ],
    ["a javascript: link with an encoded colon", "javascript&colon;alert(1)"],
    ["a javascript: link after an encoded control character", "&#1;javascript:alert(1)"],
    ["a vbscript: link", "vbscript:msgbox(1)"],
    ["a data: link", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="],
    ["an ftp: link", "ftp://example.com/file"],
  ])("drops %s and keeps its text", (_name, href) => {
    expect(link(href)).toBe("<a>link</a>");
  });

  it("finds no text in markup-only descriptions", () => {
    expect(richTextToPlain("<p><br></p><p>&nbsp;</p>")).toBe("");
    expect(richTextToPlain("<p>Solid <b>iroko</b></p>")).toBe("Solid iroko");
  });

  it("saves the deepest formatting the shared check accepts", () => {
    const deepest = "<b>".repeat(99) + "x" + "</b>".repeat(99);
    expect(readRichText(deepest).tooDeep).toBe(false);
    expect(sanitizeRichTextForSaving(deepest.repeat(3))).toBe(deepest.repeat(3));
  });
});

describe("the shared description check", () => {
  // Random markup from pieces that exercise the parser's corners: whatever the browser's
  // check finds empty, the server finds empty too, so a description is never refused in
  // the form and kept by the server.
  const pieces = [
    "<",
    ">",
    "/",
    "!",
    "-",
    "?",
    "[",
    '"',
    "'",
    "=",
    " ",
    "\n",
    "x",
    "p",
    "b",
    "svg",
    "title",
    "xmp",
    "script",
    "&nbsp;",
    "&#160;",
    "&amp;",
    "&",
    "<p>",
    "</p>",
    "<b>",
    "</b>",
    "<br>",
    "<br/>",
    "<script>",
    "</script>",
    "<title>",
    "</title>",
    "<!--",
    "-->",
    "<svg>",
    "</svg>",
    "<li>",
    '<a href="',
    "<x ",
    " y=",
    "<td>",
    "<xmp>",
    "</xmp>",
    "<textarea>",
    "</textarea>",
    "\u00a0",
    "/>",
    "</ ",
    "<? ",
    "<![CDATA[",
    "]]>",
    "<option>",
  ];
  let seed = 2026;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };

  it("never finds a description empty that the server keeps", () => {
    const disagreements: string[] = [];
    for (let round = 0; round < 20_000; round += 1) {
      let html = "";
      for (let piece = 1 + random(16); piece > 0; piece -= 1) html += pieces[random(pieces.length)];
      if (!readRichText(html).hasText && sanitizeRichTextForSaving(html) !== null) disagreements.push(html);
    }
    expect(disagreements).toEqual([]);
  });
});
