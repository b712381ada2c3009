import { expect } from "@playwright/test";
import { test } from "../support/e2e-notices";
import { sendContactForm } from "../support/e2e-contact";
import {
  answerCookies,
  collectConsoleErrors,
  expectNoSeriousAxeViolations,
  waitForHydration,
} from "../support/e2e-checks";
import { gotoPage } from "../support/e2e-pages";

test.beforeEach(async ({ page }) => answerCookies(page));

test("home shows its sections in their order, with real items and naira prices", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Finish. Furnish. Flourish." })).toBeVisible();
  await expect(page.getByRole("link", { name: "Shop Now" })).toHaveAttribute("href", "/shop");
  await expect(page.getByRole("link", { name: "Contact Us", exact: true })).toHaveAttribute("href", "/contact");
  const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
  const order = [
    "Featured Projects",
    "Featured Products",
    "Promotions",
    "Best Sellers",
    "Collections",
    "Featured Styles",
    "Our services",
  ];
  expect(headings.filter((h) => order.includes(h))).toEqual(order);

  const tiles = page.getByRole("region", { name: "Featured Products" }).getByRole("link");
  await expect(
    tiles
      .filter({
        hasText: /^(Sofas and Living Rooms|Armchairs|Bedrooms|Dining Rooms|Center Tables|Wardrobe|TV Unit|Carpets)/,
      })
      .first(),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Featured Products" }).getByRole("listitem")).toHaveCount(8);
  await expect(page.getByRole("region", { name: "Featured Styles" }).getByRole("listitem")).toHaveCount(6);

  // Promotions come from the server's promo filter: every card carries a percent-off badge.
  const promos = page.getByRole("region", { name: "Promotions" }).getByTestId("product-card");
  await expect(promos.first()).toBeVisible();
  await expect(promos.filter({ hasNotText: /-\d+%/ })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Best Sellers" }).getByTestId("product-card").first()).toContainText(
    /₦[\d,]+\.\d{2}/,
  );
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
  await expectNoSeriousAxeViolations(page);
});

test("only the first hero picture loads with the page; everything below is lazy", async ({ page }) => {
  await page.goto("/");
  const heroImages = page.getByTestId("hero-slide").locator("img");
  await expect(heroImages).toHaveCount(1);
  await expect(heroImages.first()).toHaveAttribute("loading", "eager");
  await expect(heroImages.first()).toHaveAttribute("fetchpriority", "high");
  const eager = await page.locator("img[loading='eager']").count();
  expect(eager).toBe(1);
});

test("the page's scripts start after its first paint, all asked for together, and still bring it to life", async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const html = await (await page.request.get("/")).text();
  const head = html.slice(0, html.indexOf("</head>"));
  expect(head).not.toContain("modulepreload");
  expect(head).toMatch(/<link rel="preload" as="image"[^>]*fetchPriority="high"/i);
  expect(html).not.toContain('type="module"');
  // The scripts the page starts with, listed in the small script that starts them.
  const listed = JSON.parse(/const hrefs = (\[[^\]]+\]);/.exec(html)![1]!) as string[];
  expect(listed.length).toBeGreaterThan(1);

  // Together, not one after another: every script is held back until all of them have been
  // asked for. Were one found only by running another, the page would ask for the first few
  // and wait for them, and the scripts asked for while held would be fewer than listed.
  const asked: string[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const giveUp = setTimeout(release, 15_000);
  await page.route(
    (url) => listed.includes(url.pathname),
    async (route) => {
      asked.push(new URL(route.request().url()).pathname);
      if (asked.length === listed.length) release();
      await released;
      await route.continue();
    },
  );
  await page.goto("/");
  await released;
  clearTimeout(giveUp);
  expect(asked.toSorted(), "the scripts asked for before any arrived").toEqual(listed.toSorted());
  await waitForHydration(page);

  // The first frame needs the stylesheet, so every script is asked for after it arrived.
  const timings = await page.evaluate(() =>
    (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
      .filter((entry) => new URL(entry.name).pathname.startsWith("/assets/"))
      .map((entry) => ({ url: entry.name, start: entry.startTime, end: entry.responseEnd })),
  );
  const stylesheet = timings.find((entry) => entry.url.endsWith(".css"));
  const scripts = timings.filter((entry) => listed.includes(new URL(entry.url).pathname));
  expect(stylesheet).toBeDefined();
  expect(scripts).toHaveLength(listed.length);
  for (const script of scripts) expect(script.start).toBeGreaterThanOrEqual(stylesheet!.end);

  await page.getByRole("button", { name: "Pause slideshow" }).click();
  await expect(page.getByRole("button", { name: "Play slideshow" })).toBeVisible();
  // A script the page's security policy refused would show here.
  expect(errors).toEqual([]);
});

test("the hero rotates every 5000 ms through 6 slides, and pauses", async ({ page }) => {
  // Time stands still until the test moves it.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.goto("/");
  await waitForHydration(page);
  const dots = page.getByRole("list", { name: "Slides" }).getByRole("button");
  await expect(dots).toHaveCount(6);
  await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
  await page.clock.runFor(4900);
  await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
  await page.clock.runFor(200);
  await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
  await expect(page.getByTestId("hero-slide").locator("img")).toHaveCount(2);
  await page.getByRole("button", { name: "Pause slideshow" }).click();
  await page.clock.runFor(15_000);
  await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
  await page.getByRole("button", { name: "Play slideshow" }).click();
  await page.clock.runFor(5000);
  await expect(dots.nth(2)).toHaveAttribute("aria-current", "true");
  await dots.nth(5).click();
  await expect(dots.nth(5)).toHaveAttribute("aria-current", "true");
  await page.clock.runFor(5000);
  await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
});

test("a category tile opens the shop on that category", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("region", { name: "Featured Products" }).getByRole("link", { name: "Bedrooms" }).click();
  await expect(page).toHaveURL(/\/shop\?category=Bedroom$/);
  await expect(page.getByRole("heading", { level: 1, name: "Bedroom" })).toBeVisible();
});

test(
  "the contact form at the foot of the home page shows each field's error, then sends and clears",
  {
    tag: "@no-js",
  },
  async ({ page }) => {
    await gotoPage(page, "/");
    await sendContactForm(page);
  },
);
