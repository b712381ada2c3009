/**
 * The collection form's product picker: a search box over the catalogue, a checkbox list
 * of the matches (100 at a time, more on request) and the chosen products with a count.
 * The checkboxes are the form's `productIds` fields, and chosen products not in the list
 * shown are hidden fields, so chosen products stay chosen while the search changes. The
 * matches come from the product-choices route's loader, through a fetcher.
 */
import type { FieldMetadata } from "@conform-to/react";
import { Search, X } from "lucide-react";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { ProductChoices } from "../../../domain/catalog/admin.types";
import type { Product } from "../../../domain/catalog/catalog.types";
import { effectivePrice, formatNaira } from "../../../domain/money";
import { FieldNote } from "../form/fields";
import { thumbnailOf } from "./image-picker";

export interface PickedProduct {
  _id: string;
  name: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Meta = FieldMetadata<any, any, string[]>;

export const PRODUCT_CHOICES_PATH = "/admin/product-choices";

export function ProductPicker({
  meta,
  initialSelected,
  firstPage,
}: {
  meta: Meta;
  initialSelected: readonly PickedProduct[];
  /** The newest products, from the form's own loader: the list before any search. */
  firstPage: ProductChoices;
}) {
  const [selected, setSelected] = useState<readonly PickedProduct[]>(initialSelected);
  const [search, setSearch] = useState("");
  const fetcher = useFetcher<ProductChoices>();
  const timer = useRef<number | undefined>(undefined);
  const results = fetcher.data ?? firstPage;
  const loading = fetcher.state === "loading";
  const error = meta.errors?.[0];
  const id = meta.id;
  const listId = `${id}-results`;

  const load = (query: string, pages: number) => {
    const params = new URLSearchParams({ page: String(pages) });
    if (query.trim()) params.set("search", query.trim());
    void fetcher.load(`${PRODUCT_CHOICES_PATH}?${params}`);
  };

  const chosen = new Set(selected.map((product) => product._id));
  const shownIds = new Set(results.products.map((product) => product._id));
  const notify = () =>
    // The form's checks hear of the change as they would of a click on a checkbox.
    requestAnimationFrame(() => document.getElementById(id)?.dispatchEvent(new Event("input", { bubbles: true })));
  const toggle = (product: Product, on: boolean) => {
    setSelected(
      on ? [...selected, { _id: product._id, name: product.name }] : selected.filter((p) => p._id !== product._id),
    );
    notify();
  };

  return (
    <div className="min-w-0" role="group" aria-labelledby={`${id}-heading`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p id={`${id}-heading`} className="text-sm font-medium">
          Products in this collection
          <span className="text-promo" aria-hidden="true">
            {" "}
            *
          </span>
        </p>
        <p className="text-sm text-stone" aria-live="polite">
          {selected.length} selected
        </p>
      </div>

      {selected.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Selected products">
          {selected.map((product) => (
            <li
              key={product._id}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-sand py-1 pr-1 pl-3 text-sm"
            >
              {!shownIds.has(product._id) && (
                <input type="hidden" name={meta.name} form={meta.formId} value={product._id} />
              )}
              <span className="truncate">{product.name}</span>
              <button
                type="button"
                onClick={() => {
                  setSelected(selected.filter((item) => item._id !== product._id));
                  notify();
                }}
                aria-label={`Remove ${product.name}`}
                className="inline-flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-white"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}

      <div className="relative mt-3">
        <label htmlFor={id} className="sr-only">
          Search products
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-stone"
          aria-hidden="true"
        />
        <input
          id={id}
          type="search"
          value={search}
          onChange={(event) => {
            const query = event.target.value;
            setSearch(query);
            // Searches once typing pauses.
            window.clearTimeout(timer.current);
            timer.current = window.setTimeout(() => load(query, 1), 250);
          }}
          onKeyDown={(event) => event.key === "Enter" && event.preventDefault()}
          placeholder="Search products by name..."
          autoComplete="off"
          aria-controls={listId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-note` : undefined}
          className={`block h-12 w-full rounded-xl border bg-white pr-4 pl-11 text-[15px] focus:border-ink focus:outline-none ${
            error ? "border-promo" : "border-line"
          }`}
        />
      </div>
      <FieldNote meta={meta} />

      <div id={listId} className="mt-3 max-h-80 overflow-y-auto rounded-xl border border-line" aria-busy={loading}>
        {results.products.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-stone">
            {loading ? "Loading products..." : "No products found."}
          </p>
        ) : (
          <ul className={`divide-y divide-line ${loading ? "opacity-60" : ""}`}>
            {results.products.map((product) => {
              const checkboxId = `${id}-${product._id}`;
              const thumbnail = thumbnailOf(product.images[0]);
              return (
                <li key={product._id}>
                  <label
                    htmlFor={checkboxId}
                    className="flex cursor-pointer items-center gap-3 px-3 py-2.5 hover:bg-sand/60"
                  >
                    <input
                      id={checkboxId}
                      type="checkbox"
                      name={meta.name}
                      form={meta.formId}
                      value={product._id}
                      checked={chosen.has(product._id)}
                      onChange={(event) => toggle(product, event.target.checked)}
                      className="size-5 shrink-0 accent-ink"
                    />
                    {thumbnail ? (
                      <img src={thumbnail} alt="" className="size-11 shrink-0 rounded-lg object-cover" loading="lazy" />
                    ) : (
                      <span className="size-11 shrink-0 rounded-lg bg-sand" aria-hidden="true" />
                    )}
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-medium">{product.name}</span>
                      <span className="block truncate text-xs text-stone">
                        {product.category} · {product.style} · {formatNaira(effectivePrice(product))}
                        {product.collectionId?.name ? ` · in ${product.collectionId.name}` : ""}
                      </span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        {results.hasMore && (
          <div className="border-t border-line p-2 text-center">
            <button
              type="button"
              disabled={loading}
              onClick={() => load(search, results.page + 1)}
              className="h-10 rounded-full px-5 text-sm underline disabled:opacity-60"
            >
              {loading ? "Loading..." : "Load more products"}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
