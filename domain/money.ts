/**
 * Money is integer kobo inside the server (₦1 = 100 kobo) so sums never drift; the API
 * and the pages speak naira numbers with at most two decimals.
 */
import { formatNumber } from "./numbers";

export function nairaToKobo(naira: number): number {
  // Rounding absorbs float noise such as 19.99 * 100 = 1998.9999999999998.
  return Math.round(naira * 100);
}

export function koboToNaira(kobo: number): number {
  return kobo / 100;
}

/** "₦1,250,000.00": naira sign, en-NG grouping, exactly two decimals, everywhere (docs/product.md, Catalogue). */
export function formatNaira(naira: number): string {
  return `₦${formatNumber(naira, { minDecimals: 2, maxDecimals: 2 })}`;
}

/**
 * Whether a naira amount is a whole number of kobo (at most two decimals). The check is
 * made in kobo: a tolerance in naira would refuse large prices whose float times 100 is
 * not exact (₦687,047,103.31), while a third decimal is at least 0.1 kobo off.
 */
export function isWholeKobo(naira: number): boolean {
  return Math.abs(naira * 100 - nairaToKobo(naira)) < 0.001;
}

/** Percent off, rounded to an integer: round((price − discounted) / price × 100), worked out in kobo. */
export function percentOff(price: number, discountedPrice: number): number {
  const priceKobo = nairaToKobo(price);
  if (priceKobo <= 0) return 0;
  return Math.round(((priceKobo - nairaToKobo(discountedPrice)) / priceKobo) * 100);
}

/** The price fields of a product or collection, in naira as the API speaks them. */
export interface Priced {
  price: number;
  isPromo: boolean;
  discountedPrice: number | null;
}

/** Whether the item sells at its discounted price: on promotion, with one set. */
export function isOnSale<T extends Priced>(item: T): item is T & { discountedPrice: number } {
  return item.isPromo && item.discountedPrice !== null;
}

/** What a shopper pays: the discounted price while on sale, else the price. */
export function effectivePrice(item: Priced): number {
  return isOnSale(item) ? item.discountedPrice : item.price;
}

/*
 * A finish's price (docs/product.md, Options): its price difference is added to the price
 * and, while the product is on promotion, to the promotion price too, so a dearer fabric
 * costs the same amount more either way. Worked out in kobo; the server fills each
 * option's `price` and `discountedPrice` with it, and every page, message and feed reads those.
 */

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
