import { lazy, Suspense, useRef } from "react";
import { data, Link, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import type { ImageRef, Product } from "../../domain/catalog/catalog.types";
import type { CatalogReader } from "../../domain/load-context";
import { effectivePrice, formatNaira, pricedIn } from "../../domain/money";
import { swatchSheetPath } from "../../domain/orders/swatches";
import { itemUrl } from "../../domain/whatsapp";
import { BackButton } from "../components/detail/back-button";
import { Breadcrumbs } from "../components/detail/breadcrumbs";
import { CopyLinkButton } from "../components/detail/copy-link-button";
import { ImageGallery } from "../components/detail/image-gallery";
import { MissingItem } from "../components/detail/missing-item";
import { chosenOption } from "../../domain/catalog/furniture";
import { OPTION_PARAM, OptionPicker } from "../components/detail/option-picker";
import { OrderTerms } from "../components/detail/order-terms";
import { RecentlyViewed } from "../components/detail/recently-viewed";
import { PiecesLikeThis, StreamedPieceRow } from "../components/detail/related-pieces";
import { RichText } from "../components/detail/rich-text";
import { ShareButton } from "../components/detail/share-button";
import { ReadyNote, SpecTable } from "../components/detail/spec-table";
import { StickyOrderBar } from "../components/detail/sticky-order-bar";
import { OrderButtons, WishlistToggle } from "../components/shop/item-actions";
import { AdminControls } from "../components/shop/admin-controls";
import { Price } from "../components/shop/price";
import { DeliveryNote } from "../components/delivery/delivery-parts";
import type { ChosenDelivery } from "../../domain/delivery/delivery.actions";
import type { DeliveryQuote } from "../../domain/delivery/delivery.schema";
import { breadcrumbs, plainText, seoMeta, siteFrom, type Crumb } from "../lib/seo";
import { productJsonLd } from "../lib/structured-data";
import {
  RatingSummary,
  ReviewPhotos,
  reviewsPageOf,
  ReviewsSection,
  type ReviewsData,
} from "../components/reviews/reviews-section";
import { summariseProduct, type ProductSummary } from "../lib/summaries";
import { useShell } from "../lib/use-shell";
import type { Route } from "./+types/product";

/** Above a draft, for the owner only: loaded with a draft, never with a shopper's page. */
const DraftBanner = lazy(() => import("../components/admin/draft-banner"));

/** A draft's page is the owner's alone: no cache keeps it, no search engine lists it. */
const DRAFT_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export const headers: Route.HeadersFunction = ({ loaderHeaders }) =>
  loaderHeaders.has("X-Robots-Tag") ? DRAFT_HEADERS : {};

/** The bars' chat link stays off this page: its order bar offers WhatsApp already. */
export const handle = { hideChatButton: true };

/** How many pieces a row of related pieces shows. */
const ROW = 8;
/** Read for a row, so that enough are left once this piece, sold ones and those shown above are set aside. */
const READ = 24;

/** Home › Shop › Category › Name: the page's breadcrumbs, and its JSON-LD's. */
const trailOf = (product: Product): Crumb[] => [
  { name: "Home", path: "/" },
  { name: "Shop", path: "/shop" },
  { name: product.category, path: `/shop?category=${encodeURIComponent(product.category)}` },
  { name: product.name, path: `/product/${product._id}` },
];

/** The other pieces of the product's collection. */
async function collectionPieces(catalog: CatalogReader, product: Product): Promise<ProductSummary[]> {
  if (!product.collectionId) return [];
  const collection = await catalog.getCollection(product.collectionId._id);
  return (collection?.productIds ?? [])
    .filter((piece) => piece._id !== product._id)
    .slice(0, ROW)
    .map(summariseProduct);
}

/**
 * Pieces like this one that can still be ordered: of its category and style first, then
 * of its category, newest first, leaving out this piece and those its collection's row shows.
 */
async function similarPieces(
  catalog: CatalogReader,
  product: Product,
  collection: Promise<ProductSummary[]>,
): Promise<ProductSummary[]> {
  const { category, style } = product;
  const [shown, sameStyle] = await Promise.all([
    collection,
    catalog.listProducts({ page: 1, limit: READ, category, style }),
  ]);
  const skip = new Set([product._id, ...shown.map((piece) => piece._id)]);
  const pick = (found: Product[]) => found.filter((piece) => !piece.sold && !skip.has(piece._id));
  const similar = pick(sameStyle.products);
  if (similar.length < ROW) {
    for (const piece of similar) skip.add(piece._id);
    similar.push(...pick((await catalog.listProducts({ page: 1, limit: READ, category })).products));
  }
  return similar.slice(0, ROW).map(summariseProduct);
}

/**
 * The product, and two rows read after it: its collection's other pieces and similar
 * pieces, streamed so the page's first byte does not wait for them. A row that cannot be
 * read is left out (the page is whole without it). A sold piece's similar pieces are part
 * of the page itself (`likeThis`), shown under the notice that it has sold.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const product = (await context.catalog.getProduct(params.productId)) ?? (await draftFor(context, params.productId));
  if (!product) return data({ product: null }, { status: 404 });
  const none = (): ProductSummary[] => [];
  const collection = collectionPieces(context.catalog, product).catch(none);
  const similar = similarPieces(context.catalog, product, collection).catch(none);
  const draft = product.status === "draft";
  // What delivering this piece to the shopper's area costs, once they have said where.
  const piece = [{ itemType: "Product" as const, itemId: product._id, quantity: 1 }];
  const reviewsPage = reviewsPageOf(request);
  const [delivery, chosen, shipping, reviews, homes] = await Promise.all([
    product.sold ? null : context.delivery.quoteChosen(piece),
    context.delivery.choice(),
    // What search engines are told delivery to the main area costs.
    product.sold ? null : context.delivery.mainAreaShipping(piece),
    context.reviews.forItem("Product", product._id, reviewsPage),
    context.reviews.homePhotos("Product", product._id),
  ]);
  return data(
    {
      product,
      draft,
      collection,
      similar,
      likeThis: product.sold ? await similar : [],
      delivery,
      chosen,
      shipping,
      reviews: { ...reviews, page: reviewsPage },
      homes,
    },
    draft ? { headers: DRAFT_HEADERS } : undefined,
  );
}

/**
 * A draft, which the public read leaves out, for its preview (docs/product.md, Catalogue
 * tools): only an admin reads it; for anyone else it is not there.
 */
async function draftFor(context: Route.LoaderArgs["context"], id: string) {
  if (!context.viewer?.isAdmin) return null;
  const product = await context.admin.getProduct(id);
  return product?.status === "draft" ? product : null;
}

/**
 * Choosing a finish changes only `?option=`: the page already holds every option, so it
 * swaps the picture in place without asking the server again.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const withoutOption = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete(OPTION_PARAM);
    return `${url.pathname}?${params}`;
  };
  if (!formMethod && withoutOption(currentUrl) === withoutOption(nextUrl)) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const product = loaderData?.product;
  if (!product) return [{ title: "Product not found" }, { name: "robots", content: "noindex" }];
  if (loaderData.draft) return [{ title: `${product.name} (draft)` }, { name: "robots", content: "noindex" }];
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
      productJsonLd(site, product, path, description, loaderData.shipping, {
        rating: product.rating,
        reviews: loaderData.reviews.reviews,
      }),
      breadcrumbs(site, trailOf(product)),
    ],
  });
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.product) return <MissingItem message="Product not found." to="/shop" label="Back to Shop" />;
  return (
    <>
      {loaderData.draft && (
        <Suspense fallback={null}>
          <DraftBanner kind="product" id={loaderData.product._id} path={`/product/${loaderData.product._id}`} />
        </Suspense>
      )}
      <ProductDetail {...loaderData} />
    </>
  );
}

function ProductDetail({
  product,
  collection,
  similar,
  likeThis,
  delivery,
  chosen,
  reviews,
  homes,
}: {
  product: Product;
  collection: Promise<ProductSummary[]>;
  similar: Promise<ProductSummary[]>;
  likeThis: ProductSummary[];
  delivery: DeliveryQuote | null;
  chosen: ChosenDelivery | null;
  reviews: ReviewsData;
  homes: ImageRef[];
}) {
  const { site, viewer } = useShell();
  const [params] = useSearchParams();
  const buttons = useRef<HTMLDivElement>(null);
  const { sold } = product;
  const shopper = !viewer?.isAdmin;
  // A sold piece cannot be ordered in any finish: its own pictures show.
  const option = sold ? null : chosenOption(product.options, params.get(OPTION_PARAM));
  // The piece in the finish chosen, or as the product shows it when the finish has no
  // photos of its own; a swatch is a picture of the finish, never the piece's photo.
  const images = option?.images.length ? option.images : product.images;
  // What the shopper pays in that finish: the server added its price difference.
  const prices = pricedIn(product, option);
  const pageUrl = itemUrl(site.publicUrl, "Product", product._id);
  // A finish the shopper picked travels with the link they share.
  const shareUrl = option && params.has(OPTION_PARAM) ? `${pageUrl}?${OPTION_PARAM}=${option._id}` : pageUrl;
  const optionId = option?._id ?? null;

  return (
    <>
      <article className="mx-auto max-w-7xl px-5 pt-2 md:px-8">
        <div className="flex min-w-0 items-center gap-2">
          <BackButton fallback="/shop" />
          <span className="h-4 w-px shrink-0 bg-line" aria-hidden="true" />
          <Breadcrumbs trail={trailOf(product)} />
        </div>
        <div className="mt-1 grid gap-8 lg:grid-cols-12 lg:gap-14">
          <div className="lg:col-span-7">
            <div className="lg:sticky lg:top-24">
              <ImageGallery
                key={option?.images.length ? option._id : "pictures"}
                images={images}
                label={product.name}
                sizes="(min-width: 1280px) 700px, (min-width: 1024px) 58vw, 100vw"
                thumbnails="wide"
                fullScreen
              />
              {homes.length > 0 && (
                <section aria-labelledby="in-homes" className="mt-5">
                  <h2 id="in-homes" className="text-sm font-medium">
                    In customers&rsquo; homes
                  </h2>
                  <ReviewPhotos photos={homes} label="In customers' homes" className="mt-2" size="size-16" />
                </section>
              )}
            </div>
          </div>
          <div className="lg:col-span-5">
            <div className="flex flex-wrap gap-2 text-xs">
              {product.isBestSeller && <span className="rounded-full bg-clay px-3 py-1 text-white">Best Seller</span>}
              <span className={`rounded-full px-3 py-1 ${sold ? "bg-ink text-white" : "bg-sand text-ink"}`}>
                {sold ? "Sold" : "Available"}
              </span>
            </div>
            <p className="mt-4 text-xs tracking-[0.16em] text-stone uppercase">
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
            <div className="mt-4 text-xl">
              <Price
                price={prices.price}
                discountedPrice={prices.discountedPrice}
                isPromo={prices.isPromo}
                showPercent
              />
            </div>
            <RatingSummary rating={product.rating} />
            {!sold && (
              <div className="mt-2 space-y-1.5">
                <ReadyNote availability={product.availability} readyBy={product.readyBy} />
                {shopper && <DeliveryNote delivery={delivery} chosen={chosen} back={`/product/${product._id}`} />}
              </div>
            )}
            {sold && shopper && (
              <>
                <p className="mt-6 rounded-2xl bg-sand px-5 py-4 text-sm leading-relaxed">
                  <span className="font-medium">This piece has been sold.</span> Ask us on WhatsApp and we can make
                  another or suggest something close.
                </p>
                <PiecesLikeThis pieces={likeThis} />
              </>
            )}
            {option && (
              <OptionPicker
                options={product.options}
                chosen={option}
                swatches={shopper ? swatchSheetPath(product._id, option._id) : null}
              />
            )}
            <div ref={buttons} className={sold ? "mt-5" : "mt-6"}>
              <OrderButtons
                id={product._id}
                itemType="Product"
                item={product}
                sold={sold}
                option={optionId}
                size="lg"
              />
              <AdminControls id={product._id} itemType="Product" />
            </div>
            <div className="mt-3 -ml-3 flex flex-wrap gap-1">
              <WishlistToggle id={product._id} itemType="Product" sold={sold} option={option?._id ?? null} />
              <ShareButton title={product.name} text={`${product.name} at ${site.shopName}:`} url={shareUrl} />
              <CopyLinkButton url={shareUrl} />
            </div>
            {!sold && <OrderTerms availability={product.availability} />}
            <SpecTable specs={product} headingId="piece-details" />
            <section aria-labelledby="about-piece" className="mt-8 border-t border-line pt-6">
              <h2 id="about-piece" className="font-serif text-xl">
                About this piece
              </h2>
              <RichText html={product.description} />
            </section>
          </div>
        </div>
      </article>
      {product.status !== "draft" && <ReviewsSection data={reviews} path={`/product/${product._id}`} />}
      {product.collectionId && (
        <StreamedPieceRow
          id="more-from-collection"
          title="More from this collection"
          pieces={collection}
          action={
            <Link
              to={`/collection/${product.collectionId._id}`}
              className="text-sm text-stone underline underline-offset-4 hover:text-ink"
            >
              See the whole {product.collectionId.name} collection
            </Link>
          }
        />
      )}
      {!sold && <StreamedPieceRow id="similar-pieces" title="Similar pieces" pieces={similar} />}
      <RecentlyViewed current={summariseProduct(product)} />
      {shopper && (
        <StickyOrderBar watch={buttons} label="Order this piece">
          <div className="min-w-0 flex-1">
            <p className="truncate text-xs text-stone">{product.name}</p>
            <p className="font-medium">{formatNaira(effectivePrice(prices))}</p>
          </div>
          <OrderButtons id={product._id} itemType="Product" item={product} sold={sold} option={optionId} size="bar" />
        </StickyOrderBar>
      )}
    </>
  );
}
