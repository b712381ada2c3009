import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { CATALOG_CHANGED_EVENT, type CatalogChange } from "../../../domain/catalog/catalog.types";
import { onLiveEvent } from "./use-live-connection";

const isChange = (payload: unknown): payload is CatalogChange =>
  typeof payload === "object" &&
  payload !== null &&
  typeof (payload as CatalogChange).id === "string" &&
  ((payload as CatalogChange).action === "saved" || (payload as CatalogChange).action === "deleted");

/**
 * An open list keeps up with the admin's changes (docs/product.md, Live updates): when
 * one of the items it shows is saved or deleted, the route's loader runs again for the
 * same URL — the same pages — so the item is shown afresh or goes while the shopper
 * keeps their place. Items added meanwhile are not announced; a change to one that is
 * not on show is no reason to reload.
 */
export function useRefreshOnCatalogChange(kind: CatalogChange["kind"], shownIds: readonly string[]) {
  const revalidator = useRevalidator();
  const latest = useRef({ shown: new Set(shownIds), revalidate: revalidator.revalidate });
  useEffect(() => {
    latest.current = { shown: new Set(shownIds), revalidate: revalidator.revalidate };
  });
  useEffect(
    () =>
      onLiveEvent(CATALOG_CHANGED_EVENT, (payload) => {
        if (!isChange(payload) || payload.kind !== kind || !latest.current.shown.has(payload.id)) return;
        void latest.current.revalidate();
      }),
    [kind],
  );
}
