/**
 * Text as people type it into a form. PostgreSQL cannot store or compare a NUL
 * character in text: it fails the query instead of refusing the value, so a stray NUL
 * would become a 500. No form field can hold other control characters either unless a
 * request was made by hand, and in a one-line field they break mail headers and page
 * layout. So every text field refuses them here, with a message naming the field.
 * Multi-line fields (a message, a description) keep tabs and line breaks.
 *
 * Invisible formatting characters are refused the same way. Text-direction controls
 * make text show in another order than it is stored, so a product name, a sender's name
 * or a subject can display as something it is not ("invoice\u202Egpj.exe" shows as
 * "invoiceexe.jpg"). Zero-width characters make two names that look the same differ,
 * and hide words from search and from whoever reads the inbox. One exception: a
 * zero-width joiner between two emoji is how phones write one emoji ("👩🏾‍🍳").
 */
import type { z } from "zod";

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const DELETE = 0x7f;
const ZERO_WIDTH_JOINER = 0x200d;

/** Characters no one sees: text-direction controls, zero-width and other invisible marks. */
const INVISIBLE: ReadonlyArray<readonly [number, number]> = [
  [0x00ad, 0x00ad], // soft hyphen
  [0x061c, 0x061c], // Arabic letter mark
  [0x115f, 0x1160], // Hangul fillers, which show as nothing
  [0x180e, 0x180e], // Mongolian vowel separator
  [0x200b, 0x200f], // zero-width space, non-joiner and joiner; left-to-right and right-to-left marks
  [0x202a, 0x202e], // direction embeddings and overrides
  [0x2060, 0x206f], // word joiner, invisible operators, direction isolates, deprecated format controls
  [0x3164, 0x3164], // Hangul filler
  [0xfeff, 0xfeff], // zero-width no-break space (byte order mark)
  [0xffa0, 0xffa0], // halfwidth Hangul filler
  [0xfff9, 0xfffb], // interlinear annotation controls
];

const FIRST_INVISIBLE = INVISIBLE[0]![0];
const isInvisible = (code: number) => {
  if (code < FIRST_INVISIBLE) return false;
  for (const [first, last] of INVISIBLE) if (code >= first && code <= last) return true;
  return false;
};

const EMOJI = /^\p{Extended_Pictographic}$/u;
const isEmoji = (codePoint: number | undefined) =>
  codePoint !== undefined && EMOJI.test(String.fromCodePoint(codePoint));
/** What may stand between an emoji and a joiner: the emoji presentation selector and skin tones. */
const isEmojiModifier = (codePoint: number) => codePoint === 0xfe0f || (codePoint >= 0x1f3fb && codePoint <= 0x1f3ff);

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** The code point that ends just before `index`. */
function codePointBefore(text: string, index: number): { codePoint: number; start: number } | undefined {
  if (index <= 0) return undefined;
  const low = text.charCodeAt(index - 1);
  const start =
    index >= 2 && low >= 0xdc00 && low <= 0xdfff && isHighSurrogate(text.charCodeAt(index - 2)) ? index - 2 : index - 1;
  return { codePoint: text.codePointAt(start)!, start };
}
/** A zero-width joiner at `index` that joins two emoji into one. */
function joinsEmoji(text: string, index: number): boolean {
  let before = codePointBefore(text, index);
  // An emoji carries at most a presentation selector and a skin tone before its joiner.
  for (let skipped = 0; before && isEmojiModifier(before.codePoint) && skipped < 2; skipped += 1) {
    before = codePointBefore(text, before.start);
  }
  return isEmoji(before?.codePoint) && isEmoji(text.codePointAt(index + 1));
}

/** What is wrong with the text for such a field: a control character, an invisible one, or nothing. */
export function untypedCharacter(text: string, lines: "one" | "many" = "one"): "control" | "invisible" | null {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === DELETE) return "control";
    if (code < 0x20 && !(lines === "many" && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN))) {
      return "control";
    }
    if (isInvisible(code) && !(code === ZERO_WIDTH_JOINER && joinsEmoji(text, index))) return "invisible";
  }
  return null;
}

const MESSAGES = {
  control: (label: string) => `${label} cannot contain control characters.`,
  invisible: (label: string) => `${label} cannot contain invisible or text-direction characters.`,
};

/**
 * The string schema refusing control characters, invisible and text-direction ones
 * included, with a message for this field naming what was found.
 */
export function refuseControlCharacters<T extends z.ZodString>(
  schema: T,
  label: string,
  lines: "one" | "many" = "one",
): T {
  return schema.check((ctx) => {
    const found = untypedCharacter(ctx.value, lines);
    if (found) ctx.issues.push({ code: "custom", message: MESSAGES[found](label), input: ctx.value, continue: true });
  }) as T;
}
