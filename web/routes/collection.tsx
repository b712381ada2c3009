import { Tag } from "lucide-react";
import { lazy, Suspense } from "react";
import { data, Link } from "react-router";
import { dimensionsText } from "../../domain/catalog/furniture";
import { effectivePrice, formatNaira, koboToNaira, nairaToKobo } from "../../domain/money";
import { itemUrl } from "../../domain/whatsapp";
import { BackButton } from "../components/detail/back-button";
import { Breadcrumbs } from "../components/detail/breadcrumbs";
import { CopyLinkButton } from "../components/detail/copy-link-button";
import { MissingItem } from "../components/detail/missing-item";
import { OrderTerms } from "../components/detail/order-terms";
import { RichText } from "../components/detail/rich-text";
import { ShareButton } from "../components/detail/share-button";
import { ReadyNote, SpecTable } from "../components/detail/spec-table";
import { OrderButtons, WishlistToggle } from "../components/shop/item-actions";
import { AdminControls } from "../components/shop/admin-controls";
import { Price } from "../components/shop/price";
import { ProductCard } from "../components/shop/product-card";
import { ResponsiveImage } from "../components/ui/responsive-image";
import { breadcrumbs, plainText, seoMeta, siteFrom, type Crumb } from "../lib/seo";
import { productJsonLd } from "../lib/structured-data";
import { RatingSummary, ReviewsSection, reviewsPageOf } from "../components/reviews/reviews-section";
import { summariseProduct } from "../lib/summaries";
import { useShell } from "../lib/use-shell";
import type { Route } from "./+types/collection";

/** Above a draft, for the owner only: loaded with a draft, never with a shopper's page. */
const DraftBanner = lazy(() => import("../components/admin/draft-banner"));

/** A draft's page is the owner's alone: no cache keeps it, no search engine lists it. */
const DRAFT_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export const headers: Route.HeadersFunction = ({ loaderHeaders }) =>
  loaderHeaders.has("X-Robots-Tag") ? DRAFT_HEADERS : {};

/**
 * The collection, its products as cards, each piece's size, and what the pieces cost
 * bought one by one (for what the set saves).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const found =
    (await context.catalog.getCollection(params.collectionId)) ?? (await draftFor(context, params.collectionId));
  if (!found) {
    return data(
      { collection: null, draft: false, products: [], sizes: [], piecesPrice: 0, reviews: null },
      { status: 404 },
    );
  }
  // Its reviews are read a page at a time below, as the page asks for them.
  const { productIds, piecesPrice, reviews: _newest, ...collection } = found;
  const page = reviewsPageOf(request);
  const reviews = { ...(await context.reviews.forItem("Collection", collection._id, page)), page };
  const sizes = productIds.flatMap(({ _id, name, dimensions }) => (dimensions ? [{ _id, name, dimensions }] : []));
  const draft = collection.status === "draft";
  return data(
    { collection, draft, products: productIds.map(summariseProduct), sizes, piecesPrice, reviews },
    draft ? { headers: DRAFT_HEADERS } : undefined,
  );
}

/**
 * A draft, which the public read leaves out, for its preview (docs/product.md, Catalogue
 * tools): only an admin reads it; for anyone else it is not there.
 */
async function draftFor(context: Route.LoaderArgs["context"], id: string) {
  if (!context.viewer?.isAdmin) return null;
  const collection = await context.admin.getCollection(id);
  return collection?.status === "draft" ? collection : null;
}

/** Home › Collections › Name: the page's breadcrumbs, and its JSON-LD's. */
const trailOf = (collection: { _id: string; name: string }): Crumb[] => [
  { name: "Home", path: "/" },
  { name: "Collections", path: "/shop?view=collections" },
  { name: collection.name, path: `/collection/${collection._id}` },
];

