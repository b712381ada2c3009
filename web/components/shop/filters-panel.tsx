import { SlidersHorizontal, X } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Form, Link, useLocation, useSearchParams } from "react-router";
import { activeFilterCount, clearedHref, FILTER_KEYS, FLAGS, withParams } from "../../lib/catalog-params";
import { BACKDROP_TOGGLE, useDisclosure } from "../ui/use-disclosure";
import { useHydrated } from "../ui/use-hydrated";

const PRICE_ORDER = "Max price must not be below min price.";

/** What Apply keeps as it is: the tab, the search, the category and the sort (not the pages: the list starts again). */
const KEPT = new Set(["view", "search", "category", "sort"]);

/**
 * The Filters button and its panel (docs/product.md, Search and filters): price range
 * and the three flags, applied together by a GET form the server answers, so it works
 * before and without JavaScript. Clear is a link to the list without search, category,
 * prices or flags (its sort stays). On a phone the panel rises from the bottom; on wider
 * screens it sits in the middle. `priceError`: the URL's minimum is above its maximum (a
 * form sent without JavaScript); the panel opens to say so.
 */
export function FiltersPanel({ priceError }: { priceError: boolean }) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const ref = useDisclosure({ modal: true });
  const hydrated = useHydrated();
  const titleId = useId();
  const [error, setError] = useState<string | null>(null);
  const count = activeFilterCount(params);
  const shownError = error ?? (priceError ? PRICE_ORDER : null);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const price = (name: string) => {
      const raw = String(form.get(name) ?? "").trim();
      // Prices go into the URL only when they are numbers.
      return raw !== "" && Number.isFinite(Number(raw)) && Number(raw) >= 0 ? raw : null;
    };
    const [minPrice, maxPrice] = [price("minPrice"), price("maxPrice")];
    if (minPrice !== null && maxPrice !== null && Number(minPrice) > Number(maxPrice)) {
      setError(PRICE_ORDER);
      return;
    }
    setError(null);
    if (ref.current) ref.current.open = false;
    setParams(
      (p) =>
        withParams(p, {
          minPrice,
          maxPrice,
          ...Object.fromEntries(FLAGS.map(({ key }) => [key, form.get(key) ? "true" : null])),
        }),
      { preventScrollReset: true },
    );
  };

  const input =
    "mt-1 h-11 w-full rounded-xl border border-line px-3 text-sm text-ink focus:border-ink focus:outline-none [appearance:textfield]";

  return (
    <details ref={ref} open={priceError || undefined} className="group/panel">
      <summary
        className={`inline-flex h-10 cursor-pointer list-none items-center gap-1.5 rounded-full border border-line bg-white px-3.5 text-sm whitespace-nowrap lg:h-11 lg:gap-2 lg:px-4 hover:border-ink [&::-webkit-details-marker]:hidden ${BACKDROP_TOGGLE}`}
      >
        <SlidersHorizontal className="size-4" aria-hidden="true" />
        Filters
        {count > 0 && (
          <span className="rounded-full bg-ink px-2 py-0.5 text-xs text-white tabular-nums">
            {count}
            <span className="sr-only"> active</span>
          </span>
        )}
      </summary>
      <section
        aria-labelledby={titleId}
        className="fixed inset-x-0 bottom-0 z-[60] max-h-[90dvh] overflow-y-auto overscroll-contain rounded-t-3xl bg-white p-6 pb-[calc(1.5rem+env(safe-area-inset-bottom))] shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-[28rem] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl sm:pb-6"
      >
        <div className="flex min-h-10 items-center justify-between">
          <h2 id={titleId} className="font-serif text-2xl">
            Filters
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
        <p className="mt-1 text-sm text-stone">Narrow the list by price and by kind.</p>
        <Form
          // What the URL says, afresh after Apply, Clear or Back (the fields are the browser's own until then).
          key={FILTER_KEYS.map((key) => params.get(key)).join("|")}
          method="get"
          onSubmit={apply}
          preventScrollReset
          className="mt-6 space-y-6"
          noValidate
        >
          {[...params]
            .filter(([key]) => KEPT.has(key))
            .map(([key, value]) => (
              <input key={key} type="hidden" name={key} value={value} />
            ))}
          <fieldset className="grid grid-cols-2 gap-3">
            <legend className="mb-2 text-sm font-medium">Price (₦)</legend>
            <label className="text-sm text-stone">
              Min price
              <input
                name="minPrice"
                type="number"
                min="0"
                step="0.01"
                inputMode="decimal"
                defaultValue={params.get("minPrice") ?? ""}
                className={input}
              />
            </label>
            <label className="text-sm text-stone">
              Max price
              <input
                name="maxPrice"
                type="number"
                min="0"
                step="0.01"
                inputMode="decimal"
                defaultValue={params.get("maxPrice") ?? ""}
                className={input}
              />
            </label>
          </fieldset>
          <fieldset className="space-y-3">
            <legend className="mb-2 text-sm font-medium">Show only</legend>
            {FLAGS.map(({ key, label }) => (
              <label key={key} className="flex items-center gap-3 text-sm">
                <input
                  name={key}
                  value="true"
                  type="checkbox"
                  defaultChecked={params.get(key) === "true"}
                  className="size-5 accent-ink"
                />
                {label}
              </label>
            ))}
          </fieldset>
          {shownError && (
            <p role="alert" className="text-sm text-promo">
              {shownError}
            </p>
          )}
          <div className="flex gap-3">
            <Link
              to={clearedHref(pathname, params)}
              preventScrollReset
              className="flex-1 rounded-full border border-ink px-5 py-3 text-center text-sm hover:bg-sand"
            >
              Clear
            </Link>
            <button type="submit" className="flex-1 rounded-full bg-ink px-5 py-3 text-sm text-white hover:bg-ink/90">
              Apply
            </button>
          </div>
        </Form>
      </section>
    </details>
  );
}
