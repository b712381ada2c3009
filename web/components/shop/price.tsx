import { formatNaira, isOnSale, percentOff, type Priced } from "../../../domain/money";

interface Props extends Priced {
  showPercent?: boolean;
}

/** A promo shows the discounted price in red and the old price struck through (docs/product.md, Catalogue). */
export function Price({ showPercent = false, ...item }: Props) {
  const { price } = item;
  if (isOnSale(item)) {
    const { discountedPrice } = item;
    return (
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-medium text-promo">{formatNaira(discountedPrice)}</span>
        <s className="text-sm text-stone">{formatNaira(price)}</s>
        {showPercent && <span className="text-sm text-promo">{`-${percentOff(price, discountedPrice)}%`}</span>}
      </p>
    );
  }
  return <p className="font-medium">{formatNaira(price)}</p>;
}
