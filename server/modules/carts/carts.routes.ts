/**
 * The cart and wishlist calls under /api/cart and /api/wishlist. Each change answers with the whole new
 * list (`{ items }`) and tells the owner's other tabs and devices over the live
 * connection. The owner comes from the session or the guest cookie, never the body.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  CartAddSchema,
  CartQuantitySchema,
  CartRemoveSchema,
  ItemIdsSchema,
  WishlistAddSchema,
  WishlistRemoveSchema,
} from "../../../domain/shopping-lists.schema";
import type { ItemType } from "../../../domain/shopping-lists";
import type { Database } from "../../db/client";
import { carts, wishlists } from "../../db/schema/shopping-lists";
import { HttpError } from "../../plugins/errors";
import { limitBy, networkOf, NEW_GUEST_LIST_RATE_LIMIT } from "../../plugins/rate-limits";
import { guestRoom, userRoom } from "../../plugins/realtime";
import {
  addCartItem,
  clearCart,
  getCart,
  removeCartItem,
  resolveListOwner,
  setCartQuantity,
  type ResolvedOwner,
} from "./carts.service";
import { findExistingItems, findItemDetails, requireAddable } from "./item-lookup.service";
import { GUEST_COOKIE, GUEST_LIST_DAYS, startsGuestList, type ListOwner } from "./list-owners";
import { addWishlistItem, clearWishlist, getWishlist, removeWishlistItem } from "./wishlists.service";

/** The live-connection room of an owner: their account's, or their guest key's. */
const ownerRoom = (owner: ListOwner) => ("userId" in owner ? userRoom(owner.userId) : guestRoom(owner.guestKeyHash));

export async function cartsRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Each new guest list is a row kept for 30 days: a client may not make them without end.
  const limitNewGuestLists = limitBy(app, NEW_GUEST_LIST_RATE_LIMIT, networkOf);

  async function ownerOf(request: FastifyRequest, use: "read" | "change" | "add"): Promise<ResolvedOwner> {
    const signedIn = await request.signedIn();
    const account = signedIn && { id: signedIn.viewer._id, isAdmin: signedIn.viewer.isAdmin };
    return resolveListOwner(db, { account, guestKey: request.cookies[GUEST_COOKIE] }, use);
  }

  const keepGuestKey = (reply: FastifyReply, { renewGuestKey }: ResolvedOwner) => {
    if (renewGuestKey) reply.setPrivateCookie(GUEST_COOKIE, renewGuestKey, GUEST_LIST_DAYS * 86_400);
  };

  /** After a change: the guest keeps their key, and the owner's other tabs hear of it. */
  function changed(reply: FastifyReply, resolved: ResolvedOwner, list: "cart" | "wishlist") {
    keepGuestKey(reply, resolved);
    if (resolved.owner) app.realtime.emit(ownerRoom(resolved.owner), `${list}:changed`);
  }

  /** The owner an add reaches, once the item may be added and a new guest list is allowed. */
  async function ownerForAdd(
    request: FastifyRequest,
    reply: FastifyReply,
    list: typeof carts | typeof wishlists,
    item: { itemType: ItemType; itemId: string },
  ) {
    const resolved = await ownerOf(request, "add");
    await requireAddable(db, item.itemType, item.itemId);
    if (await startsGuestList(db, list, resolved.owner!)) await limitNewGuestLists(request, reply);
    return { ...resolved, owner: resolved.owner! };
  }

  api.get("/cart", async (request) => {
    const { owner } = await ownerOf(request, "read");
    return { items: owner ? await getCart(db, owner) : [] };
  });

  api.put("/cart/add", { schema: { body: CartAddSchema } }, async (request, reply) => {
    const resolved = await ownerForAdd(request, reply, carts, request.body);
    const items = await addCartItem(db, resolved.owner, request.body);
    changed(reply, resolved, "cart");
    return { items };
  });

  api.put("/cart/remove", { schema: { body: CartRemoveSchema } }, async (request, reply) => {
    const resolved = await ownerOf(request, "change");
    if (!resolved.owner) return { items: [] };
    const items = await removeCartItem(db, resolved.owner, request.body);
    changed(reply, resolved, "cart");
    return { items };
  });

  api.put("/cart/updatequantity", { schema: { body: CartQuantitySchema } }, async (request, reply) => {
    const resolved = await ownerOf(request, "change");
    const items = resolved.owner && (await setCartQuantity(db, resolved.owner, request.body));
    if (!items) throw new HttpError(404, "Item not found in cart.");
    changed(reply, resolved, "cart");
    return { items };
  });

  api.delete("/cart/clear", async (request, reply) => {
    const resolved = await ownerOf(request, "change");
    if (!resolved.owner) return { items: [] };
    const items = await clearCart(db, resolved.owner);
    changed(reply, resolved, "cart");
    return { items };
  });

  api.post("/cart/check-existence", { schema: { body: ItemIdsSchema } }, async (request) =>
    findExistingItems(db, request.body),
  );

  api.post("/cart/details-by-ids", { schema: { body: ItemIdsSchema } }, async (request) =>
    findItemDetails(db, request.body),
  );

  api.get("/wishlist", async (request) => {
    const { owner } = await ownerOf(request, "read");
    return { items: owner ? await getWishlist(db, owner) : [] };
  });

  api.put("/wishlist/add", { schema: { body: WishlistAddSchema } }, async (request, reply) => {
    const resolved = await ownerForAdd(request, reply, wishlists, request.body);
    const { lines, added } = await addWishlistItem(db, resolved.owner, request.body);
    if (!added) {
      keepGuestKey(reply, resolved);
      return { items: lines, message: "Item already in wishlist." };
    }
    changed(reply, resolved, "wishlist");
    return { items: lines };
  });

  api.put("/wishlist/remove", { schema: { body: WishlistRemoveSchema } }, async (request, reply) => {
    const resolved = await ownerOf(request, "change");
    if (!resolved.owner) return { items: [] };
    const items = await removeWishlistItem(db, resolved.owner, request.body);
    changed(reply, resolved, "wishlist");
    return { items };
  });

  api.delete("/wishlist/clear", async (request, reply) => {
    const resolved = await ownerOf(request, "change");
    if (!resolved.owner) return { items: [] };
    const items = await clearWishlist(db, resolved.owner);
    changed(reply, resolved, "wishlist");
    return { items };
  });
}
