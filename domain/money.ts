/**
 * Money is integer kobo inside the server (₦1 = 100 kobo) so sums never drift; the API
 * and the pages speak naira numbers with at most two decimals.
 */

const nairaFormatter = new Intl.NumberFormat("en-NG", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function nairaToKobo(naira: number): number {
  // Rounding absorbs float noise such as 19.99 * 100 = 1998.9999999999998.
  return Math.round(naira * 100);
}

export function koboToNaira(kobo: number): number {
  return kobo / 100;
}

/** "₦1,250,000.00": naira sign, en-NG grouping, exactly two decimals, everywhere (docs/product.md, Catalogue). */
export function formatNaira(naira: number): string {
  return `₦${nairaFormatter.format(naira)}`;
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
