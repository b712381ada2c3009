/** The two Chromium builds the journeys run in (playwright.config.ts). */
import { existsSync } from "node:fs";

const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Chromium, which loads a page as shoppers' browsers do (lazy pictures once they near the
 * screen): what a page downloads is measured in it.
 */
export const FULL_CHROMIUM = { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ARGS };

/**
 * Chromium's headless shell (Debian's chromium-headless-shell, the build Playwright's own
 * headless runs use), where it is installed: it runs a journey about a fifth faster, but
 * fetches lazy pictures long before they near the screen, so no byte budget is measured
 * in it.
 */
export const HEADLESS_SHELL = {
  executablePath:
    process.env.CHROMIUM_HEADLESS_SHELL_PATH ??
    (existsSync("/usr/bin/chromium-headless-shell")
      ? "/usr/bin/chromium-headless-shell"
      : FULL_CHROMIUM.executablePath),
  args: ARGS,
};
