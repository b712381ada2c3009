import { useLocation, useNavigation } from "react-router";
import type { CatalogListQuery } from "../../../domain/catalog/catalog-query.schema";
import {
  fetchCollectionPage,
  fetchCollectionSummary,
  fetchProductPage,
  fetchProductSummary,
} from "../../lib/catalog-api";
import type { CollectionSummary, ProductSummary } from "../../lib/summaries";
import { useLoadMore, type ListPage, type LiveItems } from "../../lib/use-load-more";
import { CollectionCard } from "./collection-card";
import { ProductCard } from "./product-card";

const PRODUCTS_LIVE: LiveItems<ProductSummary> = { kind: "product", fetchItem: fetchProductSummary };
const COLLECTIONS_LIVE: LiveItems<CollectionSummary> = { kind: "collection", fetchItem: fetchCollectionSummary };

const GRID = "grid grid-cols-1 gap-x-6 gap-y-12 sm:grid-cols-2 lg:grid-cols-4";

/** True while the page's own loader is re-running (new filters). */
function useRefreshing() {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === "loading" && navigation.location.pathname === location.pathname;
}

export function ProductResults({ first, query }: { first: ListPage<ProductSummary>; query: CatalogListQuery }) {
  const list = useLoadMore(first, (page) => fetchProductPage({ ...query, page }), PRODUCTS_LIVE);
  const refreshing = useRefreshing();
  return (
    <Results kind="products" refreshing={refreshing} {...list}>
      {list.items.map((product, index) => (
        <ProductCard key={product._id} product={product} eager={index === 0} />
      ))}
    </Results>
  );
}

export function CollectionResults({ first, query }: { first: ListPage<CollectionSummary>; query: CatalogListQuery }) {
  const list = useLoadMore(first, (page) => fetchCollectionPage({ ...query, page }), COLLECTIONS_LIVE);
  const refreshing = useRefreshing();
  return (
    <Results kind="collections" refreshing={refreshing} {...list}>
      {list.items.map((collection, index) => (
        <CollectionCard key={collection._id} collection={collection} eager={index === 0} />
      ))}
    </Results>
  );
}

interface ResultsProps {
  kind: "products" | "collections";
  items: unknown[];
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  refreshing: boolean;
  loadMore: () => void;
  children: React.ReactNode;
}

function Results({ kind, items, hasMore, loading, failed, refreshing, loadMore, children }: ResultsProps) {
  return (
    <div aria-busy={refreshing || loading}>
      {refreshing && (
        <p role="status" className="mb-6 text-sm text-stone">
          Loading {kind}...
        </p>
      )}
      {items.length === 0 ? (
        <p className="py-16 text-center text-stone">No {kind} found for the selected filters.</p>
      ) : (
        <div className={`${GRID} transition-opacity ${refreshing ? "opacity-50" : ""}`}>{children}</div>
      )}
      <div className="mt-14 text-center">
        {failed ? (
          <p role="alert" className="text-sm text-promo">
            Could not load more {kind}. Check your connection and reload the page.
          </p>
        ) : hasMore ? (
          <button
            type="button"
            onClick={loadMore}
            disabled={loading}
            className="min-w-44 rounded-full border border-ink px-8 py-3 text-sm transition hover:bg-ink hover:text-white disabled:opacity-60"
          >
            {loading ? `Loading ${kind}...` : "Load More"}
          </button>
        ) : (
          items.length > 0 && <p className="text-sm text-stone">You've reached the end of the {kind}!</p>
        )}
      </div>
    </div>
  );
}
