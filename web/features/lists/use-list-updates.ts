/**
 * Another tab or device changed this visitor's cart or wishlist (the live events
 * "cart:changed" and "wishlist:changed"), or the live connection came back after a drop
 * (events may have been missed): the page's loaders run again, so the counts, hearts
 * and list pages show the server's copy (docs/product.md, Live updates).
 */
import { useEffect } from "react";
import { onLiveEvent, reloadUnlessBusy } from "../live/use-live-connection";

export function useListUpdates() {
  useEffect(() => {
    const stops = ["cart:changed", "wishlist:changed", "live:reconnected"].map((event) =>
      onLiveEvent(event, reloadUnlessBusy),
    );
    return () => stops.forEach((stop) => stop());
  }, []);
}
