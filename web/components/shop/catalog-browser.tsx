import { X } from "lucide-react";
import { Link, useLocation, useSearchParams } from "react-router";
import type { CatalogPageData } from "../../lib/catalog-page.server";
import { clearedHref, countLabel, filterChips, listHref, pageParam } from "../../lib/catalog-params";
import { CatalogResults } from "./catalog-results";
import { CategoryDropdown } from "./category-dropdown";
import { FiltersPanel } from "./filters-panel";
import { SearchBox } from "./search-box";
import { SortMenu } from "./sort-menu";

const tabClass = (active: boolean) =>
  `-mb-px inline-flex h-10 items-center border-b-2 text-sm tracking-wide ${active ? "border-ink text-ink" : "border-transparent text-stone hover:text-ink"}`;

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

interface Props {
  data: CatalogPageData;
  /** The page's heading: what the list shows. */
  title: string;
  /** Beside the heading (a style page's other styles). */
  action?: React.ReactNode;
  /** Shown instead of the list while another one is on its way (a style page's next style). */
  pending?: string | null;
}

/**
 * A listing page's header and list (docs/product.md, Search and filters): its heading and
 * count, the Products / Collections tabs, search, filters, category and sort, the active
 * filters as chips, and a list that grows with Load More. Everything the shopper chooses
 * lives in the URL, and every control is a link or a form, so all of it works before
 * the page's JavaScript has arrived. On a phone it all fits in a short header above two
 * columns of cards.
 */
export function CatalogBrowser({ data, title, action, pending = null }: Props) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const { view, query } = data;
  const tabs = tabHrefs(pathname, params);
  const total = (data.products ?? data.collections).total;
  const chips = filterChips(query, pathname, params);
  return (
    <div className="mx-auto max-w-7xl px-5 md:px-8">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 pt-4 md:pt-10">
        <h1 className="line-clamp-2 min-w-0 font-serif text-[1.75rem] leading-tight [overflow-wrap:anywhere] md:text-4xl">
          {title}
        </h1>
        {action}
      </div>
      <div className="mt-1 flex items-center justify-between gap-4 border-b border-line md:mt-4">
        <nav aria-label="Products or collections" className="flex gap-6">
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
        <p className="text-sm whitespace-nowrap text-stone tabular-nums" data-testid="result-count">
          {countLabel(total, view)}
        </p>
      </div>
      <div className="mt-3 space-y-2 md:mt-5 md:flex md:items-center md:gap-3 md:space-y-0">
        <div className="flex gap-2 md:contents">
          <div className="min-w-0 flex-1">
            <SearchBox
              key={view}
              label={view === "products" ? "Search products" : "Search collections"}
              placeholder="Search"
            />
          </div>
          <FiltersPanel priceError={data.priceError} />
        </div>
        <div className="grid grid-cols-2 gap-2 md:flex md:gap-3 [&>*]:min-w-0 md:[&>*]:w-44 lg:[&>*]:w-52">
          {view === "products" && <CategoryDropdown />}
          <SortMenu sort={query.sort ?? null} searching={Boolean(query.search)} />
        </div>
      </div>
      {chips.length > 0 && (
        // On a phone the chips keep to one row that scrolls sideways, however many there are.
        <ul
          aria-label="Active filters"
          className="-mx-5 mt-1.5 flex items-center gap-2 overflow-x-auto px-5 py-1 [scrollbar-width:none] md:mx-0 md:mt-2.5 md:flex-wrap md:px-0"
        >
          {chips.map((chip) => (
            <li key={chip.key} className="shrink-0 md:max-w-full md:shrink">
              <Link
                to={chip.href}
                preventScrollReset
                aria-label={`Remove filter: ${chip.label}`}
                className="inline-flex h-9 max-w-full items-center gap-1.5 rounded-full bg-sand pr-2.5 pl-3.5 text-[13px] hover:bg-line"
              >
                <span className="max-w-56 truncate md:max-w-none">{chip.label}</span>
                <X className="size-3.5 shrink-0 text-stone" aria-hidden="true" />
              </Link>
            </li>
          ))}
          {chips.length > 1 && (
            <li className="shrink-0">
              <Link
                to={clearedHref(pathname, params)}
                preventScrollReset
                className="inline-flex h-9 items-center px-2 text-[13px] whitespace-nowrap text-stone underline underline-offset-4 hover:text-ink"
              >
                Clear all
              </Link>
            </li>
          )}
        </ul>
      )}
      <div className="mt-5 md:mt-8">
        {pending ? (
          <p role="status" className="py-16 text-stone">
            {pending}
          </p>
        ) : (
          <CatalogResults data={data} />
        )}
      </div>
    </div>
  );
}
