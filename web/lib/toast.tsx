/**
 * Toasts: short messages that fade (a copied link, a fetcher's answer). Their library is
 * fetched with the first one: most visits show none, and every page would otherwise
 * download it with its first scripts (docs/architecture.md, What ships to shoppers).
 */
import { lazy, Suspense, useSyncExternalStore } from "react";
import type { Flash } from "./flash";

const loadLibrary = () => import("react-hot-toast");

let asked = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Shows `message`; the first call fetches the library and puts the toasts' area on the page. */
export function showToast(kind: Flash["kind"], message: string) {
  if (!asked) {
    asked = true;
    listeners.forEach((listener) => listener());
  }
  void loadLibrary().then(({ default: toast }) => {
    if (kind === "success") toast.success(message);
    else if (kind === "error") toast.error(message);
    else toast(message);
  });
}

const Toaster = lazy(() => loadLibrary().then((library) => ({ default: library.Toaster })));

/** Where toasts appear: nothing until the first is shown (toasts asked for meanwhile wait in the library's store). */
export function Toasts() {
  const shown = useSyncExternalStore(
    subscribe,
    () => asked,
    () => false,
  );
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      {/* Under the sticky header (4rem), never over the shop's name or the menu button. */}
      <Toaster position="top-center" containerStyle={{ top: "4.75rem" }} toastOptions={{ className: "text-sm" }} />
    </Suspense>
  );
}
