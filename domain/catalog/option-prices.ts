/**
 * What a finish or fabric does to a product's price (docs/product.md, Options): its price
 * difference is added to the price and, while the product is on promotion, to the
 * promotion price too, so a dearer fabric costs the same amount more either way. Worked
 * out in kobo; the server fills each option's `price` and `discountedPrice` with it, and
 * every page, message and feed reads those.
 */
import { formatNaira, koboToNaira, nairaToKobo, type Priced } from "../money";

/** The item's price fields with `differenceKobo` added to each. */
export function withPriceDifference(item: Priced, differenceKobo: number): Priced {
  const add = (naira: number) => koboToNaira(nairaToKobo(naira) + differenceKobo);
  return {
    price: add(item.price),
    isPromo: item.isPromo,
    discountedPrice: item.discountedPrice === null ? null : add(item.discountedPrice),
  };
}

/** An option's prices as the API gives them. */
export interface OptionPrices {
  price: number;
  discountedPrice: number | null;
}

/** The prices a shopper pays for the item in this option (the item's own without one). */
export function pricedIn(item: Priced, option: OptionPrices | null | undefined): Priced {
  return option ? { price: option.price, discountedPrice: option.discountedPrice, isPromo: item.isPromo } : item;
}

/** "+₦120,000.00" beside a finish that costs more; "" for one that costs nothing more. */
export function priceDifferenceLabel(difference: number): string {
  return difference > 0 ? `+${formatNaira(difference)}` : "";
}
