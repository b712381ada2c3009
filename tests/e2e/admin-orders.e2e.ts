/**
 * The owner's order desk (docs/product.md, Admin panel): a guest's order appears on the
 * owner's open page without a reload; the owner quotes it, records the deposit (which
 * moves it to Deposit paid), moves it to delivery (confirming the balance still owed),
 * messages the customer and prints the invoice; the customer's tracking follows each
 * step. The journey places its own order and finds it by its reference.
 */
import { expect, request as playwrightRequest, type Page, type TestInfo } from "@playwright/test";
import { expectNotice, test } from "../support/e2e-notices";
import { formatNaira } from "../../domain/money";
import { STATUS_EXPLANATIONS, type OrderStatus } from "../../domain/orders/order-status";
import { PLAIN_PRODUCT, pinnedProduct } from "../support/e2e-fixtures";
import { signedInAdmin } from "../support/e2e-admin";
import { collectConsoleErrors, expectNoSeriousAxeViolations, waitForHydration } from "../support/e2e-checks";
import { E2E_BASE_URL } from "../support/e2e-env";
import { clientAddress, errorsExcept, liveConnection } from "../support/e2e-lists";

interface Placed {
  order: { _id: string; reference: string };
  trackingUrl: string;
}

/**
 * A guest on a browser of their own orders the pinned side table through the API, from an
 * address of the test's own (the shop limits orders per address).
 */
