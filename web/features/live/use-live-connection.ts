/**
 * The live connection to the server (socket.io), for every visitor. Its code is fetched
 * after the page has settled (or, for a guest without lists yet, at their first
 * interaction), so it never competes with the first paint. It reconnects whenever the
 * lists' owner changes (a sign-in, a guest's first list giving them their cookie), so the
 * server puts it in the right rooms, and a logout closes it (docs/product.md, Live
 * updates). When the server says this session was signed out
 * elsewhere ("auth:changed"), the page reloads its data and shows the guest state; when
 * the admin changes the catalogue ("catalog:changed"), home or the page of the item it
 * concerns reloads too; when an order is placed or changed ("orders:changed"), an open
 * admin page reloads (the Orders badge, the list, the order's page).
 * Other features listen with `onLiveEvent` (the cart and wishlist: "cart:changed",
 * "wishlist:changed"; the lists: "catalog:changed" with the item it names).
 */
import { useEffect } from "react";
import type { Socket } from "socket.io-client";
import { CATALOG_CHANGED_EVENT, type CatalogChange } from "../../../domain/catalog/catalog.types";
import { ORDERS_CHANGED_EVENT } from "../../../domain/orders/order-events";

const whenIdle = (run: () => void) => {
  const timer = setTimeout(run, 2000);
  return () => clearTimeout(timer);
};

/**
 * Runs `run` once the visitor first does something (touches, scrolls, types): a guest
 * who only looks at a page never downloads the client.
 */
const whenEngaged = (run: () => void) => {
  const events = ["pointerdown", "keydown", "scroll", "touchstart"] as const;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    stopListening();
    // A moment later, so the interaction itself is answered first.
    timer = setTimeout(run, 300);
  };
  const stopListening = () => events.forEach((event) => window.removeEventListener(event, start));
  events.forEach((event) => window.addEventListener(event, start, { once: true, passive: true }));
  return () => {
    stopListening();
    clearTimeout(timer);
  };
};

/**
 * Whether the page at `pathname` shows what the admin's change (the "catalog:changed"
 * payload) names, so that it reloads: home shows items of every kind; an item's page its
 * item, a product's page also its collection's name, a collection's page also its
 * products (one may have joined or left it). Changes to anything else leave the page
 * alone. Lists, which must keep their place, patch themselves (useRefreshOnCatalogChange).
 */
export function showsChange(pathname: string, change: unknown): boolean {
  if (pathname === "/") return true;
  const page = /^\/(product|collection|project)\/([^/]+)\/?$/i.exec(pathname);
  if (!page) return false;
  const [kind, id] = [page[1]!.toLowerCase(), page[2]!.toLowerCase()];
  const named = change as Partial<CatalogChange> | null;
  // A payload of another shape names nothing we can rule out.
  if (typeof named?.kind !== "string" || typeof named.id !== "string") return true;
  if (named.kind === kind) return named.id.toLowerCase() === id;
  return (kind === "product" && named.kind === "collection") || (kind === "collection" && named.kind === "product");
}

/** Whether the page at `pathname` shows orders: the admin panel, a customer's orders, a tracking page. */
const showsOrders = (pathname: string) => /^\/(admin|profile\/orders|orders\/t)(\/|$)/i.test(pathname);

/** The pages whose point is the orders: the dashboard, the order desk, a customer's orders, a tracking page. */
const listsOrders = (pathname: string) => /^\/(admin\/?$|admin\/orders|profile\/orders|orders\/t\/)/i.test(pathname);

/** Receives the event's payload as the server sent it (unchecked: handlers check its shape). */
type LiveHandler = (payload: unknown) => void;
const handlers = new Map<string, Set<LiveHandler>>();
let current: Socket | null = null;

const dispatch = (event: string, payload?: unknown) => handlers.get(event)?.forEach((handler) => handler(payload));

/**
 * Runs `handler` with the event's payload whenever the server sends `event`; returns the
 * way to stop. The event "live:reconnected" follows a dropped connection coming back,
 * when events may have been missed.
 */
export function onLiveEvent(event: string, handler: LiveHandler): () => void {
  const set = handlers.get(event) ?? new Set();
  handlers.set(event, set.add(handler));
  return () => void set.delete(handler);
}

