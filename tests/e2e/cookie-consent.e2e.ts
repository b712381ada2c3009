import { expect, type BrowserContext } from "@playwright/test";
import { expectNotice } from "../support/e2e-notices";
import { collectConsoleErrors } from "../support/e2e-checks";
import { gotoPage } from "../support/e2e-pages";
import { catalogueItems, test } from "../support/e2e-lists";

/**
 * The cookie question (docs/product.md, Cart and wishlist): asked of signed-out visitors
 * until they answer, by a form that works before the scripts do; the answer decides how
 * long a guest's cart cookie lives.
 */

const guestCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === "anonymousId");

const DAY = 86_400;

test("Accept All is remembered, and keeps the guest's cart for 30 days", { tag: "@no-js" }, async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const { plain } = await catalogueItems(page.request);
  await gotoPage(page, `/product/${plain._id}`);
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expectNotice(page, "Item added to cart!");
  // Not chosen yet: the cart lasts the browser session.
  await expect.poll(async () => (await guestCookie(page.context()))?.expires).toBe(-1);

  const banner = page.getByRole("region", { name: "Cookie consent" });
  await banner.getByRole("button", { name: "Accept All" }).click();
  await expect(banner).toHaveCount(0);
  const now = Date.now() / 1000;
  await expect.poll(async () => (await guestCookie(page.context()))?.expires ?? 0).toBeGreaterThan(now + 29 * DAY);
  const consent = (await page.context().cookies()).find((cookie) => cookie.name === "cookie_consent");
  expect(consent?.value).toBe("accepted");
  expect(consent!.expires).toBeGreaterThan(now + 364 * DAY);

  await gotoPage(page, "/shop");
  await expect(page.getByRole("region", { name: "Cookie consent" })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test(
  "Decline is remembered too, and keeps the guest's cart for this session only",
  { tag: "@no-js" },
  async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const { promo } = await catalogueItems(page.request);
    await gotoPage(page, "/shop");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: "Decline" }).click();
    await expect(banner).toHaveCount(0);
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === "cookie_consent")?.value)
      .toBe("declined");

    await gotoPage(page, `/product/${promo._id}`);
    await expect(page.getByRole("region", { name: "Cookie consent" })).toHaveCount(0);
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expectNotice(page, "Item added to cart!");
    await expect.poll(async () => (await guestCookie(page.context()))?.expires).toBe(-1);
    expect((await guestCookie(page.context()))?.httpOnly).toBe(true);
    await gotoPage(page, "/cart");
    await expect(
      page.getByRole("region", { name: "Items in your cart" }).getByRole("link", { name: promo.name, exact: true }),
    ).toBeVisible();
    expect(errors).toEqual([]);
  },
);
