/**
 * Cart rules: adding an item already in the cart (in the same option) adds to its quantity; a
 * quantity below 1 removes the line; quantities stay whole numbers up to MAX_QUANTITY.
 * Every change is one SQL statement, so concurrent "+1"s each count exactly once.
 * Also whose cart and wishlist a caller reaches (resolveListOwner).
 */
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { MAX_QUANTITY, type CartLine, type ItemRef, type ItemType } from "../../../domain/shopping-lists";
import type { Database } from "../../db/client";
import { cartItems, carts } from "../../db/schema/shopping-lists";
import { refuse } from "../../../domain/refusal";
import { lineWriteError } from "./item-lookup.service";
import {
  ensureList,
  findList,
  guestKeyHash,
  isGuestKey,
  isIssuedGuestKey,
  newGuestKey,
  type ListOwner,
} from "./list-owners";

export const ADMINS_HAVE_NO_LISTS = "Administrators have no cart or wishlist.";

export interface ListCaller {
  /** The signed-in account, or null for a guest. */
  account: { id: string; isAdmin: boolean } | null;
  /** The anonymousId cookie as the browser sent it. */
  guestKey: string | undefined;
}

export interface ResolvedOwner {
  /** Null for a guest without a key, who has no lists to read or change. */
  owner: ListOwner | null;
  /**
   * The guest key the browser should keep, set again on every change because the
   * lists expire after GUEST_LIST_DAYS unused; new on a keyless guest's first add.
   */
  renewGuestKey: string | null;
}

/**
 * A signed-in customer reaches their account's lists; an admin has none (403). A guest
 * reaches the lists of a key the server issued; one without such a key (none, or one
 * the client made up) gets a new key only when adding: looking makes no list.
 */
export async function resolveListOwner(
  db: Database,
  { account, guestKey }: ListCaller,
  use: "read" | "change" | "add",
): Promise<ResolvedOwner> {
  if (account) {
    if (account.isAdmin) throw refuse("forbidden", ADMINS_HAVE_NO_LISTS);
    return { owner: { userId: account.id }, renewGuestKey: null };
  }
  const issued = isGuestKey(guestKey) && (await isIssuedGuestKey(db, guestKeyHash(guestKey))) ? guestKey : null;
  const key = issued ?? (use === "add" ? newGuestKey() : null);
  if (!key) return { owner: null, renewGuestKey: null };
  return { owner: { guestKeyHash: guestKeyHash(key) }, renewGuestKey: use === "read" ? null : key };
}

/**
 * The unique index a new line collides with when the cart already holds it, as an ON
 * CONFLICT target: a product's line is keyed by its option too (cart_items_product_key),
 * an expression the query builder cannot spell.
 */
export const sameLineConflict = {
  Product: sql`(cart_id, product_id, coalesce(option_id, '00000000-0000-0000-0000-000000000000'::uuid)) where product_id is not null`,
  Collection: sql`(cart_id, collection_id) where collection_id is not null`,
} satisfies Record<ItemType, SQL>;

const lineOf = (itemType: ItemType, itemId: string) =>
  itemType === "Product"
    ? { itemType, productId: itemId, collectionId: null }
    : { itemType, productId: null, collectionId: itemId };

/** The line of this item in this option (none matches only the line without one). */
const sameItem = (itemType: ItemType, itemId: string, option: string | null | undefined): SQL =>
  itemType === "Product"
    ? and(eq(cartItems.productId, itemId), sql`${cartItems.optionId} is not distinct from ${option ?? null}::uuid`)!
    : eq(cartItems.collectionId, itemId);

async function readLines(db: Database, cartId: string | null): Promise<CartLine[]> {
  if (!cartId) return [];
  const rows = await db
    .select()
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  return rows.map((row) => ({
    _id: row.id,
    item: (row.productId ?? row.collectionId)!,
    itemType: row.itemType,
    option: row.optionId,
    quantity: row.quantity,
  }));
}

export async function getCart(db: Database, owner: ListOwner): Promise<CartLine[]> {
  return readLines(db, await findList(db, carts, owner));
}

/**
 * Adds `quantity` of the item (the caller has checked it may be added: requireAddable),
 * capped at MAX_QUANTITY. An item deleted since that check is a 404.
 */
export async function addCartItem(
  db: Database,
  owner: ListOwner,
  item: ItemRef & { quantity: number },
): Promise<CartLine[]> {
  const cartId = await ensureList(db, carts, owner);
  const line = lineOf(item.itemType, item.itemId);
  const target = sameLineConflict[item.itemType];
  try {
    await db.execute(sql`
      insert into ${cartItems} (cart_id, item_type, product_id, collection_id, option_id, quantity)
      values (${cartId}, ${line.itemType}, ${line.productId}, ${line.collectionId}, ${item.itemType === "Product" ? (item.option ?? null) : null}, ${item.quantity})
      on conflict ${target}
      do update set quantity = least(${cartItems.quantity} + excluded.quantity, ${MAX_QUANTITY})`);
  } catch (error) {
    throw lineWriteError(error, item.itemType);
  }
  return readLines(db, cartId);
}

export async function removeCartItem(db: Database, owner: ListOwner, item: ItemRef): Promise<CartLine[]> {
  const cartId = await findList(db, carts, owner);
  if (cartId)
    await db
      .delete(cartItems)
      .where(and(eq(cartItems.cartId, cartId), sameItem(item.itemType, item.itemId, item.option)));
  return readLines(db, cartId);
}

export const NOT_IN_CART = "Item not found in cart.";

/** Sets the line's quantity; below 1 removes it. Missing (404) when the cart has no such line. */
export async function setCartQuantity(
  db: Database,
  owner: ListOwner,
  item: ItemRef & { quantity: number },
): Promise<CartLine[]> {
  const cartId = await findList(db, carts, owner);
  if (!cartId) throw refuse("missing", NOT_IN_CART);
  const where = and(eq(cartItems.cartId, cartId), sameItem(item.itemType, item.itemId, item.option));
  const changed =
    item.quantity < 1
      ? await db.delete(cartItems).where(where).returning({ id: cartItems.id })
      : await db.update(cartItems).set({ quantity: item.quantity }).where(where).returning({ id: cartItems.id });
  if (!changed.length) throw refuse("missing", NOT_IN_CART);
  return readLines(db, cartId);
}

export async function clearCart(db: Database, owner: ListOwner): Promise<CartLine[]> {
  const cartId = await findList(db, carts, owner);
  if (cartId) await db.delete(cartItems).where(eq(cartItems.cartId, cartId));
  return [];
}
