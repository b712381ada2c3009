import { Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { withParams } from "../../lib/catalog-params";

/**
 * Searches as the shopper types (after a short pause), keeping the words in the URL.
 * Arriving with the header's search button focuses it.
 */
export function SearchBox({ placeholder, label }: { placeholder: string; label: string }) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const current = params.get("search") ?? "";
  const [value, setValue] = useState(current);
  const [shown, setShown] = useState(current);
  const input = useRef<HTMLInputElement>(null);
  // The URL changed elsewhere (Clear, back button): show its words.
  if (shown !== current) {
    setShown(current);
    setValue(current);
  }

  useEffect(() => {
    if ((location.state as { focusSearch?: boolean } | null)?.focusSearch) input.current?.focus();
  }, [location.state]);

  useEffect(() => {
    if (value.trim() === current.trim()) return;
    const timer = setTimeout(() => {
      setParams((p) => withParams(p, { search: value.trim() }), { replace: true, preventScrollReset: true });
    }, 350);
    return () => clearTimeout(timer);
  }, [value, current, setParams]);

  return (
    <label className="relative block w-full">
      <span className="sr-only">{label}</span>
      <Search
        className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-stone"
        aria-hidden="true"
      />
      <input
        ref={input}
        type="search"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={placeholder}
        className="h-12 w-full rounded-full border border-line bg-white pr-4 pl-11 text-sm placeholder:text-stone/80 focus:border-ink focus:outline-none"
      />
    </label>
  );
}
