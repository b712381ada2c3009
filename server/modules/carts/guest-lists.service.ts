/**
 * A guest's cart and wishlist after they sign in or up: their lines move into
 * the account (cart quantities add up, capped), then the guest copies are deleted. And
 * guest lists unused for GUEST_LIST_DAYS are swept away.
 */
import { and, eq, isNotNull, lt, sql } from "drizzle-orm";
import { ITEM_TYPES, MAX_QUANTITY } from "../../../domain/shopping-lists";
import type { Database } from "../../db/client";
import { carts, wishlists } from "../../db/schema/shopping-lists";
import { sameLineConflict } from "./carts.service";
import { ensureList, GUEST_LIST_DAYS } from "./list-owners";

/**
 * Returns whether the guest had anything to move. Two sign-ins with the same guest
 * cookie (two tabs, a double submit) may merge at once: the guest lists are locked
 * first, so the second waits, then finds them gone and adds nothing a second time.
 */
export async function mergeGuestLists(db: Database, guestKeyHash: string, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Always cart before wishlist, so two merges cannot deadlock.
    const [guestCart] = await tx
      .select({ id: carts.id })
      .from(carts)
      .where(eq(carts.guestKeyHash, guestKeyHash))
      .for("update");
    const [guestWishlist] = await tx
      .select({ id: wishlists.id })
      .from(wishlists)
      .where(eq(wishlists.guestKeyHash, guestKeyHash))
      .for("update");
    if (!guestCart && !guestWishlist) return false;

    if (guestCart) {
      const cartId = await ensureList(tx, carts, { userId });
      // Products and collections each have their own unique index, hence two statements.
      for (const itemType of ITEM_TYPES) {
        await tx.execute(sql`
          insert into cart_items (cart_id, item_type, product_id, collection_id, option_id, quantity)
          select ${cartId}, item_type, product_id, collection_id, option_id, quantity
          from cart_items where cart_id = ${guestCart.id} and item_type = ${itemType}
          on conflict ${sameLineConflict[itemType]}
          do update set quantity = least(cart_items.quantity + excluded.quantity, ${MAX_QUANTITY})`);
      }
      await tx.delete(carts).where(eq(carts.id, guestCart.id));
    }
    if (guestWishlist) {
      const wishlistId = await ensureList(tx, wishlists, { userId });
      await tx.execute(sql`
        insert into wishlist_items (wishlist_id, item_type, product_id, collection_id, option_id)
        select ${wishlistId}, item_type, product_id, collection_id, option_id
        from wishlist_items where wishlist_id = ${guestWishlist.id}
        on conflict do nothing`);
      await tx.delete(wishlists).where(eq(wishlists.id, guestWishlist.id));
    }
    return true;
  });
}

export async function deleteStaleGuestLists(db: Database, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - GUEST_LIST_DAYS * 24 * 60 * 60 * 1000);
  await db.delete(carts).where(and(isNotNull(carts.guestKeyHash), lt(carts.lastUsedAt, cutoff)));
  await db.delete(wishlists).where(and(isNotNull(wishlists.guestKeyHash), lt(wishlists.lastUsedAt, cutoff)));
}
