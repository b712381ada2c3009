import { useState } from "react";

export interface ListPage<T> {
  items: T[];
  hasMore: boolean;
  total: number;
  page: number;
}

/**
 * "Load More" (SPEC.md §4): appends the next page while more remain and nothing is
 * loading; a new first page from the loader (new filters) starts over; on an error the
 * list stops where it is.
 */
export function useLoadMore<T extends { _id: string }>(
  first: ListPage<T>,
  fetchPage: (page: number) => Promise<ListPage<T>>,
) {
  const [state, setState] = useState({ first, pages: [first], loading: false, failed: false });
  // New filters: start again from the loader's page (React's "adjust state on prop change").
  if (state.first !== first) setState({ first, pages: [first], loading: false, failed: false });
  const last = state.pages[state.pages.length - 1]!;
  const seen = new Set<string>();
  const items = state.pages.flatMap((page) => page.items).filter((item) => !seen.has(item._id) && seen.add(item._id));

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
        const next = await fetchPage(last.page + 1);
        setState((s) => (s.first === first ? { ...s, pages: [...s.pages, next], loading: false } : s));
      } catch {
        setState((s) => (s.first === first ? { ...s, loading: false, failed: true } : s));
      }
    },
  };
}