/** What buying the set saves against buying its pieces one by one, in naira; 0 when it saves nothing. */
function saving(piecesPrice: number, setPrice: number): number {
  return koboToNaira(Math.max(0, nairaToKobo(piecesPrice) - nairaToKobo(setPrice)));
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const collection = loaderData?.collection;
  if (!collection) return [{ title: "Collection not found" }, { name: "robots", content: "noindex" }];
  if (loaderData.draft) return [{ title: `${collection.name} (draft)` }, { name: "robots", content: "noindex" }];
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
        null,
        { rating: collection.rating, reviews: loaderData.reviews?.reviews ?? [] },
      ),
      breadcrumbs(site, trailOf(collection)),
    ],
  });
};

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  const { site } = useShell();
  const { collection, products, sizes, piecesPrice, reviews } = loaderData;
  if (!collection) {
    return <MissingItem message="Collection not found." to="/shop?view=collections" label="Back to Collections" />;
  }
  const saves = saving(piecesPrice, effectivePrice(collection));
  const pageUrl = itemUrl(site.publicUrl, "Collection", collection._id);
  return (
    <>
      {loaderData.draft && (
        <Suspense fallback={null}>
          <DraftBanner kind="collection" id={collection._id} path={`/collection/${collection._id}`} />
        </Suspense>
      )}
      <article className="mx-auto max-w-7xl px-5 pt-2 pb-16 md:px-8">
        <div className="flex min-w-0 items-center gap-2">
          <BackButton fallback="/shop?view=collections" />
          <span className="h-4 w-px shrink-0 bg-line" aria-hidden="true" />
          <Breadcrumbs trail={trailOf(collection)} />
        </div>
        <div className="mt-1 grid gap-8 lg:grid-cols-12 lg:gap-14">
          <div className="overflow-hidden rounded-sm bg-sand lg:sticky lg:top-24 lg:col-span-7 lg:self-start">
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
            <p className="mt-4 text-xs tracking-[0.16em] text-stone uppercase">{collection.style}</p>
            <h1 className="mt-2 font-serif text-3xl leading-tight md:text-4xl">{collection.name}</h1>
            {collection.isForeign && collection.origin && (
              <p className="mt-2 text-sm text-stone">Made in {collection.origin}</p>
            )}
            <div className="mt-4 text-xl">
              <Price
                price={collection.price}
                discountedPrice={collection.discountedPrice}
                isPromo={collection.isPromo}
                showPercent
              />
            </div>
            <RatingSummary rating={collection.rating} />
            {saves > 0 && (
              <p className="mt-2 flex items-start gap-2 text-sm text-clay">
                <Tag className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>
                  Save {formatNaira(saves)} against buying the pieces separately ({formatNaira(piecesPrice)})
                </span>
              </p>
            )}
            <div className="mt-2">
              <ReadyNote availability={collection.availability} readyBy={collection.readyBy} />
            </div>
            <div className="mt-6">
              <OrderButtons id={collection._id} itemType="Collection" item={collection} size="lg" />
              <AdminControls id={collection._id} itemType="Collection" />
            </div>
            <div className="mt-3 -ml-3 flex flex-wrap gap-1">
              <WishlistToggle id={collection._id} itemType="Collection" />
              <ShareButton title={collection.name} text={`${collection.name} at ${site.shopName}:`} url={pageUrl} />
              <CopyLinkButton url={pageUrl} />
            </div>
            <OrderTerms availability={collection.availability} />
            <SpecTable specs={collection} headingId="collection-details" />
            {sizes.length > 0 && (
              <section aria-labelledby="piece-sizes" className="mt-8 border-t border-line pt-6">
                <h2 id="piece-sizes" className="font-serif text-xl">
                  Sizes of the pieces
                </h2>
                <ul className="mt-3 text-sm">
                  {sizes.map((piece) => (
                    <li
                      key={piece._id}
                      className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 border-b border-line/70 py-2.5 last:border-b-0"
                    >
                      <Link to={`/product/${piece._id}`} className="underline-offset-4 hover:underline">
                        {piece.name}
                      </Link>
                      <span className="text-stone tabular-nums">{dimensionsText(piece.dimensions)}</span>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <section aria-labelledby="about-collection" className="mt-8 border-t border-line pt-6">
              <h2 id="about-collection" className="font-serif text-xl">
                About this collection
              </h2>
              <RichText html={collection.description} />
            </section>
          </div>
        </div>
      </article>
      {reviews && !loaderData.draft && <ReviewsSection data={reviews} path={`/collection/${collection._id}`} />}
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
