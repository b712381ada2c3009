/**
 * The cart around an order of it (docs/product.md, The cart after ordering): once the cart's
 * order is recorded the cart empties (the order keeps its lines), and the tracking page
 * may put the order's lines back in the caller's cart, as they were ordered, when their
 * items can still be ordered.
 */
import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { MAX_QUANTITY, type CartLine } from "../../../domain/shopping-lists";
import type { Database } from "../../db/client";
import { orderLines, orders } from "../../db/schema/orders";
import { cartItems, carts } from "../../db/schema/shopping-lists";
import { getCart, sameLineConflict } from "../carts/carts.service";
import { findItemDetails, lineWriteError } from "../carts/item-lookup.service";
import { ensureList, findList, type ListOwner } from "../carts/list-owners";

/** Empties the cart an order was just placed from (inside the order's transaction). */
export async function emptyOrderedCart(tx: Database, owner: ListOwner): Promise<void> {
  const cartId = await findList(tx, carts, owner);
  if (cartId) await tx.delete(cartItems).where(eq(cartItems.cartId, cartId));
}

/**
 * The cart order this caller placed in the last `withinMs`, still new: a second tap on the
 * cart's order finds the cart already emptied by the first, and gets the first's order.
 */
export async function recentCartOrder(
  db: Database,
  caller: { userId: string | null; guestKeyHash: string | null },
  withinMs: number,
) {
  const who = caller.userId
    ? eq(orders.userId, caller.userId)
    : caller.guestKeyHash
      ? and(eq(orders.guestKeyHash, caller.guestKeyHash), isNull(orders.userId))
      : null;
  if (!who) return null;
  const [order] = await db
    .select()
    .from(orders)
    .where(
      and(
        who,
        eq(orders.kind, "cart"),
        eq(orders.status, "new"),
        gt(orders.createdAt, new Date(Date.now() - withinMs)),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  if (!order) return null;
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  return { order, lines };
}

export interface RestoredCart {
  cart: CartLine[];
  /** How many of the order's lines went back in the cart. */
  restored: number;
  /** Lines whose item has gone, sold, or no longer offers the option ordered. */
  left: number;
}

/**
 * Puts an order's lines back in the owner's cart. A line already in the cart keeps the
 * larger of the two quantities, so restoring twice does not double it. A product's option
 * is found again by the name the order kept.
 */
export async function restoreOrderToCart(db: Database, orderId: string, owner: ListOwner): Promise<RestoredCart> {
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  const details = await findItemDetails(db, {
    productIds: lines.filter((line) => line.itemType === "Product").map((line) => line.itemId),
    collectionIds: lines.filter((line) => line.itemType === "Collection").map((line) => line.itemId),
  });
  type Line = (typeof lines)[number];
  const wanted = lines.flatMap((line): Array<{ line: Line; optionId: string | null }> => {
    if (line.itemType === "Collection") {
      const found = details.collections.some((collection) => collection._id === line.itemId);
      return found ? [{ line, optionId: null }] : [];
    }
    const product = details.products.find((one) => one._id === line.itemId);
    if (!product || product.sold) return [];
    if (!line.option) return [{ line, optionId: null }];
    const option = product.options.find((offered) => offered.name === line.option);
    return option ? [{ line, optionId: option._id }] : [];
  });
  let restored = 0;
  if (wanted.length) {
    const cartId = await ensureList(db, carts, owner);
    for (const { line, optionId } of wanted) {
      const product = line.itemType === "Product";
      // An item deleted since the lookup is left out, as one found gone.
      await db
        .execute(
          sql`
        insert into ${cartItems} (cart_id, item_type, product_id, collection_id, option_id, quantity)
        values (${cartId}, ${line.itemType}, ${product ? line.itemId : null}, ${product ? null : line.itemId}, ${optionId}, ${Math.min(line.quantity, MAX_QUANTITY)})
        on conflict ${sameLineConflict[line.itemType]}
        do update set quantity = greatest(${cartItems.quantity}, excluded.quantity)`,
        )
        .then(
          () => (restored += 1),
          (error: unknown) => {
            if (lineWriteError(error, line.itemType) === error) throw error;
          },
        );
    }
  }
  return { cart: await getCart(db, owner), restored, left: lines.length - restored };
}
