/**
 * What a description's HTML shows a reader, and how deeply its elements nest, read in
 * one pass whatever the input: a description is user text, and a check that slows down
 * more than in proportion to its length lets one request freeze the server (and the
 * admin's browser, which runs the same check).
 *
 * The server stores a description through sanitize-html, whose parser (htmlparser2)
 * splits markup the way this reader does: a tag runs to its ">" (quoted attribute values
 * may hold ">"), an unfinished tag at the end is dropped, comments run to "-->", and the
 * content of <script>, <style>, <textarea>, <title> and <xmp> is text up to its own
 * closing tag. Where they could disagree, this reader sees text rather than none: the
 * server checks again after sanitising, so a description this reader accepts may still
 * be refused there, but one it refuses would be refused there too.
 *
 * That parser keeps its open elements in a list it shifts on every tag, so its time
 * grows with the square of the nesting depth: 30,000 nested <b> take it seconds. The
 * editor nests a few levels; past MAX_RICH_TEXT_DEPTH a description is refused before
 * the server parses it.
 */

export const MAX_RICH_TEXT_DEPTH = 100;

export interface RichTextReading {
  /** Some text is left once markup is removed (white space and no-break spaces are not text). */
  hasText: boolean;
  /** Elements nest deeper than MAX_RICH_TEXT_DEPTH; reading stopped there. */
  tooDeep: boolean;
}

