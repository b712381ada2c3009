import { data, Link } from "react-router";
import { BackButton } from "../components/detail/back-button";
import { CopyLinkButton } from "../components/detail/copy-link-button";
import { ImageGallery } from "../components/detail/image-gallery";
import { MissingItem } from "../components/detail/missing-item";
import { RichText } from "../components/detail/rich-text";
import { OrderButtons, WishlistToggle } from "../components/shop/item-actions";
import { AdminControls } from "../components/shop/admin-controls";
import { Price } from "../components/shop/price";
import { breadcrumbs, plainText, seoMeta, siteFrom } from "../lib/seo";
import { productJsonLd } from "../lib/structured-data";
import { useShell } from "../lib/use-shell";
import type { Route } from "./+types/product";

export async function loader({ params, context }: Route.LoaderArgs) {
  const product = await context.catalog.getProduct(params.productId);
  if (!product) return data({ product: null }, { status: 404 });
  return { product };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const product = loaderData?.product;
  if (!product) return [{ title: "Product not found" }, { name: "robots", content: "noindex" }];
  const site = siteFrom(matches);
  const path = `/product/${product._id}`;
  const description = plainText(product.description);
  return seoMeta(matches, {
    title: product.name,
    description,
    path,
    image: `/og/product/${product._id}.jpg`,
    type: "product",
    jsonLd: [
      productJsonLd(site, product, path, description),
      breadcrumbs(site, [
        { name: "Home", path: "/" },
        { name: "Shop", path: "/shop" },
        { name: product.category, path: `/shop?category=${encodeURIComponent(product.category)}` },
        { name: product.name, path },
      ]),
    ],
  });
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { site, viewer } = useShell();
  const { product } = loaderData;
  if (!product) return <MissingItem message="Product not found." to="/shop" label="Back to Shop" />;
  return (
    <article className="mx-auto max-w-7xl px-5 pt-4 pb-20 md:px-8">
      <BackButton fallback="/shop" />
      <div className="mt-2 grid gap-10 lg:grid-cols-12 lg:gap-14">
        <div className="lg:col-span-7">
          <ImageGallery
            images={product.images}
            label={product.name}
            sizes="(min-width: 1280px) 700px, (min-width: 1024px) 58vw, 100vw"
            thumbnails="wide"
          />
        </div>
        <div className="lg:col-span-5">
          <div className="flex flex-wrap gap-2 text-xs">
            {product.isBestSeller && <span className="rounded-full bg-clay px-3 py-1 text-white">Best Seller</span>}
            <span className={`rounded-full px-3 py-1 ${product.sold ? "bg-ink text-white" : "bg-sand text-ink"}`}>
              {product.sold ? "Sold" : "Available"}
            </span>
          </div>
          <p className="mt-5 text-xs tracking-[0.16em] text-stone uppercase">
            {product.style} · {product.category}
          </p>
          <h1 className="mt-2 font-serif text-3xl leading-tight md:text-4xl">{product.name}</h1>
          {product.isForeign && product.origin && <p className="mt-2 text-sm text-stone">Made in {product.origin}</p>}
          {product.collectionId && (
            <p className="mt-2 text-sm">
              Collection:{" "}
              <Link to={`/collection/${product.collectionId._id}`} className="underline underline-offset-4">
                {product.collectionId.name}
              </Link>
            </p>
          )}
          <div className="mt-5 text-xl">
            <Price
              price={product.price}
              discountedPrice={product.discountedPrice}
              isPromo={product.isPromo}
              showPercent
            />
          </div>
          {product.items && (
            <p className="mt-4 text-sm text-stone">
              <span className="font-medium text-ink">Includes:</span> {product.items}
            </p>
          )}
          {product.sold && !viewer?.isAdmin && (
            <p className="mt-6 rounded-2xl bg-sand px-5 py-4 text-sm leading-relaxed">
              <span className="font-medium">This piece has been sold.</span> Ask us on WhatsApp and we can make another
              or suggest something close.
            </p>
          )}
          <div className={product.sold ? "mt-5" : "mt-8"}>
            <OrderButtons id={product._id} itemType="Product" item={product} sold={product.sold} size="lg" />
            <AdminControls id={product._id} itemType="Product" />
          </div>
          <div className="mt-3 flex flex-wrap gap-1">
            <WishlistToggle id={product._id} itemType="Product" sold={product.sold} />
            <CopyLinkButton url={`${site.publicUrl}/product/${product._id}`} />
          </div>
          {(product.make || product.model) && (
            <dl className="mt-8 grid grid-cols-2 gap-4 border-t border-line pt-6 text-sm">
              {product.make && (
                <div>
                  <dt className="text-stone">Make</dt>
                  <dd>{product.make}</dd>
                </div>
              )}
              {product.model && (
                <div>
                  <dt className="text-stone">Model</dt>
                  <dd>{product.model}</dd>
                </div>
              )}
            </dl>
          )}
          <section aria-labelledby="about-piece" className="mt-8 border-t border-line pt-6">
            <h2 id="about-piece" className="font-serif text-xl">
              About this piece
            </h2>
            <RichText html={product.description} />
          </section>
        </div>
      </div>
    </article>
  );
}
