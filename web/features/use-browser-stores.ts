import { useEffect, useRef } from "react";
import type { Viewer } from "../../domain/load-context";
import { persistCart, reloadCart, startCart } from "./cart/cart-store";
import { useConsent } from "./consent/consent-store";
import { onLiveEvent } from "./live/use-live-connection";
import type { ListMode, StartOptions } from "./synced-list";
import { persistWishlist, reloadWishlist, startWishlist } from "./wishlist/wishlist-store";

/**
 * Reads the browser's stored choices once the page has hydrated, and keeps the cart and
 * wishlist with their owner (SPEC.md §4, PRODUCT.md):
 * - admins have none (SPEC.md §6), so theirs are never loaded;
 * - a signed-in customer, or a guest who accepted cookies, uses the server copy;
 * - any other guest keeps the lists in this browser only (this session, without consent).
 * When the owner changes the lists load again: after a sign-in the server has already
 * merged the guest's server lines into the account; lines kept only in the browser are
 * sent up, so accepting cookies or signing in never loses one. After a sign-out the
 * account's copy is forgotten by this browser.
 */
export function useBrowserStores(viewer: Viewer | null) {
  const viewerId = viewer?._id ?? null;
  const isAdmin = viewer?.isAdmin ?? false;
  const consentReady = useConsent((s) => s.ready);
  const choice = useConsent((s) => s.choice);
  const mode: ListMode | null = isAdmin
    ? "off"
    : !consentReady
      ? null
      : viewerId !== null || choice === "accepted"
        ? "server"
        : "local";
  const previous = useRef<{ viewerId: string | null; mode: ListMode; choice: typeof choice } | null>(null);

  useEffect(() => {
    useConsent.getState().load();
  }, []);

  useEffect(() => {
    if (mode === null) return;
    const before = previous.current;
    previous.current = { viewerId, mode, choice };
    // Only the cookie choice changed: the lists move to the storage it allows, as they are.
    const sameOwner = before !== null && before.viewerId === viewerId && before.mode === mode;
    if (sameOwner && before.choice === choice) return;
    if (sameOwner) {
      persistCart();
      persistWishlist();
      return;
    }
    const options: StartOptions = {
      pushLocal: before?.mode === "local" && mode === "server",
      forget: before !== null && before.viewerId !== null && before.viewerId !== viewerId,
      guest: viewerId === null,
    };
    void startCart(mode, options);
    void startWishlist(mode, options);
  }, [mode, viewerId, choice]);

  useEffect(() => {
    const stops = [
      onLiveEvent("cart:changed", reloadCart),
      onLiveEvent("wishlist:changed", reloadWishlist),
      onLiveEvent("live:reconnected", () => {
        reloadCart();
        reloadWishlist();
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, []);
}
