/**
 * An order's reference, the shop's prefix ("FN-" until the owner sets theirs in Settings)
 * and five characters: short enough to read aloud on a call,
 * from an alphabet without the look-alikes 0/O and 1/I, and random, so it tells nobody how
 * many orders the shop has or where another order is. It is a name, not a key: the
 * tracking link has a token of its own (docs/product.md, Orders).
 */

/** 32 characters: a random byte picks one without bias (256 is a multiple of 32). */
export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const LENGTH = 5;

/** A prefix is 2 to 4 capital letters; orders placed before a change keep the old one. */
export const REFERENCE_PREFIX_PATTERN = /^[A-Z]{2,4}$/;
export const REFERENCE_PREFIX_MESSAGE = "Use 2 to 4 capital letters, such as FN.";

/** The reference spelt by the first five of these random bytes, after the shop's prefix. */
export function referenceFromBytes(bytes: Uint8Array, prefix: string): string {
  if (bytes.length < LENGTH) throw new Error(`A reference needs ${LENGTH} random bytes.`);
  if (!REFERENCE_PREFIX_PATTERN.test(prefix)) throw new Error(`A reference prefix is 2 to 4 capital letters.`);
  let code = "";
  for (let index = 0; index < LENGTH; index += 1) code += REFERENCE_ALPHABET[bytes[index]! % REFERENCE_ALPHABET.length];
  return `${prefix}-${code}`;
}

const TYPED = new RegExp(`^([A-Z]{2,4})?([${REFERENCE_ALPHABET}]{${LENGTH}})$`);

/**
 * A reference as typed into a search: case, spaces and the hyphen do not matter. The
 * code is the last five characters, and the prefix whatever letters come before it, or
 * null when none do: then the code is looked for under any prefix, so an order placed
 * before the owner changed the prefix is found as readily as a new one.
 */
export function readReference(typed: string): { prefix: string | null; code: string } | null {
  const match = TYPED.exec(typed.toUpperCase().replace(/[\s-]/g, ""));
  return match ? { prefix: match[1] ?? null, code: match[2]! } : null;
}
