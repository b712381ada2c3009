/**
 * The owner's day on a phone (docs/product.md, Today): the owner opens Today from the
 * dashboard, chases an unanswered quote on WhatsApp (the message checked, filled), snoozes
 * a deposit and marks a ready order done; then the same done and snooze with scripts off.
 * The journey's orders are its own, placed through the API from its own address and aged
 * in the database far past everyone else's, so they lead their queues.
 */
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { expectNotice, test } from "../support/e2e-notices";
import { eq, sql } from "drizzle-orm";
import { addDays, formatMoment, lagosDay } from "../../domain/dates";
import { DEFAULT_TEMPLATES, fillTemplate } from "../../domain/today/today.schema";
import { orderEvents, orders } from "../../server/db/schema/orders";
import { orderQuotes } from "../../server/db/schema/quotes";
import { products } from "../../server/db/schema/catalog";
import { insertProduct } from "../support/catalog-factory";
import { signedInAdmin } from "../support/e2e-admin";
import { expectNoSeriousAxeViolations } from "../support/e2e-checks";
import { withE2eDatabase } from "../support/e2e-database";
import { E2E_BASE_URL } from "../support/e2e-env";
import { clientAddress } from "../support/e2e-lists";

const DAY = 86_400_000;
let product: { id: string };

test.beforeAll(async ({ browserName: _browserName }, testInfo) => {
  product = await withE2eDatabase((db) =>
    insertProduct(db, {
      name: `Today Table ${testInfo.project.name} ${Date.now().toString(36)}`,
      priceKobo: 300_000_00,
      createdAt: new Date(Date.UTC(2020, 4, 3)),
    }),
  );
});

test.afterAll(async () => {
  await withE2eDatabase((db) => db.delete(products).where(eq(products.id, product.id)));
});

interface Placed {
  id: string;
  reference: string;
  trackingUrl: string;
}

