/**
 * Getting paid, end to end on a phone (docs/product.md, Payments): a customer orders; the
 * owner quotes; the customer pays the deposit through the provider's checkout (the
 * stand-in's page, tests/standins/payment-provider) and the owner's open list and the
 * customer's page show "Deposit paid" without a reload; the balance is paid by a transfer
 * notice that Accounts confirm; both receipts are e-mailed; the invoice lists both
 * payments. Then the pay step once more with scripts off. Each journey signs up its own
 * customer and places its own order.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, request as playwrightRequest, type Browser, type Page, type TestInfo } from "@playwright/test";
import { expectNotice, test } from "../support/e2e-notices";
import { eq, sql } from "drizzle-orm";
import { formatNaira } from "../../domain/money";
import { users } from "../../server/db/schema/accounts";
import { upsertAdmin } from "../../server/modules/accounts/admins.service";
import { signedInAdmin } from "../support/e2e-admin";
import { collectConsoleErrors, waitForHydration } from "../support/e2e-checks";
import { withE2eDatabase } from "../support/e2e-database";
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_STANDIN_URL } from "../support/e2e-env";
import { PLAIN_PRODUCT, pinnedProduct } from "../support/e2e-fixtures";
import { clientAddress, liveConnection } from "../support/e2e-lists";

const DEPOSIT = 40_000;

/**
 * A customer of their own, signed up in their own browser (so receipts have an address to go
 * to), speaking from the test's own address (the shop limits orders per address).
 */
