import type { Viewer } from "../../../domain/load-context";
import { useListUpdates } from "../../features/lists/use-list-updates";
import { useLiveConnection } from "../../features/live/use-live-connection";

/**
 * The live connection, and the lists it keeps in step, started once the page has
 * hydrated; in Data saver mode the live connection stays closed (docs/product.md, Data saver). A component of its own that renders nothing, so nothing around it renders
 * again when they start.
 */
export function BrowserState({
  viewer,
  guestHasLists,
  dataSaver,
}: {
  viewer: Viewer | null;
  guestHasLists: boolean;
  dataSaver: boolean;
}) {
  useLiveConnection(viewer?._id ?? null, guestHasLists, !dataSaver);
  useListUpdates();
  return null;
}
