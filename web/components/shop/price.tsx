import { formatNaira, percentOff } from "../../../domain/money";

interface Props {
  price: number;
  discountedPrice: number | null;
  isPromo: boolean;
  showPercent?: boolean;
}

/** A promo shows the discounted price in red and the old price struck through (docs/product.md, Catalogue). */
export function Price({ price, discountedPrice, isPromo, showPercent = false }: Props) {
  if (isPromo && discountedPrice !== null) {
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