async function signedUpCustomer(browser: Browser, testInfo: TestInfo, name: string, javaScriptEnabled = true) {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    javaScriptEnabled,
    extraHTTPHeaders: { "x-forwarded-for": clientAddress(testInfo) },
  });
  const email = `payer-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const signup = await context.request.post("/api/auth/signup", {
    data: { fullName: name, email, phoneNumber: "0803 123 4567", password: "Customer123" },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  return { page: await context.newPage(), email, context };
}

/** The customer orders the pinned side table; the owner quotes it with a deposit of DEPOSIT. */
async function quotedOrder(customer: Page, owner: Awaited<ReturnType<typeof signedInAdmin>>) {
  const table = await pinnedProduct(customer.request, PLAIN_PRODUCT.name);
  const placed = await customer.request.post("/api/orders", {
    data: { kind: "item", itemType: "Product", itemId: table._id, customer: { area: "Lekki" } },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order, trackingUrl } = (await placed.json()) as {
    order: { _id: string; reference: string };
    trackingUrl: string;
  };
  const desk = await playwrightRequest.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { cookie: owner.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ") },
  });
  const quoted = await desk.put(`/api/admin/operations/orders/${order._id}`, {
    data: { status: "quoted", depositDue: DEPOSIT },
  });
  expect(quoted.status(), await quoted.text()).toBe(200);
  await desk.dispose();
  // Quoting freezes the order's amounts as version 1: the customer approves it before paying.
  const approved = await customer.request.post(`/api/orders/track/${trackingUrl.split("/").at(-1)}/approve`, {
    data: { version: 1, name: "Customer" },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return { ...order, trackingPath: new URL(trackingUrl).pathname };
}

/** A member of staff with only the Accounts role, signed in. */
async function signedInAccounts(email: string) {
  await withE2eDatabase(async (db) => {
    await upsertAdmin(db, { email, password: "Accounts123", name: "Funmi Accounts" }).catch(() => undefined);
    await db
      .update(users)
      .set({ staffRoles: ["accounts"] })
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  });
  const api = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  const login = await api.post("/api/admin/login", { data: { email, password: "Accounts123" } });
  expect(login.status(), await login.text()).toBe(200);
  const { cookies } = await api.storageState();
  await api.dispose();
  return cookies;
}

/** The e-mails in the test server's outbox to `to`, decoded from quoted-printable UTF-8. */
async function mailTo(to: string): Promise<string[]> {
  const dir = path.join(E2E_DATA_DIR, "mail");
  const files = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith(".eml"));
  const texts = await Promise.all(files.map((name) => readFile(path.join(dir, name), "utf8")));
  return texts
    .filter((text) => text.includes(to))
    .map((text) =>
      Buffer.from(
        text
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        "latin1",
      ).toString("utf8"),
    );
}

test("a customer pays the deposit online and the balance by transfer; the shop sees it live and receipts go out", async ({
  page,
  browser,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  const owner = await signedInAdmin("payments-journey@furnish.test");
  await page.context().addCookies(owner);
  const { page: customer, email, context } = await signedUpCustomer(browser, testInfo, `Tobi ${Date.now()}`);
  const order = await quotedOrder(customer, owner);
  const balance = PLAIN_PRODUCT.price - DEPOSIT;

  // The owner's order list is open, its live connection joined.
  const connected = liveConnection(page);
  await page.goto("/admin/orders");
  await waitForHydration(page);
  await connected;
  const row = page.getByTestId("order-row").filter({ hasText: order.reference });
  await expect(row).toContainText("Quoted");

  // The customer pays the deposit at the provider's checkout, and comes back to their order.
  await customer.goto(order.trackingPath);
  await waitForHydration(customer);
  const payment = customer.getByRole("region", { name: "Payment" });
  await expect(payment.getByText(/test mode/i).first()).toBeVisible();
  await payment.getByRole("button", { name: `Pay deposit ${formatNaira(DEPOSIT)}` }).click();
  await customer.waitForURL((url) => url.href.startsWith(E2E_STANDIN_URL));
  await expect(customer.getByText(formatNaira(DEPOSIT)).first()).toBeVisible();
  await customer.getByRole("button", { name: `Pay ${formatNaira(DEPOSIT)}` }).click();
  await customer.waitForURL((url) => url.pathname === order.trackingPath);
  await expect(customer.getByText("Payment received — thank you.")).toBeVisible();
  await expect(customer.getByRole("region", { name: "Status", exact: true })).toContainText("Deposit paid");

  // The owner's list followed, without a reload.
  await expect(row).toContainText("Deposit paid");

  // The balance, by bank transfer: the customer says so…
  await payment.getByText("I have paid", { exact: true }).click();
  const notice = customer.getByRole("form", { name: "I have paid" });
  await expect(notice.getByLabel("Amount paid")).toHaveValue(String(balance));
  await notice.getByRole("button", { name: "Send" }).click();
  await expectNotice(customer, "Thank you. We will confirm your transfer shortly.");

  // …and Accounts confirm it from the order's page.
  const accounts = await (await browser.newContext({ baseURL: E2E_BASE_URL })).newPage();
  await accounts.context().addCookies(await signedInAccounts(`accounts-${Date.now()}@furnish.test`));
  await accounts.goto(`/admin/orders/${order._id}`);
  await waitForHydration(accounts);
  const transfers = accounts.getByRole("region", { name: "Transfers to confirm" });
  await transfers.getByRole("button", { name: `Confirm ${formatNaira(balance)} received` }).click();
  await expectNotice(accounts, "Transfer confirmed and recorded as a payment.");
  const recorded = accounts.getByRole("list", { name: "Payments recorded" });
  await expect(recorded).toContainText("Paystack");
  await expect(recorded).toContainText("Bank transfer");

  // The customer's page says it is all paid, and both receipts are in their e-mail.
  await expect(customer.getByRole("region", { name: "Payments received" })).toContainText(formatNaira(balance));
  await expect.poll(async () => (await mailTo(email)).filter((text) => text.includes("Your receipt: ")).length).toBe(2);
  const receipts = (await mailTo(email)).filter((text) => text.includes("Your receipt: ")).join("\n");
  expect(receipts).toContain(`${order.reference}-D1`);
  expect(receipts).toContain(formatNaira(balance));

  // The invoice lists both payments, the online one with its reference.
  await page.goto(`/admin/orders/${order._id}/invoice`);
  const invoice = page.getByRole("main");
  await expect(invoice).toContainText(`${order.reference}-D1`);
  await expect(invoice).toContainText(formatNaira(DEPOSIT));
  await expect(invoice).toContainText(formatNaira(balance));
  await expect(invoice).toContainText("Bank transfer");

  await context.close();
  await accounts.context().close();
  expect(errors).toEqual([]);
});

test("without scripts, the deposit is paid through the checkout all the same", async ({ browser }, testInfo) => {
  const owner = await signedInAdmin("payments-journey-nojs@furnish.test");
  const { page: customer, context } = await signedUpCustomer(browser, testInfo, `Uche ${Date.now()}`, false);
  const order = await quotedOrder(customer, owner);
  await customer.goto(order.trackingPath);
  await customer
    .getByRole("region", { name: "Payment" })
    .getByRole("button", { name: `Pay deposit ${formatNaira(DEPOSIT)}` })
    .click();
  await customer.waitForURL((url) => url.href.startsWith(E2E_STANDIN_URL));
  await customer.getByRole("button", { name: `Pay ${formatNaira(DEPOSIT)}` }).click();
  await customer.waitForURL((url) => url.pathname === order.trackingPath);
  await expect(customer.getByText("Payment received — thank you.")).toBeVisible();
  await expect(customer.getByRole("region", { name: "Status", exact: true })).toContainText("Deposit paid");
  await context.close();
});
