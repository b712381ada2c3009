/**
 * A service request's visit (docs/product.md, Visits): the shop proposes up to five
 * date-times, all in the future; the customer picks one on their order's page, or the
 * owner books one after a call. Times travel as ISO strings and read in Lagos time. What
 * the routes accept is in visits.schema.ts; this file is what a page shows, kept free of
 * the validation library so the tracking page does not download it.
 */
import { formatMoment, lagosDay } from "../dates";

export const MAX_VISIT_SLOTS = 5;

export const VISIT_MESSAGES = {
  slots: `Propose from 1 to ${MAX_VISIT_SLOTS} times for the visit.`,
  slot: "Enter each time as a day and a time, such as 2 Dec 2026, 10:00 am.",
  past: "Each time proposed must be in the future.",
  bookOne: "To book the visit, give the one time agreed.",
  notProposed: "Choose one of the times we proposed.",
  passed: "That time has passed: choose a later one, or ask us for new times.",
  notService: "Only a service request has a visit.",
  tooLate: "The visit has taken place: its time can no longer change.",
  nothingProposed: "No visit times have been proposed yet.",
} as const;

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** "Tue 2 Dec 2026, 10:00 am", in Lagos, the same on the server and in the browser. */
export function formatVisit(iso: string): string {
  return `${WEEKDAYS[new Date(`${lagosDay(new Date(iso))}T00:00:00Z`).getUTCDay()]} ${formatMoment(iso)}`;
}

/** Whether the visit is tomorrow, in Lagos, as of `now`. */
export const isTomorrow = (iso: string, now: Date) =>
  lagosDay(new Date(iso)) === lagosDay(new Date(now.getTime() + 24 * 60 * 60 * 1000));

/** The owner's WhatsApp reminder to the customer, the day before. */
export function visitReminderMessage(
  { reference, bookedFor, trackingUrl }: { reference: string; bookedFor: string; trackingUrl: string },
  { shopName, customerName }: { shopName: string; customerName: string | null },
): string {
  return [
    `Hello${customerName ? ` ${customerName}` : ""}! A reminder from ${shopName}: our visit for your request ${reference} is tomorrow, ${formatVisit(bookedFor)}.`,
    "",
    `Details: ${trackingUrl}`,
  ].join("\n");
}

/** The tracking page's path of an order's token. */
export const trackingPath = (token: string) => `/orders/t/${token}`;
