import { useEffect, useRef } from "react";
import { CATALOG_CHANGED_EVENT, type CatalogChange } from "../../../domain/catalog/catalog.types";
import { onLiveEvent, reloadUnlessBusy } from "./use-live-connection";

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
  const shown = useRef(new Set(shownIds));
  useEffect(() => {
    shown.current = new Set(shownIds);
  });
  useEffect(
    () =>
      onLiveEvent(CATALOG_CHANGED_EVENT, (payload) => {
        if (isChange(payload) && payload.kind === kind && shown.current.has(payload.id)) reloadUnlessBusy();
      }),
    [kind],
  );
}
