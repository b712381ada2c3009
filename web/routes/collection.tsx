import { data } from "react-router";
import { BackButton } from "../components/detail/back-button";
import { CopyLinkButton } from "../components/detail/copy-link-button";
import { MissingItem } from "../components/detail/missing-item";
import { RichText } from "../components/detail/rich-text";
import { OrderButtons, WishlistToggle } from "../components/shop/item-actions";
import { AdminControls } from "../components/shop/admin-controls";
import { Price } from "../components/shop/price";
import { ProductCard } from "../components/shop/product-card";
import { ResponsiveImage } from "../components/ui/responsive-image";
import { breadcrumbs, plainText, seoMeta, siteFrom } from "../lib/seo";
import { productJsonLd } from "../lib/structured-data";
import { summariseProduct } from "../lib/summaries";
import { useShell } from "../lib/use-shell";
import type { Route } from "./+types/collection";

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await context.catalog.getCollection(params.collectionId);
  if (!found) return data({ collection: null, products: [] }, { status: 404 });
  const { productIds, ...collection } = found;
  return { collection, products: productIds.map(summariseProduct) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const collection = loaderData?.collection;
  if (!collection) return [{ title: "Collection not found" }, { name: "robots", content: "noindex" }];
  const site = siteFrom(matches);
  const path = `/collection/${collection._id}`;
  const description = plainText(collection.description);
  return seoMeta(matches, {
    title: `${collection.name} collection`,
    description,
    path,
    image: `/og/collection/${collection._id}.jpg`,
    type: "product",
    jsonLd: [
      productJsonLd(
        site,
        { ...collection, images: collection.coverImage ? [collection.coverImage] : [] },
        path,
        description,
      ),
      breadcrumbs(site, [
        { name: "Home", path: "/" },
        { name: "Collections", path: "/shop?view=collections" },
        { name: collection.name, path },
      ]),
    ],
  });
};

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  const { site } = useShell();
  const { collection, products } = loaderData;
  if (!collection) {
    return <MissingItem message="Collection not found." to="/shop?view=collections" label="Back to Collections" />;
  }
  return (
    <>
      <article className="mx-auto max-w-7xl px-5 pt-4 pb-16 md:px-8">
        <BackButton fallback="/shop?view=collections" />
        <div className="mt-2 grid gap-10 lg:grid-cols-12 lg:gap-14">
          <div className="overflow-hidden rounded-sm bg-sand lg:col-span-7 lg:self-start">
            <ResponsiveImage
              image={collection.coverImage}
              alt={collection.name}
              sizes="(min-width: 1280px) 700px, (min-width: 1024px) 58vw, 100vw"
              eager
              className="aspect-[4/3] w-full object-cover"
            />
          </div>
          <div className="lg:col-span-5">
            <div className="flex flex-wrap gap-2 text-xs">
              <span className="rounded-full bg-sand px-3 py-1">Collection</span>
              {collection.isBestSeller && (
                <span className="rounded-full bg-clay px-3 py-1 text-white">Best Seller</span>
              )}
            </div>
            <p className="mt-5 text-xs tracking-[0.16em] text-stone uppercase">{collection.style}</p>
            <h1 className="mt-2 font-serif text-3xl leading-tight md:text-4xl">{collection.name}</h1>
            {collection.isForeign && collection.origin && (
              <p className="mt-2 text-sm text-stone">Made in {collection.origin}</p>
            )}
            <div className="mt-5 text-xl">
              <Price
                price={collection.price}
                discountedPrice={collection.discountedPrice}
                isPromo={collection.isPromo}
                showPercent
              />
            </div>
            {collection.items && (
              <p className="mt-4 text-sm text-stone">
                <span className="font-medium text-ink">Includes:</span> {collection.items}
              </p>
            )}
            <div className="mt-8">
              <OrderButtons id={collection._id} itemType="Collection" item={collection} size="lg" />
              <AdminControls id={collection._id} itemType="Collection" />
            </div>
            <div className="mt-3 flex flex-wrap gap-1">
              <WishlistToggle id={collection._id} itemType="Collection" />
              <CopyLinkButton url={`${site.publicUrl}/collection/${collection._id}`} />
            </div>
            <section aria-labelledby="about-collection" className="mt-8 border-t border-line pt-6">
              <h2 id="about-collection" className="font-serif text-xl">
                About this collection
              </h2>
              <RichText html={collection.description} />
            </section>
          </div>
        </div>
      </article>
      <section aria-labelledby="in-collection" className="border-t border-line bg-sand/40">
        <div className="mx-auto max-w-7xl px-5 py-16 md:px-8">
          <h2 id="in-collection" className="font-serif text-3xl">
            Products in this Collection
          </h2>
          {products.length === 0 ? (
            <p className="mt-6 text-stone">No products found.</p>
          ) : (
            <div className="mt-8 grid grid-cols-1 gap-x-6 gap-y-12 sm:grid-cols-2 lg:grid-cols-4">
              {products.map((product) => (
                <ProductCard key={product._id} product={product} />
              ))}
            </div>
          )}
        </div>
      </section>
    </>
  );
}
