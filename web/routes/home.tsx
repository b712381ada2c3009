import { CatalogListQuerySchema } from "../../domain/catalog/catalog-query.schema";
import { ProductCard } from "../components/shop/product-card";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  // SPEC.md §2: home loads 10 products.
  const latest = await context.catalog.listProducts(CatalogListQuerySchema.parse({ limit: 10 }));
  return { products: latest.products };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-sand">
        <div className="mx-auto max-w-7xl px-5 py-20 md:px-8 md:py-28">
          <p className="text-xs tracking-[0.2em] text-stone uppercase">Furniture &amp; interiors</p>
          <h1 className="mt-4 max-w-2xl font-serif text-4xl leading-tight md:text-6xl">Finish. Furnish. Flourish.</h1>
          <a href="/shop" className="mt-8 inline-block rounded-full bg-ink px-7 py-3 text-sm text-white">
            Shop Now
          </a>
        </div>
      </section>
      <section className="mx-auto max-w-7xl px-5 pt-16 md:px-8" aria-labelledby="new-in">
        <h2 id="new-in" className="font-serif text-3xl">
          New in
        </h2>
        <div className="mt-8 grid grid-cols-1 gap-x-6 gap-y-10 sm:grid-cols-2 lg:grid-cols-4">
          {loaderData.products.map((product) => (
            <ProductCard key={product._id} product={product} />
          ))}
        </div>
      </section>
    </>
  );
}
