import { Link, useSearchParams } from "react-router";
import type { CatalogPageData } from "../../lib/catalog-page.server";
import { withParams } from "../../lib/catalog-params";
import { CollectionResults, ProductResults } from "./catalog-results";
import { CategoryDropdown } from "./category-dropdown";
import { FiltersDialog } from "./filters-dialog";
import { SearchBox } from "./search-box";

const tabClass = (active: boolean) =>
  `-mb-px border-b-2 pb-3 text-sm tracking-wide ${active ? "border-ink text-ink" : "border-transparent text-stone hover:text-ink"}`;

/**
 * Products / Collections tabs, search, category and filters over a list that grows with
 * Load More (SPEC.md §2). Everything the shopper chooses lives in the URL.
 */
export function CatalogBrowser({ data }: { data: CatalogPageData }) {
  const [params] = useSearchParams();
  const { view } = data;
  return (
    <div className="mx-auto max-w-7xl px-5 md:px-8">
      <nav aria-label="Products or collections" className="mt-8 flex gap-8 border-b border-line">
        <Link
          to={`?${withParams(params, { view: null })}`}
          preventScrollReset
          aria-current={view === "products" ? "page" : undefined}
          className={tabClass(view === "products")}
        >
          Products
        </Link>
        <Link
          to={`?${withParams(params, { view: "collections", category: null })}`}
          preventScrollReset
          aria-current={view === "collections" ? "page" : undefined}
          className={tabClass(view === "collections")}
        >
          Collections
        </Link>
      </nav>
      <div className="mt-6 flex flex-col gap-3 md:flex-row md:items-center">
        <div className="md:flex-1">
          <SearchBox
            key={view}
            label={view === "products" ? "Search products" : "Search collections"}
            placeholder={
              view === "products"
                ? "Search products by name or description..."
                : "Search collections by name or description..."
            }
          />
        </div>
        <div className="flex gap-3">
          {view === "products" && <CategoryDropdown />}
          <FiltersDialog />
        </div>
      </div>
      <div className="mt-10">
        {data.products ? (
          <ProductResults first={data.products} query={data.query} />
        ) : (
          <CollectionResults first={data.collections} query={data.query} />
        )}
      </div>
    </div>
  );
}
