/**
 * A Manage list's search, filters, sort and page size (docs/product.md, Lists and
 * pager): one GET form, so every choice lives in the URL, reloads and works without
 * JavaScript. The filters open as a panel (a sheet from the bottom on a phone) behind a
 * "Filters" button that counts those in use; each one in use shows as a chip that
 * removes it, with "Clear all" beside them. Changing anything starts again at page 1.
 */
import { Search, SlidersHorizontal, X } from "lucide-react";
import { useId } from "react";
import { Form, Link, useLocation } from "react-router";
import { ADMIN_LIST_DEFAULT_LIMIT } from "../../../domain/catalog/admin-list-query.schema";
import { useHydrated } from "../../lib/use-hydrated";
import { BACKDROP_TOGGLE, useDisclosure } from "../ui/use-disclosure";
import { BULK_PARAMS } from "../../lib/bulk-changes";

export interface ListFilter {
  /** The URL's field. */
  name: string;
  label: string;
  /** The choices; the first, "Any …", is the filter unset. */
  options: ReadonlyArray<{ value: string; label: string }>;
  anyLabel: string;
}

export interface ListSort {
  value: string;
  label: string;
}

export const PAGE_SIZES = [20, 50, 100] as const;

/** What the URL keeps whatever the filters: the section, the sort and the page size. */
const KEPT = ["section", "sort", "limit"];

/** The URL without the given fields, page and bulk fields (the list starts again). */
function hrefWithout(pathname: string, search: string, drop: (name: string) => boolean) {
  const params = new URLSearchParams(search);
  for (const name of [...params.keys()]) {
    if (drop(name) || name === "page" || name === "confirm" || name === "select" || name in BULK_PARAMS) {
      params.delete(name);
    }
  }
  return `${pathname}?${params}`;
}

const select =
  "mt-1 h-11 w-full rounded-xl border border-line bg-white px-3 pr-9 text-sm text-ink focus:border-ink focus:outline-none";

