/**
 * The visitor's cart and wishlist, bound to one request and its reply: what the API
 * routes (carts.routes.ts) and the pages' loaders and actions both call, so cookies,
 * live events and the new-list limit apply alike whichever way a change comes.
 */
import { pricedIn } from "../../../domain/money";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { CONSENT_COOKIE, CONSENT_DAYS, parseConsent, type ConsentChoice } from "../../../domain/cookie-consent";
import type { ShoppingListActions } from "../../../domain/shopping-lists.actions";
import {
  cartCount,
  itemKey,
  type CartLine,
  type ItemDetails,
  type ItemRef,
  type ListItem,
  type ListView,
  type PricedItem,
  type WishlistLine,
} from "../../../domain/shopping-lists";
import type { Database } from "../../db/client";
import { carts, wishlists } from "../../db/schema/shopping-lists";
import { refuse } from "../../../domain/refusal";
import { limitBy, networkOf, NEW_GUEST_LIST_RATE_LIMIT } from "../../plugins/rate-limits";
import { guestRoom, userRoom } from "../../plugins/realtime";
import {
  addCartItem,
  clearCart,
  getCart,
  removeCartItem,
  resolveListOwner,
  NOT_IN_CART,
  setCartQuantity,
  type ResolvedOwner,
} from "./carts.service";
import { findItemDetails, lineOptionOf, requireAddable } from "./item-lookup.service";
import { GUEST_COOKIE, guestCookieMaxAge, startsGuestList, type ListOwner } from "./list-owners";
import { addWishlistItem, clearWishlist, getWishlist, removeWishlistItem } from "./wishlists.service";

export type ListActionDeps = { app: FastifyInstance; db: Database };
export type ListActionsFor = (request: FastifyRequest, reply: FastifyReply) => ShoppingListActions;

/** The live-connection room of an owner: their account's, or their guest key's. */
const ownerRoom = (owner: ListOwner) => ("userId" in owner ? userRoom(owner.userId) : guestRoom(owner.guestKeyHash));

/**
 * Each line's item as the pages show it, with the option it chose (its first photo of the
 * piece, when it has one, instead of the product's first, and its price); lines whose item
 * has gone are left out and counted.
 */
function withDetails<L extends { item: string; itemType: ItemRef["itemType"]; option: string | null }>(
  lines: L[],
  details: ItemDetails,
): ListView<L & { details: ListItem }> {
  const products = new Map(details.products.map((product) => [product._id, product]));
  const collections = new Map(details.collections.map((collection) => [collection._id, collection]));
  const priced = ({ name, price, isPromo, discountedPrice }: PricedItem) => ({ name, price, isPromo, discountedPrice });
  const shown = lines.flatMap((line): Array<L & { details: ListItem }> => {
    if (line.itemType === "Collection") {
      const found = collections.get(line.item);
      if (!found) return [];
      return [{ ...line, details: { ...priced(found), image: found.coverImage, sold: false, optionName: null } }];
    }
    const found = products.get(line.item);
    if (!found) return [];
    const option = found.options.find((offered) => offered._id === line.option);
    // The piece in its finish, else as the product shows it: never the finish's swatch.
    const image = option?.images[0] ?? found.images[0] ?? null;
    const details = { name: found.name, ...pricedIn(found, option), image, sold: found.sold };
    return [{ ...line, details: { ...details, optionName: option?.name ?? null } }];
  });
  return { lines: shown, vanished: lines.length - shown.length };
}

const idsOf = (lines: Array<{ item: string; itemType: ItemRef["itemType"] }>) => ({
  productIds: lines.filter((l) => l.itemType === "Product").map((l) => l.item),
  collectionIds: lines.filter((l) => l.itemType === "Collection").map((l) => l.item),
});

/**
 * One set per database handle: the API routes and the page actions are built apart but
 * must count new guest lists against one limit, not one each.
 */
const built = new WeakMap<Database, ListActionsFor>();