/** An order of the journey's own, placed as a guest from the test's address, quoted by the owner. */
async function quotedOrder(request: APIRequestContext, name: string, address: string): Promise<Placed> {
  const guest = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  const placed = await guest.post("/api/orders", {
    data: { kind: "item", itemType: "Product", itemId: product.id, customer: { name, phone: "0803 444 5566" } },
    headers: { "x-forwarded-for": address },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order, trackingUrl } = (await placed.json()) as {
    order: { _id: string; reference: string; lines: Array<{ _id: string }> };
    trackingUrl: string;
  };
  const quoted = await request.post(`/api/admin/operations/orders/${order._id}/quotes`, {
    data: {
      lines: [{ lineId: order.lines[0]!._id, quantity: 1, unitPrice: 300000 }],
      fees: [],
      discount: 0,
      validUntil: addDays(lagosDay(new Date()), 14),
    },
    headers: { origin: E2E_BASE_URL },
  });
  expect(quoted.status(), await quoted.text()).toBe(200);
  await guest.dispose();
  return { id: order._id, reference: order.reference, trackingUrl };
}

/** Ages the order far back, so it leads its queue: sent, or approved (once, as the customer would), or ready. */
async function age(placed: Placed, as: "unanswered" | "approved" | "ready") {
  const long = new Date(Date.now() - 60 * DAY);
  await withE2eDatabase(async (db) => {
    await db.update(orders).set({ createdAt: long }).where(eq(orders.id, placed.id));
    await db.update(orderQuotes).set({ sentAt: long }).where(eq(orderQuotes.orderId, placed.id));
    if (as === "approved") {
      await db
        .update(orderQuotes)
        .set({ approvedAt: new Date(long.getTime() + DAY), approvedByName: "Customer" })
        .where(eq(orderQuotes.orderId, placed.id));
    }
    if (as === "ready") {
      await db.update(orders).set({ status: "ready" }).where(eq(orders.id, placed.id));
      await db.insert(orderEvents).values({ orderId: placed.id, status: "ready", at: long, by: "Shop Owner" });
    }
  });
}

const entry = (page: Page, reference: string, queue: string) =>
  page.locator(`section#${queue} li[data-entry]`).filter({ hasText: reference });

test("the owner chases a quote on WhatsApp, snoozes a deposit and marks a delivery done", async ({
  page,
}, testInfo) => {
  await page.context().addCookies(await signedInAdmin(`today-${testInfo.project.name}@furnish.test`));
  const address = clientAddress(testInfo);
  const quote = await quotedOrder(page.request, "Ngozi Today", address);
  const deposit = await quotedOrder(page.request, "Tunde Today", address);
  const ready = await quotedOrder(page.request, "Amaka Today", address);
  await age(quote, "unanswered");
  await age(deposit, "approved");
  await age(ready, "ready");

  await page.goto("/admin/dashboard");
  const block = page.getByRole("navigation", { name: "Today's queues" });
  await expect(block.getByRole("link", { name: /Quotes sent, no answer yet \d+/ })).toBeVisible();
  await page.getByRole("link", { name: "Open Today" }).click();
  await expect(page.getByRole("heading", { name: "Today", level: 1 })).toBeVisible();

  // Chase the quote: the WhatsApp link opens the owner's message, filled.
  const chase = entry(page, quote.reference, "quotes_waiting");
  await expect(chase).toBeVisible();
  const expected = fillTemplate(DEFAULT_TEMPLATES.quotes_waiting, {
    name: "Ngozi Today",
    reference: quote.reference,
    tracking_link: quote.trackingUrl,
    pay_link: `${quote.trackingUrl}#pay`,
    amount_due: "",
    ready_by: "",
    review_link: "",
  });
  await chase.getByText("The message").click();
  await expect(chase.getByTestId("today-message")).toHaveText(expected);
  const href = await chase.getByRole("link", { name: "WhatsApp" }).getAttribute("href");
  const link = new URL(href!);
  expect(link.origin + link.pathname).toBe("https://wa.me/2348034445566");
  expect(link.searchParams.get("text")).toBe(expected);
  for (const [width, height] of [
    [360, 780],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `/tmp/today-${width}.png`, fullPage: false });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousAxeViolations(page);

  // Snooze the deposit until the day after tomorrow.
  const owed = entry(page, deposit.reference, "deposits_due");
  await expect(owed).toContainText("Deposit owed ₦150,000.00");
  const until = addDays(lagosDay(new Date()), 2);
  await owed.getByLabel("Snooze until").fill(until);
  await owed.getByRole("button", { name: "Snooze" }).click();
  await expectNotice(page, `Snoozed until ${formatMoment(`${until}T08:00:00+01:00`)}.`);
  await expect(entry(page, deposit.reference, "deposits_due")).toHaveCount(0);

  // The ready order was delivered by hand: mark it done.
  const delivery = entry(page, ready.reference, "ready_undelivered");
  await expect(delivery).toContainText("Balance ₦300,000.00");
  await delivery.getByRole("button", { name: "Done" }).click();
  await expectNotice(page, "Marked done.");
  await expect(entry(page, ready.reference, "ready_undelivered")).toHaveCount(0);
});

test("done and snooze work with scripts off", async ({ browser }, testInfo) => {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  await context.addCookies(await signedInAdmin(`today-nojs-${testInfo.project.name}@furnish.test`));
  const page = await context.newPage();
  const address = clientAddress(testInfo);
  const deposit = await quotedOrder(page.request, "Bisi NoJS", address);
  const quote = await quotedOrder(page.request, "Chidi NoJS", address);
  await age(deposit, "approved");
  await age(quote, "unanswered");

  await page.goto("/admin/today");
  const owed = entry(page, deposit.reference, "deposits_due");
  await owed.getByLabel("Snooze until").fill(addDays(lagosDay(new Date()), 3));
  await owed.getByRole("button", { name: "Snooze" }).click();
  await expectNotice(page, /^Snoozed until /);
  await expect(entry(page, deposit.reference, "deposits_due")).toHaveCount(0);

  await entry(page, quote.reference, "quotes_waiting").getByRole("button", { name: "Done" }).click();
  await expectNotice(page, "Marked done.");
  await expect(entry(page, quote.reference, "quotes_waiting")).toHaveCount(0);
  const marks = await withE2eDatabase((db) =>
    db.execute<{ done_by: string }>(
      sql`select done_by from today_marks where entry_id like ${`quotes_waiting.%`} and done_by is not null order by done_at desc limit 1`,
    ),
  );
  expect(marks.rows[0]?.done_by).toBe("Shop Owner");
  await context.close();
});
