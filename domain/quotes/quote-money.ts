/**
 * A quote's sums in integer kobo (docs/product.md, Quotes): the lines, the fees, less the
 * discount, never below nothing; the deposit is its share of the total, rounded to the kobo.
 */
import type { QuoteFeeRecord, QuoteLineRecord } from "./quote-records";

export interface QuoteSums {
  subtotalKobo: number;
  totalKobo: number;
  depositDueKobo: number;
}

export function quoteSums(
  lines: ReadonlyArray<Pick<QuoteLineRecord, "unitPriceKobo" | "quantity">>,
  fees: ReadonlyArray<QuoteFeeRecord>,
  discountKobo: number,
  depositPercent: number,
): QuoteSums {
  const subtotalKobo = lines.reduce((sum, line) => sum + line.unitPriceKobo * line.quantity, 0);
  const feesKobo = fees.reduce((sum, fee) => sum + fee.amountKobo, 0);
  const totalKobo = Math.max(0, subtotalKobo + feesKobo - discountKobo);
  return { subtotalKobo, totalKobo, depositDueKobo: Math.round((totalKobo * depositPercent) / 100) };
}

/**
 * The deposit share a quote takes when the owner does not choose one: the whole amount
 * when any line is an imported piece (the shop pays for it abroad before it ships), else
 * what the order terms ask for.
 */
export function defaultDepositPercent(lines: ReadonlyArray<Pick<QuoteLineRecord, "imported">>, termsPercent: number) {
  return lines.some((line) => line.imported) ? 100 : termsPercent;
}
