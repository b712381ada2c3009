import { Check, ChevronDown } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { CATEGORIES, normaliseCategory } from "../../../domain/catalog/categories";
import { withParams } from "../../lib/catalog-params";

const ALL = "All Products";

/**
 * The shop's category picker with its own search (SPEC.md §2). A plain disclosure that
 * always opens downwards; Escape or a click elsewhere closes it.
 */
export function CategoryDropdown() {
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState("");
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const selected = normaliseCategory(params.get("category") ?? "") ?? ALL;
  const options = [ALL, ...CATEGORIES].filter((option) => option.toLowerCase().includes(filter.trim().toLowerCase()));

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open]);

  const close = () => {
    setOpen(false);
    setFilter("");
    button.current?.focus();
  };
  const choose = (option: string) => {
    setParams((p) => withParams(p, { category: option === ALL ? null : option, view: null }), {
      preventScrollReset: true,
    });
    close();
  };

  return (
    <div
      ref={root}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex h-12 w-full min-w-52 items-center justify-between gap-3 rounded-full border border-line bg-white px-5 text-sm hover:border-ink"
      >
        <span>
          <span className="sr-only">Category: </span>
          {selected}
        </span>
        <ChevronDown className={`size-4 text-stone transition ${open ? "rotate-180" : ""}`} aria-hidden="true" />
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute top-full left-0 z-30 mt-2 w-72 max-w-[calc(100vw-2.5rem)] rounded-2xl border border-line bg-white p-2 shadow-xl"
        >
          <label className="block p-1">
            <span className="sr-only">Search categories</span>
            <input
              autoFocus
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              placeholder="Search categories..."
              className="h-10 w-full rounded-xl border border-line px-3 text-sm focus:border-ink focus:outline-none"
            />
          </label>
          {options.length === 0 ? (
            <p className="px-3 py-4 text-sm text-stone">No categories found.</p>
          ) : (
            <ul className="mt-1" aria-label="Categories">
              {options.map((option) => (
                <li key={option}>
                  <button
                    type="button"
                    onClick={() => choose(option)}
                    aria-current={option === selected ? "true" : undefined}
                    className="flex w-full items-center justify-between rounded-xl px-3 py-2.5 text-left text-sm hover:bg-sand"
                  >
                    {option}
                    {option === selected && <Check className="size-4" aria-hidden="true" />}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
