import { expect } from "@playwright/test";
import { test } from "../support/e2e-notices";
import {
  answerCookies,
  collectConsoleErrors,
  expectNoSeriousAxeViolations,
  waitForHydration,
} from "../support/e2e-checks";
import { clientAddress } from "../support/e2e-lists";
import { gotoPage, scriptsOn } from "../support/e2e-pages";

// Accepting and declining cookies: tests/e2e/cookie-consent.e2e.ts.

test("while the cookie banner asks, the chat link in the bottom bar stays clear of it and usable", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const banner = page.getByRole("region", { name: "Cookie consent" });
  const chat = page
    .getByRole("navigation", { name: "Quick links" })
    .getByRole("link", { name: "Chat with us on WhatsApp" });
  await expect(banner).toBeVisible();
  const bannerBox = (await banner.boundingBox())!;
  // The banner rests on the bottom bar, not over it.
  expect((await chat.boundingBox())!.y).toBeGreaterThanOrEqual(bannerBox.y + bannerBox.height);
  // Nothing covers it: a click would reach it.
  await chat.click({ trial: true, timeout: 5_000 });

  await banner.getByRole("button", { name: "Decline" }).click();
  await expect(banner).toHaveCount(0);
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

test(
  "the header, footer and WhatsApp chat link go where they should",
  { tag: "@both-viewports" },
  async ({ page, isMobile }) => {
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
    // The chat link: in the bottom bar on a phone, in the header on a large screen.
    const chat = (
      isMobile ? page.getByRole("navigation", { name: "Quick links" }) : page.getByRole("banner")
    ).getByRole("link", { name: "Chat with us on WhatsApp" });
    await expect(chat).toBeVisible();
    expect(await chat.getAttribute("href")).toBe(await enquiry.getAttribute("href"));
    expect(errors).toEqual([]);
  },
);

test(
  "the phone menu opens and every link in it works, with or without JavaScript",
  { tag: "@no-js" },
  async ({ page, isMobile }) => {
    test.skip(!isMobile, "The menu is the phone's; wide screens show the bar.");
    await answerCookies(page);
    await gotoPage(page, "/");
    const pages = page.getByRole("navigation", { name: "Pages" });
    await expect(pages).toBeHidden();
    await page.locator("summary", { hasText: "Menu" }).click();
    for (const name of ["Home", "E-Catalogs", "Projects", "About Us", "Contact"])
      await expect(pages.getByRole("link", { name, exact: true })).toBeVisible();
    const account = page.getByRole("navigation", { name: "Account" });
    await expect(account.getByRole("link", { name: "Login" })).toBeVisible();
    await expect(account.getByRole("link", { name: "Signup" })).toBeVisible();
    const categories = page.getByRole("navigation", { name: "Categories" });
    await expect(categories.getByRole("link", { name: "Bedrooms" })).toBeVisible();
    if (scriptsOn()) await expectNoSeriousAxeViolations(page);

    // The browser's own close: the drawer's X (and the backdrop) is the menu's toggle.
    await page.locator("summary", { hasText: "Menu" }).click({ position: { x: 370, y: 40 } });
    await expect(pages).toBeHidden();
    await page.locator("summary", { hasText: "Menu" }).click();
    await categories.getByRole("link", { name: "Bedrooms" }).click();
    await expect(page).toHaveURL(/\/shop\?category=Bedroom$/);
    await expect(page.getByRole("heading", { level: 1, name: "Bedroom" })).toBeVisible();
    await expect(pages).toBeHidden();

    await page.locator("summary", { hasText: "Menu" }).click();
    await page.getByRole("radiogroup", { name: "Browse by" }).getByText("Styles").click();
    await expect(categories).toBeHidden();
    await page.getByRole("navigation", { name: "Styles" }).getByRole("link", { name: "Antique/Royal" }).click();
    await expect(page).toHaveURL(/\/styles\/antique%2Froyal$/);
    await expect(page.getByRole("heading", { level: 1, name: "Antique/Royal" })).toBeVisible();
    await expect(pages).toBeHidden();
  },
);

test("once hydrated, Escape closes the phone menu and Tab stays inside it", async ({ page, isMobile }) => {
  test.skip(!isMobile, "The menu is the phone's; wide screens show the bar.");
  await answerCookies(page);
  await gotoPage(page, "/aboutUs");
  const toggle = page.locator("summary", { hasText: "Menu" });
  await toggle.click();
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages).toBeVisible();
  for (let i = 0; i < 30; i += 1) await page.keyboard.press("Tab");
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest("details")))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(pages).toBeHidden();
  await expect(toggle).toBeFocused();
});

test("a tap on the menu and then a link before the page's scripts have run goes there, with the menu closed", async ({
  page,
  isMobile,
}) => {
  test.skip(!isMobile, "The menu is the phone's; wide screens show the bar.");
  await answerCookies(page);
  // The scripts of the first page are held back until both taps are done.
  const held: Array<() => Promise<void>> = [];
  let holding = true;
  await page.route(/\/assets\/.*\.js$/, (route) =>
    holding ? void held.push(() => route.continue()) : route.continue(),
  );
  await page.goto("/", { waitUntil: "commit" });
  await page.locator("summary", { hasText: "Menu" }).click();
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Projects" }).click();
  await expect(page).toHaveURL(/\/projects$/);
  holding = false;
  await Promise.all(held.map((release) => release()));
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Our projects" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Pages" })).toBeHidden();
});

test("the header's search link opens the shop with the search box focused", { tag: "@no-js" }, async ({ page }) => {
  await answerCookies(page);
  await gotoPage(page, "/aboutUs");
  await page.getByRole("link", { name: "Search the shop" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  const box = page.getByRole("searchbox", { name: "Search products" });
  if (scriptsOn()) await expect(box).toBeFocused();
  else await expect(box).toBeVisible();
});

test("an unknown path answers 404 Not Found", async ({ page }) => {
  await answerCookies(page);
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Not Found" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
