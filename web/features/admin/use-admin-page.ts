/**
 * One page of an admin list, fetched in the browser: the admin works on live data, and a
 * failed fetch offers Retry while keeping what was already shown (SPEC.md §2).
 */
import { useCallback, useEffect, useState } from "react";
import { ApiError } from "../../lib/api-client";

export interface AdminPage<T> {
  items: T[];
  total: number;
}

export function useAdminPage<T>(load: (page: number) => Promise<AdminPage<T>>, pageSize: number) {
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const request = `${page}:${attempt}`;
  // The rows stay while the next page loads; `settled` says which request they answer.
  const [data, setData] = useState<AdminPage<T> | null>(null);
  const [settled, setSettled] = useState<{ request: string; error: string | null } | null>(null);

  useEffect(() => {
    let current = true;
    load(page).then(
      (result) => {
        if (!current) return;
        // The last item of the last page was deleted: show the page before it.
        const lastPage = Math.max(1, Math.ceil(result.total / pageSize));
        if (page > lastPage) return setPage(lastPage);
        setData(result);
        setSettled({ request, error: null });
      },
      (failure: unknown) => {
        if (!current) return;
        setSettled({ request, error: failure instanceof ApiError ? failure.message : "Could not load the list." });
      },
    );
    return () => {
      current = false;
    };
    // `load` is a fresh closure on every render; the page and retries decide when to fetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request, pageSize]);

  const loading = settled?.request !== request;
  const error = loading ? null : (settled?.error ?? null);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { page, setPage, data, loading, error, reload };
}
