import { Suspense, use, type ReactNode } from "react";
import { Link } from "react-router";
import type { ProductSummary } from "../../lib/summaries";
import { Price } from "../shop/price";
import { ProductCard } from "../shop/product-card";
import { ResponsiveImage } from "../ui/responsive-image";

/** How wide a card in a row shows, for its pictures' srcset. */
const ROW_IMAGE_SIZES =
  "(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, (min-width: 640px) 50vw, 78vw";

/**
 * A row of product cards: on phones it scrolls sideways, a card and a bit of the next in
 * view; on wider screens a grid. Nothing at all when there are none.
 */
export function PieceRow({
  id,
  title,
  pieces,
  action,
}: {
  id: string;
  title: string;
  pieces: ProductSummary[];
  /** A link beside the heading ("See the whole collection"). */
  action?: ReactNode;
}) {
  if (pieces.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mx-auto max-w-7xl px-5 pt-12 md:px-8 md:pt-16">
      <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
        <h2 id={id} className="font-serif text-2xl md:text-3xl">
          {title}
        </h2>
        {action}
      </div>
      <ul className="-mx-5 mt-6 flex snap-x snap-mandatory scroll-px-5 gap-5 overflow-x-auto px-5 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:gap-x-6 sm:gap-y-10 sm:overflow-visible sm:px-0 md:grid-cols-3 lg:grid-cols-4 [&::-webkit-scrollbar]:hidden">
        {pieces.map((piece) => (
          <li key={piece._id} className="w-[78%] shrink-0 snap-start sm:w-auto">
            <ProductCard product={piece} imageSizes={ROW_IMAGE_SIZES} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A row the loader streams after the page (read without holding up its first byte): room
 * is kept for it meanwhile, and it shows once the read is done.
 */
export function StreamedPieceRow(props: {
  id: string;
  title: string;
  pieces: Promise<ProductSummary[]>;
  action?: ReactNode;
}) {
  return (
    <Suspense fallback={<div className="mx-auto h-96 max-w-7xl" aria-hidden="true" />}>
      <ReadPieceRow {...props} />
    </Suspense>
  );
}

function ReadPieceRow({
  pieces,
  ...row
}: {
  id: string;
  title: string;
  pieces: Promise<ProductSummary[]>;
  action?: ReactNode;
}) {
  return <PieceRow {...row} pieces={use(pieces)} />;
}

/**
 * Somewhere to go from a sold piece: a short list of available pieces like it, right
 * under the notice that it has sold.
 */
export function PiecesLikeThis({ pieces }: { pieces: ProductSummary[] }) {
  if (pieces.length === 0) return null;
  return (
    <section aria-labelledby="pieces-like-this" className="mt-5">
      <h2 id="pieces-like-this" className="font-serif text-lg">
        Similar pieces you can order
      </h2>
      <ul className="mt-3 divide-y divide-line border-y border-line">
        {pieces.slice(0, 4).map((piece) => (
          <li key={piece._id}>
            <Link to={`/product/${piece._id}`} className="group flex items-center gap-4 py-3">
              <ResponsiveImage
                image={piece.images[0]}
                alt=""
                sizes="96px"
                className="aspect-[4/3] w-24 shrink-0 rounded-sm object-cover"
              />
              <div className="min-w-0">
                <p className="truncate font-serif text-base group-hover:underline group-hover:underline-offset-4">
                  {piece.name}
                </p>
                <div className="mt-0.5 text-sm">
                  <Price price={piece.price} discountedPrice={piece.discountedPrice} isPromo={piece.isPromo} />
                </div>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
