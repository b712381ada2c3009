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
}

export interface OrderSums {
  subtotalKobo: number;
  totalKobo: number;
  depositDueKobo: number;
  paidKobo: number;
  /** What is left to pay; never below 0 (an overpayment is not owed back here). */
  balanceKobo: number;
  depositCovered: boolean;
}

export function orderSums(input: OrderSumsInput): OrderSums {
  const subtotalKobo = input.lines.reduce((sum, line) => sum + line.unitPriceKobo * line.quantity, 0);
  const feesKobo = input.fees.reduce((sum, fee) => sum + fee.amountKobo, 0);
  const totalKobo = Math.max(0, subtotalKobo + feesKobo - input.discountKobo);
  const depositDueKobo = Math.min(
    totalKobo,
    input.depositDueKobo ?? Math.round((totalKobo * input.depositPercent) / 100),
  );
  const paidKobo = input.payments.reduce((sum, payment) => sum + payment.amountKobo, 0);
  return {
    subtotalKobo,
    totalKobo,
    depositDueKobo,
    paidKobo,
    balanceKobo: Math.max(0, totalKobo - paidKobo),
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
