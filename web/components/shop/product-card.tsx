import { Link } from "react-router";
import { isOnSale, percentOff } from "../../../domain/money";
import type { ProductSummary } from "../../lib/summaries";
import { ResponsiveImage } from "../ui/responsive-image";
import { OrderButtons, WishlistHeart } from "./item-actions";
import { Price } from "./price";
import { CardStars } from "../reviews/stars";

export const GRID_IMAGE_SIZES = "(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw";

/**
 * A card's parts. It lays out by the room it has without measuring itself: its buttons sit
 * beside the price and wrap under it when they do not fit, and so do its badges. A grid
 * that puts two cards to a phone's row (`twoUpOnPhones`, about 160 px each) sets smaller
 * type there. (A container query did this, but made the browser lay every card out twice:
 * half the home page's layout time on a phone as it first draws.)
 */
export const CARD = {
  article: "group flex flex-col",
  badges: "pointer-events-none absolute top-2.5 left-2.5 flex flex-wrap items-start gap-1.5",
  badge: "rounded-full px-2.5 py-1 text-xs",
  heart: "absolute top-2 right-2",
  eyebrow: (twoUpOnPhones: boolean) =>
    `line-clamp-1 text-xs tracking-[0.14em] text-stone uppercase ${twoUpOnPhones ? "max-sm:text-[11px]" : ""}`,
  name: (twoUpOnPhones: boolean) =>
    `mt-1 line-clamp-2 font-serif text-lg leading-snug [overflow-wrap:anywhere] ${twoUpOnPhones ? "max-sm:text-base" : ""}`,
  foot: "mt-1.5 flex flex-1 flex-wrap content-end items-end justify-between gap-2.5",
};

export function ProductCard({
  product,
  imageSizes = GRID_IMAGE_SIZES,
  eager = false,
  twoUpOnPhones = false,
}: {
  product: ProductSummary;
  imageSizes?: string;
  /** The first card of a list that opens a page is its largest paint: it loads at once. */
  eager?: boolean;
  /** In a grid of two to a phone's row. */
  twoUpOnPhones?: boolean;
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
        <p className={CARD.eyebrow(twoUpOnPhones)}>
          {product.style}
          {product.collectionId && <span>{` · ${product.collectionId.name}`}</span>}
        </p>
        <h3 className={CARD.name(twoUpOnPhones)}>
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
