/**
 * An order's moments as the shop's customers read them, in Lagos time. Worked out by the
 * loaders, so the page shows the server's words and the browser never formats them again
 * (its own date library could word them otherwise).
 */
const MOMENT = new Intl.DateTimeFormat("en-NG", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Africa/Lagos",
});

const DAY = new Intl.DateTimeFormat("en-NG", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Africa/Lagos",
});

/** "24 Nov 2026, 21:24" from an ISO timestamp. */
export const formatMoment = (iso: string) => MOMENT.format(new Date(iso));

/** "24 Nov 2026" from an ISO timestamp. */
export const formatDate = (iso: string) => DAY.format(new Date(iso));
