/**
 * Paying from the tracking page, as the customer meets it (docs/product.md, Payments): on
 * a quoted order the page says what is due and shows the shop's bank account, and "I have
 * paid" tells the shop of a transfer with the receipt's picture — a plain multipart post,
 * so it works with scripts off too (@no-js). A payment the shop records has a receipt page
 * to print. Each journey places and quotes its own order, through the API.
 */
import { expect, request as playwrightRequest, type APIRequestContext, type TestInfo } from "@playwright/test";
import { expectNotice } from "../support/e2e-notices";
import { formatNaira } from "../../domain/money";
import type { AdminOrder } from "../../domain/orders/order-answers.schema";
import { pngFile, signedInAdmin } from "../support/e2e-admin";
import { collectConsoleErrors, expectNoSeriousAxeViolations } from "../support/e2e-checks";
import { E2E_BASE_URL } from "../support/e2e-env";
import { PINNED_BANK, PLAIN_PRODUCT, pinnedProduct } from "../support/e2e-fixtures";
import { gotoPage, scriptsOn } from "../support/e2e-pages";
import { clientAddress, test } from "../support/e2e-lists";

const SHOP_BANK = PINNED_BANK;

interface Quoted {
  order: AdminOrder;
  trackingPath: string;
  owner: APIRequestContext;
}

/**
 * A guest's order of the pinned side table, quoted by the owner with a deposit of its own
 * and approved by the guest: the owner's API session comes back with it (disposed by the caller).
 * The guest speaks from the test's own address, as its page does: the shop limits orders per address.
 */
