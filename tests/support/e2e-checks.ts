/** Checks every end-to-end journey makes: no console errors, no serious axe violations. */
import { expect, type Page } from "@playwright/test";
import axe from "axe-core";
import { eq } from "drizzle-orm";
import { CONSENT_COOKIE } from "../../domain/cookie-consent";
import { media } from "../../server/db/schema/media";
import { withE2eDatabase } from "./e2e-database";
import { E2E_BASE_URL } from "./e2e-env";

/**
 * The page's console errors and uncaught exceptions, as they come. One kind is left out: a
 * picture that answers 404 because its item was deleted meanwhile, by this journey or by
 * one running beside it (newest-first lists and the home page show other journeys' items).
 * Such a picture is gone from the database too; a 404 for a picture still there counts.
 */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const picture = /^\/media\/([\w-]+)\//.exec(new URL(message.location().url || "about:blank").pathname)?.[1];
    if (picture && message.text().includes("status of 404")) {
      // Counted once the database has said whether the picture is still there, so a deleted
      // one never fails a journey (a check made that very moment may pass before it is counted).
      void pictureStored(picture).then(
        (stored) => stored && errors.push(`${message.text()} (${message.location().url})`),
        (error: Error) => errors.push(`${message.text()} (${message.location().url}): ${error.message}`),
      );
      return;
    }
    errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

const pictureStored = (id: string) =>
  withE2eDatabase(async (db) => (await db.select({ id: media.id }).from(media).where(eq(media.id, id))).length > 0);

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
  // A page's notice (after a save, say) waits 2 s, or 4 s for an error, then fades: a check
  // that runs into the fade reads its text as too faint. It is left out rather than waited
  // for; its colours, ink on white, are the pages' own, which the check covers.
  //
  // axe-core runs in the page itself, put there once per document. @axe-core/playwright's
  // AxeBuilder did the same work at three to four times the cost: it injected axe afresh on
  // every check, sent every passing node back (1.5 MB for the home page), and finished each
  // check in a new page of its own (a new renderer process), all for frames our pages do
  // not have. A check of the home page took 5–8 s there; here, under 1 s once axe is in.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const serious = await page.evaluate(async () => {
    const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(
      { exclude: [["[data-flash-notice]"]] },
      { resultTypes: ["violations"] },
    );
    return violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  });
  expect(serious).toEqual([]);
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
