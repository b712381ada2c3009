import type { Viewer } from "../../../domain/load-context";
import { useLiveConnection } from "../../features/live/use-live-connection";
import { useBrowserStores } from "../../features/use-browser-stores";

/**
 * This browser's cart, wishlist, cookie choice and live connection, started once the
 * page has hydrated. A component of its own that renders nothing, so when they load or
 * change only the parts that show them render again, not the whole page around them.
 */
export function BrowserState({ viewer }: { viewer: Viewer | null }) {
  useBrowserStores(viewer);
  useLiveConnection(viewer?._id ?? null);
  return null;
}
