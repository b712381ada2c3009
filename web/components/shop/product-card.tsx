import { Link } from "react-router";
import { isOnSale, percentOff } from "../../../domain/money";
import type { ProductSummary } from "../../lib/summaries";
import { ResponsiveImage } from "../ui/responsive-image";
import { OrderButtons, WishlistHeart } from "./item-actions";
import { Price } from "./price";

export const GRID_IMAGE_SIZES = "(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw";

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
    <article className="group flex flex-col" data-testid="product-card">
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
        <div className="pointer-events-none absolute top-3 left-3 flex gap-1.5">
          {isOnSale(product) && (
            <span className="rounded-full bg-promo px-2.5 py-1 text-xs font-medium text-white">
              {`-${percentOff(product.price, product.discountedPrice)}%`}
            </span>
          )}
          {product.sold && <span className="rounded-full bg-ink/85 px-2.5 py-1 text-xs text-white">Sold</span>}
        </div>
        <WishlistHeart
          id={product._id}
          itemType="Product"
          name={product.name}
          sold={product.sold}
          className="absolute top-2.5 right-2.5"
        />
      </div>
      <div className="mt-3 flex flex-1 flex-col">
        <p className="line-clamp-1 text-xs tracking-[0.14em] text-stone uppercase">
          {product.style}
          {product.collectionId && <span>{` · ${product.collectionId.name}`}</span>}
        </p>
        <h3 className="mt-1 font-serif text-lg leading-snug">
          <Link to={href} className="hover:underline hover:underline-offset-4">
            {product.name}
          </Link>
        </h3>
        <div className="mt-1 flex flex-1 items-end justify-between gap-3">
          <Price price={product.price} discountedPrice={product.discountedPrice} isPromo={product.isPromo} />
          <OrderButtons id={product._id} itemType="Product" item={product} sold={product.sold} />
        </div>
      </div>
    </article>
  );
}
