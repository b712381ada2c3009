import { Link } from "react-router";
import { isOnSale, percentOff } from "../../../domain/money";
import type { ProductSummary } from "../../lib/summaries";
import { ResponsiveImage } from "../ui/responsive-image";
import { OrderButtons, WishlistHeart } from "./item-actions";
import { Price } from "./price";
import { CardStars } from "../reviews/stars";

export const GRID_IMAGE_SIZES = "(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw";

/**
 * How a card lays out by its own width (a container query), wherever it is shown: a
 * narrow one (two to a phone's row) puts its buttons under the price, a wider one beside it.
 */
export const CARD = {
  article: "group @container flex flex-col",
  badges: "pointer-events-none absolute top-2.5 left-2.5 flex flex-col items-start gap-1.5 @min-[15rem]:flex-row",
  badge: "rounded-full px-2.5 py-1 text-xs",
  heart: "absolute top-2 right-2",
  eyebrow: "line-clamp-1 text-[11px] tracking-[0.14em] text-stone uppercase @min-[15rem]:text-xs",
  name: "mt-1 line-clamp-2 font-serif text-base leading-snug [overflow-wrap:anywhere] @min-[15rem]:text-lg",
  foot: "mt-1.5 flex flex-1 flex-col justify-end gap-2.5 @min-[15rem]:flex-row @min-[15rem]:items-end @min-[15rem]:justify-between",
};

export function ProductCard({
  product,
  imageSizes = GRID_IMAGE_SIZES,
  eager = false,
}: {
  product: ProductSummary;
  imageSizes?: string;
  /** The first card of a list that opens a page is its largest paint: it loads at once. */
  eager?: boolean;
}) {
  const href = `/product/${product._id}`;
  return (
    <article className={CARD.article} data-testid="product-card">
      <div className="relative overflow-hidden rounded-sm bg-sand">
        <Link to={href} tabIndex={-1} aria-hidden="true">
          <ResponsiveImage
            image={product.images[0]}
            alt=""
            sizes={imageSizes}
            eager={eager}
            className={`aspect-[4/3] w-full object-cover transition duration-500 group-hover:scale-[1.03] ${product.sold ? "opacity-70 saturate-50" : ""}`}
          />
        </Link>
        <div className={CARD.badges}>
          {isOnSale(product) && (
            <span className={`${CARD.badge} bg-promo font-medium text-white`}>
              {`-${percentOff(product.price, product.discountedPrice)}%`}
            </span>
          )}
          {product.sold && <span className={`${CARD.badge} bg-ink/85 text-white`}>Sold</span>}
        </div>
        <WishlistHeart
          id={product._id}
          itemType="Product"
          name={product.name}
          sold={product.sold}
          className={CARD.heart}
        />
      </div>
      <div className="mt-3 flex flex-1 flex-col">
        <p className={CARD.eyebrow}>
          {product.style}
          {product.collectionId && <span>{` · ${product.collectionId.name}`}</span>}
        </p>
        <h3 className={CARD.name}>
          <Link to={href} className="hover:underline hover:underline-offset-4">
            {product.name}
          </Link>
        </h3>
        {product.rating && <CardStars rating={product.rating} />}
        <div className={CARD.foot}>
          <Price price={product.price} discountedPrice={product.discountedPrice} isPromo={product.isPromo} />
          <OrderButtons
            id={product._id}
            itemType="Product"
            item={product}
            sold={product.sold}
            finishes={product.finishes}
          />
        </div>
      </div>
    </article>
  );
}