export function ListToolbar({
  noun,
  filters,
  sorts,
  applied,
  searchText,
}: {
  /** "products", for the search box's label. */
  noun: string;
  filters: readonly ListFilter[];
  sorts: readonly ListSort[];
  /** The filters in use as the server read them: name → value. */
  applied: Record<string, string>;
  /** The search as the server read it. */
  searchText: string | undefined;
}) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const ref = useDisclosure({ modal: true });
  const hydrated = useHydrated();
  const titleId = useId();
  const searchId = useId();
  const inUse = filters.filter((filter) => applied[filter.name] !== undefined);
  const chips = [
    ...(searchText ? [{ name: "search", label: `“${searchText}”`, what: "search" }] : []),
    ...inUse.map((filter) => ({
      name: filter.name,
      label: filter.options.find((option) => option.value === applied[filter.name])?.label ?? applied[filter.name]!,
      what: filter.label,
    })),
  ];
  const clearAll = hrefWithout(location.pathname, location.search, (name) => !KEPT.includes(name));

  return (
    <div className="space-y-3 border-b border-line px-4 py-4 sm:px-6">
      <Form method="get" preventScrollReset className="space-y-3" role="search" aria-label={`Find ${noun}`}>
        {KEPT.filter((name) => name !== "sort" && name !== "limit" && params.has(name)).map((name) => (
          <input key={name} type="hidden" name={name} value={params.get(name)!} />
        ))}
        <div className="flex gap-2">
          <label htmlFor={searchId} className="sr-only">
            Search {noun}
          </label>
          <div className="relative min-w-0 flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-stone"
              aria-hidden="true"
            />
            <input
              key={searchText ?? ""}
              id={searchId}
              name="search"
              type="search"
              defaultValue={searchText ?? ""}
              placeholder={`Search ${noun}`}
              maxLength={100}
              autoComplete="off"
              enterKeyHint="search"
              className="h-11 w-full rounded-full border border-line bg-white pr-4 pl-10 text-base focus:border-ink focus:outline-none sm:text-sm"
            />
          </div>
          <button
            type="submit"
            className="inline-flex h-11 shrink-0 items-center rounded-full bg-ink px-4 text-sm text-white hover:bg-ink/90 sm:px-5"
          >
            Search
          </button>
        </div>

        <details ref={ref} className="group/panel">
          <summary
            className={`inline-flex h-10 cursor-pointer list-none items-center gap-2 rounded-full border border-line bg-white px-4 text-sm whitespace-nowrap hover:border-ink [&::-webkit-details-marker]:hidden ${BACKDROP_TOGGLE}`}
          >
            <SlidersHorizontal className="size-4" aria-hidden="true" />
            Filters and sort
            {inUse.length > 0 && (
              <span className="rounded-full bg-ink px-2 py-0.5 text-xs text-white tabular-nums">
                {inUse.length}
                <span className="sr-only"> in use</span>
              </span>
            )}
          </summary>
          <section
            aria-labelledby={titleId}
            className="fixed inset-x-0 bottom-0 z-[60] max-h-[85dvh] overflow-y-auto overscroll-contain rounded-t-3xl bg-white p-6 pb-[calc(1.5rem+env(safe-area-inset-bottom))] shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-[32rem] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl sm:pb-6"
          >
            <div className="flex min-h-10 items-center justify-between">
              <h2 id={titleId} className="font-serif text-2xl">
                Filters and sort
              </h2>
              {hydrated && (
                <button
                  type="button"
                  onClick={() => {
                    if (ref.current) ref.current.open = false;
                    ref.current?.querySelector("summary")?.focus();
                  }}
                  className="inline-flex size-10 items-center justify-center rounded-full hover:bg-sand"
                  aria-label="Close filters"
                >
                  <X className="size-5" aria-hidden="true" />
                </button>
              )}
            </div>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              {filters.map((filter) => (
                <label key={filter.name} className="block text-sm text-stone">
                  {filter.label}
                  <select
                    key={applied[filter.name] ?? ""}
                    name={filter.name}
                    defaultValue={applied[filter.name] ?? ""}
                    className={select}
                  >
                    <option value="">{filter.anyLabel}</option>
                    {filter.options.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
              <label className="block text-sm text-stone">
                Sort by
                <select
                  key={params.get("sort") ?? ""}
                  name="sort"
                  defaultValue={params.get("sort") ?? ""}
                  className={select}
                >
                  <option value="">Newest first</option>
                  {sorts.map((sort) => (
                    <option key={sort.value} value={sort.value}>
                      {sort.label}
                    </option>
                  ))}
                </select>
              </label>
              <label className="block text-sm text-stone">
                Per page
                <select
                  key={params.get("limit") ?? ""}
                  name="limit"
                  defaultValue={params.get("limit") ?? String(ADMIN_LIST_DEFAULT_LIMIT)}
                  className={select}
                >
                  {PAGE_SIZES.map((size) => (
                    <option key={size} value={String(size)}>
                      {size}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            {/* Kept in reach at the sheet's foot however far its fields scroll. */}
            <div className="sticky -bottom-6 -mx-6 mt-6 flex items-center justify-between gap-3 border-t border-line bg-white px-6 py-3 sm:static sm:mx-0 sm:border-0 sm:p-0">
              <Link to={clearAll} preventScrollReset className="inline-flex h-11 items-center px-2 text-sm underline">
                Clear all
              </Link>
              <button
                type="submit"
                className="inline-flex h-11 items-center rounded-full bg-ink px-6 text-sm text-white hover:bg-ink/90"
              >
                Show {noun}
              </button>
            </div>
          </section>
        </details>
      </Form>

      {chips.length > 0 && (
        <ul aria-label="Filters in use" className="flex flex-wrap items-center gap-2">
          {chips.map((chip) => (
            <li key={chip.name}>
              <Link
                to={hrefWithout(location.pathname, location.search, (name) => name === chip.name)}
                preventScrollReset
                aria-label={`Remove ${chip.what}: ${chip.label}`}
                className="inline-flex min-h-9 items-center gap-1.5 rounded-full bg-sand py-1 pr-2.5 pl-3.5 text-sm hover:bg-line"
              >
                {chip.label}
                <X className="size-3.5" aria-hidden="true" />
              </Link>
            </li>
          ))}
          <li>
            <Link to={clearAll} preventScrollReset className="inline-flex min-h-9 items-center px-2 text-sm underline">
              Clear all
            </Link>
          </li>
        </ul>
      )}
    </div>
  );
}

/** Whether the list is narrowed by anything (a search or a filter): the empty state offers to clear it. */
export const isNarrowed = (applied: Record<string, string>, searchText: string | undefined) =>
  Boolean(searchText) || Object.keys(applied).length > 0;

/** "Clear all": the list with its section, sort and page size only. */
export function useClearAllHref() {
  const location = useLocation();
  return hrefWithout(location.pathname, location.search, (name) => !KEPT.includes(name));
}
