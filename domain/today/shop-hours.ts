/**
 * The shop's working hours, as Today counts a new order's wait (docs/product.md, Today):
 * Monday to Saturday, 8 am to 6 pm in Lagos (West Africa Time, UTC+1 all year). An order
 * placed at night or on Sunday starts waiting when the shop opens.
 */
const HOUR_MS = 60 * 60 * 1000;
const LAGOS_OFFSET_MS = HOUR_MS;
export const OPENS_AT_HOUR = 8;
export const CLOSES_AT_HOUR = 18;

/** Sunday is 0, as Date counts the days of the week. */
const isOpenDay = (lagosWall: Date) => lagosWall.getUTCDay() !== 0;

/** The instant `hours` shop hours after `start`; 0 hours is `start` itself. */
export function addShopHours(start: Date, hours: number): Date {
  if (hours <= 0) return start;
  // Walk the shop's wall clock (a UTC date whose fields read in Lagos), a day's open hours at a time.
  let wall = new Date(start.getTime() + LAGOS_OFFSET_MS);
  let left = hours * HOUR_MS;
  for (let guard = 0; guard < 400; guard++) {
    const day = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate());
    const opens = day + OPENS_AT_HOUR * HOUR_MS;
    const closes = day + CLOSES_AT_HOUR * HOUR_MS;
    if (isOpenDay(wall) && wall.getTime() < closes) {
      const from = Math.max(wall.getTime(), opens);
      if (from + left <= closes) return new Date(from + left - LAGOS_OFFSET_MS);
      left -= closes - from;
    }
    wall = new Date(day + 24 * HOUR_MS);
  }
  return new Date(wall.getTime() - LAGOS_OFFSET_MS);
}
