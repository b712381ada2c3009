import { expect, test } from "@playwright/test";
import {
  answerCookies,
  collectConsoleErrors,
  expectNoSeriousAxeViolations,
  waitForHydration,
} from "../support/e2e-checks";
import { clientAddress } from "../support/e2e-lists";

// Accepting and declining cookies: tests/e2e/cookie-consent.e2e.ts.

test("while the cookie banner asks, the floating WhatsApp button stays above it and usable", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const banner = page.getByRole("region", { name: "Cookie consent" });
  const chat = page.getByRole("link", { name: "Chat with us on WhatsApp" });
  await expect(banner).toBeVisible();
  const bannerTop = (await banner.boundingBox())!.y;
  const chatTop = async () => (await chat.boundingBox())!.y;
  await expect.poll(async () => (await chatTop()) + 48 <= bannerTop).toBe(true);
  const raisedTop = await chatTop();
  // Nothing covers it: a click would reach it.
  await chat.click({ trial: true, timeout: 5_000 });

  await banner.getByRole("button", { name: "Decline" }).click();
  await expect(banner).toHaveCount(0);
  // With the banner gone it settles back at its usual place, lower down.
  await expect.poll(async () => (await chatTop()) > raisedTop).toBe(true);
  await chat.click({ trial: true, timeout: 5_000 });
});

test("a signed-in customer is never asked about cookies", async ({ page }, testInfo) => {
  // The same fresh browser is asked while signed out...
  await page.goto("/");
  await waitForHydration(page);
  await expect(page.getByRole("region", { name: "Cookie consent" })).toBeVisible();
  // ...and not once signed in.
  const signup = await page.request.post("/api/auth/signup", {
    data: {
      fullName: "Ngozi Okafor",
      email: `shell-${testInfo.project.name}-${Date.now().toString(36)}-${testInfo.retry}@example.com`,
      phoneNumber: "08051234567",
      password: "Sofa2024Lagos",
      anonymousId: "",
    },
    headers: { "x-forwarded-for": clientAddress(testInfo) },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  for (const path of ["/", "/shop"]) {
    await page.goto(path);
    await waitForHydration(page);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await expect(page.getByRole("region", { name: "Cookie consent" })).toHaveCount(0);
  }
});

test("the header, footer and floating WhatsApp button link where SPEC.md says", async ({ page, isMobile }) => {
  await answerCookies(page);
  const errors = collectConsoleErrors(page);
  await page.goto("/");
  await waitForHydration(page);
  if (!isMobile) {
    const main = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Home", "Shop", "E-Catalog", "Projects", "About Us"]) {
      await expect(main.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Signup" })).toBeVisible();
  } else {
    const bar = page.getByRole("navigation", { name: "Quick links" });
    for (const name of ["Shop", "Cart", "Wishlist", "Profile"])
      await expect(bar.getByRole("link", { name })).toBeVisible();
  }
  const footer = page.getByRole("contentinfo");
  for (const name of ["About us", "Contact us", "Terms & Conditions", "Privacy policy", "E-catalog"]) {
    await expect(footer.getByRole("link", { name })).toBeVisible();
  }
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  const enquiry = footer.getByRole("link", { name: /WhatsApp/ });
  const href = new URL((await enquiry.getAttribute("href"))!);
  expect(href.origin + href.pathname).toBe("https://wa.me/2348000000000");
  expect(href.searchParams.get("text")).toContain("enquiry");
  await expect(page.getByRole("link", { name: "Chat with us on WhatsApp" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the phone drawer lists pages, categories and styles", async ({ page, isMobile }) => {
  test.skip(!isMobile, "The drawer is the phone's menu; wide screens show the bar.");
  await answerCookies(page);
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Menu" });
  for (const name of ["Home", "E-Catalogs", "Projects"])
    await expect(drawer.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(drawer.getByRole("link", { name: "Bedrooms" })).toBeVisible();
  await drawer.getByRole("tab", { name: "Styles" }).click();
  await drawer.getByRole("link", { name: "Antique/Royal" }).click();
  await expect(page).toHaveURL(/\/styles\/antique%2Froyal$/);
  await expect(page.getByRole("heading", { level: 1, name: "Antique/Royal" })).toBeVisible();
  await expect(drawer).toHaveCount(0);
});

test("the header's search button opens the shop with the search box focused", async ({ page }) => {
  await answerCookies(page);
  await page.goto("/aboutUs");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Search the shop" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole("searchbox", { name: "Search products" })).toBeFocused();
});

test("an unknown path answers 404 Not Found", async ({ page }) => {
  await answerCookies(page);
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Not Found" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
