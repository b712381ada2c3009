/**
 * A site visit (docs/product.md, Visits), on phones: a guest requests one through the
 * order sheet; the owner proposes times from the order's page; the customer books one on
 * their tracking page; the owner marks the visit done and sends a quote. The booking step runs again with
 * the customer's scripts off: it is a plain form post. Screenshots of the tracking page's
 * visit section at 360, 390 and 1280 px wide go to /tmp.
 */
import { expect, type Browser, type Page, type TestInfo } from "@playwright/test";
import { expectNotice, test } from "../support/e2e-notices";
import { STATUS_EXPLANATIONS } from "../../domain/orders/order-status";
import { formatMoment, lagosDay } from "../../domain/dates";
import { formatVisit } from "../../domain/orders/visits";
import { signedInAdmin } from "../support/e2e-admin";
import { answerCookies, collectConsoleErrors, expectNoSeriousAxeViolations } from "../support/e2e-checks";
import { E2E_BASE_URL } from "../support/e2e-env";
import { clientAddress } from "../support/e2e-lists";
import { openWhatsApp } from "../support/e2e-whatsapp";

const DAY = 24 * 60 * 60 * 1000;
/** A Lagos time `days` from today, as an ISO instant. */
const lagosAt = (days: number, time: string) =>
  new Date(`${lagosDay(new Date(Date.now() + days * DAY))}T${time}:00+01:00`).toISOString();

/**
 * The customer's phone: the narrow one most of them hold, speaking from an address of the
 * test's own (the shop limits orders per address, and the suite's journeys share loopback).
 */
async function customerPhone(browser: Browser, testInfo: TestInfo, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { "x-forwarded-for": clientAddress(testInfo) },
    viewport: { width: 360, height: 780 },
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled,
  });
  const page = await context.newPage();
  await answerCookies(page);
  return page;
}

/** The guest's request through the order sheet; answers its reference and tracking path. */
async function requestSiteVisit(page: Page, name: string) {
  await page.goto("/order?kind=service&service=Site%20visit");
  await page.getByLabel("Your brief").fill("Measure the living room for a sectional sofa.");
  await page.getByLabel("Area").fill("Surulere");
  await page.getByLabel("Your name").fill(name);
  const url = await openWhatsApp(page, () => page.getByRole("button", { name: "Send request on WhatsApp" }).click());
  const text = url.searchParams.get("text") ?? "";
  expect(text).toContain(`Name: ${name}`);
  const [, reference, trackingUrl] = /Order reference: (\S+)\nTrack your order: (\S+)$/.exec(text)!;
  return { reference: reference!, trackingPath: new URL(trackingUrl!).pathname };
}

async function openOrder(page: Page, reference: string) {
  await page.goto(`/admin/orders?search=${reference}`);
  const row = page.getByTestId("order-row").filter({ hasText: reference });
  await expect(row).toContainText("Site visit · to book");
  // Nothing is owed yet: nothing says it is paid.
  await expect(row).not.toContainText("Paid in full");
  await row.click();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(reference) })).toBeVisible();
}

