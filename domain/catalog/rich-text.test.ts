import { describe, expect, it } from "vitest";
import { toNaira, TOO_DEEP_MESSAGE } from "./input-fields";
import { ProductInputSchema } from "./product-input.schema";
import { MAX_RICH_TEXT_DEPTH, readRichText } from "./rich-text";

const nested = (tag: string, depth: number) => `<${tag}>`.repeat(depth) + "x" + `</${tag}>`.repeat(depth);

describe("readRichText", () => {
  it.each([
    ["<p>Solid <strong>iroko</strong></p>", true],
    ["Plain words", true],
    ["<p>2 < 3</p>", true],
    ['<p title="a > b"></p>', false],
    ["<p title='>'>Seat</p>", true],
    ["<p><br></p><p>&nbsp;</p><p>&#160; &#xA0;</p>", false],
    ["<p> \n\t </p>", false],
    ["<script>alert('hi')</script><style>p{}</style><textarea>x</textarea>", false],
    ["<script><p>not a tag</p></script>", false],
    ["<title>Shown by the sanitiser</title>", true],
    ["<!-- a note --><p></p>", false],
    ["<!-- unfinished", false],
    ["<![CDATA[ hidden ]]>", false],
    ["<p>Text</p><a", true],
    ["<a<a<a<a", false],
    ['<p></p><a href="unfinished', false],
    ["<", true],
  ])("reads %j as showing text: %s", (html, hasText) => {
    expect(readRichText(html)).toEqual({ hasText, tooDeep: false });
  });

  it(`refuses elements nested more than ${MAX_RICH_TEXT_DEPTH} deep, counting what the parser closes by itself`, () => {
    expect(readRichText(nested("b", MAX_RICH_TEXT_DEPTH)).tooDeep).toBe(false);
    expect(readRichText(nested("b", MAX_RICH_TEXT_DEPTH + 1)).tooDeep).toBe(true);
    expect(readRichText("<b>".repeat(30_000)).tooDeep).toBe(true);
    // A <p> or <li> opening closes the one before; void elements hold nothing.
    expect(readRichText("<p>x".repeat(10_000)).tooDeep).toBe(false);
    expect(readRichText("<ul>" + "<li>x".repeat(10_000)).tooDeep).toBe(false);
    expect(readRichText("<br><hr><img src=x>".repeat(10_000)).tooDeep).toBe(false);
    expect(readRichText(nested("b", 60) + nested("i", 60)).tooDeep).toBe(false);
    // In SVG "/>" closes an element; in HTML it does not.
    expect(readRichText("<svg>" + "<path/>".repeat(500) + "</svg>").tooDeep).toBe(false);
    expect(readRichText("<span/>".repeat(500)).tooDeep).toBe(true);
  });
});

describe("the description check", () => {
  const product = {
    name: "Sofa",
    items: "1 sofa",
    price: 1000,
    category: "Living Room",
    style: "Modern",
    images: ["/media/sofa/1024.jpg"],
  };
  const descriptionMessages = (description: string) =>
    ProductInputSchema.safeParse({ ...product, description }).error?.issues.flatMap((issue) =>
      issue.path[0] === "description" ? [issue.message] : [],
    );

  it('refuses 50,000 unfinished "<a" tags as empty: the parser drops a tag the text ends inside', () => {
    expect(descriptionMessages("<a".repeat(50_000))).toEqual(["Description cannot be empty."]);
  });

  // How long these take is measured by npm run bench:timed, with every check of typed text.
  it("refuses a megabyte of unfinished tags as too long and empty", () => {
    expect(descriptionMessages("<a".repeat(500_000))).toEqual([
      "Description must be at most 100,000 characters.",
      "Description cannot be empty.",
    ]);
  });

  it("refuses deep nesting with its own message", () => {
    expect(descriptionMessages(nested("b", 30_000).slice(0, 99_000))).toEqual([TOO_DEEP_MESSAGE]);
    expect(descriptionMessages(nested("b", MAX_RICH_TEXT_DEPTH))).toBeUndefined();
  });
});

describe("toNaira", () => {
  it("reads prices as before", () => {
    expect(["12", "12.", "12.5", ".5", "+3", "-3", "1,250,000.00"].map(toNaira)).toEqual([
      12, 12, 12.5, 0.5, 3, -3, 1_250_000,
    ]);
    expect(["1.2.3", ".", "1e5", "12a"].map(toNaira)).toEqual([NaN, NaN, NaN, NaN]);
  });
});
