/**
 * An order's reference, "FN-" and five characters: short enough to read aloud on a call,
 * from an alphabet without the look-alikes 0/O and 1/I, and random, so it tells nobody how
 * many orders the shop has or where another order is. It is a name, not a key: the
 * tracking link has a token of its own (docs/product.md, Orders).
 */

/** 32 characters: a random byte picks one without bias (256 is a multiple of 32). */
export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const LENGTH = 5;

/** The reference spelt by the first five of these random bytes. */
export function referenceFromBytes(bytes: Uint8Array): string {
  if (bytes.length < LENGTH) throw new Error(`A reference needs ${LENGTH} random bytes.`);
  let code = "";
  for (let index = 0; index < LENGTH; index += 1) code += REFERENCE_ALPHABET[bytes[index]! % REFERENCE_ALPHABET.length];
  return `FN-${code}`;
}

const REFERENCE = new RegExp(`^FN-[${REFERENCE_ALPHABET}]{${LENGTH}}$`);

/** A reference as typed into a search: case and spaces do not matter, nor the "FN-". */
export function readReference(typed: string): string | null {
  const compact = typed.toUpperCase().replace(/[\s-]/g, "");
  const candidate = `FN-${compact.startsWith("FN") ? compact.slice(2) : compact}`;
  return REFERENCE.test(candidate) ? candidate : null;
}
