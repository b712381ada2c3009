/**
 * Undoing a bulk change (docs/product.md, Catalogue tools): for an hour after it is made, a
 * bulk change to products (all but a deletion) can be undone. Undo puts back exactly the
 * fields the change touched, on each product it changed, unless that product was changed
 * again since (or deleted): that one is left as it is and named.
 */
import type { BulkAction, BulkFields } from "./bulk-change.schema";

/** How long a bulk change can be undone, in milliseconds. */
export const UNDO_WINDOW_MS = 60 * 60 * 1000;

export const UNDO_MESSAGES = {
  missing: "That bulk change is not there.",
  undone: "That bulk change has already been undone.",
  deleted: "A deletion cannot be undone.",
  late: "A bulk change can be undone only within an hour of making it: this one is older. Make the change you need as a new one.",
} as const;

/** One product a bulk change changed, as kept for its undo. */
export interface BulkUndoLine {
  id: string;
  name: string;
  before: BulkFields;
  after: BulkFields;
}

type UndoableAction = Exclude<BulkAction["action"], "delete">;

/** The fields each action writes: what undo compares and puts back. */
const TOUCHED: Record<UndoableAction, readonly (keyof BulkFields)[]> = {
  price: ["priceKobo", "discountedPriceKobo", "isPromo"],
  promo: ["priceKobo", "discountedPriceKobo", "isPromo"],
  sold: ["sold"],
  collection: ["collectionId"],
  status: ["status"],
};

export const isUndoable = (action: string): action is UndoableAction => action in TOUCHED;

/**
 * A product's fields once the change is undone, or null when the product was changed again
 * since in a field the change touched (then it is left as it is).
 */
export function undoneFields(action: UndoableAction, line: BulkUndoLine, now: BulkFields): BulkFields | null {
  const touched = TOUCHED[action];
  if (touched.some((field) => now[field] !== line.after[field])) return null;
  return { ...now, ...Object.fromEntries(touched.map((field) => [field, line.before[field]])) };
}

/** "Prices of 12 products": what the undo banner calls a change. */
export function bulkChangeSubject(action: string, count: number): string {
  const products = count === 1 ? "1 product" : `${count} products`;
  switch (action) {
    case "price":
      return `Prices of ${products}`;
    case "promo":
      return `Promotions on ${products}`;
    case "sold":
      return `Sold marks on ${products}`;
    case "collection":
      return `Collections of ${products}`;
    default:
      return `Shop status of ${products}`;
  }
}
