import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/**
 * False while the page is the server's HTML (on the server, and during hydration, so both
 * render alike), true once React runs it: for markup that scripts replace with behaviour.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
