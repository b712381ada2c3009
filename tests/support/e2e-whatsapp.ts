/**
 * WhatsApp in the journeys. The shop sends an order to WhatsApp by sending the browser to
 * https://wa.me/<number>?text=…, which journeys never reach: a route answers it with a
 * blank page. Without scripts the shop gets there through a redirect, and a route sees only
 * a redirect's first address, so the browser meets this machine's closed network instead,
 * and Chromium's builds disagree on what the page's address is then (the address asked
 * for, or an error page's). The address the shop sent the browser to is therefore read
 * from the browser's request for it, which every build makes.
 */
import { expect, type Frame, type Page, type Request, type Route } from "@playwright/test";

/** WhatsApp's answer in the journeys. */
export const BLANK_WHATSAPP = { contentType: "text/html", body: "<!doctype html><title>WhatsApp</title>" };

/**
 * Does `send`, which ends at WhatsApp, and answers the WhatsApp address the shop sent the
 * browser to, once the page is there (or at the error page in its place).
 */
export async function openWhatsApp(page: Page, send: () => Promise<unknown>): Promise<URL> {
  const answer = (route: Route) => route.fulfill(BLANK_WHATSAPP);
  await page.route("https://wa.me/**", answer);
  let sentTo: string | undefined;
  const onRequest = (request: Request) => {
    if (
      request.isNavigationRequest() &&
      request.frame() === page.mainFrame() &&
      request.url().startsWith("https://wa.me/")
    )
      sentTo = request.url();
  };
  let arrived = false;
  const onNavigated = (frame: Frame) => {
    if (sentTo && frame === page.mainFrame()) arrived = true;
  };
  page.on("request", onRequest);
  page.on("framenavigated", onNavigated);
  try {
    await send();
    await expect.poll(() => arrived, { message: "the shop sent the page to WhatsApp" }).toBe(true);
  } finally {
    page.off("request", onRequest);
    page.off("framenavigated", onNavigated);
    await page.unroute("https://wa.me/**", answer);
  }
  return new URL(sentTo!);
}
