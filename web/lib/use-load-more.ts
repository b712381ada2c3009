import { useEffect, useRef, useState } from "react";
import { CATALOG_CHANGED_EVENT, type CatalogChange } from "../../domain/catalog/catalog.types";
import { onLiveEvent } from "../features/live/use-live-connection";

export interface ListPage<T> {
  items: T[];
  hasMore: boolean;
  total: number;
  page: number;
}

/** How a list keeps up with the admin's changes while it is open (PRODUCT.md, live updates). */
export interface LiveItems<T> {
  kind: CatalogChange["kind"];
  /** The item as the list shows it, fresh from the API; null when it no longer exists. */
  fetchItem(id: string): Promise<T | null>;
}

interface State<T> {
  first: ListPage<T>;
  pages: ListPage<T>[];
  loading: boolean;
  failed: boolean;
  /** Shown items deleted since the last page was fetched: the server's pages have moved up. */
  removed: number;
}

const start = <T>(first: ListPage<T>): State<T> => ({
  first,
  pages: [first],
  loading: false,
  failed: false,
  removed: 0,
});

const isChange = (payload: unknown): payload is CatalogChange =>
  typeof payload === "object" &&
  payload !== null &&
  typeof (payload as CatalogChange).id === "string" &&
  ((payload as CatalogChange).action === "saved" || (payload as CatalogChange).action === "deleted");

/**
 * "Load More" (SPEC.md §4): appends the next page while more remain and nothing is
 * loading; a new first page from the loader (new filters) starts over; on an error the
 * list stops where it is.
 *
 * With `live`, an item the admin deletes leaves the list and one they save is shown
 * afresh, in place: the list is patched rather than reloaded, so a shopper deep into
 * Load More keeps every page and their scroll position. New items are not slipped in
 * (they would push the shopper's place down); they appear on the next visit.
 */
export function useLoadMore<T extends { _id: string }>(
  first: ListPage<T>,
  fetchPage: (page: number) => Promise<ListPage<T>>,
  live?: LiveItems<T>,
) {
  const [state, setState] = useState(() => start(first));
  // New filters: start again from the loader's page (React's "adjust state on prop change").
  if (state.first !== first) setState(start(first));
  const last = state.pages[state.pages.length - 1]!;
  const seen = new Set<string>();
  const items = state.pages.flatMap((page) => page.items).filter((item) => !seen.has(item._id) && seen.add(item._id));

  // The handler outlives renders; it reads the latest list and fetcher from here.
  const latest = useRef({ items, live });
  useEffect(() => {
    latest.current = { items, live };
  });
  const kind = live?.kind;
  useEffect(() => {
    if (!kind) return;
    const mapItems = (change: (items: T[]) => T[], removed = 0) =>
      setState((s) => ({
        ...s,
        removed: s.removed + removed,
        pages: s.pages.map((p) => ({ ...p, items: change(p.items) })),
      }));
    const remove = (id: string) => mapItems((list) => list.filter((item) => item._id !== id), 1);
    return onLiveEvent(CATALOG_CHANGED_EVENT, (payload) => {
      if (!isChange(payload) || payload.kind !== kind) return;
      const { id, action } = payload;
      const { items: shown, live: current } = latest.current;
      if (!current || !shown.some((item) => item._id === id)) return;
      if (action === "deleted") return remove(id);
      current.fetchItem(id).then(
        (fresh) => (fresh ? mapItems((list) => list.map((item) => (item._id === id ? fresh : item))) : remove(id)),
        // Unreachable for now: the card stays as it was, and a later change or visit mends it.
        () => undefined,
      );
    });
  }, [kind]);

  return {
    items,
    total: first.total,
    hasMore: last.hasMore && !state.failed,
    loading: state.loading,
    failed: state.failed,
    async loadMore() {
      if (state.loading || !last.hasMore || state.failed) return;
      setState((s) => ({ ...s, loading: true }));
      try {
        // After deletions the items that followed moved up into the page already shown;
        // fetching it again brings them back (the list drops what it already has).
        const [again, next] = await Promise.all([
          state.removed > 0 ? fetchPage(last.page) : null,
          fetchPage(last.page + 1),
        ]);
        const added = again ? [again, next] : [next];
        setState((s) =>
          s.first === first
            ? { ...s, pages: [...s.pages, ...added], loading: false, removed: s.removed - state.removed }
            : s,
        );
      } catch {
        setState((s) => (s.first === first ? { ...s, loading: false, failed: true } : s));
      }
    },
  };
}
