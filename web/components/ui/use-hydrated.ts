import { useSyncExternalStore } from "react";

const never = () => () => undefined;

/**
 * False in the server's HTML and while React hydrates it, true after: for controls that
 * only a script can work (a filter-as-you-type box), which are left out until one runs.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
