import { Link, useLocation, useNavigation, useSearchParams } from "react-router";
import type { CatalogPageData } from "../../lib/catalog-page.server";
import { clearedHref, filterChips, nextPageHref, pageParam, type CatalogView } from "../../lib/catalog-params";
import { useRefreshOnCatalogChange } from "../../features/live/use-catalog-changes";
import { CollectionCard } from "./collection-card";
import { ProductCard } from "./product-card";

/** Two columns on a phone, so a page of 12 is a few screens rather than eight. */
const GRID = "grid grid-cols-2 gap-x-3 gap-y-8 sm:gap-x-5 md:grid-cols-3 md:gap-y-12 lg:grid-cols-4 lg:gap-x-6";
const IMAGE_SIZES = "(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw";

/**
 * What the page is waiting for: more of the same list (the URL differs only in `pageKey`)
 * or a new list (other filters, another tab).
 */
export function useListLoading(pageKey: string): "more" | "list" | null {
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.state !== "loading" || navigation.location.pathname !== location.pathname) return null;
  const without = (search: string) => {
    const params = new URLSearchParams(search);
    params.delete(pageKey);
    params.sort();
    return params.toString();
  };
  return without(navigation.location.search) === without(location.search) ? "more" : "list";
}

/** A card's place in the grid: two to a phone's row, the first one the page's largest paint. */
const inGrid = (index: number) => ({ imageSizes: IMAGE_SIZES, eager: index === 0, twoUpOnPhones: true });

export function CatalogResults({ data }: { data: CatalogPageData }) {
  const view: CatalogView = data.view;
  const list = data.products ?? data.collections;
  useRefreshOnCatalogChange(
    view === "products" ? "product" : "collection",
    list.items.map((item) => item._id),
  );
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const loading = useListLoading(pageParam(view));
  // A list narrowed to nothing offers the way back; a shop with nothing in it does not.
  const filtered = filterChips(data.query, pathname, params).length > 0;
  return (
    <ListResults
      count={list.items.length}
      hasMore={list.hasMore}
      nextHref={nextPageHref(pathname, params, view, data.pages)}
      loading={loading}
      texts={{
        loading: `Loading ${view}...`,
        empty: `No ${view} found for the selected filters.`,
        end: `You've reached the end of the ${view}!`,
      }}
      emptyAction={
        filtered && (
          <Link
            to={clearedHref(pathname, params)}
            preventScrollReset
            className="mt-6 inline-flex h-11 items-center rounded-full border border-ink px-6 text-sm hover:bg-ink hover:text-white"
          >
            Clear filters
          </Link>
        )
      }
    >
      <div className={`${GRID} transition-opacity ${loading === "list" ? "opacity-50" : ""}`}>
        {data.products
          ? data.products.items.map((product, index) => (
              <ProductCard key={product._id} product={product} {...inGrid(index)} />
            ))
          : data.collections.items.map((collection, index) => (
              <CollectionCard key={collection._id} collection={collection} {...inGrid(index)} />
            ))}
      </div>
    </ListResults>
  );
}

interface ListResultsProps {
  count: number;
  hasMore: boolean;
  /** The same list with one more page: a plain link, so Load More works before (and without) JavaScript. */
  nextHref: string;
  loading: "more" | "list" | null;
  texts: { loading: string; empty: string; end: string };
  /** Under the empty text: what the shopper can do about it. */
  emptyAction?: React.ReactNode;
  /** The grid of cards. */
  children: React.ReactNode;
}

/**
 * A list that grows by Load More. Each page is in the URL (`?page=3` shows pages 1 to
 * 3), so Back and a reload bring back every item and the scroll position; Load More
 * replaces the URL rather than adding a history entry, so Back leaves the list.
 */
export function ListResults({ count, hasMore, nextHref, loading, texts, emptyAction, children }: ListResultsProps) {
  return (
    <div aria-busy={loading !== null}>
      {loading === "list" && (
        <p role="status" className="mb-6 text-sm text-stone">
          {texts.loading}
        </p>
      )}
      {count === 0 ? (
        <div className="py-16 text-center">
          <p className="text-stone">{texts.empty}</p>
          {emptyAction}
        </div>
      ) : (
        children
      )}
      <div className="mt-14 text-center">
        {hasMore ? (
          <Link
            to={nextHref}
            replace
            preventScrollReset
            aria-disabled={loading === "more" || undefined}
            className={`inline-flex min-w-44 justify-center rounded-full border border-ink px-8 py-3 text-sm transition hover:bg-ink hover:text-white ${
              loading === "more" ? "pointer-events-none opacity-60" : ""
            }`}
          >
            {loading === "more" ? texts.loading : "Load More"}
          </Link>
        ) : (
          count > 0 && <p className="text-sm text-stone">{texts.end}</p>
        )}
      </div>
    </div>
  );
}
