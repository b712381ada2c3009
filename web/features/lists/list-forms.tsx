/**
 * The forms that change the cart and wishlist (docs/architecture.md, Where a screen's
 * reads and writes live): each is a real post to the list's route action — `/cart` or
 * `/wishlist` — that names what it does (`intent`) and the item, so it works before the
 * page's scripts do; once they run, a fetcher posts it and the page stays put.
 */
import { createContext, useContext } from "react";
import { isRouteErrorResponse } from "react-router";
import type { ItemRef } from "../../../domain/shopping-lists";
import { BackField } from "../../lib/back-field";
import type { ActionAnswer } from "../../lib/action-answer";
import type { Flash } from "../../lib/flash";
import { showToast } from "../../lib/toast";
import { QUEUED_MESSAGE } from "../../sw/worker-caches";

export type CartIntent = "add" | "quantity" | "remove" | "clear";
export type WishlistIntent = "add" | "remove" | "clear" | "move";

/** What a list action answers the page's scripts (see page-actions.server.ts). */
export type ListAnswer = ActionAnswer;

/** The messages shown when a change could not reach the shop at all (a lost connection, a fault). */
export const CART_FAILURES: Record<CartIntent, string> = {
  add: "Failed to add item to cart.",
  quantity: "Failed to update item quantity.",
  remove: "Failed to remove item from cart.",
  clear: "Failed to clear cart.",
};

export const WISHLIST_FAILURES: Record<WishlistIntent, string> = {
  add: "Failed to add item to wishlist.",
  remove: "Failed to remove item from wishlist.",
  clear: "Failed to clear wishlist.",
  move: "Failed to add item to cart.",
};

/**
 * The part of a page an item's buttons are in, where one item may show in several (a piece
 * on promotion and a best seller is in two rows of the home page): its anchors take the
 * part's name, so each id is the page's only one and a post without scripts comes back to
 * the row it was made from. Empty where an item shows once.
 */
export const ItemPlace = createContext("");

/** Where an item's buttons (or its heart) are on a page: a post made without scripts comes back to them. */
export function useItemAnchor(itemId: string, part: "order" | "heart" = "order") {
  const place = useContext(ItemPlace);
  return `${place ? `${place}-` : ""}${part}-${itemId}`;
}

/** The hidden fields of a list change: what it does, to which item, and where to come back to. */
export function ListFields({
  intent,
  item,
  quantity,
  back,
}: {
  intent: CartIntent | WishlistIntent;
  /** The item, and the product option (finish or fabric) its line is for, if one was chosen. */
  item?: ItemRef;
  quantity?: number;
  /** The element to come back to after a post made without scripts. */
  back?: string | undefined;
}) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {item && (
        <>
          <input type="hidden" name="itemId" value={item.itemId} />
          <input type="hidden" name="itemType" value={item.itemType} />
          {item.option && <input type="hidden" name="option" value={item.option} />}
        </>
      )}
      {quantity !== undefined && <input type="hidden" name="quantity" value={quantity} />}
      <BackField hash={back} />
    </>
  );
}

/** The failure message for a change a list action never answered (read from the form it posted). */
export function failureOf<I extends string>(formData: FormData, failures: Record<I, string>): Flash {
  const intent = formData.get("intent");
  const message =
    typeof intent === "string" && Object.hasOwn(failures, intent)
      ? failures[intent as I]
      : "Something went wrong. Please try again.";
  return { kind: "error", message };
}

/**
 * A list route's clientAction, which every list form posted by the page's scripts goes
 * through (a line's, a heart's, Add to Cart's, Clear's): the answer shows as a toast here,
 * not in the form's component, which may be gone by then (a removed line leaves the page
 * with the data that follows its answer). A change that never reached the shop (no
 * connection, a fault) says so with the failure text of the form's intent; one the service
 * worker kept to send later says that instead.
 */
export function sayListAnswers<I extends string>(failures: Record<I, string>) {
  return async ({ request, serverAction }: { request: Request; serverAction: () => Promise<ListAnswer> }) => {
    const formData = await request.clone().formData();
    let answer: ListAnswer;
    try {
      answer = await serverAction();
    } catch (error) {
      // Offline, the service worker keeps the change and sends it when the connection returns.
      answer =
        isRouteErrorResponse(error) && error.data === QUEUED_MESSAGE
          ? { flash: { kind: "info", message: QUEUED_MESSAGE } }
          : { flash: failureOf(formData, failures) };
    }
    if (answer?.flash) showToast(answer.flash.kind, answer.flash.message);
    return answer;
  };
}
