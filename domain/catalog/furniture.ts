/**
 * What furniture buyers decide on (docs/product.md, Furniture details): a piece's size,
 * its materials, the finishes or fabrics it comes in, and when it can be ready. Shared
 * by the API's answers, the pages, the WhatsApp messages and the orders. No Node APIs:
 * the shop's bundle imports this.
 */
import { formatDay, lagosDay } from "../dates";

/** Outside measurements in whole centimetres; seat height only for seating. */
export interface Dimensions {
  width: number;
  depth: number;
  height: number;
  seatHeight: number | null;
}

export const AVAILABILITY_KINDS = ["in_stock", "made_to_order", "imported"] as const;
export type AvailabilityKind = (typeof AVAILABILITY_KINDS)[number];

/**
 * In stock: ready now. Made to order: built in `weeksFrom`–`weeksTo` weeks. Imported:
 * shipped in `weeksFrom` weeks (or `weeksFrom`–`weeksTo`). Weeks are null in stock.
 */
export interface Availability {
  kind: AvailabilityKind;
  weeksFrom: number | null;
  weeksTo: number | null;
}

export const IN_STOCK: Availability = { kind: "in_stock", weeksFrom: null, weeksTo: null };

/** The longest wait the shop may promise, in weeks. */
export const MAX_WEEKS = 52;
/** The largest measurement, in cm: wider than any room's wall, so a typing slip. */
export const MAX_CENTIMETRES = 2000;
/** Finishes or fabrics one product may offer. */
export const MAX_OPTIONS = 12;
/** Photos of the piece one option may show. */
export const MAX_OPTION_IMAGES = 8;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Today's date in Lagos, as "YYYY-MM-DD". */
export const lagosToday = (now: Date = new Date()): string => lagosDay(now);

/**
 * The date a piece ordered today can be ready by (ISO "YYYY-MM-DD"): today when in stock,
 * else today plus the longest wait quoted. Worked out on every read, never stored: it moves
 * with the calendar.
 */
export function readyBy(availability: Availability, today: string = lagosToday()): string {
  const weeks = availability.kind === "in_stock" ? 0 : (availability.weeksTo ?? availability.weeksFrom ?? 0);
  return new Date(Date.parse(`${today}T00:00:00Z`) + weeks * 7 * DAY_MS).toISOString().slice(0, 10);
}

/** "6–8 weeks", "10 weeks", "1 week". */
export const weeksText = ({ weeksFrom, weeksTo }: Availability) =>
  weeksFrom !== null && weeksTo !== null && weeksTo !== weeksFrom
    ? `${weeksFrom}–${weeksTo} weeks`
    : `${weeksFrom ?? weeksTo} week${(weeksFrom ?? weeksTo) === 1 ? "" : "s"}`;

/** "In stock", "Made to order in 6–8 weeks", "Imported in 10 weeks". */
export function availabilityText(availability: Availability): string {
  if (availability.kind === "in_stock") return "In stock";
  const lead = availability.kind === "made_to_order" ? "Made to order" : "Imported";
  return `${lead} in ${weeksText(availability)}`;
}

/** "Ready now" or "Ready by about 12 Jan 2027": what the page and the messages say. */
export function readyText(availability: Availability, readyDate: string): string {
  return availability.kind === "in_stock" ? "Ready now" : `Ready by about ${formatDay(readyDate)}`;
}

/** "W 220 × D 95 × H 80 cm", with ", seat 45 cm" for seating. */
export function dimensionsText(dimensions: Dimensions): string {
  const { width, depth, height, seatHeight } = dimensions;
  return `W ${width} × D ${depth} × H ${height} cm${seatHeight === null ? "" : `, seat ${seatHeight} cm`}`;
}

/** "In stock, ready now" or "Made to order in 6–8 weeks, ready by about 20 Jan 2027": one line for messages. */
export function availabilitySummary(availability: Availability, readyDate: string): string {
  const ready = readyText(availability, readyDate);
  return `${availabilityText(availability)}, ${ready.charAt(0).toLowerCase()}${ready.slice(1)}`;
}

/**
 * The option a shopper's choice names. None named, or one the product does not offer (an
 * old link, a typing slip), is the first: a product that offers options always has one
 * chosen, so its cart line and order always name a finish.
 */
export function chosenOption<O extends { _id: string }>(
  options: readonly O[],
  id: string | null | undefined,
): O | null {
  return options.find((option) => option._id === id) ?? options[0] ?? null;
}
