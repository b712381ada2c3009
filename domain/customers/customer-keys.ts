/**
 * How the customer book finds a person (docs/product.md, Customers): by a name typed with
 * a slip, as the shop's search forgives one, by part of a phone number however it is
 * written, or by part of an e-mail address.
 */
import { toE164 } from "../accounts/phone";

/** Shorter words are never corrected: one slip makes another name. */
const MIN_FORGIVING_LENGTH = 4;
const WORD = /[\p{L}\p{N}]+/gu;

/** The lowercased words of a name. */
export function nameWords(name: string): string[] {
  return [...new Set(name.normalize("NFC").toLowerCase().match(WORD) ?? [])].filter((word) => word.length <= 40);
}

/**
 * A word and, from four letters on, each way of dropping one of its letters: two words a
 * single slip apart (a letter added, dropped, changed, or two neighbours swapped) always
 * share one of these.
 */
export function slipKeys(word: string): string[] {
  const letters = Array.from(word);
  if (letters.length < MIN_FORGIVING_LENGTH) return [word];
  const keys = new Set([word]);
  for (let i = 0; i < letters.length; i += 1) keys.add([...letters.slice(0, i), ...letters.slice(i + 1)].join(""));
  return [...keys];
}

/** What a customer's name is found by: every word's slip keys. */
export function nameKeys(name: string): string[] {
  return [...new Set(nameWords(name).flatMap(slipKeys))];
}

/** The digits of a typed phone number as stored (+234…), or null when it holds too few to search by. */
export function phoneDigits(search: string): string | null {
  const e164 = toE164(search);
  if (e164) return e164.slice(1);
  const digits = search.replace(/\D/g, "");
  if (digits.length < 4 || /[^\d\s+\-().]/.test(search)) return null;
  // A number typed from its trunk 0 ("0803 12") is stored after +234.
  return digits.replace(/^0/, "");
}

/** An e-mail address as the book keeps it. */
export const emailKey = (email: string) => email.trim().toLowerCase();
