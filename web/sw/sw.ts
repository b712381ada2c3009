/**
 * The shop's service worker (docs/architecture.md, The service worker and the installable
 * shop), bundled on its own by the build into /sw.js. Workbox does the routing, the
 * strategies and the bounds; this file says what is kept, for how long, and what never is.
 */
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from "workbox-strategies";
import type { WorkboxPlugin } from "workbox-core/types";
import { ownPath } from "../../domain/own-path";
import {
  ASSETS_CACHE,
  CACHE_PREFIX,
  isKeptPage,
  isListPost,
  isSignOut,
  isUntouched,
  MEDIA_CACHE,
  OFFLINE_CACHE_PREFIX,
  OFFLINE_PATH,
  OUTBOX_CACHE,
  PAGES_CACHE,
  QUEUED_MESSAGE,
  type WorkerMessage,
} from "./worker-caches";

/** Set by the build: one per client build, so each deploy's offline page is its own. */
declare const __BUILD_ID__: string;

// The few service-worker types used here (the web code is type-checked with the DOM's).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response> | Response): void;
}
interface MessageEventLike extends ExtendableEvent {
  readonly data: unknown;
}
interface SyncEventLike extends ExtendableEvent {
  readonly tag: string;
}
interface WorkerScope {
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: MessageEventLike) => void): void;
  addEventListener(type: "sync", listener: (event: SyncEventLike) => void): void;
  clients: { matchAll(options: { type: "window" }): Promise<Array<{ postMessage(message: unknown): void }>> };
  registration: { sync?: { register(tag: string): Promise<void> } };
}

const worker = self as unknown as WorkerScope;
const OFFLINE_CACHE = `${OFFLINE_CACHE_PREFIX}${__BUILD_ID__}`;
const OUTBOX_SYNC = "furnish-outbox";
const DAY = 24 * 60 * 60;

/**
 * A new deploy's worker takes over at once and claims the open pages, so the next
 * navigation is answered by it. Assets are hashed, so old and new files never share a
 * name: a page keeps the files it started with and the next page gets the new ones.
 */
void worker.skipWaiting();
clientsClaim();

/**
 * Only complete answers the server lets be kept: never `no-store` (a signed-in person's
 * page, or one that set a cookie), never an error or a redirect.
 */
const keepable: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) =>
    response.status === 200 &&
    response.type === "basic" &&
    !/no-store/i.test(response.headers.get("cache-control") ?? "")
      ? response
      : null,
};

// Hashed files never change: the copy on the phone is used as long as it is kept.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/"),
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
      // The offline page's files are kept with it, in the build's own cache.
      { handlerDidError: async ({ request }) => (await caches.match(request)) ?? undefined },
    ],
  }),
);

/**
 * Pictures: the copy on the phone at once, refreshed behind it. Expiration counts entries,
 * not bytes: a phone asks for 320–640 px WebP or AVIF, 20–90 KB each, so 60 pictures keep
 * the cache under about 5.5 MB; 30 days bound the rest, and a full disk empties it.
 */
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/media/"),
  new StaleWhileRevalidate({
    cacheName: MEDIA_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
    ],
  }),
);

// The shopper's pages: the network's answer when there is one, else the saved copy.
const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  plugins: [keepable, new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 7 * DAY })],
});

/**
 * The offline page, in place of a page that cannot be loaded: its own address, so it
 * hydrates as itself. It offers to try the page again when that is a path of this shop.
 */
function offlinePage(url: URL): Response {
  const from = ownPath(`${url.pathname}${url.search}`);
  return Response.redirect(from ? `${OFFLINE_PATH}?from=${encodeURIComponent(from)}` : OFFLINE_PATH, 302);
}