interface LiveRouter {
  state: RouterState;
  revalidate(): Promise<void>;
}
interface RouterState {
  navigation: { state: string };
  fetchers: Map<string, { state: string }>;
}

/** The router the framework made; it keeps it on `window` (its own hot reloading reads it there). */
const theRouter = () => (window as { __reactRouterDataRouter?: LiveRouter }).__reactRouterDataRouter ?? null;

/** Whether the router is posting or loading: a navigation, or a fetcher's post or load. */
const busy = ({ navigation, fetchers }: RouterState) =>
  navigation.state !== "idle" || [...fetchers.values()].some((fetcher) => fetcher.state !== "idle");

/**
 * Reloads the page's data because something changed elsewhere (a live event), unless the
 * router is posting or loading: what it is doing reads the page afresh when it ends, and a
 * reload now would cancel it and start it again, throwing away the answer being read — with
 * it a saved form's "updated successfully", which the server gives only once, or the
 * page a sign-out was going to. The router's own state is read, not its hooks': React
 * renders navigations as transitions, which a busy phone may put off long after the router
 * started one.
 */
export function reloadUnlessBusy(): void {
  const router = theRouter();
  if (router && !busy(router.state)) void router.revalidate();
}

/**
 * `viewerId`: the signed-in account, or null; `guestHasLists`: a guest whose cookie keys
 * a cart or wishlist. Both have lists to keep in step, so they connect as soon as the
 * page settles; other guests on first use. `enabled` false (Data saver) keeps it closed:
 * pages then show what they loaded, and a reload shows what changed.
 */
export function useLiveConnection(viewerId: string | null, guestHasLists: boolean, enabled = true) {
  const hasServerLists = viewerId !== null || guestHasLists;

  useEffect(() => {
    if (!enabled) return;
    let socket: Socket | null = null;
    let cancelled = false;
    const cancelIdle = (hasServerLists ? whenIdle : whenEngaged)(() => {
      void import("socket.io-client").then(({ io }) => {
        if (cancelled) return;
        const live = io({ transports: ["websocket", "polling"] });
        socket = current = live;
        // Signed out elsewhere: the page shows the guest state. A sign-out in this tab (and a
        // deleted account) is a post whose next page reads the new state: reloading the page
        // being left meanwhile could send the visitor elsewhere (a profile without its
        // account goes to /login).
        live.on("auth:changed", reloadUnlessBusy);
        // The admin changed the catalogue: the home page or the page of an item it concerns
        // reloads its data. Lists are not reloaded, so a shopper deep into "Load More" keeps
        // their place: they patch the one item named by the event (useRefreshOnCatalogChange).
        // Not while this tab posts or moves: what it does reads the page afresh when it ends,
        // and an admin deleting the item shown leaves its page once the deletion is answered
        // (reloading it first would swap the page for "not found" and leave them there).
        live.on(CATALOG_CHANGED_EVENT, (change: unknown) => {
          if (showsChange(window.location.pathname, change)) reloadUnlessBusy();
        });
        // Admins hear of every order, a customer of their own: the pages showing orders reload.
        live.on(ORDERS_CHANGED_EVENT, () => {
          if (showsOrders(window.location.pathname)) reloadUnlessBusy();
        });
        // The server accepts a connection only once it is in its rooms, so from "connect" on
        // no event for this visitor is missed: what a reload on reconnecting reads is the
        // latest until the next event.
        let connectedBefore = false;
        live.on("connect", () => {
          if (connectedBefore) dispatch("live:reconnected");
          // The connection opens a while after the page loaded: an order placed meanwhile
          // sent its event to no one, so a page listing orders reads them once joined (not
          // every admin page: one with a form being filled keeps what it loaded).
          else if (listsOrders(window.location.pathname)) reloadUnlessBusy();
          connectedBefore = true;
        });
        live.onAny((event: string, payload?: unknown) => dispatch(event, payload));
      });
    });
    return () => {
      cancelled = true;
      cancelIdle();
      socket?.disconnect();
      if (current === socket) current = null;
    };
  }, [viewerId, hasServerLists, enabled]);
}
