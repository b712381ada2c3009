/**
 * An order's sums, worked out in integer kobo (docs/architecture.md, Money in kobo): its
 * lines as snapshotted, the owner's fees and discount, the deposit due and the payments.
 */

export interface OrderSumsInput {
  lines: Array<{ unitPriceKobo: number; quantity: number }>;
  fees: Array<{ amountKobo: number }>;
  discountKobo: number;
  /** Set by the owner; null takes `depositPercent` of the total. */
  depositDueKobo: number | null;
  depositPercent: number;
  payments: Array<{ amountKobo: number }>;
  /** Forgiven by the owner to close the order. */
  writtenOffKobo?: number;
  /**
   * The order's current quote (the approved version, else the latest sent): once there is
   * one, its sums are the order's, whatever the order's own lines and fees say.
   */
  quote?: { subtotalKobo: number; totalKobo: number; depositDueKobo: number } | null;
}

export interface OrderSums {
  subtotalKobo: number;
  totalKobo: number;
  depositDueKobo: number;
  paidKobo: number;
  writtenOffKobo: number;
  /** What is left to pay; never below 0 (an overpayment is not owed back here). */
  balanceKobo: number;
  depositCovered: boolean;
}

export function orderSums(input: OrderSumsInput): OrderSums {
  const quote = input.quote ?? null;
  const subtotalKobo = quote
    ? quote.subtotalKobo
    : input.lines.reduce((sum, line) => sum + line.unitPriceKobo * line.quantity, 0);
  const feesKobo = input.fees.reduce((sum, fee) => sum + fee.amountKobo, 0);
  const totalKobo = quote ? quote.totalKobo : Math.max(0, subtotalKobo + feesKobo - input.discountKobo);
  const depositDueKobo = Math.min(
    totalKobo,
    quote ? quote.depositDueKobo : (input.depositDueKobo ?? Math.round((totalKobo * input.depositPercent) / 100)),
  );
  const paidKobo = input.payments.reduce((sum, payment) => sum + payment.amountKobo, 0);
  const writtenOffKobo = input.writtenOffKobo ?? 0;
  return {
    subtotalKobo,
    totalKobo,
    depositDueKobo,
    paidKobo,
    writtenOffKobo,
    balanceKobo: Math.max(0, totalKobo - paidKobo - writtenOffKobo),
    depositCovered: paidKobo >= depositDueKobo,
  };
}

/**
 * The deposit the owner's order terms ask for, as a percentage: the first "N%" in them
 * ("50% to 80%" → 50), else half.
 */
export function depositPercentOf(terms: string): number {
  const match = /(\d{1,3}(?:\.\d+)?)\s*%/.exec(terms);
  const percent = match ? Number(match[1]) : Number.NaN;
  return Number.isFinite(percent) && percent >= 0 && percent <= 100 ? percent : 50;
}
