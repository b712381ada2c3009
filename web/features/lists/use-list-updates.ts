/**
 * Another tab or device changed this visitor's cart or wishlist (the live events
 * "cart:changed" and "wishlist:changed"), or the live connection came back after a drop
 * (events may have been missed): the page's loaders run again, so the counts, hearts
 * and list pages show the server's copy (docs/product.md, Live updates).
 */
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { onLiveEvent } from "../live/use-live-connection";

export function useListUpdates() {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });
  useEffect(() => {
    const reload = () => void revalidate.current();
    const stops = ["cart:changed", "wishlist:changed", "live:reconnected"].map((event) => onLiveEvent(event, reload));
    return () => stops.forEach((stop) => stop());
  }, []);
}
