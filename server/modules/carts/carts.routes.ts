/**
 * The cart and wishlist calls under /api/cart and /api/wishlist. Each change answers with the whole new
 * list (`{ items }`) and tells the owner's other tabs and devices over the live
 * connection. The owner comes from the session or the guest cookie, never the body.
 * The work is list.actions.ts's, which the cart and wishlist pages' actions call too.
 * Admins have no lists (403); an add names an item that must exist (404) and, for a
 * product, not be sold (409), and a guest's first add may be limited (429).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { refusals } from "../../../domain/api-errors.schema";
import {
  CartAnswerSchema,
  ExistingItemsSchema,
  ItemDetailsSchema,
  WishlistAnswerSchema,
} from "../../../domain/shopping-list-answers.schema";
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

/** A list call's answers: the whole list, or one of its refusals (an admin's 403 on every one). */
const cart = <const Codes extends readonly number[]>(...codes: Codes) => ({
  200: CartAnswerSchema,
  ...refusals(403, ...codes),
});
const wishlist = <const Codes extends readonly number[]>(...codes: Codes) => ({
  200: WishlistAnswerSchema,
  ...refusals(403, ...codes),
});

export async function cartsRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const lists = createListActions({ app, db });

  api.get("/cart", { schema: { summary: "Get the cart", response: cart() } }, async (request, reply) => ({
    items: await lists(request, reply).cartLines(),
  }));

  api.put(
    "/cart/add",
    { schema: { summary: "Add an item to the cart", body: CartAddSchema, response: cart(400, 404, 409, 429) } },
    async (request, reply) => ({ items: await lists(request, reply).addToCart(request.body) }),
  );

  api.put(
    "/cart/remove",
    { schema: { summary: "Remove an item from the cart", body: CartRemoveSchema, response: cart(400) } },
    async (request, reply) => ({
      items: await lists(request, reply).removeFromCart(request.body),
    }),
  );

  api.put(
    "/cart/updatequantity",
    { schema: { summary: "Set the quantity of a cart item", body: CartQuantitySchema, response: cart(400, 404) } },
    async (request, reply) => ({ items: await lists(request, reply).setCartQuantity(request.body) }),
  );

  api.delete("/cart/clear", { schema: { summary: "Clear the cart", response: cart() } }, async (request, reply) => ({
    items: await lists(request, reply).clearCart(),
  }));

  api.post(
    "/cart/check-existence",
    {
      schema: {
        summary: "Find the items that still exist",
        body: ItemIdsSchema,
        response: { 200: ExistingItemsSchema, ...refusals(400) },
      },
    },
    async (request) => findExistingItems(db, request.body),
  );

  api.post(
    "/cart/details-by-ids",
    {
      schema: {
        summary: "Find item details",
        body: ItemIdsSchema,
        response: { 200: ItemDetailsSchema, ...refusals(400) },
      },
    },
    async (request) => findItemDetails(db, request.body),
  );

  api.get("/wishlist", { schema: { summary: "Get the wishlist", response: wishlist() } }, async (request, reply) => ({
    items: await lists(request, reply).wishlistLines(),
  }));

  api.put(
    "/wishlist/add",
    {
      schema: {
        summary: "Add an item to the wishlist",
        body: WishlistAddSchema,
        response: wishlist(400, 404, 409, 429),
      },
    },
    async (request, reply) => {
      const { lines, added } = await lists(request, reply).addToWishlist(request.body);
      return added ? { items: lines } : { items: lines, message: "Item already in wishlist." };
    },
  );

  api.put(
    "/wishlist/remove",
    { schema: { summary: "Remove an item from the wishlist", body: WishlistRemoveSchema, response: wishlist(400) } },
    async (request, reply) => ({ items: await lists(request, reply).removeFromWishlist(request.body) }),
  );

  api.delete(
    "/wishlist/clear",
    { schema: { summary: "Clear the wishlist", response: wishlist() } },
    async (request, reply) => ({
      items: await lists(request, reply).clearWishlist(),
    }),
  );
}
