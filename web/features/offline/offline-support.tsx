/**
 * The page's side of the service worker (docs/architecture.md, The service worker and the
 * installable shop): registers /sw.js once the page has loaded, in the built shop only and
 * never from the admin, asks it to send list changes kept offline when the connection
 * returns, and says how many still wait. Everything else the worker does on its own.
 */
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { QUEUED_MESSAGE, type WorkerMessage } from "../../sw/worker-caches";

/** How often waiting changes are offered again while the browser is online. */
const RETRY_MS = 3000;

export function OfflineSupport() {
  const [waiting, setWaiting] = useState(0);
  // Stable for the page's life (it calls the one router's revalidate).
  const { revalidate } = useRevalidator();

  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator) || /^\/admin(\/|$)/i.test(location.pathname)) return;
    const workers = navigator.serviceWorker;
    const sendOutbox = () => workers.controller?.postMessage({ type: "send-outbox" } satisfies WorkerMessage);
    // A page opened from the phone's copy just before the worker sent the changes (a post
    // that failed offline reloads the page) can miss the message that says so: one sent
    // after the page began loading means its data predates them.
    let knownSentAt = performance.timeOrigin;
    const onMessage = (event: MessageEvent<WorkerMessage>) => {
      if (event.data?.type !== "outbox") return;
      setWaiting(event.data.waiting);
      // What the shop made of the changes shows in the lists and counts.
      if (event.data.sent > 0 || event.data.sentAt > knownSentAt) {
        knownSentAt = Math.max(knownSentAt, event.data.sentAt);
        void revalidate();
      }
    };
    const register = () => {
      workers.register("/sw.js", { scope: "/", updateViaCache: "none" }).catch(() => undefined);
    };
    workers.addEventListener("message", onMessage);
    window.addEventListener("online", sendOutbox);
    // Also tells this page how many changes wait, when there is no connection yet.
    sendOutbox();
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
    return () => {
      workers.removeEventListener("message", onMessage);
      window.removeEventListener("online", sendOutbox);
      window.removeEventListener("load", register);
    };
  }, [revalidate]);

  // While changes wait and the browser says it is online, ask again now and then: the
  // "online" event can come before the worker's own connection is back, and a round that
  // fails then keeps the changes for the next ask.
  useEffect(() => {
    if (waiting === 0) return;
    const timer = setInterval(() => {
      if (navigator.onLine)
        navigator.serviceWorker.controller?.postMessage({ type: "send-outbox" } satisfies WorkerMessage);
    }, RETRY_MS);
    return () => clearInterval(timer);
  }, [waiting]);

  if (waiting === 0) return null;
  return (
    <p
      role="status"
      className="fixed inset-x-3 bottom-20 z-40 rounded-lg bg-ink px-4 py-3 text-sm text-white shadow-lg lg:right-6 lg:bottom-6 lg:left-auto lg:max-w-sm"
    >
      {waiting === 1 ? "1 change to your lists" : `${waiting} changes to your lists`}: {QUEUED_MESSAGE}
    </p>
  );
}
