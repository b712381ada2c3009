/**
 * What an order would hold if placed now (docs/product.md, Orders), as the cart page and
 * the order sheet show it: the server works it out with the very code that places the
 * order, so a page shows exactly the lines, prices and total the order would record.
 */
import type { DeliveryQuote } from "../delivery/delivery.schema";
import type { CartItemLine, ItemType } from "../shopping-lists";

/** Why a line whose item is in the shop stays out of the order: it sold, or its option is no longer offered. */
export type LeftOut = "sold" | "option";

/** What the order sheet is asked to show: one item (in an option, as its link names it), or the cart. */
export type OrderPreviewSubject =
  { kind: "item"; itemType: ItemType; itemId: string; option?: string | null } | { kind: "cart" };

/**
 * A line as the cart shows it (its item's current name, price and picture, `option` as
 * the line names it), with what the order makes of it. For an order of one item, `_id` is
 * the item's.
 */
export type OrderPreviewLine = CartItemLine & {
  /** The option the order takes, by id: the one named, or the product's first when none is. */
  orderOption: string | null;
  /** The unit price the order charges (naira); null when the line is left out. */
  unitPrice: number | null;
  leftOut: LeftOut | null;
  /** The item's page, opening in the line's option. */
  path: string;
};

export interface OrderPreview {
  /** Every line whose item is in the shop, the ones left out too (the page says why). */
  lines: OrderPreviewLine[];
  /** Pieces ordered: the quantities of the lines not left out. */
  count: number;
  /** The order's total at the prices it would charge, in naira (summed in kobo). */
  total: number;
  /** The delivery lines the shopper's chosen area, floor and installation give it; null before an area is chosen. */
  delivery: DeliveryQuote | null;
  /** The total with the delivery lines. */
  grandTotal: number;
  /** Lines left out of the order. */
  left: number;
  /** Cart lines whose item has gone from the shop. */
  vanished: number;
  /** Why placing it now would be refused (an empty cart, a sold piece…), or null. */
  refusal: { status: number; message: string } | null;
}
