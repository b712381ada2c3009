/**
 * The months' names, in a module of their own: the shop pages' review badges need only
 * these, and importing them from dates.ts would ship its parsers to every first visit.
 */
export const LONG_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** "November" for 11. */
export const monthName = (month: number): string => LONG_MONTHS[month - 1] ?? "";
