/**
 * The pure transitions of the cart and wishlist (SPEC.md §4): each takes the lines and
 * returns new ones, never touching the old, so a failed change can put back exactly
 * what was there.
 */
import { MAX_QUANTITY, type CartLine, type ItemType } from "../../domain/shopping-lists";

export interface ListLine {
  _id: string;
  item: string;
  itemType: ItemType;
}

export const isLine = (line: ListLine, item: string, itemType: ItemType) =>
  line.item === item && line.itemType === itemType;

export const hasLine = (lines: ListLine[], item: string, itemType: ItemType) =>
  lines.some((line) => isLine(line, item, itemType));

/** A line made in the browser; the server gives its own `_id` once it knows the line. */
const newLine = (item: string, itemType: ItemType): ListLine => ({ _id: `${itemType}:${item}`, item, itemType });

const clampQuantity = (quantity: number) => Math.min(Math.max(Math.trunc(quantity), 0), MAX_QUANTITY);

/** Adding an item already in the cart adds to its quantity, up to MAX_QUANTITY. */
export function addCartLine(lines: CartLine[], item: string, itemType: ItemType, quantity = 1): CartLine[] {
  if (!hasLine(lines, item, itemType))
    return [...lines, { ...newLine(item, itemType), quantity: clampQuantity(quantity) }];
  return lines.map((line) =>
    isLine(line, item, itemType) ? { ...line, quantity: clampQuantity(line.quantity + quantity) } : line,
  );
}

/** A quantity below 1 removes the line. */
export function setCartLineQuantity(lines: CartLine[], item: string, itemType: ItemType, quantity: number): CartLine[] {
  if (quantity < 1) return removeLine(lines, item, itemType);
  return lines.map((line) => (isLine(line, item, itemType) ? { ...line, quantity: clampQuantity(quantity) } : line));
}

/** Adding an item already in the wishlist changes nothing. */
export function addWishlistLine<L extends ListLine>(lines: L[], item: string, itemType: ItemType): L[] {
  return hasLine(lines, item, itemType) ? lines : [...lines, newLine(item, itemType) as L];
}

export function removeLine<L extends ListLine>(lines: L[], item: string, itemType: ItemType): L[] {
  return lines.filter((line) => !isLine(line, item, itemType));
}

export const cartCount = (lines: CartLine[]) => lines.reduce((sum, line) => sum + line.quantity, 0);

export interface ItemIds {
  productIds: string[];
  collectionIds: string[];
}

/** The ids to ask the server about (check-existence, details-by-ids), each once. */
export function itemIdsOf(lines: ListLine[]): ItemIds {
  const ids = (type: ItemType) => [...new Set(lines.filter((l) => l.itemType === type).map((l) => l.item))];
  return { productIds: ids("Product"), collectionIds: ids("Collection") };
}

/** The lines whose items still exist, by check-existence's answer. */
export function keepExisting<L extends ListLine>(
  lines: L[],
  existing: { existingProductIds: string[]; existingCollectionIds: string[] },
): L[] {
  const products = new Set(existing.existingProductIds);
  const collections = new Set(existing.existingCollectionIds);
  return lines.filter((line) => (line.itemType === "Product" ? products : collections).has(line.item));
}

/** The local lines the server copy lacks: what to send when the browser's list goes to the server. */
export function linesMissingFrom<L extends ListLine>(local: L[], server: ListLine[]): L[] {
  return local.filter((line) => !hasLine(server, line.item, line.itemType));
}

/** Whatever the browser stored, only well-formed lines come back (storage can hold anything). */
export function validLines<L extends ListLine>(value: unknown[], withQuantity: boolean): L[] {
  return value.filter((line): line is L => {
    if (typeof line !== "object" || line === null) return false;
    const l = line as Record<string, unknown>;
    const shaped =
      typeof l._id === "string" &&
      typeof l.item === "string" &&
      l.item.length > 0 &&
      (l.itemType === "Product" || l.itemType === "Collection");
    if (!withQuantity) return shaped;
    return (
      shaped && Number.isInteger(l.quantity) && (l.quantity as number) >= 1 && (l.quantity as number) <= MAX_QUANTITY
    );
  });
}