registerRoute(
  ({ request, url, sameOrigin }) => sameOrigin && request.mode === "navigate" && !isUntouched(url.pathname),
  async ({ request, url, event }) => {
    if (url.pathname === OFFLINE_PATH) {
      return fetch(request).catch(async () => (await caches.match(OFFLINE_PATH, { cacheName: OFFLINE_CACHE }))!);
    }
    if (isKeptPage(url.pathname)) return pages.handle({ request, event }).catch(() => offlinePage(url));
    return fetch(request).catch(() => offlinePage(url));
  },
);

/**
 * A page's data request (`/shop.data?…`, made by a link followed after the page's scripts
 * ran) that cannot reach the shop becomes a full load of that page, which the routes above
 * answer from the phone. React Router follows a 204 with these headers as a reload.
 */
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin && request.method === "GET" && url.pathname.endsWith(".data") && !isUntouched(url.pathname),
  async ({ request, url }) =>
    fetch(request).catch(() => {
      const page = new URL(url);
      page.pathname = page.pathname === "/_root.data" ? "/" : page.pathname.replace(/\.data$/, "");
      page.searchParams.delete("_routes");
      return new Response(null, {
        status: 204,
        headers: { "X-Remix-Redirect": `${page.pathname}${page.search}`, "X-Remix-Reload-Document": "true" },
      });
    }),
);

worker.addEventListener("install", (event) => event.waitUntil(keepOfflinePage()));

/**
 * The offline page, as a signed-out visitor sees it (no cookies are sent, so nobody's name
 * or lists are kept in it), with the scripts and styles it names.
 */
async function keepOfflinePage() {
  const cache = await caches.open(OFFLINE_CACHE);
  const page = await fetch(OFFLINE_PATH, { credentials: "omit", cache: "reload" });
  if (!page.ok) throw new Error(`The offline page answered ${page.status}.`);
  const html = await page.clone().text();
  const files = [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? [])];
  await cache.addAll(files);
  await cache.put(OFFLINE_PATH, page);
}

/**
 * Activation deletes the caches of past workers this one does not use: the last build's
 * offline page, and any cache under a name no longer used (pages kept under an older rule).
 */
const IN_USE = new Set([ASSETS_CACHE, MEDIA_CACHE, PAGES_CACHE, OUTBOX_CACHE, OFFLINE_CACHE]);
worker.addEventListener("activate", (event) =>
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && !IN_USE.has(name)) await caches.delete(name);
      }
    })(),
  ),
);

/**
 * Signing out forgets the changes still waiting (that person's, which would otherwise go
 * to whoever uses the shop here next) and the pages kept on this phone. No page of a signed-in person is
 * kept at all (the server marks them no-store), so a session that ends another way
 * (expiry, a password change or deletion elsewhere) leaves nothing of theirs either.
 * Done before the sign-out itself is sent.
 */
worker.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== location.origin || request.method !== "POST") return;
  if (isSignOut(url.pathname)) {
    event.respondWith(
      Promise.all([caches.delete(PAGES_CACHE), caches.delete(OUTBOX_CACHE)]).then(() => fetch(request)),
    );
  } else if (isListPost(url.pathname)) {
    event.respondWith(sendOrKeep(request));
  }
});

/**
 * A cart or wishlist change: sent now, or kept in the outbox when there is no connection
 * and sent when it returns; the shop's own rules then decide it, as for any post.
 */
