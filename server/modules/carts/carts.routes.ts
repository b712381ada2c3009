/**
 * The cart and wishlist calls of SPEC.md §7. Each change answers with the whole new
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
import { HttpError } from "../../plugins/errors";
import { guestRoom, userRoom } from "../../plugins/realtime";
import { addCartItem, clearCart, getCart, removeCartItem, setCartQuantity } from "./carts.service";
import { checkAddable, findExistingItems, findItemDetails } from "./item-lookup.service";
import { GUEST_COOKIE, GUEST_LIST_DAYS, guestKeyHash, isGuestKey, newGuestKey, type ListOwner } from "./list-owners";
import { addWishlistItem, clearWishlist, getWishlist, removeWishlistItem } from "./wishlists.service";

/** The live-connection room of an owner: their account's, or their guest key's. */
const ownerRoom = (owner: ListOwner) => ("userId" in owner ? userRoom(owner.userId) : guestRoom(owner.guestKeyHash));

export const ADMINS_HAVE_NO_LISTS = "Administrators have no cart or wishlist.";

export async function cartsRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /**
   * The caller's lists. A guest without a cookie has none to read; their first change
   * gives them a cookie (the browser only sends changes once cookies were accepted).
   */
  async function ownerOf(
    request: FastifyRequest,
    reply: FastifyReply,
    use: "read" | "change" | "add",
  ): Promise<ListOwner | null> {
    const signedIn = await request.signedIn();
    if (signedIn) {
      if (signedIn.viewer.isAdmin) throw new HttpError(403, ADMINS_HAVE_NO_LISTS);
      return { userId: signedIn.viewer._id };
    }
    let key = request.cookies[GUEST_COOKIE];
    if (!isGuestKey(key)) {
      if (use !== "add") return null;
      key = newGuestKey();
    }
    // Every change renews the cookie: the lists expire after GUEST_LIST_DAYS unused.
    if (use !== "read") reply.setPrivateCookie(GUEST_COOKIE, key, GUEST_LIST_DAYS * 86_400);
    return { guestKeyHash: guestKeyHash(key) };
  }

  async function requireAddable(itemType: ItemType, itemId: string) {
    const addable = await checkAddable(db, itemType, itemId);
    if (addable === "missing") throw new HttpError(404, `${itemType} not found.`);
    if (addable === "sold") throw new HttpError(409, "This product has been sold.");
  }

  const changed = (owner: ListOwner, list: "cart" | "wishlist") =>
    app.realtime.emit(ownerRoom(owner), `${list}:changed`);

  api.get("/cart", async (request, reply) => {
    const owner = await ownerOf(request, reply, "read");
    return { items: owner ? await getCart(db, owner) : [] };
  });

  api.put("/cart/add", { schema: { body: CartAddSchema } }, async (request, reply) => {
    const owner = (await ownerOf(request, reply, "add"))!;
    await requireAddable(request.body.itemType, request.body.itemId);
    const items = await addCartItem(db, owner, request.body);
    changed(owner, "cart");
    return { items };
  });

  api.put("/cart/remove", { schema: { body: CartRemoveSchema } }, async (request, reply) => {
    const owner = await ownerOf(request, reply, "change");
    if (!owner) return { items: [] };
    const items = await removeCartItem(db, owner, request.body);
    changed(owner, "cart");
    return { items };
  });

  api.put("/cart/updatequantity", { schema: { body: CartQuantitySchema } }, async (request, reply) => {
    const owner = await ownerOf(request, reply, "change");
    const items = owner && (await setCartQuantity(db, owner, request.body));
    if (!owner || !items) throw new HttpError(404, "Item not found in cart.");
    changed(owner, "cart");
    return { items };
  });

  api.delete("/cart/clear", async (request, reply) => {
    const owner = await ownerOf(request, reply, "change");
    if (!owner) return { items: [] };
    const items = await clearCart(db, owner);
    changed(owner, "cart");
    return { items };
  });

  api.post("/cart/check-existence", { schema: { body: ItemIdsSchema } }, async (request) =>
    findExistingItems(db, request.body),
  );

  api.post("/cart/details-by-ids", { schema: { body: ItemIdsSchema } }, async (request) =>
    findItemDetails(db, request.body),
  );

  api.get("/wishlist", async (request, reply) => {
    const owner = await ownerOf(request, reply, "read");
    return { items: owner ? await getWishlist(db, owner) : [] };
  });

  api.put("/wishlist/add", { schema: { body: WishlistAddSchema } }, async (request, reply) => {
    const owner = (await ownerOf(request, reply, "add"))!;
    await requireAddable(request.body.itemType, request.body.itemId);
    const { lines, added } = await addWishlistItem(db, owner, request.body);
    if (added) changed(owner, "wishlist");
    return added ? { items: lines } : { items: lines, message: "Item already in wishlist." };
  });

  api.put("/wishlist/remove", { schema: { body: WishlistRemoveSchema } }, async (request, reply) => {
    const owner = await ownerOf(request, reply, "change");
    if (!owner) return { items: [] };
    const items = await removeWishlistItem(db, owner, request.body);
    changed(owner, "wishlist");
    return { items };
  });

  api.delete("/wishlist/clear", async (request, reply) => {
    const owner = await ownerOf(request, reply, "change");
    if (!owner) return { items: [] };
    const items = await clearWishlist(db, owner);
    changed(owner, "wishlist");
    return { items };
  });
}