async function guestOrders(testInfo: TestInfo, itemId: string, name: string, quantity: number): Promise<Placed> {
  const guest = await playwrightRequest.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { "x-forwarded-for": clientAddress(testInfo) },
  });
  try {
    const response = await guest.post("/api/orders", {
      data: {
        kind: "item",
        itemType: "Product",
        itemId,
        quantity,
        customer: { name, phone: "0803 123 4567", area: "Lekki" },
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as Placed;
  } finally {
    await guest.dispose();
  }
}

/** The customer's tracking page, opened afresh in their own browser, says the order is at this step. */
async function expectTracked(customer: Page, trackingUrl: string, status: OrderStatus) {
  await customer.goto(new URL(trackingUrl).pathname);
  await expect(customer.getByText(STATUS_EXPLANATIONS[status], { exact: true })).toBeVisible();
}

/** `owed`: the balance still owed, which delivering asks to confirm. */
async function moveTo(page: Page, label: string, owed?: number) {
  await page.getByLabel("Move to").selectOption({ label });
  if (owed !== undefined)
    await page.getByRole("checkbox", { name: `Deliver with ${formatNaira(owed)} still owed` }).check();
  await page.getByRole("button", { name: "Update status" }).click();
  await expect(page.getByRole("heading", { name: `Status: ${label}` })).toBeVisible();
}

test(
  "a guest's order appears live; the owner quotes it, takes the deposit, delivers it and prints the invoice",
  {
    tag: "@both-viewports",
  },
  async ({ page, browser }, testInfo) => {
    // The whole life of an order, about twenty steps on two pages: more than a minute on a busy machine.
    test.slow();
    const errors = collectConsoleErrors(page);
    const customer = await (
      await browser.newContext({
        baseURL: E2E_BASE_URL,
        extraHTTPHeaders: { "x-forwarded-for": clientAddress(testInfo) },
      })
    ).newPage();
    await page.context().addCookies(await signedInAdmin(`desk-${testInfo.project.name}@furnish.test`));
    const name = `Ngozi ${testInfo.project.name} ${Date.now()}`;

    // The owner's list is open, its live connection joined.
    const connected = liveConnection(page);
    await page.goto("/admin/orders");
    await waitForHydration(page);
    await connected;
    await page.evaluate(() => ((window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true));

    const table = await pinnedProduct(page.request, PLAIN_PRODUCT.name);
    // Each project orders its own quantity: the same order sent twice at once is one order.
    const quantity = testInfo.project.name === "admin" ? 2 : 3;
    const subtotal = PLAIN_PRODUCT.price * quantity;
    const placed = await guestOrders(testInfo, table._id, name, quantity);
    const reference = placed.order.reference;

    // It appears without a reload, newest first, marked new.
    const row = page.getByTestId("order-row").filter({ hasText: reference });
    await expect(row).toBeVisible();
    await expect(row).toContainText(name);
    await expect(row).toContainText("New");
    expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(
      true,
    );
    await expectNoSeriousAxeViolations(page);

    // Search finds it by its reference.
    await page.getByLabel("Search orders").fill(reference);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("order-row")).toHaveCount(1);
    await row.click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(reference);
    await waitForHydration(page);
    const money = page.getByLabel("Money");
    await expect(money).toContainText(formatNaira(subtotal));

    // A refused step says why.
    await page.getByLabel("Move to").selectOption({ label: "Deposit paid" });
    await page.getByRole("button", { name: "Update status" }).click();
    await expect(
      page.getByText('Record payments that cover the deposit before marking the order "Deposit paid".'),
    ).toBeVisible();

    // The quick quote: a delivery fee and a deposit of the owner's.
    const quick = page.getByRole("form", { name: "Quick quote" });
    await quick.getByLabel("Fee 1", { exact: true }).fill("Delivery");
    await quick.getByLabel("Fee 1 amount").fill("15000");
    await quick.getByLabel("Deposit due").fill("100000");
    await quick.getByRole("button", { name: "Save quote" }).click();
    await expectNotice(page, `Quote saved: total ${formatNaira(subtotal + 15_000)}.`);
    await expect(money).toContainText(formatNaira(subtotal + 15_000));
    await expect(money).toContainText("₦100,000.00");
    await moveTo(page, "Quoted");
    await expectTracked(customer, placed.trackingUrl, "quoted");

    // The deposit, by transfer.
    const payment = page.getByRole("form", { name: "Record a payment" });
    await payment.getByLabel("Amount").fill("100000");
    await payment.getByLabel("Method").selectOption({ label: "Bank transfer" });
    await payment.getByLabel("Note").fill("Deposit");
    await page.getByRole("button", { name: "Record payment" }).click();
    await expectNotice(page, "Payment recorded.");
    await expect(page.getByRole("list", { name: "Payments recorded" })).toContainText("₦100,000.00");
    await expect(money).toContainText(`Balance${formatNaira(subtotal + 15_000 - 100_000)}`);
    // It covers the deposit: the order moved on by itself.
    await expect(page.getByRole("heading", { name: "Status: Deposit paid" })).toBeVisible();
    await expectTracked(customer, placed.trackingUrl, "deposit_paid");

    for (const [label, status] of [
      ["In production", "in_production"],
      ["Ready", "ready"],
      ["Delivered", "delivered"],
    ] as const) {
      await moveTo(page, label, status === "delivered" ? subtotal + 15_000 - 100_000 : undefined);
      await expectTracked(customer, placed.trackingUrl, status);
    }

    // The message to the customer names the order and its step.
    const whatsapp = page.getByRole("link", { name: "Message customer on WhatsApp" });
    const href = new URL((await whatsapp.getAttribute("href"))!);
    expect(href.origin + href.pathname).toBe("https://wa.me/2348031234567");
    const text = href.searchParams.get("text")!;
    expect(text).toContain(`on your order ${reference}`);
    expect(text).toContain("Your order has been delivered.");
    await expect(page.getByRole("list", { name: "Timeline, newest first" })).toContainText("Status: Delivered");
    await expectNoSeriousAxeViolations(page);

    // The invoice: lines, fee, payments and what is left.
    await page.getByRole("link", { name: "Invoice" }).click();
    const invoice = page.getByRole("article", { name: `Invoice ${reference}` });
    await expect(invoice).toContainText(PLAIN_PRODUCT.name);
    await expect(invoice).toContainText("Delivery");
    await expect(invoice).toContainText(formatNaira(subtotal + 15_000));
    await expect(invoice).toContainText("Bank transfer");
    await expect(invoice.getByText("Balance due")).toBeVisible();
    await expect(invoice).toContainText(formatNaira(subtotal + 15_000 - 100_000));
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(invoice).toBeVisible();
    await customer.context().close();
    // The refused status change above answered 409 on purpose.
    expect(errorsExcept(errors, "status of 409 (Conflict)")).toEqual([]);
  },
);

test("an order placed while the owner's list is still opening appears once its live connection joins", async ({
  page,
}, testInfo) => {
  await page.context().addCookies(await signedInAdmin("desk-opening@furnish.test"));
  const connected = liveConnection(page);
  await page.goto("/admin/orders");
  await page.evaluate(() => ((window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true));
  // Placed before the page's live connection opens (it waits for the page to settle): no
  // event about it reaches this page, so the connection itself must bring the list up to date.
  const table = await pinnedProduct(page.request, PLAIN_PRODUCT.name);
  const placed = await guestOrders(testInfo, table._id, `Early Bird ${Date.now()}`, 1);
  await connected;
  await expect(page.getByTestId("order-row").filter({ hasText: placed.order.reference })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
});
