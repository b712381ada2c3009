/**
 * Whether a check over user text takes time in proportion to the text's length. Absolute
 * times depend on the machine and on what else it runs; ratios much less so. This times
 * one run over an input ten times as long against ten runs over the short one: about 1
 * for a linear check, about 10 for one whose time grows with the square of the length.
 *
 * The short input grows until ten runs over it take a few milliseconds, so timer
 * resolution and scheduling are small beside what is measured; a super-linear check
 * reaches that sooner, which keeps its failing run short. Each time is the best of
 * several tries, and a try that already shows linear growth ends the measurement, so a
 * busy machine slows the measurement down rather than failing it.
 */
import { BUDGET } from "../budgets";

const RUNS = 10;
const ENOUGH_MS = 5;
const TRIES = 5;
const MAX_UNITS = 200_000;

function millisecondsFor(work: () => void): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

/** How many times longer one run over ten times the input takes than ten runs over it. */
export function growthRatio(input: (units: number) => string, check: (text: string) => unknown): number {
  let units = 100;
  let short = input(units);
  const tenShortRuns = () => {
    for (let run = 0; run < RUNS; run += 1) check(short);
  };
  while (units < MAX_UNITS && millisecondsFor(tenShortRuns) < ENOUGH_MS) {
    units *= 2;
    short = input(units);
  }
  const long = input(units * RUNS);
  let bestShort = Number.POSITIVE_INFINITY;
  let bestLong = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < TRIES; attempt += 1) {
    bestShort = Math.min(bestShort, millisecondsFor(tenShortRuns));
    bestLong = Math.min(
      bestLong,
      millisecondsFor(() => check(long)),
    );
    if (bestLong / bestShort < BUDGET.linearGrowthRatio / 2) break;
  }
  return bestLong / bestShort;
}
