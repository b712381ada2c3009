/**
 * The root loader's data (who is signed in, the shop's settings, the lists' summary, the
 * flash, Data saver), typed from the loader itself (root-data.server.ts) by React
 * Router's own types, so no component spells out, and drifts from, what it holds.
 * Every read of it goes through here.
 */
import { useRouteLoaderData, type UIMatch } from "react-router";
import type { loadRootData } from "./root-data.server";

const ROOT_ID = "root";

/** What the root loader's data is on the page. */
export type RootData = NonNullable<ReturnType<typeof useRouteLoaderData<typeof loadRootData>>>;

/** The root loader's data; undefined only where the root loader failed (its error page). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loadRootData>(ROOT_ID);
}

/** The same among a `meta` function's matches, which type a parent's data loosely or not at all. */
export function rootDataFrom(
  matches: ReadonlyArray<(Pick<UIMatch, "id"> & { loaderData?: unknown }) | undefined>,
): RootData | undefined {
  return matches.find((m) => m?.id === ROOT_ID)?.loaderData as RootData | undefined;
}
