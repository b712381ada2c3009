/**
 * The item an edit form changes, read in the browser from the public read API (the admin
 * works on live data). While it loads the form shows 'Loading...'; when it cannot be
 * loaded `onMissing` decides where to go (SPEC.md §4 "Edit forms").
 */
import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../lib/api-client";

export function useEditItem<T>(
  id: string | undefined,
  load: (id: string) => Promise<T>,
  onMissing: (message: string) => void,
): T | null {
  const [item, setItem] = useState<{ id: string; value: T } | null>(null);
  const handlers = useRef({ load, onMissing });
  useEffect(() => {
    handlers.current = { load, onMissing };
  });

  useEffect(() => {
    let current = true;
    if (!id) {
      handlers.current.onMissing("");
      return;
    }
    handlers.current.load(id).then(
      (value) => current && setItem({ id, value }),
      (failure: unknown) => {
        if (current)
          handlers.current.onMissing(failure instanceof ApiError && failure.status < 500 ? failure.message : "");
      },
    );
    return () => {
      current = false;
    };
  }, [id]);

  return item && item.id === id ? item.value : null;
}
