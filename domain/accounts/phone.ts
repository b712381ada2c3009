/**
 * Phone numbers as people write them, stored one way: E.164 ("+2348031234567"), so the
 * same number is the same text everywhere and a `tel:` or WhatsApp link works from it.
 *
 * Nigerians write one number as "+234 803 123 4567", "0803 123 4567", "0803-123-4567",
 * "(0803) 123.4567", "2348031234567" or "+234 (0) 803 123 4567": spaces, dashes, dots and
 * brackets are only grouping, and +234, 234 and the trunk 0 all lead to the same ten
 * national digits. A Nigerian number with more or fewer than ten of them is a typing
 * mistake. A number from elsewhere must say so with "+" and its country code; E.164
 * allows 8 to 15 digits then. Anything else, letters included, is not a phone number.
 */

const NIGERIA = "234";
/** The national digits after +234 or the trunk 0: every Nigerian mobile number has ten. */
const NATIONAL_DIGITS = 10;
const MIN_INTERNATIONAL_DIGITS = 8;
const MAX_INTERNATIONAL_DIGITS = 15;
/** Longer than any way of writing a phone number, grouping and all. */
const MAX_TYPED_LENGTH = 40;

const isDigit = (char: string) => char >= "0" && char <= "9";
/** Grouping people put between digits: white space, dashes (typed or pasted), dots, brackets. */
const isGrouping = (char: string) => /^[\s\-\u2010-\u2015.()]$/u.test(char);

/** The number in E.164, or null when the text is not a phone number. */
export function toE164(typed: string): string | null {
  if (typed.length > MAX_TYPED_LENGTH) return null;
  let international = false;
  let digits = "";
  for (const char of typed) {
    if (isDigit(char)) digits += char;
    // "+" opens the number, even inside a bracket: "(+234) 803 123 4567".
    else if (char === "+" && !international && digits === "") international = true;
    else if (!isGrouping(char)) return null;
  }
  if (digits.startsWith(NIGERIA) && (international || digits.length > NATIONAL_DIGITS)) {
    return nigerian(digits.slice(NIGERIA.length));
  }
  if (international) {
    const valid =
      !digits.startsWith("0") && digits.length >= MIN_INTERNATIONAL_DIGITS && digits.length <= MAX_INTERNATIONAL_DIGITS;
    return valid ? `+${digits}` : null;
  }
  return nigerian(digits);
}

/** Ten national digits, after the trunk 0 if it was written ("0803…", "+234 (0) 803…"). */
function nigerian(national: string): string | null {
  const digits = national.length === NATIONAL_DIGITS + 1 && national.startsWith("0") ? national.slice(1) : national;
  return digits.length === NATIONAL_DIGITS && !digits.startsWith("0") ? `+${NIGERIA}${digits}` : null;
}

/** A stored number as people read it: "+234 803 123 4567" (other countries' numbers are left whole). */
export function displayPhone(e164: string): string {
  const nigerian = /^\+234(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return nigerian ? `+234 ${nigerian[1]} ${nigerian[2]} ${nigerian[3]}` : e164;
}