async function quotedOrder(
  request: APIRequestContext,
  testInfo: TestInfo,
  name: string,
  depositDue: number,
): Promise<Quoted> {
  const table = await pinnedProduct(request, PLAIN_PRODUCT.name);
  const address = { "x-forwarded-for": clientAddress(testInfo) };
  const guest = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: address });
  const placed = await guest.post("/api/orders", {
    data: { kind: "item", itemType: "Product", itemId: table._id, quantity: 2, customer: { name } },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order, trackingUrl } = (await placed.json()) as { order: { _id: string }; trackingUrl: string };
  await guest.dispose();
  const cookies = await signedInAdmin("pay-shop@furnish.test");
  const owner = await playwrightRequest.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { ...address, cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ") },
  });
  const quoted = await owner.put(`/api/admin/operations/orders/${order._id}`, {
    data: { status: "quoted", depositDue },
  });
  expect(quoted.status(), await quoted.text()).toBe(200);
  // Quoting freezes the order's amounts as version 1: the customer approves it before paying.
  const approved = await owner.post(`/api/orders/track/${new URL(trackingUrl).pathname.split("/").at(-1)}/approve`, {
    data: { version: 1, name },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return { order: (await quoted.json()) as AdminOrder, trackingPath: new URL(trackingUrl).pathname, owner };
}

test(
  "on a quoted order the customer sees the deposit due and the bank account, and tells the shop they have paid",
  { tag: ["@no-js"] },
  async ({ page }, testInfo) => {
    const errors = collectConsoleErrors(page);
    const deposit = 60_000;
    const { order, trackingPath, owner } = await quotedOrder(
      page.request,
      testInfo,
      `Chidi ${testInfo.project.name}`,
      deposit,
    );
    try {
      await gotoPage(page, trackingPath);
      const payment = page.getByRole("region", { name: "Payment" });
      await expect(payment.getByText("Deposit due")).toBeVisible();
      await expect(payment.getByText(formatNaira(deposit), { exact: true }).first()).toBeVisible();
      await expect(payment.getByText(SHOP_BANK.bankName)).toBeVisible();
      await expect(payment.getByText(SHOP_BANK.accountName)).toBeVisible();
      // The number grouped to read, in one piece to copy.
      await expect(payment.getByTestId("account-number")).toHaveText("012 345 6789");
      await expect(payment.getByText(order.reference, { exact: true })).toBeVisible();
      if (scriptsOn()) await expectNoSeriousAxeViolations(page);

      await payment.getByText("I have paid", { exact: true }).click();
      const notice = page.getByRole("form", { name: "I have paid" });
      await expect(notice.getByLabel("Amount paid")).toHaveValue(String(deposit));
      await notice.getByLabel("Note (optional)").fill("From my GTBank account");
      await notice
        .getByLabel("Picture of the receipt (optional)")
        .setInputFiles(await pngFile("#c8b49a", "receipt.png"));
      await notice.getByRole("button", { name: "Send" }).click();

      await expectNotice(page, "Thank you. We will confirm your transfer shortly.");
      const told = page.getByRole("region", { name: "Transfers you told us about" });
      await expect(told.getByRole("listitem")).toHaveCount(1);
      await expect(told).toContainText(formatNaira(deposit));
      await expect(told).toContainText("To confirm");

      // The owner has it to confirm, with the receipt's picture.
      const read = await owner.get(`/api/admin/operations/orders/${order._id}`);
      const seen = (await read.json()) as AdminOrder;
      expect(seen.transfers).toHaveLength(1);
      expect(seen.transfers[0]).toMatchObject({ amount: deposit, status: "to_confirm" });
      expect(seen.transfers[0]!.receiptImage).toMatch(/^\/media\//);
      expect(errors).toEqual([]);
    } finally {
      await owner.dispose();
    }
  },
);

test(
  "a refused notice comes back with its message and what was typed",
  { tag: ["@no-js"] },
  async ({ page }, testInfo) => {
    const { trackingPath, owner } = await quotedOrder(page.request, testInfo, `Bisi ${testInfo.project.name}`, 40_000);
    await owner.dispose();
    await gotoPage(page, trackingPath);
    await page.getByText("I have paid", { exact: true }).click();
    const notice = page.getByRole("form", { name: "I have paid" });
    await notice.getByLabel("Amount paid").fill("0");
    await notice.getByLabel("Note (optional)").fill("Paid at the branch");
    await notice.getByRole("button", { name: "Send" }).click();
    await expect(notice.getByText("Enter an amount in naira, such as 250000.").first()).toBeVisible();
    await expect(notice.getByLabel("Note (optional)")).toHaveValue("Paid at the branch");
    await expect(page.getByRole("region", { name: "Transfers you told us about" })).toHaveCount(0);
  },
);

test(
  "a payment the shop records shows on the tracking page with a receipt to print",
  { tag: ["@both-viewports"] },
  async ({ page }, testInfo) => {
    const errors = collectConsoleErrors(page);
    const name = `Amaka ${testInfo.project.name}`;
    const { order, trackingPath, owner } = await quotedOrder(page.request, testInfo, name, 70_000);
    const total = PLAIN_PRODUCT.price * 2;
    try {
      const recorded = await owner.post(`/api/admin/operations/orders/${order._id}/payments`, {
        data: { amount: 70_000, method: "transfer" },
      });
      expect(recorded.status(), await recorded.text()).toBe(200);

      await gotoPage(page, trackingPath);
      // The deposit is in: the order moved on by itself, and the balance is what is due now.
      await expect(page.getByRole("region", { name: "Status", exact: true })).toContainText("Deposit paid");
      const payment = page.getByRole("region", { name: "Payment" });
      await expect(payment.getByText("Balance due")).toBeVisible();
      const received = page.getByRole("region", { name: "Payments received" });
      await expect(received).toContainText(formatNaira(70_000));
      await expect(received).toContainText("Bank transfer");

      await received.getByRole("link", { name: /^Receipt/ }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Receipt" })).toBeVisible();
      const receipt = page.getByRole("article", { name: "Receipt" });
      await expect(receipt).toContainText(order.reference);
      await expect(receipt).toContainText(name);
      await expect(receipt.getByText(formatNaira(70_000), { exact: true }).first()).toBeVisible();
      await expect(receipt).toContainText("Bank transfer");
      await expect(receipt).toContainText(`Order total${formatNaira(total)}`);
      await expect(receipt).toContainText(`Paid to date${formatNaira(70_000)}`);
      await expect(receipt).toContainText(`Balance${formatNaira(total - 70_000)}`);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      await expectNoSeriousAxeViolations(page);
      // On paper the receipt stands alone: no header, footer or Print button.
      await page.emulateMedia({ media: "print" });
      await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
      await expect(page.locator("body > header")).toBeHidden();
      await page.emulateMedia({ media: "screen" });

      await page.getByRole("link", { name: `Back to order ${order.reference}` }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Order ${order.reference}` })).toBeVisible();

      const unknown = await page.goto("/receipts/no-such-receipt");
      expect(unknown?.status()).toBe(404);
      expect(errors.filter((error) => !error.includes("404"))).toEqual([]);
    } finally {
      await owner.dispose();
    }
  },
);
