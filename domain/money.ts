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

/** Percent off, rounded to an integer: round((price − discounted) / price × 100). */
export function percentOff(price: number, discountedPrice: number): number {
  if (price <= 0) return 0;
  return Math.round(((price - discountedPrice) / price) * 100);
}

/** What a shopper pays: the discounted price while on promotion, else the price. */
export function effectivePrice(item: { price: number; isPromo: boolean; discountedPrice: number | null }): number {
  return item.isPromo && item.discountedPrice !== null ? item.discountedPrice : item.price;
}