const VOID_ELEMENTS = new Set([
  "area",
  "base",
  "basefont",
  "br",
  "col",
  "command",
  "embed",
  "frame",
  "hr",
  "img",
  "input",
  "isindex",
  "keygen",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);

const P = new Set(["p"]);
const FORM_CONTROLS = new Set(["input", "option", "optgroup", "select", "button", "datalist", "textarea"]);
const DD_DT = new Set(["dd", "dt"]);
const RT_RP = new Set(["rt", "rp"]);
const TABLE_SECTIONS = new Set(["thead", "tbody"]);
/** An element opening closes these first when one of them is the innermost open element. */
const CLOSED_BY_OPENING = new Map<string, Set<string>>([
  ["tr", new Set(["tr", "th", "td"])],
  ["th", new Set(["th"])],
  ["td", new Set(["thead", "th", "td"])],
  ["body", new Set(["head", "link", "script"])],
  ["li", new Set(["li"])],
  ["option", new Set(["option"])],
  ["optgroup", new Set(["optgroup", "option"])],
  ["dd", DD_DT],
  ["dt", DD_DT],
  ["rt", RT_RP],
  ["rp", RT_RP],
  ["tbody", TABLE_SECTIONS],
  ["tfoot", TABLE_SECTIONS],
  ...["select", "input", "output", "button", "datalist", "textarea"].map((tag) => [tag, FORM_CONTROLS] as const),
  ...[
    "p",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "address",
    "article",
    "aside",
    "blockquote",
    "details",
    "div",
    "dl",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "header",
    "hr",
    "main",
    "nav",
    "ol",
    "pre",
    "section",
    "table",
    "ul",
  ].map((tag) => [tag, P] as const),
]);
/** Inside these (SVG, MathML) "/>" closes an element... */
const FOREIGN_ELEMENTS = new Set(["svg", "math"]);
/** ...and inside these it no longer does. */
const HTML_INTEGRATION_ELEMENTS = new Set([
  "mi",
  "mo",
  "mn",
  "ms",
  "mtext",
  "annotation-xml",
  "foreignobject",
  "desc",
  "title",
]);
/** Content the sanitiser drops: not text a reader sees. */
const HIDDEN_RAW_TEXT = new Set(["script", "style", "textarea"]);

const GREATER_THAN = 0x3e;
const SLASH = 0x2f;
const isAsciiLetter = (code: number) => (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
const isHtmlSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d;
const endsTagSection = (code: number) => code === GREATER_THAN || code === SLASH || isHtmlSpace(code);

const NO_BREAK_SPACE = /&(?:nbsp|#0*160|#[xX]0*[aA]0);/g;

/**
 * The closing tag that ends a raw-text element's content, or null for other elements.
 * The parser recognises these by their first letters, so "<tmp>" reads as <xmp> does.
 */
function rawTextEnd(name: string): string | null {
  if (name === "script" || name === "style") return name;
  if (name[0] !== "t" && name[0] !== "x") return null;
  const rest = name.slice(1);
  if (rest === "itle") return "title";
  if (rest === "extarea") return "textarea";
  if (rest === "mp") return "xmp";
  return null;
}

interface OpenTag {
  name: string;
  /** Index just after its ">", or -1 when the text ends inside the tag. */
  end: number;
  selfClosing: boolean;
}

/** The start tag whose name begins at `start`. */
function readStartTag(html: string, start: number): OpenTag {
  let index = start;
  while (index < html.length && !endsTagSection(html.charCodeAt(index))) index += 1;
  const name = html.slice(start, index).toLowerCase();
  type State = "beforeName" | "name" | "afterName" | "beforeValue" | "unquotedValue" | "selfClosing";
  let state: State = "beforeName";
  while (index < html.length) {
    const code = html.charCodeAt(index);
    switch (state) {
      case "beforeName":
        if (code === GREATER_THAN) return { name, end: index + 1, selfClosing: false };
        if (code === SLASH) state = "selfClosing";
        else if (!isHtmlSpace(code)) state = "name";
        index += 1;
        break;
      case "selfClosing":
        if (code === GREATER_THAN) return { name, end: index + 1, selfClosing: true };
        if (isHtmlSpace(code)) index += 1;
        else state = "beforeName";
        break;
      case "name":
        if (code === 0x3d || endsTagSection(code)) state = "afterName";
        else index += 1;
        break;
      case "afterName":
        if (code === 0x3d) {
          state = "beforeValue";
          index += 1;
        } else if (code === SLASH || code === GREATER_THAN) {
          state = "beforeName";
        } else {
          if (!isHtmlSpace(code)) state = "name";
          index += 1;
        }
        break;
      case "beforeValue":
        if (code === 0x22 || code === 0x27) {
          const closing = html.indexOf(code === 0x22 ? '"' : "'", index + 1);
          if (closing === -1) return { name, end: -1, selfClosing: false };
          index = closing + 1;
          state = "beforeName";
        } else if (isHtmlSpace(code)) {
          index += 1;
        } else {
          state = "unquotedValue";
        }
        break;
      case "unquotedValue":
        if (code === GREATER_THAN || isHtmlSpace(code)) state = "beforeName";
        else index += 1;
        break;
    }
  }
  return { name, end: -1, selfClosing: false };
}

/** Where the raw-text content ends: the "<" of "</name" followed by ">" or a space, or the end of the text. */
function rawTextClose(html: string, from: number, name: string): number {
  for (let index = html.indexOf("</", from); index !== -1; index = html.indexOf("</", index + 1)) {
    let matches = true;
    for (let offset = 0; matches && offset < name.length; offset += 1) {
      matches = (html.charCodeAt(index + 2 + offset) | 0x20) === name.charCodeAt(offset);
    }
    const after = html.charCodeAt(index + 2 + name.length);
    if (matches && (after === GREATER_THAN || isHtmlSpace(after))) return index;
  }
  return html.length;
}

/** Reads the HTML once, start to end. */
export function readRichText(html: string): RichTextReading {
  const open: string[] = [];
  // Whether "/>" closes an element here: true inside SVG or MathML, false back in HTML.
  const foreign: boolean[] = [];
  let hasText = false;
  // Entities are read in text (and in <title>), where "&nbsp;" is a space; elsewhere they are as written.
  const text = (from: number, to: number, entities = true) => {
    if (hasText || from >= to) return;
    const slice = html.slice(from, to);
    hasText = (entities ? slice.replace(NO_BREAK_SPACE, " ") : slice).trim().length > 0;
  };
  /** False when the parser's open elements grow too deep while it closes this one. */
  const closeThrough = (name: string): boolean => {
    const at = open.lastIndexOf(name);
    if (at !== -1) open.length = at;
    // "</p>" without an open <p> opens one and closes it at once.
    return at !== -1 || name !== "p" || open.length < MAX_RICH_TEXT_DEPTH;
  };

  let index = 0;
  while (index < html.length) {
    const lt = html.indexOf("<", index);
    if (lt === -1) {
      text(index, html.length);
      break;
    }
    text(index, lt);
    const next = html.charCodeAt(lt + 1);

    if (isAsciiLetter(next)) {
      // The parser opens the element once its name is read, even if the text ends before its ">".
      const tag = readStartTag(html, lt + 1);
      const closes = CLOSED_BY_OPENING.get(tag.name);
      while (closes && open.length > 0 && closes.has(open[open.length - 1]!)) open.pop();
      if (!VOID_ELEMENTS.has(tag.name)) {
        open.push(tag.name);
        if (open.length > MAX_RICH_TEXT_DEPTH) return { hasText, tooDeep: true };
        if (FOREIGN_ELEMENTS.has(tag.name)) foreign.push(true);
        else if (HTML_INTEGRATION_ELEMENTS.has(tag.name)) foreign.push(false);
      }
      if (tag.end === -1) break;
      if (tag.selfClosing && foreign[foreign.length - 1] === true && open[open.length - 1] === tag.name) open.pop();
      index = tag.end;
      // A self-closed "<title/>" has no raw content: what follows is read as usual.
      const rawEnd = tag.selfClosing ? null : rawTextEnd(tag.name);
      if (rawEnd) {
        const close = rawTextClose(html, index, rawEnd);
        if (!HIDDEN_RAW_TEXT.has(tag.name)) text(index, close, rawEnd === "title");
        index = close;
      }
      continue;
    }

    if (next === SLASH) {
      let at = lt + 2;
      while (at < html.length && isHtmlSpace(html.charCodeAt(at))) at += 1;
      if (at >= html.length) {
        text(lt, html.length);
        break;
      }
      const first = html.charCodeAt(at);
      if (first === GREATER_THAN) {
        // The parser keeps "</>" as text.
        text(lt, at + 1);
        index = at + 1;
        continue;
      }
      if (isAsciiLetter(first)) {
        let end = at;
        while (end < html.length && html.charCodeAt(end) !== GREATER_THAN && !isHtmlSpace(html.charCodeAt(end))) {
          end += 1;
        }
        if (end >= html.length) break;
        const name = html.slice(at, end).toLowerCase();
        if (FOREIGN_ELEMENTS.has(name) || HTML_INTEGRATION_ELEMENTS.has(name)) foreign.pop();
        if (!VOID_ELEMENTS.has(name) && !closeThrough(name)) return { hasText, tooDeep: true };
        const gt = html.indexOf(">", end);
        if (gt === -1) break;
        index = gt + 1;
        continue;
      }
      index = skipTo(html, ">", at + 1, lt);
      if (index === -1) break;
      continue;
    }

    if (next === 0x21) {
      const afterBang = lt + 2;
      let end: number;
      if (html.startsWith("--", afterBang)) {
        const close = html.indexOf("-->", afterBang);
        end = close === -1 ? html.length : close + 3;
      } else if (html[afterBang] === "[") {
        let matched = 0;
        while (matched < 6 && html[afterBang + 1 + matched] === "CDATA["[matched]) matched += 1;
        if (matched === 6) {
          const close = html.indexOf("]]>", afterBang + 7);
          end = close === -1 ? html.length : close + 3;
        } else {
          end = skipTo(html, ">", afterBang + 1 + matched, lt);
          if (end === -1) end = html.length;
        }
      } else {
        end = skipTo(html, ">", html[afterBang] === "-" ? afterBang + 2 : afterBang + 1, lt);
        if (end === -1) end = html.length;
      }
      index = end;
      continue;
    }

    if (next === 0x3f) {
      index = skipTo(html, ">", lt + 2, lt);
      if (index === -1) break;
      continue;
    }

    // "<" before anything else is text itself.
    text(lt, lt + 1);
    index = lt + 1;
  }
  return { hasText, tooDeep: false };

  /** Just past the next `char` from `from`; without one, the rest from `start` is text and -1 is returned. */
  function skipTo(source: string, char: string, from: number, start: number): number {
    const found = source.indexOf(char, from);
    if (found !== -1) return found + 1;
    text(start, source.length);
    return -1;
  }
}
