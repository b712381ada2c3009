/**
 * Data saver (docs/product.md, Data saver): one answer per request, read by the root
 * loader (every page gets it as `dataSaver`) and by the server's render (which holds the
 * page's scripts back until they are needed). No page works it out for itself.
 *
 * The shopper's own switch wins: its cookie says "on" or "off". Without the cookie the
 * browser's `Save-Data: on` header decides (Chrome's Lite mode, a phone's data saver).
 */
export const DATA_SAVER_COOKIE = "data-saver";
/** A year: the choice is the shopper's until they change it. */
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export type DataSaverChoice = "on" | "off";

export const isDataSaverChoice = (value: unknown): value is DataSaverChoice => value === "on" || value === "off";

/** The switch's cookie, when the shopper has used it. */
function chosen(request: Request): DataSaverChoice | null {
  const cookie = request.headers.get("cookie") ?? "";
  const value = new RegExp(`(?:^|;\\s*)${DATA_SAVER_COOKIE}=([^;]*)`).exec(cookie)?.[1];
  return isDataSaverChoice(value) ? value : null;
}

/** Whether this request's page is to be light on data. */
export function readDataSaver(request: Request): boolean {
  const choice = chosen(request);
  if (choice) return choice === "on";
  // The header is a list of directives ("on", with room for more); "on" is the one defined.
  return (request.headers.get("save-data") ?? "")
    .split(/[\s,;]+/)
    .some((directive) => directive.toLowerCase() === "on");
}

/** The Set-Cookie that remembers the switch's position, read on the first byte of the next request. */
export function dataSaverCookie(choice: DataSaverChoice): string {
  return `${DATA_SAVER_COOKIE}=${choice}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; SameSite=Lax; HttpOnly`;
}
