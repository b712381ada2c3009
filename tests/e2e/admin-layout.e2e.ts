import { expect, type Page } from "@playwright/test";
import { test } from "../support/e2e-notices";
import { answerCookies, waitForHydration } from "../support/e2e-checks";
import { signedInAdmin } from "../support/e2e-admin";

/**
 * The admin's screens on the two phone widths most people have and on a laptop: none
 * scrolls sideways, and the shop's chat link is nowhere in the panel — the owner has
 * nobody to chat with, and a visitor reaching its sign-in page has no use for it either.
 * Each journey sets the three sizes itself, so this file runs in the admin project only
 * (no tags). The shop's pages: tests/e2e/tap-targets.e2e.ts.
 */

const VIEWPORTS = [
  { width: 360, height: 780 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

const chatLink = (page: Page) => page.getByRole("link", { name: "Chat with us on WhatsApp" });

async function expectNoSidewaysScroll(page: Page, what: string) {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page, what).toBeLessThanOrEqual(widths.window);
}

test.beforeEach(async ({ page }) => answerCookies(page));

test("the admin's screens fit a 360 or 390 px phone and a laptop, with no chat link", async ({ page, context }) => {
  await context.addCookies(await signedInAdmin("layout-owner@furnish.test"));
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const path of ["/admin/dashboard", "/admin/orders", "/admin/products/new"]) {
      await page.goto(path);
      await waitForHydration(page);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expectNoSidewaysScroll(page, `${path} at ${viewport.width} px`);
      await expect(chatLink(page), `${path} at ${viewport.width} px`).toHaveCount(0);
    }
  }
});

test("a signed-out visitor on the admin's sign-in page has no chat link either", async ({ page }) => {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto("/admin/login");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
    await expectNoSidewaysScroll(page, `/admin/login at ${viewport.width} px`);
    await expect(chatLink(page)).toHaveCount(0);
  }
});
