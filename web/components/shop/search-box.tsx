import { Search } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Form, useLocation, useSearchParams } from "react-router";
import { pageParam, withParams } from "../../lib/catalog-params";
import { SEARCH_BOX_ID } from "./search-box-id";

/** What a search keeps: the tab and the filters, not the pages (a new search starts at the first). */
const KEPT = (key: string) => key !== "search" && key !== pageParam("products") && key !== pageParam("collections");

/**
 * A search form (Enter sends it, with or without JavaScript) that, once hydrated,
 * searches as the shopper types (after a short pause), keeping the words in the URL.
 * Arriving with the header's search button focuses it.
 */
export function SearchBox({ placeholder, label }: { placeholder: string; label: string }) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const current = params.get("search") ?? "";
  // What the shopper typed, exactly: spaces stay, since the next word is on its way.
  const [value, setValue] = useState(current);
  // The words the URL has or is about to have. On a slow connection the loader of an
  // earlier search can finish while the shopper is still typing; that URL is this box's
  // own echo and must not replace the newer text.
  const [known, setKnown] = useState(current);
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    // Someone else changed the words (Clear, the back button): show theirs.
    if (current !== known) {
      setKnown(current);
      setValue(current);
    }
  }
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if ((location.state as { focusSearch?: boolean } | null)?.focusSearch) input.current?.focus();
  }, [location.state]);

  const wanted = value.trim();
  const search = useCallback(
    (words: string) => {
      setKnown(words);
      setParams((p) => withParams(p, { search: words }), { replace: true, preventScrollReset: true });
    },
    [setParams],
  );
  useEffect(() => {
    if (wanted === known) return;
    const timer = setTimeout(() => search(wanted), 350);
    return () => clearTimeout(timer);
  }, [wanted, known, search]);

  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      preventScrollReset
      onSubmit={(event) => {
        // Enter searches now, without waiting for the pause.
        event.preventDefault();
        search(wanted);
      }}
    >
      {[...params]
        .filter(([key]) => KEPT(key))
        .map(([key, kept]) => (
          <input key={key} type="hidden" name={key} value={kept} />
        ))}
      <label className="relative block w-full">
        <span className="sr-only">{label}</span>
        <Search
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 lg:left-4 -translate-y-1/2 text-stone"
          aria-hidden="true"
        />
        <input
          ref={input}
          id={SEARCH_BOX_ID}
          type="search"
          name="search"
          enterKeyHint="search"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder={placeholder}
          className="h-10 w-full scroll-mt-24 rounded-full border border-line bg-white pr-3 pl-10 text-base lg:h-11 lg:pl-11 placeholder:text-stone/80 focus:border-ink focus:outline-none md:text-sm"
        />
      </label>
    </Form>
  );
}
