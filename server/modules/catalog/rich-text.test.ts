import { describe, expect, it } from "vitest";
import { richTextToPlain, sanitizeRichText } from "./rich-text";

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
    expect(clean).toBe('<p>Hi</p><a target="_blank" rel="noopener noreferrer nofollow">x</a>');
  });

  it("opens links in a new tab without the opener", () => {
    expect(sanitizeRichText('<a href="https://example.com">site</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">site</a>',
    );
  });

  it("finds no text in markup-only descriptions", () => {
    expect(richTextToPlain("<p><br></p><p>&nbsp;</p>")).toBe("");
    expect(richTextToPlain("<p>Solid <b>iroko</b></p>")).toBe("Solid iroko");
  });
});
