/** Opening pages in journeys that run both with JavaScript on and off (the `@no-js` tag). */
import { test, type Page } from "@playwright/test";
import { waitForHydration } from "./e2e-checks";

/** Whether this project runs pages with JavaScript (the `no-js` project does not). */
export const scriptsOn = () => test.info().project.use.javaScriptEnabled !== false;

/** Opens a page and, when scripts run, waits until React has hydrated it. */
export async function gotoPage(page: Page, url: string) {
  const response = await page.goto(url);
  if (scriptsOn()) await waitForHydration(page);
  return response;
}