test("a site visit is requested, proposed by the owner, booked by the customer and marked visited", async ({
  page,
  browser,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  await page.context().addCookies(await signedInAdmin(`visits-${testInfo.project.name}@furnish.test`));
  const customer = await customerPhone(browser, testInfo);
  const name = `Kemi ${Date.now().toString(36)}`;
  const { reference, trackingPath } = await requestSiteVisit(customer, name);

  await openOrder(page, reference);
  // What the customer typed is at the top of the owner's page.
  await expect(page.getByRole("region", { name: "What the customer told us" })).toContainText(name);
  const times = [lagosAt(2, "10:00"), lagosAt(3, "14:30")];
  // Typed as an owner writes them, the day first.
  await page.getByLabel("Time 1").fill(formatMoment(times[0]!));
  await page.getByLabel("Time 2").fill(formatMoment(times[1]!));
  await page.getByRole("button", { name: "Propose these times" }).click();
  await expect(page.getByText("Times proposed; the customer has not chosen yet.")).toBeVisible();

  await customer.goto(trackingPath);
  const visit = customer.getByRole("region", { name: "Your visit" });
  await expect(customer.getByText(STATUS_EXPLANATIONS.visit_proposed)).toBeVisible();
  await expect(visit.getByRole("radio")).toHaveCount(2);
  for (const [width, height] of [
    [360, 780],
    [390, 844],
    [1280, 800],
  ] as const) {
    await customer.setViewportSize({ width, height });
    await visit.screenshot({ path: `/tmp/visits-tracking-proposed-${width}.png` });
  }
  await customer.setViewportSize({ width: 360, height: 780 });
  await expectNoSeriousAxeViolations(customer);
  await visit.getByRole("radio", { name: formatVisit(times[1]!) }).check();
  await visit.getByRole("button", { name: "Book this time" }).click();
  await expect(visit.getByText(`Booked for ${formatVisit(times[1]!)}`)).toBeVisible();
  await expect(customer.getByText(STATUS_EXPLANATIONS.visit_booked)).toBeVisible();
  await visit.screenshot({ path: "/tmp/visits-tracking-booked-360.png" });
  await customer.screenshot({ path: "/tmp/visits-tracking-page-360.png", fullPage: true });

  await page.goto(`/admin/orders?search=${reference}`);
  await expect(page.getByTestId("order-row").filter({ hasText: reference })).toContainText(
    `Site visit · ${formatVisit(times[1]!)}`,
  );
  await page.getByTestId("order-row").filter({ hasText: reference }).click();
  await expect(page.getByRole("region", { name: "Visit", exact: true })).toContainText(
    `Booked for ${formatVisit(times[1]!)}`,
  );
  await page.getByLabel("Move to").selectOption({ label: "Visited" });
  await page.getByRole("button", { name: "Update status" }).click();
  await expect(page.getByRole("heading", { name: "Status: Visited" })).toBeVisible();

  await customer.goto(trackingPath);
  await expect(customer.getByText(STATUS_EXPLANATIONS.visited)).toBeVisible();
  await expect(customer.getByRole("region", { name: "Your visit" }).getByRole("radio")).toHaveCount(0);

  // Measured, the request becomes a quote: a piece of the owner's own, priced.
  const form = page.getByRole("form", { name: "Send the quote" });
  const piece = form.getByRole("group", { name: "Added line 1" });
  await piece.getByRole("textbox", { name: "Added line 1" }).fill("Sectional sofa, made to measure");
  await piece.getByLabel("Unit price").fill("850000");
  await form.getByRole("button", { name: "Send quote" }).click();
  await expectNotice(page, /^Quote version 1 sent: total ₦850,000\.00\.$/);
  // The request came without a phone number: the page says why no WhatsApp message opened.
  await expect(
    page.getByText("No phone number yet: add the customer's under Customer to send the quote on WhatsApp."),
  ).toBeVisible();

  await customer.goto(trackingPath);
  await expect(customer.getByText(STATUS_EXPLANATIONS.quoted)).toBeVisible();
  const quote = customer.getByRole("region", { name: "Your quote" });
  await expect(quote).toContainText("Sectional sofa, made to measure");
  await expect(quote).toContainText("₦850,000.00");
  await customer.context().close();
  expect(errors).toEqual([]);
});

test("the customer books a visit time with scripts off", async ({ page, browser }, testInfo) => {
  await page.context().addCookies(await signedInAdmin(`visits-${testInfo.project.name}@furnish.test`));
  const customer = await customerPhone(browser, testInfo, false);
  const { reference, trackingPath } = await requestSiteVisit(customer, `Femi ${Date.now().toString(36)}`);
  const found = await page.request.get(`/api/admin/operations/orders?search=${reference}`);
  const id = (await found.json()).orders[0]._id as string;
  const times = [lagosAt(4, "09:00"), lagosAt(5, "16:00")];
  const proposed = await page.request.post(`/api/admin/operations/orders/${id}/visits`, {
    data: { slots: times },
    headers: { origin: E2E_BASE_URL },
  });
  expect(proposed.status(), await proposed.text()).toBe(200);

  await customer.goto(trackingPath);
  const visit = customer.getByRole("region", { name: "Your visit" });
  await visit.getByRole("radio", { name: formatVisit(times[0]!) }).check();
  await visit.getByRole("button", { name: "Book this time" }).click();
  await expect(customer).toHaveURL(new RegExp(`${trackingPath}#visit$`));
  await expect(visit.getByText(`Booked for ${formatVisit(times[0]!)}`)).toBeVisible();
  await customer.context().close();
});
