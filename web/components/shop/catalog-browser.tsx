import { Link, useLocation, useSearchParams } from "react-router";
import type { CatalogPageData } from "../../lib/catalog-page.server";
import { listHref, pageParam } from "../../lib/catalog-params";
import { CatalogResults } from "./catalog-results";
import { CategoryDropdown } from "./category-dropdown";
import { FiltersPanel } from "./filters-panel";
import { SearchBox } from "./search-box";

const tabClass = (active: boolean) =>
  `-mb-px border-b-2 pb-3 text-sm tracking-wide ${active ? "border-ink text-ink" : "border-transparent text-stone hover:text-ink"}`;

/**
 * The tabs' links keep everything else, each tab's pages included; only going to
 * Collections with a category set drops it (collections have none) and so starts the
 * products again from their first page.
 */
function tabHrefs(pathname: string, params: URLSearchParams) {
  const products = new URLSearchParams(params);
  products.delete("view");
  const collections = new URLSearchParams(params);
  collections.set("view", "collections");
  if (collections.has("category")) {
    collections.delete("category");
    collections.delete(pageParam("products"));
  }
  return { products: listHref(pathname, products), collections: listHref(pathname, collections) };
}

/**
 * Products / Collections tabs, search, category and filters over a list that grows with
 * Load More (docs/product.md, Search and filters). Everything the shopper chooses lives
 * in the URL, and every control is a link or a form, so all of it works before the
 * page's JavaScript has arrived.
 */
export function CatalogBrowser({ data }: { data: CatalogPageData }) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const { view } = data;
  const tabs = tabHrefs(pathname, params);
  return (
    <div className="mx-auto max-w-7xl px-5 md:px-8">
      <nav aria-label="Products or collections" className="mt-8 flex gap-8 border-b border-line">
        <Link
          to={tabs.products}
          preventScrollReset
          aria-current={view === "products" ? "page" : undefined}
          className={tabClass(view === "products")}
        >
          Products
        </Link>
        <Link
          to={tabs.collections}
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
          <FiltersPanel priceError={data.priceError} />
        </div>
      </div>
      <div className="mt-10">
        <CatalogResults data={data} />
      </div>
    </div>
  );
}