export function createListActions({ app, db }: ListActionDeps): ListActionsFor {
  const existing = built.get(db);
  if (existing) return existing;
  // Each new guest list is a row kept for 30 days: a client may not make them without end.
  const limitNewGuestLists = limitBy(app, NEW_GUEST_LIST_RATE_LIMIT, networkOf);

  const actionsFor: ListActionsFor = (request, reply) => {
    async function ownerOf(use: "read" | "change" | "add"): Promise<ResolvedOwner> {
      const signedIn = await request.signedIn();
      const account = signedIn && { id: signedIn.viewer._id, isAdmin: signedIn.viewer.isAdmin };
      return resolveListOwner(db, { account, guestKey: request.cookies[GUEST_COOKIE] }, use);
    }

    /** The guest keeps their key, for as long as their cookie choice allows. */
    const keepGuestKey = ({ renewGuestKey }: ResolvedOwner) => {
      if (renewGuestKey)
        reply.setPrivateCookie(GUEST_COOKIE, renewGuestKey, guestCookieMaxAge(request.cookies[CONSENT_COOKIE]));
    };

    /** After a change: the guest keeps their key, and the owner's other tabs hear of it. */
    function changed(resolved: ResolvedOwner, list: "cart" | "wishlist") {
      keepGuestKey(resolved);
      if (resolved.owner) app.realtime.emit(ownerRoom(resolved.owner), `${list}:changed`);
    }

    /**
     * The owner an add reaches, once the item may be added and a new guest list is
     * allowed, and the option the line is for.
     */
    async function ownerForAdd(list: typeof carts | typeof wishlists, item: ItemRef) {
      const resolved = await ownerOf("add");
      const { option } = await requireAddable(db, item);
      if (await startsGuestList(db, list, resolved.owner!)) await limitNewGuestLists(request, reply);
      return { ...resolved, owner: resolved.owner!, option };
    }

    const actions: ShoppingListActions = {
      async readSummary() {
        const signedIn = await request.signedIn();
        if (signedIn?.viewer.isAdmin) return null;
        const { owner } = await ownerOf("read");
        if (!owner) return { cartCount: 0, wishlistKeys: [], owner: null };
        const [cart, wishlist] = await Promise.all([getCart(db, owner), getWishlist(db, owner)]);
        return {
          cartCount: cartCount(cart),
          wishlistKeys: wishlist.map((line) => itemKey(line.itemType, line.item)),
          owner: "userId" in owner ? "account" : "guest",
        };
      },

      async readWishlist() {
        const lines = await actions.wishlistLines();
        return withDetails(lines, await findItemDetails(db, idsOf(lines)));
      },

      async cartLines() {
        const { owner } = await ownerOf("read");
        return owner ? getCart(db, owner) : [];
      },

      async wishlistLines() {
        const { owner } = await ownerOf("read");
        return owner ? getWishlist(db, owner) : [];
      },

      async addToCart(item) {
        const resolved = await ownerForAdd(carts, item);
        const lines = await addCartItem(db, resolved.owner, { ...item, option: resolved.option });
        changed(resolved, "cart");
        return lines;
      },

      async setCartQuantity(item) {
        const resolved = await ownerOf("change");
        // A guest with no list yet has no such line either.
        if (!resolved.owner) throw refuse("missing", NOT_IN_CART);
        const lines = await setCartQuantity(db, resolved.owner, { ...item, ...(await lineOptionOf(db, item)) });
        changed(resolved, "cart");
        return lines;
      },

      async removeFromCart(item) {
        const resolved = await ownerOf("change");
        if (!resolved.owner) return [] as CartLine[];
        const lines = await removeCartItem(db, resolved.owner, await lineOptionOf(db, item));
        changed(resolved, "cart");
        return lines;
      },

      async clearCart() {
        const resolved = await ownerOf("change");
        if (!resolved.owner) return [];
        const lines = await clearCart(db, resolved.owner);
        changed(resolved, "cart");
        return lines;
      },

      async addToWishlist(item) {
        const resolved = await ownerForAdd(wishlists, item);
        const result = await addWishlistItem(db, resolved.owner, { ...item, option: resolved.option });
        // Nothing changed when it was already there: the other tabs need not hear of it.
        if (result.added) changed(resolved, "wishlist");
        else keepGuestKey(resolved);
        return result;
      },

      async removeFromWishlist(item) {
        const resolved = await ownerOf("change");
        if (!resolved.owner) return [] as WishlistLine[];
        const lines = await removeWishlistItem(db, resolved.owner, item);
        changed(resolved, "wishlist");
        return lines;
      },

      async clearWishlist() {
        const resolved = await ownerOf("change");
        if (!resolved.owner) return [];
        const lines = await clearWishlist(db, resolved.owner);
        changed(resolved, "wishlist");
        return lines;
      },

      async moveToCart(item) {
        await actions.addToCart({ ...item, quantity: 1 });
        await actions.removeFromWishlist(item);
      },

      consent: () => parseConsent(request.cookies[CONSENT_COOKIE]),

      async chooseCookies(choice: ConsentChoice) {
        reply.setPrivateCookie(CONSENT_COOKIE, choice, CONSENT_DAYS * 86_400);
        // A guest who already has lists keeps them, for as long as the new choice allows.
        const signedIn = await request.signedIn();
        if (signedIn) return;
        const { owner } = await resolveListOwner(
          db,
          { account: null, guestKey: request.cookies[GUEST_COOKIE] },
          "read",
        );
        if (owner) reply.setPrivateCookie(GUEST_COOKIE, request.cookies[GUEST_COOKIE]!, guestCookieMaxAge(choice));
      },
    };
    return actions;
  };
  built.set(db, actionsFor);
  return actionsFor;
}
