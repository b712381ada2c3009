import { useState } from "react";
import { useFetcher } from "react-router";
import { CatalogListQuerySchema } from "../../domain/catalog/catalog-query.schema";
import { ProductCard } from "../components/shop/product-card";
import type { Route } from "./+types/shop";

const PAGE_SIZE = 12;

export async function loader({ url, context }: Route.LoaderArgs) {
  const params = Object.fromEntries(url.searchParams);
  const parsed = CatalogListQuerySchema.safeParse({ ...params, limit: PAGE_SIZE });
  // A hand-edited URL with a bad filter shows the unfiltered shop rather than an error.
  const query = parsed.success ? parsed.data : CatalogListQuerySchema.parse({ limit: PAGE_SIZE });
  const page = await context.catalog.listProducts(query);
  return { ...page, page: query.page };
}

export const meta: Route.MetaFunction = () => [{ title: "Shop — Furnish" }];

type ShopPage = Awaited<ReturnType<typeof loader>>;

export default function Shop({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof loader>();
  // Pages appended by Load More; a new loader result (new filters) starts over.
  const [pages, setPages] = useState<ShopPage[]>([loaderData]);
  if (pages[0] !== loaderData) setPages([loaderData]);
  const latest = pages[pages.length - 1]!;
  if (fetcher.data && fetcher.state === "idle" && fetcher.data.page === latest.page + 1) {
    setPages([...pages, fetcher.data]);
  }

  const products = pages.flatMap((page) => page.products);
  const loading = fetcher.state !== "idle";

  const loadMore = () => {
    const params = new URLSearchParams(window.location.search);
    params.set("page", String(latest.page + 1));
    fetcher.load(`/shop?${params}`);
  };

  return (
    <section className="mx-auto max-w-7xl px-5 py-12 md:px-8">
      <h1 className="font-serif text-4xl">Shop</h1>
      <p className="mt-2 text-sm text-stone">{loaderData.total} pieces</p>
      {products.length === 0 ? (
        <p className="mt-12 text-stone">No products found for the selected filters.</p>
      ) : (
        <div className="mt-8 grid grid-cols-1 gap-x-6 gap-y-10 sm:grid-cols-2 lg:grid-cols-4">
          {products.map((product) => (
            <ProductCard key={product._id} product={product} />
          ))}
        </div>
      )}
      <div className="mt-12 text-center">
        {latest.hasMore ? (
          <button
            type="button"
            onClick={loadMore}
            disabled={loading}
            className="rounded-full border border-ink px-8 py-3 text-sm transition hover:bg-ink hover:text-white disabled:opacity-50"
          >
            {loading ? "Loading products..." : "Load More"}
          </button>
        ) : (
          products.length > 0 && <p className="text-sm text-stone">You've reached the end of the products!</p>
        )}
      </div>
    </section>
  );
}
