import { expect } from "@playwright/test";
import { test } from "../support/e2e-notices";
import { sendContactForm } from "../support/e2e-contact";
import { answerCookies, expectNoSeriousAxeViolations } from "../support/e2e-checks";
import { gotoPage } from "../support/e2e-pages";

test.beforeEach(async ({ page }) => answerCookies(page));

test("the e-catalog is an image linking to the external catalogue", async ({ page }) => {
  await page.goto("/e-catalog");
  const link = page.getByRole("link", { name: /design catalogue cover/ });
  await expect(link).toHaveAttribute("href", /^https:\/\//);
  await expect(link).toHaveAttribute("target", "_blank");
  await expectNoSeriousAxeViolations(page);
});

test("About Us answers at /aboutUs and /aboutUS", async ({ page }) => {
  for (const path of ["/aboutUs", "/aboutUS"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 2, name: "Made here, chosen with care" })).toBeVisible();
  }
  await expectNoSeriousAxeViolations(page);
});

test("the terms state every rule of the business, effective July 22, 2025", async ({ page }) => {
  await page.goto("/terms");
  const main = page.getByRole("main");
  await expect(main).toContainText("Effective July 22, 2025");
  for (const rule of [
    "deposit of 50% to 80%",
    "paid for in full",
    "3 to 6 weeks",
    "5 to 6 weeks",
    "within 7 days after your order is completed",
    "storage charges",
    "3-month warranty against manufacturing defects",
    "within 24 hours of delivery",
    "only before production starts, or for a defect",
    "only after the piece has been resold",
    "high beds, wall panels and kitchens carries an extra charge",
    "Site measurement visits are paid for",
  ]) {
    await expect(main).toContainText(rule);
  }
  await expectNoSeriousAxeViolations(page);
});

test("the privacy policy explains cookies and storage", async ({ page }) => {
  await page.goto("/privacy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy policy" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("anonymousId");
  await expectNoSeriousAxeViolations(page);
});

test("contact shows the details, hours 24/7, WhatsApp and Instagram", async ({ page }) => {
  await page.goto("/contact");
  const details = page.getByRole("complementary");
  await expect(details).toContainText("24/7");
  await expect(details.getByRole("link", { name: "Chat on WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\//);
  await expect(details.getByRole("link", { name: "Instagram" })).toHaveAttribute("href", /instagram\.com/);
  await expectNoSeriousAxeViolations(page);
});

test("the contact form shows each field's error, then sends and clears", { tag: "@no-js" }, async ({ page }) => {
  await gotoPage(page, "/contact");
  await sendContactForm(page);
});
