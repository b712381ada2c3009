/** Wishlist rules (docs/product.md, Cart and wishlist): one line per item; adding one already there changes nothing. */
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { ItemRef, ItemType, WishlistLine } from "../../../domain/shopping-lists";
import type { Database } from "../../db/client";
import { wishlistItems, wishlists } from "../../db/schema/shopping-lists";
import { lineWriteError } from "./item-lookup.service";
import { ensureList, findList, type ListOwner } from "./list-owners";

const sameItem = (itemType: ItemType, itemId: string): SQL =>
  itemType === "Product" ? eq(wishlistItems.productId, itemId) : eq(wishlistItems.collectionId, itemId);

async function readLines(db: Database, wishlistId: string | null): Promise<WishlistLine[]> {
  if (!wishlistId) return [];
  const rows = await db
    .select()
    .from(wishlistItems)
    .where(eq(wishlistItems.wishlistId, wishlistId))
    .orderBy(asc(wishlistItems.createdAt), asc(wishlistItems.id));
  return rows.map((row) => ({
    _id: row.id,
    item: (row.productId ?? row.collectionId)!,
    itemType: row.itemType,
    option: row.optionId,
  }));
}

export async function getWishlist(db: Database, owner: ListOwner): Promise<WishlistLine[]> {
  return readLines(db, await findList(db, wishlists, owner));
}

/**
 * Adds the item (the caller has checked it may be added: requireAddable); `added` is
 * false when it was already there. A product added again in another option keeps its one
 * line, now in that option. An item deleted since that check is a 404.
 */
export async function addWishlistItem(
  db: Database,
  owner: ListOwner,
  item: ItemRef,
): Promise<{ lines: WishlistLine[]; added: boolean }> {
  const wishlistId = await ensureList(db, wishlists, owner);
  const byProduct = item.itemType === "Product";
  const option = byProduct ? (item.option ?? null) : null;
  const inserted = await db
    .insert(wishlistItems)
    .values({
      wishlistId,
      itemType: item.itemType,
      productId: byProduct ? item.itemId : null,
      collectionId: byProduct ? null : item.itemId,
      optionId: option,
    })
    .onConflictDoNothing({
      target: [wishlistItems.wishlistId, byProduct ? wishlistItems.productId : wishlistItems.collectionId],
      where: byProduct ? sql`${wishlistItems.productId} is not null` : sql`${wishlistItems.collectionId} is not null`,
    })
    .returning({ id: wishlistItems.id })
    .catch((error: unknown) => {
      throw lineWriteError(error, item.itemType);
    });
  if (!inserted.length && option) {
    await db
      .update(wishlistItems)
      .set({ optionId: option })
      .where(and(eq(wishlistItems.wishlistId, wishlistId), sameItem(item.itemType, item.itemId)));
  }
  return { lines: await readLines(db, wishlistId), added: inserted.length > 0 };
}

export async function removeWishlistItem(
  db: Database,
  owner: ListOwner,
  item: { itemType: ItemType; itemId: string },
): Promise<WishlistLine[]> {
  const wishlistId = await findList(db, wishlists, owner);
  if (wishlistId) {
    await db
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.wishlistId, wishlistId), sameItem(item.itemType, item.itemId)));
  }
  return readLines(db, wishlistId);
}

export async function clearWishlist(db: Database, owner: ListOwner): Promise<WishlistLine[]> {
  const wishlistId = await findList(db, wishlists, owner);
  if (wishlistId) await db.delete(wishlistItems).where(eq(wishlistItems.wishlistId, wishlistId));
  return [];
}
