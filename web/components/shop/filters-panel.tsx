import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { withParams } from "../../lib/catalog-params";
import type { DeferredPanelProps } from "../ui/deferred-dialog";

const FLAGS = [
  { key: "isBestSeller", label: "Best sellers" },
  { key: "isPromo", label: "On promotion" },
  { key: "isForeign", label: "Imported" },
] as const;

/**
 * Price range and the three flags, applied together (SPEC.md §2). Clear resets the
 * search, the category, the prices and the flags.
 */
export default function FiltersPanel({ open, onOpenChange, returnFocusTo }: DeferredPanelProps) {
  const [params, setParams] = useSearchParams();
  const [error, setError] = useState<string | null>(null);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const price = (name: string) => {
      const raw = String(form.get(name) ?? "").trim();
      // Prices are sent only when they are numbers (SPEC.md §4).
      return raw !== "" && Number.isFinite(Number(raw)) && Number(raw) >= 0 ? raw : null;
    };
    const [minPrice, maxPrice] = [price("minPrice"), price("maxPrice")];
    if (minPrice !== null && maxPrice !== null && Number(minPrice) > Number(maxPrice)) {
      setError("Max price must not be below min price.");
      return;
    }
    setError(null);
    setParams(
      (p) =>
        withParams(p, {
          minPrice,
          maxPrice,
          ...Object.fromEntries(FLAGS.map(({ key }) => [key, form.get(key) ? "true" : null])),
        }),
      { preventScrollReset: true },
    );
    onOpenChange(false);
  };

  const clear = () => {
    setError(null);
    setParams(
      (p) =>
        withParams(p, {
          search: null,
          category: null,
          minPrice: null,
          maxPrice: null,
          isBestSeller: null,
          isPromo: null,
          isForeign: null,
        }),
      { preventScrollReset: true },
    );
    onOpenChange(false);
  };

  const input =
    "mt-1 h-11 w-full rounded-xl border border-line px-3 text-sm focus:border-ink focus:outline-none [appearance:textfield]";

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-3xl bg-white p-6 shadow-xl focus:outline-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-[28rem] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="font-serif text-2xl">Filters</Dialog.Title>
            <Dialog.Close
              className="inline-flex size-10 items-center justify-center rounded-full hover:bg-sand"
              aria-label="Close filters"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-stone">
            Narrow the list by price and by kind.
          </Dialog.Description>
          <form onSubmit={apply} className="mt-6 space-y-6" noValidate>
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
                    type="checkbox"
                    defaultChecked={params.get(key) === "true"}
                    className="size-5 accent-ink"
                  />
                  {label}
                </label>
              ))}
            </fieldset>
            {error && (
              <p role="alert" className="text-sm text-promo">
                {error}
              </p>
            )}
            <div className="flex gap-3">
              <button
                type="button"
                onClick={clear}
                className="flex-1 rounded-full border border-ink px-5 py-3 text-sm hover:bg-sand"
              >
                Clear
              </button>
              <button type="submit" className="flex-1 rounded-full bg-ink px-5 py-3 text-sm text-white hover:bg-ink/90">
                Apply
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
