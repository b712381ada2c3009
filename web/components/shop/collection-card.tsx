import { Link } from "react-router";
import { isOnSale, percentOff } from "../../../domain/money";
import type { CollectionSummary } from "../../lib/summaries";
import { ResponsiveImage } from "../ui/responsive-image";
import { OrderButtons, WishlistHeart } from "./item-actions";
import { GRID_IMAGE_SIZES } from "./product-card";
import { Price } from "./price";

export function CollectionCard({
  collection,
  imageSizes = GRID_IMAGE_SIZES,
  eager = false,
}: {
  collection: CollectionSummary;
  imageSizes?: string;
  /** The first card of a list that opens a page is its largest paint: it loads at once. */
  eager?: boolean;
}) {
  const href = `/collection/${collection._id}`;
  return (
    <article className="group flex flex-col" data-testid="collection-card">
      <div className="relative overflow-hidden rounded-sm bg-sand">
        <Link to={href} tabIndex={-1} aria-hidden="true">
          <ResponsiveImage
            image={collection.coverImage}
            alt=""
            sizes={imageSizes}
            eager={eager}
            className="aspect-[4/3] w-full object-cover transition duration-500 group-hover:scale-[1.03]"
          />
        </Link>
        {isOnSale(collection) && (
          <span className="pointer-events-none absolute top-3 left-3 rounded-full bg-promo px-2.5 py-1 text-xs font-medium text-white">
            {`-${percentOff(collection.price, collection.discountedPrice)}%`}
          </span>
        )}
        <WishlistHeart
          id={collection._id}
          itemType="Collection"
          name={collection.name}
          className="absolute top-2.5 right-2.5"
        />
      </div>
      <div className="mt-3 flex flex-1 flex-col">
        <p className="line-clamp-1 text-xs tracking-[0.14em] text-stone uppercase">
          {`${collection.style} · ${collection.productCount} ${collection.productCount === 1 ? "piece" : "pieces"}`}
        </p>
        <h3 className="mt-1 font-serif text-lg leading-snug">
          <Link to={href} className="hover:underline hover:underline-offset-4">
            {collection.name}
          </Link>
        </h3>
        <div className="mt-1 flex flex-1 items-end justify-between gap-3">
          <Price price={collection.price} discountedPrice={collection.discountedPrice} isPromo={collection.isPromo} />
          <OrderButtons id={collection._id} itemType="Collection" item={collection} />
        </div>
      </div>
    </article>
  );
}
