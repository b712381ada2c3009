import { Link } from "react-router";
import { isOnSale, percentOff } from "../../../domain/money";
import type { CollectionSummary } from "../../lib/summaries";
import { ResponsiveImage } from "../ui/responsive-image";
import { OrderButtons, WishlistHeart } from "./item-actions";
import { CARD, GRID_IMAGE_SIZES } from "./product-card";
import { Price } from "./price";
import { CardStars } from "../reviews/stars";

export function CollectionCard({
  collection,
  imageSizes = GRID_IMAGE_SIZES,
  eager = false,
  twoUpOnPhones = false,
}: {
  collection: CollectionSummary;
  imageSizes?: string;
  /** The first card of a list that opens a page is its largest paint: it loads at once. */
  eager?: boolean;
  /** In a grid of two to a phone's row. */
  twoUpOnPhones?: boolean;
}) {
  const href = `/collection/${collection._id}`;
  return (
    <article className={CARD.article} data-testid="collection-card">
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
          <div className={CARD.badges}>
            <span className={`${CARD.badge} bg-promo font-medium text-white`}>
              {`-${percentOff(collection.price, collection.discountedPrice)}%`}
            </span>
          </div>
        )}
        <WishlistHeart id={collection._id} itemType="Collection" name={collection.name} className={CARD.heart} />
      </div>
      <div className="mt-3 flex flex-1 flex-col">
        <p className={CARD.eyebrow(twoUpOnPhones)}>
          {`${collection.style} · ${collection.productCount} ${collection.productCount === 1 ? "piece" : "pieces"}`}
        </p>
        <h3 className={CARD.name(twoUpOnPhones)}>
          <Link to={href} className="hover:underline hover:underline-offset-4">
            {collection.name}
          </Link>
        </h3>
        {collection.rating && <CardStars rating={collection.rating} />}
        <div className={CARD.foot}>
          <Price price={collection.price} discountedPrice={collection.discountedPrice} isPromo={collection.isPromo} />
          <OrderButtons id={collection._id} itemType="Collection" item={collection} />
        </div>
      </div>
    </article>
  );
}
