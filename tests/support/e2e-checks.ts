/** Checks every end-to-end journey makes: no console errors, no serious axe violations. */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { CONSENT_COOKIE } from "../../domain/cookie-consent";
import { E2E_BASE_URL } from "./e2e-env";

export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

export async function expectNoSeriousAxeViolations(page: Page) {
  // A toast fading in or out is briefly see-through: check toasts once they have settled.
  await page.waitForFunction(() =>
    [...document.querySelectorAll("[data-rht-toaster] *")].every((element) =>
      element
        .getAnimations()
        .every(
          (animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity,
        ),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/** A visitor who already answered the cookie banner (its cookie), so it does not cover the page. */
export async function answerCookies(page: Page, accepted = true) {
  await page
    .context()
    .addCookies([{ name: CONSENT_COOKIE, value: accepted ? "accepted" : "declined", url: E2E_BASE_URL }]);
}

/** True once React has hydrated the page (the root layout marks it). */
export async function waitForHydration(page: Page) {
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}
