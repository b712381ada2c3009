/**
 * The collection form's product picker: a search box over the catalogue, a checkbox list
 * of the matches (100 at a time, more on request) and the chosen products with a count.
 * Chosen products stay chosen while the search changes.
 */
import { Search, X } from "lucide-react";
import { useEffect, useState } from "react";
import type { Product } from "../../../domain/catalog/catalog.types";
import { formatNaira } from "../../../domain/money";
import { searchProducts, thumbnailOf } from "../../features/admin/admin-api";
import { ApiError } from "../../lib/api-client";
import { FieldNote, noteId } from "./form-controls";

export interface PickedProduct {
  _id: string;
  name: string;
}

interface ProductPickerProps {
  /** The search box's id: the form focuses it when no product is chosen. */
  id: string;
  selected: readonly PickedProduct[];
  onSelectedChange(selected: PickedProduct[]): void;
  error?: string | undefined;
}

interface Results {
  /** The request these answer: query, page and attempt. */
  request: string;
  query: string;
  products: Product[];
  hasMore: boolean;
}

export function ProductPicker({ id, selected, onSelectedChange, error }: ProductPickerProps) {
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [results, setResults] = useState<Results | null>(null);
  const [failure, setFailure] = useState<{ request: string; message: string } | null>(null);
  const request = `${page}:${attempt}:${query}`;

  // Searches once typing pauses.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setQuery(search.trim());
      setPage(1);
    }, 250);
    return () => window.clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    let current = true;
    searchProducts(page, query).then(
      (result) => {
        if (!current) return;
        setResults((previous) => ({
          request,
          query,
          hasMore: result.hasMore,
          // A further page of the same search adds to the list.
          products:
            page > 1 && previous?.query === query ? [...previous.products, ...result.products] : result.products,
        }));
      },
      (reason: unknown) => {
        if (current)
          setFailure({ request, message: reason instanceof ApiError ? reason.message : "Could not load products." });
      },
    );
    return () => {
      current = false;
    };
    // `request` names query, page and attempt.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);

  const chosen = new Set(selected.map((product) => product._id));
  const toggle = (product: Product, on: boolean) =>
    onSelectedChange(
      on
        ? [...selected, { _id: product._id, name: product.name }]
        : selected.filter((item) => item._id !== product._id),
    );
  const failed = failure?.request === request ? failure.message : null;
  const loading = !failed && results?.request !== request;
  const shown = results?.query === query ? results.products : [];
  const listId = `${id}-results`;

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
              <span className="truncate">{product.name}</span>
              <button
                type="button"
                onClick={() => onSelectedChange(selected.filter((item) => item._id !== product._id))}
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
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => event.key === "Enter" && event.preventDefault()}
          placeholder="Search products by name..."
          autoComplete="off"
          aria-controls={listId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? noteId(id) : undefined}
          className={`block h-12 w-full rounded-xl border bg-white pr-4 pl-11 text-[15px] focus:border-ink focus:outline-none ${
            error ? "border-promo" : "border-line"
          }`}
        />
      </div>
      <FieldNote id={id} error={error} />

      <div id={listId} className="mt-3 max-h-80 overflow-y-auto rounded-xl border border-line" aria-busy={loading}>
        {failed ? (
          <p className="flex flex-wrap items-center gap-2 px-4 py-6 text-sm text-promo">
            {failed}
            <button type="button" className="font-medium underline" onClick={() => setAttempt((n) => n + 1)}>
              Retry
            </button>
          </p>
        ) : shown.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-stone">
            {loading ? "Loading products..." : "No products found."}
          </p>
        ) : (
          <ul className="divide-y divide-line">
            {shown.map((product) => {
              const checkboxId = `${id}-${product._id}`;
              const thumbnail = thumbnailOf(product.images[0]);
              const price =
                product.isPromo && product.discountedPrice !== null ? product.discountedPrice : product.price;
              return (
                <li key={product._id}>
                  <label
                    htmlFor={checkboxId}
                    className="flex cursor-pointer items-center gap-3 px-3 py-2.5 hover:bg-sand/60"
                  >
                    <input
                      id={checkboxId}
                      type="checkbox"
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
                        {product.category} · {product.style} · {formatNaira(price)}
                        {product.collectionId && product.collectionId.name ? ` · in ${product.collectionId.name}` : ""}
                      </span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        {!failed && results?.query === query && results.hasMore && (
          <div className="border-t border-line p-2 text-center">
            <button
              type="button"
              disabled={loading}
              onClick={() => setPage((n) => n + 1)}
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
