import { Check, ChevronDown } from "lucide-react";
import { useRef, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { CATEGORIES, normaliseCategory } from "../../../domain/catalog/categories";
import { listHref, withParams } from "../../lib/catalog-params";
import { useDisclosure } from "../ui/use-disclosure";
import { useHydrated } from "../ui/use-hydrated";

const ALL = "All Products";

/**
 * The shop's category picker (docs/product.md, Search and filters): a disclosure of
 * links, one per category, that always opens downwards and works without JavaScript.
 * Once hydrated it gains a box that narrows the list as the shopper types; Escape or a
 * press elsewhere closes it.
 */
export function CategoryDropdown() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const ref = useDisclosure();
  const hydrated = useHydrated();
  const [filter, setFilter] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const selected = normaliseCategory(params.get("category") ?? "") ?? ALL;
  const options = [ALL, ...CATEGORIES].filter((option) => option.toLowerCase().includes(filter.trim().toLowerCase()));

  return (
    <details
      ref={ref}
      className="group/panel relative"
      onToggle={(event) => {
        if (event.currentTarget.open) input.current?.focus();
        else setFilter("");
      }}
    >
      <summary className="inline-flex h-12 w-full min-w-52 cursor-pointer list-none items-center justify-between gap-3 rounded-full border border-line bg-white px-5 text-sm hover:border-ink [&::-webkit-details-marker]:hidden">
        <span>
          <span className="sr-only">Category: </span>
          {selected}
        </span>
        <ChevronDown className="size-4 text-stone transition group-open/panel:rotate-180" aria-hidden="true" />
      </summary>
      <div className="absolute top-full left-0 z-30 mt-2 w-72 max-w-[calc(100vw-2.5rem)] rounded-2xl border border-line bg-white p-2 shadow-xl">
        {hydrated && (
          <label className="block p-1">
            <span className="sr-only">Search categories</span>
            <input
              ref={input}
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              placeholder="Search categories..."
              className="h-10 w-full rounded-xl border border-line px-3 text-sm focus:border-ink focus:outline-none"
            />
          </label>
        )}
        {options.length === 0 ? (
          <p className="px-3 py-4 text-sm text-stone">No categories found.</p>
        ) : (
          <ul className="mt-1" aria-label="Categories">
            {options.map((option) => (
              <li key={option}>
                <Link
                  to={listHref(pathname, withParams(params, { category: option === ALL ? null : option, view: null }))}
                  preventScrollReset
                  aria-current={option === selected ? "true" : undefined}
                  className="flex w-full items-center justify-between rounded-xl px-3 py-2.5 text-left text-sm hover:bg-sand"
                >
                  {option}
                  {option === selected && <Check className="size-4" aria-hidden="true" />}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}
