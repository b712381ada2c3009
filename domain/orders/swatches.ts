/**
 * Swatch requests (docs/product.md, Swatches): a shopper asks for small samples of up to
 * four of a product's finishes. The request is an order of its own kind, without a price:
 * each line is one finish, at ₦0. What the pages and the server share about it, without a
 * schema, so the product page and the order sheet can read it.
 */

/** How many finishes one request may ask for. */
export const MAX_SWATCHES = 4;

/** A swatch line's name: "Swatch: Walnut — Iroko Dining Table". */
export const swatchLineName = (finish: string, product: string) => `Swatch: ${finish} — ${product}`;

/** "1 finish", "3 finishes". */
export const finishCount = (count: number) => `${count} ${count === 1 ? "finish" : "finishes"}`;

/** How the owner's list shows a swatch request instead of an amount: "Swatches · 3 finishes". */
export const swatchesLabel = (count: number) => `Swatches · ${finishCount(count)}`;

/** The address of the order sheet that requests swatches of a product, the finish shown ticked. */
export const swatchSheetPath = (productId: string, optionId: string | null) =>
  `/order?${new URLSearchParams({ kind: "swatches", itemId: productId, ...(optionId ? { option: optionId } : {}) })}`;

/** A swatch line's finish and product, read back from its name ("Swatch: Walnut — Iroko Table"). */
export function swatchParts(line: { name: string; option: string | null }): { finish: string; product: string } {
  const finish = line.option ?? "";
  const prefix = swatchLineName(finish, "");
  return { finish, product: line.name.startsWith(prefix) ? line.name.slice(prefix.length) : line.name };
}
