/**
 * The customer book on a phone (docs/product.md, Customers): a guest orders; the owner
 * finds them by a name typed with a slip, opens their record, sees the order and the
 * WhatsApp messages, and adds a private note, which the timeline shows. Again with
 * JavaScript off, where the search and the note are plain forms. Each journey places its
 * own order under a surname nobody else has.
 */
import { expect, request as playwrightRequest, type Browser, type TestInfo } from "@playwright/test";
import { expectNotice } from "../support/e2e-notices";
import { signedInAdmin } from "../support/e2e-admin";
import { collectConsoleErrors, expectNoSeriousAxeViolations, waitForHydration } from "../support/e2e-checks";
import { E2E_BASE_URL } from "../support/e2e-env";
import { clientAddress, insertOwnProduct, test } from "../support/e2e-lists";

const LETTERS = "bcdfghjklmnpqrstvwz";

/** A surname of random letters, and the same with one letter dropped: a slip the search forgives. */
function surname(): { name: string; typo: string } {
  let name = "Zi";
  for (let i = 0; i < 6; i += 1) name += LETTERS[Math.floor(Math.random() * LETTERS.length)]! + "a";
  return { name, typo: name.slice(0, 4) + name.slice(5) };
}

/** A guest, from an address of their own, orders a stool made for this journey. */
async function guestOrders(testInfo: TestInfo, name: string, phone: string) {
  const stool = await insertOwnProduct(`Customer Book Stool ${name}`, 45_000);
  const guest = await playwrightRequest.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { "x-forwarded-for": clientAddress(testInfo, 1) },
  });
  try {
    const response = await guest.post("/api/orders", {
      data: { kind: "item", itemType: "Product", itemId: stool, customer: { name, phone, area: "Wuse" } },
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { order: { reference: string } }).order;
  } finally {
    await guest.dispose();
  }
}

const randomPhone = () => `0809${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;

async function ownerPhone(browser: Browser, testInfo: TestInfo, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    javaScriptEnabled,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await context.addCookies(await signedInAdmin(`customers-${testInfo.project.name}@furnish.test`));
  return context;
}

test("the owner finds a customer by a name typed with a slip, opens them and adds a note", async ({
  browser,
}, testInfo) => {
  const { name, typo } = surname();
  const fullName = `Amaka ${name}`;
  const phone = randomPhone();
  const order = await guestOrders(testInfo, fullName, phone);
  const context = await ownerPhone(browser, testInfo, true);
  const page = await context.newPage();
  const errors = collectConsoleErrors(page);

  await page.goto("/admin/dashboard");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Customers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("searchbox", { name: "Search" }).fill(typo);
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByText(`1 customer matching “${typo}”`)).toBeVisible();
  await page.getByRole("link", { name: fullName }).click();

  await expect(page.getByRole("heading", { level: 1, name: fullName })).toBeVisible();
  await expect(page.getByRole("link", { name: order.reference, exact: true })).toBeVisible();
  const hello = page.getByRole("link", { name: "Say hello" });
  const href = await hello.getAttribute("href");
  expect(href).toMatch(new RegExp(`^https://wa\\.me/234${phone.slice(1)}\\?text=`));
  expect(decodeURIComponent(new URL(href!).searchParams.get("text")!)).toMatch(/^Hello Amaka, this is /);
  await expectNoSeriousAxeViolations(page);

  await waitForHydration(page);
  await page.getByLabel("Add a note").fill("Wants the table in walnut next time.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expectNotice(page, "Note added.");
  const timeline = page.getByRole("list", { name: "Timeline, newest first" });
  await expect(timeline.getByTestId("timeline-entry").first()).toContainText("Wants the table in walnut next time.");
  expect(errors).toEqual([]);
  await context.close();
});

test("without JavaScript the owner searches with a slip and adds a note", async ({ browser }, testInfo) => {
  const { name, typo } = surname();
  const fullName = `Chidi ${name}`;
  await guestOrders(testInfo, fullName, randomPhone());
  const context = await ownerPhone(browser, testInfo, false);
  const page = await context.newPage();

  await page.goto("/admin/customers");
  await page.getByRole("searchbox", { name: "Search" }).fill(typo);
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page).toHaveURL(new RegExp(`search=${typo}`));
  await page.getByRole("link", { name: fullName }).click();
  await expect(page.getByRole("heading", { level: 1, name: fullName })).toBeVisible();

  await page.getByLabel("Add a note").fill("Called: delivery on Saturday suits him.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expectNotice(page, "Note added.");
  await expect(
    page.getByRole("list", { name: "Timeline, newest first" }).getByTestId("timeline-entry").first(),
  ).toContainText("Called: delivery on Saturday suits him.");
  await context.close();
});