async function sendOrKeep(request: Request): Promise<Response> {
  const kept = request.clone();
  try {
    return await fetch(request);
  } catch {
    const url = new URL(kept.url);
    const body = await kept.arrayBuffer();
    const box = await caches.open(OUTBOX_CACHE);
    await box.put(
      `/outbox/${Date.now()}-${Math.random().toString(36).slice(2)}`,
      new Response(body, {
        headers: {
          "content-type": kept.headers.get("content-type") ?? "application/x-www-form-urlencoded",
          "x-outbox-path": url.pathname.replace(/\.data$/i, ""),
        },
      }),
    );
    await worker.registration.sync?.register(OUTBOX_SYNC).catch(() => undefined);
    await tellPages(0);
    if (url.pathname.endsWith(".data")) {
      // The page's scripts show this text in place of the change's usual answer.
      return new Response(QUEUED_MESSAGE, { status: 503, headers: { "content-type": "text/plain" } });
    }
    // A post made before (or without) the page's scripts: a page that says it was not sent
    // and is kept, with the way back to where the shopper was: the form's `back`, else the
    // page that posted it, each only if it is a path of this shop.
    const back = ownPath(new URLSearchParams(new TextDecoder().decode(body)).get("back"));
    const referrer = kept.referrer ? new URL(kept.referrer) : null;
    const from = referrer?.origin === location.origin ? ownPath(`${referrer.pathname}${referrer.search}`) : null;
    return keptPage(url.pathname.startsWith("/wishlist") ? "wishlist" : "cart", back ?? from ?? url.pathname);
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * What a change posted offline before the page's scripts ran answers: that it was not sent,
 * that it waits on the phone, and the way back. A page of its own (no scripts, no files to
 * fetch), since nothing of the shop's can be loaded now.
 */
function keptPage(list: "cart" | "wishlist", back: string): Response {
  const html = `<!doctype html><html lang="en-NG"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Not sent yet</title><style>body{margin:0;font-family:system-ui,sans-serif;color:#1f1c19;background:#f5f0ea}main{max-width:32rem;margin:0 auto;padding:4rem 1.5rem}h1{font-family:Georgia,serif;font-weight:400;font-size:2rem;line-height:1.2;margin:0}p{color:#6b625a;line-height:1.6}a{display:inline-block;margin-top:1.5rem;padding:.8rem 1.5rem;border-radius:999px;background:#1f1c19;color:#fff;text-decoration:none}</style></head><body><main><h1>Not sent yet: you are offline</h1><p>Your change to your ${list} is kept on this phone. ${QUEUED_MESSAGE}</p><a href="${escapeHtml(back)}">Go back</a></main></body></html>`;
  return new Response(html, {
    status: 200,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

let sending: Promise<void> | null = null;
let askedAgain = false;
let lastSentAt = 0;

/**
 * Sends the waiting changes in the order they were made; stops at the first that cannot go.
 * Asked while a round is under way (which may be failing for want of a connection that has
 * just come back), it runs another round after that one.
 */
function sendOutbox(): Promise<void> {
  if (sending) {
    askedAgain = true;
    return sending;
  }
  sending = (async () => {
    do {
      askedAgain = false;
      await sendRound();
    } while (askedAgain);
  })().finally(() => (sending = null));
  return sending;
}

async function sendRound(): Promise<void> {
  const box = await caches.open(OUTBOX_CACHE);
  let sent = 0;
  for (const key of await box.keys()) {
    const change = await box.match(key);
    if (!change) continue;
    try {
      const answer = await fetch(`${change.headers.get("x-outbox-path")}.data`, {
        method: "POST",
        body: await change.arrayBuffer(),
        headers: { "content-type": change.headers.get("content-type") ?? "" },
        credentials: "same-origin",
      });
      // A fault at the shop: kept, to be tried again. Any other answer is the shop's decision.
      if (answer.status >= 500) break;
    } catch {
      break;
    }
    await box.delete(key);
    sent += 1;
    lastSentAt = Date.now();
  }
  await tellPages(sent);
}

/** Every open page learns how many changes wait, and how many just went. */
async function tellPages(sent: number) {
  const box = await caches.open(OUTBOX_CACHE);
  const message: WorkerMessage = { type: "outbox", waiting: (await box.keys()).length, sent, sentAt: lastSentAt };
  for (const client of await worker.clients.matchAll({ type: "window" })) client.postMessage(message);
}

worker.addEventListener("message", (event) => {
  const message = event.data as WorkerMessage | null;
  if (message?.type === "send-outbox") event.waitUntil(sendOutbox());
});

worker.addEventListener("sync", (event) => {
  if (event.tag === OUTBOX_SYNC) event.waitUntil(sendOutbox());
});
