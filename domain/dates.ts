/**
 * Dates as a Nigerian reads and writes them (docs/product.md, Dates and numbers): day first,
 * the month by its name, in the shop's time (Lagos). One formatter for every date a page,
 * a message or the journal shows, and one parser for every date typed into a form, used by
 * the browser and the server alike.
 *
 * Spelled out here rather than by the runtime's date library, so the server's page and the
 * browser's hydration always agree, whatever language the phone is set to. Lagos keeps West
 * Africa Time all year (UTC+1, no summer time), so an hour's shift gives its wall clock.
 */

import { LONG_MONTHS } from "./month-names";

/** "Jan" … "Dec": the long names cut to three letters. */
const MONTHS = LONG_MONTHS.map((name) => name.slice(0, 3));

const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** A calendar day of this century: a year 0 or 9999 is a typing slip, and PostgreSQL refuses some. */
export const FIRST_DAY = "2000-01-01";
export const LAST_DAY = "2099-12-31";

/** What a date field says when it cannot read what was typed. */
export const DATE_MESSAGE = "Enter the date as day, month and year, such as 12 Jan 2027.";

/** The shop's wall clock at an instant, as a UTC date whose fields read in Lagos. */
const lagosClock = (at: Date) => new Date(at.getTime() + LAGOS_OFFSET_MS);

/** "12 Jan 2027" from a calendar day, "2027-01-12". */
export function formatDay(day: string): string {
  const [year, month, date] = day.slice(0, 10).split("-").map(Number);
  return `${date} ${MONTHS[month! - 1]} ${year}`;
}

/** "12 Jan 2027": the Lagos day of an instant (an ISO timestamp or a Date). */
export function formatDate(at: string | Date): string {
  return formatDay(lagosDay(typeof at === "string" ? new Date(at) : at));
}

/** "12 Jan 2027, 3:05 pm": an instant in Lagos time. */
export function formatMoment(at: string | Date): string {
  const clock = lagosClock(typeof at === "string" ? new Date(at) : at);
  const hours = clock.getUTCHours();
  const minutes = String(clock.getUTCMinutes()).padStart(2, "0");
  return `${formatDay(clock.toISOString())}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? "am" : "pm"}`;
}

/** "3:05 pm": the Lagos time of day of an instant. */
export function formatClock(at: string | Date): string {
  return formatMoment(at).split(", ")[1]!;
}

/** "2026-12-01" plus whole days (or less, when negative), as a day. */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The Lagos calendar day of an instant, "2027-01-12". */
export const lagosDay = (at: Date) => lagosClock(at).toISOString().slice(0, 10);

const MONTH_NAMES: Record<string, number> = Object.fromEntries(
  LONG_MONTHS.map((name) => name.toLowerCase()).flatMap((name, index) => [
    [name, index + 1],
    [name.slice(0, 3), index + 1],
    // "Sept" is as common as "Sep".
    ...(name === "september" ? [["sept", index + 1] as const] : []),
  ]),
);

/**
 * "2027-01-12" if the three numbers make a real day of this century, else null. A year
 * written with two digits ("27") is this century's; one written with four is as written,
 * so "0000" is refused, not read as 2000.
 */
function dayOf(year: string, month: number, date: number): string | null {
  const fullYear = year.length === 2 ? 2000 + Number(year) : Number(year);
  const text = `${String(fullYear).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(date).padStart(2, "0")}`;
  if (text < FIRST_DAY || text > LAST_DAY) return null;
  // Date would roll 30 February over into March: the day must come back as it was written.
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(text) ? text : null;
}

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
// Numbers only: always day, then month, then year (12/01/2027 is 12 January), with / - . or spaces.
const NUMERIC = /^(\d{1,2})\s*[/.\-\s]\s*(\d{1,2})\s*[/.\-\s]\s*(\d{2}|\d{4})$/;
// "12 Jan 2027", "12th January, 2027", "12-Jan-27".
const DAY_MONTH = /^(\d{1,2})(?:st|nd|rd|th)?[\s\-/.]*([a-z]+)\.?[\s\-/.,]*(\d{2}|\d{4})$/;
// "Jan 12, 2027": the month's name leaves no doubt which number is the day.
const MONTH_DAY = /^([a-z]+)\.?[\s\-/.]*(\d{1,2})(?:st|nd|rd|th)?[\s\-/.,]*(\d{2}|\d{4})$/;

/**
 * The calendar day a person typed, as "2027-01-12", or null when it cannot be read. Takes
 * "12 Jan 2027", "12 January 2027", "12/01/2027" (the day always first), "12-01-27" and
 * "2027-01-12"; a day that does not exist (30 Feb) or falls outside this century is null.
 */
export function parseDay(typed: string): string | null {
  const text = typed.trim().toLowerCase().replace(/\s+/g, " ");
  let match = ISO.exec(text);
  if (match) return dayOf(match[1]!, Number(match[2]), Number(match[3]));
  match = NUMERIC.exec(text);
  if (match) return dayOf(match[3]!, Number(match[2]), Number(match[1]));
  match = DAY_MONTH.exec(text);
  if (match) {
    const month = MONTH_NAMES[match[2]!];
    return month ? dayOf(match[3]!, month, Number(match[1])) : null;
  }
  match = MONTH_DAY.exec(text);
  if (match) {
    const month = MONTH_NAMES[match[1]!];
    return month ? dayOf(match[3]!, month, Number(match[2])) : null;
  }
  return null;
}

/** What a date field shows for a value: a readable day as "12 Jan 2027", anything else as typed. */
export function dayFieldText(value: string | null | undefined): string {
  if (!value) return "";
  const day = parseDay(value);
  return day ? formatDay(day) : value;
}

// A day as parseDay reads it, then a time: "2 Dec 2026, 10:00 am", "02/12/2026 14:30",
// "2 Dec 2026 at 2pm", "2026-12-02T10:00" (whole minutes: ":00" seconds are taken too).
const MOMENT = /^(.+?)(?:\s*,\s*|\s+at\s+|\s+|t)(\d{1,2})(?:[:.](\d{2})(?::00)?)?\s*(am|pm)?$/;

/**
 * The instant a person typed as a day and a time of the shop's day (Lagos), as an ISO
 * timestamp, or null when it cannot be read. The day as parseDay takes it (day first), the
 * time as "10:00", "10 am", "2:30pm" or "14:30".
 */
export function parseMoment(typed: string): string | null {
  const match = MOMENT.exec(typed.trim().toLowerCase().replace(/\s+/g, " "));
  if (!match) return null;
  const day = parseDay(match[1]!);
  let hour = Number(match[2]);
  const minute = Number(match[3] ?? 0);
  const half = match[4];
  if (!day || minute > 59 || (half ? hour < 1 || hour > 12 : hour > 23)) return null;
  if (half) hour = (hour % 12) + (half === "pm" ? 12 : 0);
  const clock = `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
  return new Date(Date.parse(`${day}T${clock}:00Z`) - LAGOS_OFFSET_MS).toISOString();
}
