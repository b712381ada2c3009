/**
 * The order desk's payments (docs/product.md, Payments): a customer tells the shop they
 * paid the deposit by transfer, with a picture of the receipt; the owner sees it under
 * "Transfers to confirm", confirms it, and the order moves to Deposit paid by itself. A
 * second notice is rejected with its reason; a part payment asked for over the balance is
 * refused, then one within it is asked for and cancelled; and a last notice is confirmed
 * without scripts. The owner's WhatsApp update asks for what is owed, with a link that
 * opens the tracking page at its pay buttons; and a delivered order with a balance closes
 * once the balance is written off with a note. Each journey places and quotes its own order.
 */
import { expect, request as playwrightRequest, type Browser, type Page } from "@playwright/test";
import { expectNotice, test } from "../support/e2e-notices";
import { formatNaira } from "../../domain/money";
import { PAYMENT_MESSAGES } from "../../domain/payments/payments.schema";
import type { AdminOrder } from "../../domain/orders/order-answers.schema";
import { imageDataUrl, signedInAdmin } from "../support/e2e-admin";
import {
  answerCookies,
  collectConsoleErrors,
  expectNoSeriousAxeViolations,
  waitForHydration,
} from "../support/e2e-checks";
import { E2E_BASE_URL } from "../support/e2e-env";
import { PLAIN_PRODUCT, pinnedProduct } from "../support/e2e-fixtures";
import { clientAddress, errorsExcept } from "../support/e2e-lists";

const DEPOSIT = 50_000;

