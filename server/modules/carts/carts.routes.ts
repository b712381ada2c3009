/**
 * The cart and wishlist calls under /api/cart and /api/wishlist. Each change answers with the whole new
 * list (`{ items }`) and tells the owner's other tabs and devices over the live
 * connection. The owner comes from the session or the guest cookie, never the body.
 * The work is list.actions.ts's, which the cart and wishlist pages' actions call too.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  CartAddSchema,
  CartQuantitySchema,
  CartRemoveSchema,
  ItemIdsSchema,
  WishlistAddSchema,
  WishlistRemoveSchema,
} from "../../../domain/shopping-lists.schema";
import type { Database } from "../../db/client";
import { findExistingItems, findItemDetails } from "./item-lookup.service";
import { createListActions } from "./list.actions";

export async function cartsRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const lists = createListActions({ app, db });

  api.get("/cart", async (request, reply) => ({ items: await lists(request, reply).cartLines() }));

  api.put("/cart/add", { schema: { body: CartAddSchema } }, async (request, reply) => ({
    items: await lists(request, reply).addToCart(request.body),
  }));

  api.put("/cart/remove", { schema: { body: CartRemoveSchema } }, async (request, reply) => ({
    items: await lists(request, reply).removeFromCart(request.body),
  }));

  api.put("/cart/updatequantity", { schema: { body: CartQuantitySchema } }, async (request, reply) => ({
    items: await lists(request, reply).setCartQuantity(request.body),
  }));

  api.delete("/cart/clear", async (request, reply) => ({ items: await lists(request, reply).clearCart() }));

  api.post("/cart/check-existence", { schema: { body: ItemIdsSchema } }, async (request) =>
    findExistingItems(db, request.body),
  );

  api.post("/cart/details-by-ids", { schema: { body: ItemIdsSchema } }, async (request) =>
    findItemDetails(db, request.body),
  );

  api.get("/wishlist", async (request, reply) => ({ items: await lists(request, reply).wishlistLines() }));

  api.put("/wishlist/add", { schema: { body: WishlistAddSchema } }, async (request, reply) => {
    const { lines, added } = await lists(request, reply).addToWishlist(request.body);
    return added ? { items: lines } : { items: lines, message: "Item already in wishlist." };
  });

  api.put("/wishlist/remove", { schema: { body: WishlistRemoveSchema } }, async (request, reply) => ({
    items: await lists(request, reply).removeFromWishlist(request.body),
  }));

  api.delete("/wishlist/clear", async (request, reply) => ({ items: await lists(request, reply).clearWishlist() }));
}
