/**
 * How a bulk percentage change rounds prices (docs/product.md, Catalogue tools): to the
 * nearest ₦100, ₦1,000 or ₦5,000, as the owner chooses, so prices stay the round figures
 * shops quote. Free of the validation library: the admin's bulk bar reads the choices too.
 */

/** The round figures, in naira, a percentage change may round prices to; the first is the default. */
export const ROUNDING_STEPS = [100, 1000, 5000] as const;
export type RoundingStep = (typeof ROUNDING_STEPS)[number];

/**
 * A price in kobo moved by a percentage, to the nearest `step` naira (halfway goes up). A
 * price that would round down to nothing rounds to the naira instead: a lowered price
 * never becomes free by rounding.
 */
export function roundedPercentOf(kobo: number, percent: number, step: RoundingStep): number {
  const moved = (kobo * (100 + percent)) / 100;
  const rounded = Math.round(moved / (step * 100)) * step * 100;
  return rounded > 0 || moved <= 0 ? rounded : Math.round(moved / 100) * 100;
}