/** A guest's order of the pinned side table, quoted by the owner with a deposit of ₦50,000 and approved by the guest. */
async function quotedOrder(owner: Page, name: string, phone?: string) {
  const guest = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  try {
    const table = await pinnedProduct(guest, PLAIN_PRODUCT.name);
    const placed = await guest.post("/api/orders", {
      data: {
        kind: "item",
        itemType: "Product",
        itemId: table._id,
        quantity: 1,
        customer: { name, area: "Ikeja", ...(phone ? { phone } : {}) },
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { order } = (await placed.json()) as { order: { _id: string; reference: string } };
    for (const change of [{ depositDue: DEPOSIT }, { status: "quoted" }]) {
      const response = await owner.request.put(`/api/admin/operations/orders/${order._id}`, { data: change });
      expect(response.status(), await response.text()).toBe(200);
    }
    const read = await owner.request.get(`/api/admin/operations/orders/${order._id}`);
    const { trackingToken } = (await read.json()) as { trackingToken: string };
    // Quoting freezes the order's amounts as version 1: the customer approves it before paying.
    const approved = await guest.post(`/api/orders/track/${trackingToken}/approve`, { data: { version: 1, name } });
    expect(approved.status(), await approved.text()).toBe(200);
    return { ...order, trackingToken };
  } finally {
    await guest.dispose();
  }
}

/** The customer's "I have paid", from an address of its own. */
async function tellTransfer(token: string, address: string, body: Record<string, unknown>) {
  const customer = await playwrightRequest.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { "x-forwarded-for": address },
  });
  try {
    const response = await customer.post(`/api/orders/track/${token}/transfers`, { data: body });
    expect(response.status(), await response.text()).toBe(201);
  } finally {
    await customer.dispose();
  }
}

test("the owner confirms a customer's transfer and the order moves to Deposit paid", async ({
  page,
  browser,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  await page.context().addCookies(await signedInAdmin(`payments-${testInfo.project.name}@furnish.test`));
  const order = await quotedOrder(page, `Kemi ${testInfo.project.name} ${Date.now()}`);
  const balanceAfterDeposit = PLAIN_PRODUCT.price - DEPOSIT;
  await tellTransfer(order.trackingToken, clientAddress(testInfo, 1), {
    amount: DEPOSIT,
    note: "Deposit from GTBank",
    receiptImage: await imageDataUrl("#c8a27a"),
  });

  await page.goto(`/admin/orders/${order._id}`);
  await waitForHydration(page);
  const transfers = page.getByRole("region", { name: "Transfers to confirm" });
  const notice = transfers.getByTestId("transfer-notice");
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText(formatNaira(DEPOSIT));
  await expect(notice.getByRole("img", { name: `The customer's receipt for ${formatNaira(DEPOSIT)}` })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await notice.getByRole("button", { name: `Confirm ${formatNaira(DEPOSIT)} received` }).click();
  await expectNotice(page, "Transfer confirmed and recorded as a payment.");
  await expect(transfers).toHaveCount(0);
  const payments = page.getByRole("list", { name: "Payments recorded" });
  await expect(payments).toContainText(formatNaira(DEPOSIT));
  await expect(payments).toContainText("Bank transfer");
  await expect(payments.getByRole("link", { name: /^Receipt for / })).toHaveCount(1);
  // The payment covers the deposit: the order moved on by itself.
  await expect(page.getByRole("heading", { name: "Status: Deposit paid" })).toBeVisible();
  await expect(page.getByLabel("Money")).toContainText(`Balance${formatNaira(balanceAfterDeposit)}`);

  // A notice that did not arrive is rejected, with the reason the customer will read.
  await tellTransfer(order.trackingToken, clientAddress(testInfo, 2), { amount: balanceAfterDeposit });
  await page.reload();
  await waitForHydration(page);
  await transfers.getByText("Reject…").click();
  await transfers.getByRole("button", { name: "Reject the transfer" }).click();
  await expect(transfers.getByText(PAYMENT_MESSAGES.reason).first()).toBeVisible();
  await transfers.getByLabel("Why it is rejected").fill("Nothing arrived in our account.");
  await transfers.getByRole("button", { name: "Reject the transfer" }).click();
  await expectNotice(page, "Transfer rejected: the customer reads why on their order's page.");
  await expect(transfers).toHaveCount(0);
  await expect(page.getByLabel("Money")).toContainText(`Balance${formatNaira(balanceAfterDeposit)}`);

  // A part payment: not more than the balance; then one within it, which is cancelled.
  const requests = page.getByRole("region", { name: "Requests" });
  const ask = page.getByRole("form", { name: "Ask for a part payment" });
  await ask.getByLabel("Amount").fill(String(balanceAfterDeposit + 1));
  await ask.getByRole("button", { name: "Ask for it" }).click();
  await expect(
    ask.getByText(`Ask for at most the balance, ${formatNaira(balanceAfterDeposit)}.`).first(),
  ).toBeVisible();
  await ask.getByLabel("Amount").fill("10000");
  await ask.getByLabel("Note").fill("Second instalment");
  await ask.getByRole("button", { name: "Ask for it" }).click();
  await expectNotice(page, "Part payment asked for");
  const request = requests.getByRole("list", { name: "Payment requests" }).getByRole("listitem");
  await expect(request).toHaveCount(1);
  await expect(request).toContainText("₦10,000.00");
  await expect(request).toContainText("Part payment");
  await expect(request).toContainText("Pending");
  await expect(request).toContainText("Second instalment");
  await request.getByRole("button", { name: /^Cancel request / }).click();
  await expectNotice(page, "Request cancelled.");
  await expect(request).toContainText("Cancelled");

  // Without scripts, the last notice is confirmed all the same.
  await tellTransfer(order.trackingToken, clientAddress(testInfo, 3), { amount: balanceAfterDeposit });
  const plain = await browser.newContext({
    baseURL: E2E_BASE_URL,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  await plain.addCookies(await page.context().cookies());
  const noScripts = await plain.newPage();
  await noScripts.goto(`/admin/orders/${order._id}`);
  await noScripts
    .getByRole("region", { name: "Transfers to confirm" })
    .getByRole("button", { name: `Confirm ${formatNaira(balanceAfterDeposit)} received` })
    .click();
  await expectNotice(noScripts, "Transfer confirmed and recorded as a payment.");
  await expect(noScripts.getByLabel("Money")).toContainText(`Balance${formatNaira(0)}`);
  await plain.close();

  // The refused forms above answered 400 on purpose.
  expect(errorsExcept(errors, "status of 400 (Bad Request)")).toEqual([]);
});

/** The owner's change to an order through the desk's API, its answer the order as it is now. */
async function changeOrder(owner: Page, orderId: string, path: string, data: object, method: "PUT" | "POST" = "PUT") {
  const response = await owner.request.fetch(`/api/admin/operations/orders/${orderId}${path}`, { method, data });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AdminOrder;
}

/** The order as the desk's API reads it. */
async function readOrder(owner: Page, orderId: string) {
  const response = await owner.request.get(`/api/admin/operations/orders/${orderId}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AdminOrder;
}

/** The text WhatsApp would open with, from the order desk's "Message customer" link. */
async function customerMessage(owner: Page) {
  const link = owner.getByRole("link", { name: "Message customer on WhatsApp" });
  return new URL((await link.getAttribute("href"))!).searchParams.get("text") ?? "";
}

/** A customer's phone, the cookie banner answered. */
async function customerPhone(browser: Browser) {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await answerCookies(page);
  return page;
}

test("the owner's WhatsApp update asks for what is owed, with a link that opens at the pay buttons", async ({
  page,
  browser,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  await page.context().addCookies(await signedInAdmin(`pay-link-${testInfo.project.name}@furnish.test`));
  const order = await quotedOrder(page, `Ifeoma ${testInfo.project.name} ${Date.now()}`, "0803 222 4455");
  const balanceAfterDeposit = PLAIN_PRODUCT.price - DEPOSIT;
  const { trackingUrl } = await readOrder(page, order._id);

  // At the quote: the deposit, and where to pay it.
  await page.goto(`/admin/orders/${order._id}`);
  const quoted = await customerMessage(page);
  expect(quoted).toContain(`Deposit to start: ${formatNaira(DEPOSIT)}\nYou can pay here: ${trackingUrl}#pay\n`);
  // The desk shows it as it will be sent.
  await expect(page.getByText(`You can pay here: ${trackingUrl}#pay`)).toBeVisible();

  // The customer taps it: the page opens at the pay buttons and the shop's account.
  const customer = await customerPhone(browser);
  await customer.goto(`${trackingUrl}#pay`);
  let payment = customer.getByRole("region", { name: "Payment", exact: true });
  await expect(payment.getByRole("heading", { name: "Payment" })).toBeInViewport();
  await expect(payment.getByRole("button", { name: `Pay deposit ${formatNaira(DEPOSIT)}` })).toBeInViewport();
  await expect(payment.getByTestId("account-number")).toBeVisible();
  // Opening the link (as WhatsApp does to preview it) asked no provider for a payment.
  expect((await readOrder(page, order._id)).requests).toEqual([]);

  // Deposit paid and the order made: the update asks for nothing until it is ready…
  await changeOrder(page, order._id, "/payments", { amount: DEPOSIT, method: "transfer" }, "POST");
  await changeOrder(page, order._id, "", { status: "in_production" });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Status: In production" })).toBeVisible();
  const making = await customerMessage(page);
  expect(making).toContain("Your order is being made.");
  expect(making).not.toContain("#pay");

  // …then for the balance.
  await changeOrder(page, order._id, "", { status: "ready" });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Status: Ready" })).toBeVisible();
  expect(await customerMessage(page)).toContain(
    `Balance: ${formatNaira(balanceAfterDeposit)}\nYou can pay here: ${trackingUrl}#pay\n`,
  );
  await customer.context().close();
  const later = await customerPhone(browser);
  await later.goto(`${trackingUrl}#pay`);
  payment = later.getByRole("region", { name: "Payment", exact: true });
  await expect(
    payment.getByRole("button", { name: `Pay balance ${formatNaira(balanceAfterDeposit)}` }),
  ).toBeInViewport();

  await later.context().close();
  expect(errors).toEqual([]);
});

test("the owner closes a delivered order with a balance by writing it off with a note", async ({
  page,
  browser,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  await page.context().addCookies(await signedInAdmin(`write-off-${testInfo.project.name}@furnish.test`));
  const order = await quotedOrder(page, `Segun ${testInfo.project.name} ${Date.now()}`);
  const owed = PLAIN_PRODUCT.price - DEPOSIT;
  await changeOrder(page, order._id, "/payments", { amount: DEPOSIT, method: "cash" }, "POST");
  const { trackingUrl } = await changeOrder(page, order._id, "", { status: "delivered", confirmBalance: true });

  await page.goto(`/admin/orders/${order._id}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Status: Delivered" })).toBeVisible();
  await expect(page.getByLabel("Money")).toContainText(`Balance${formatNaira(owed)}`);

  // Closing asks what is written off, and why.
  const writeOff = page.getByRole("group", { name: "Write off the balance" });
  await page.getByLabel("Move to").selectOption({ label: "Cancelled" });
  await expect(writeOff).toBeHidden();
  await page.getByLabel("Move to").selectOption({ label: "Closed" });
  await expect(writeOff).toContainText(`${formatNaira(owed)} is still owed. Closing forgives it: say why.`);
  await expect(writeOff.getByLabel("Amount written off")).toHaveValue(String(owed));

  // Without a reason it stays open.
  await page.getByRole("button", { name: "Update status" }).click();
  await expect(writeOff.getByText("Say why the balance is written off.").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Status: Delivered" })).toBeVisible();

  // Less than the balance does not close it either.
  await writeOff.getByLabel("Amount written off").fill("10000");
  await writeOff.getByLabel("Why").fill("Scratch on delivery, agreed with the customer");
  await page.getByRole("button", { name: "Update status" }).click();
  await expect(
    page.getByText(
      `This order still owes ${formatNaira(owed)}: it closes once that is paid, or written off with a note.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Status: Delivered" })).toBeVisible();

  // The whole balance, with the reason: closed, nothing owed, the reason on the timeline.
  await page.getByLabel("Move to").selectOption({ label: "Closed" });
  await writeOff.getByLabel("Amount written off").fill(String(owed));
  await writeOff.getByLabel("Why").fill("Scratch on delivery, agreed with the customer");
  await page.getByRole("button", { name: "Update status" }).click();
  await expect(page.getByRole("heading", { name: "Status: Closed" })).toBeVisible();
  await expect(page.getByText("This order is finished: its status no longer changes.")).toBeVisible();
  await expect(page.getByLabel("Money")).toContainText(`Balance${formatNaira(0)}`);
  await expect(page.getByRole("list", { name: "Timeline, newest first" })).toContainText(
    `Balance of ${formatNaira(owed)} written off: Scratch on delivery, agreed with the customer`,
  );
  await expectNoSeriousAxeViolations(page);

  // The customer's page says it is complete, what was written off, and asks for nothing.
  const customer = await customerPhone(browser);
  await customer.goto(trackingUrl);
  await expect(customer.getByRole("region", { name: "Status", exact: true })).toContainText("Closed");
  const payment = customer.getByRole("region", { name: "Payment", exact: true });
  await expect(payment).toContainText(`Written off−${formatNaira(owed)}`);
  await expect(payment).toContainText(`Balance${formatNaira(0)}`);
  await expect(payment.getByRole("button", { name: /^Pay / })).toHaveCount(0);
  await customer.context().close();

  // The refused close above answered 409 on purpose.
  expect(errorsExcept(errors, "status of 409 (Conflict)")).toEqual([]);
});
