import type { Viewer } from "../../../domain/load-context";
import { useListUpdates } from "../../features/lists/use-list-updates";
import { useLiveConnection } from "../../features/live/use-live-connection";

/**
 * The live connection, and the lists it keeps in step, started once the page has
 * hydrated. A component of its own that renders nothing, so nothing around it renders
 * again when they start.
 */
export function BrowserState({ viewer, guestHasLists }: { viewer: Viewer | null; guestHasLists: boolean }) {
  useLiveConnection(viewer?._id ?? null, guestHasLists);
  useListUpdates();
  return null;
}
