/**
 * Settings → Payments (docs/product.md, Payments): the owner saves the shop's bank account
 * and a Paystack test key; a mistyped account number is named at its field; the key is
 * never shown again (the page says one is saved, and an empty field keeps it); the admin
 * then says payments are in test mode. Again without scripts. The settings are the whole
 * shop's, so this runs on the owner's server of its own (playwright.config.ts).
 */
import { expect, request as playwrightRequest, type BrowserContext, type Page } from "@playwright/test";
import { expectNotice, test } from "../support/e2e-notices";
import { PAYMENT_MESSAGES } from "../../domain/payments/payments.schema";
import { collectConsoleErrors, expectNoSeriousAxeViolations, waitForHydration } from "../support/e2e-checks";
import { E2E_ADMIN, E2E_OWNER_BASE_URL } from "../support/e2e-env";

// Both change the same settings: one after the other.
test.describe.configure({ mode: "serial" });

/** The owner's session on the owner's server, for this browser. */
async function signIn(context: BrowserContext) {
  const api = await playwrightRequest.newContext({ baseURL: E2E_OWNER_BASE_URL });
  const login = await api.post("/api/admin/login", { data: E2E_ADMIN });
  expect(login.status(), await login.text()).toBe(200);
  await context.addCookies((await api.storageState()).cookies);
  await api.dispose();
}

/** The payment settings as the owner's API answers them. */
async function savedSettings(page: Page) {
  const response = await page.request.get("/api/admin/operations/settings/payments");
  expect(response.status()).toBe(200);
  return { text: await response.text(), settings: (await response.json()) as Record<string, unknown> };
}

test("the owner saves the bank account and a Paystack test key, which is never shown again", async ({
  page,
  context,
}) => {
  const errors = collectConsoleErrors(page);
  await signIn(context);
  const secretKey = `sk_test_${Date.now().toString(36)}e2ekey`;

  // From Settings, the Payments tab.
  await page.goto("/admin/settings");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Settings pages" }).getByRole("link", { name: "Payments" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payment settings" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Paystack webhook URL" })).toHaveValue(
    `${E2E_OWNER_BASE_URL}/api/payments/webhooks/paystack`,
  );
  await expect(page.getByRole("textbox", { name: "Flutterwave webhook URL" })).toHaveValue(
    `${E2E_OWNER_BASE_URL}/api/payments/webhooks/flutterwave`,
  );
  await expect(page.getByLabel("Paystack secret key")).toBeEnabled();
  await expectNoSeriousAxeViolations(page);

  // A mistyped account number is named at its field, and nothing is saved.
  await page.getByLabel("Bank name").fill("Zenith Bank");
  await page.getByLabel("Account name").fill("Furnish Interiors Ltd");
  await page.getByLabel("Account number").fill("01234567");
  await page.getByRole("button", { name: "Save payment settings" }).click();
  await expect(page.getByLabel("Account number")).toHaveAccessibleDescription(PAYMENT_MESSAGES.accountNumber);
  expect((await savedSettings(page)).text).not.toContain("01234567");

  // The right number, and Paystack in test mode with its keys.
  await page.getByLabel("Account number").fill("0123 456 789");
  await page.getByLabel("Paystack mode").selectOption("test");
  await page.getByLabel("Paystack public key").fill("pk_test_e2epublic");
  await page.getByLabel("Paystack secret key").fill(secretKey);
  await page.getByRole("button", { name: "Save payment settings" }).click();
  await expectNotice(page, "Payment settings saved.");

  // What was stored comes back, but never the key: the field is empty and says one is saved.
  await expect(page.getByLabel("Account number")).toHaveValue("0123456789");
  await expect(page.getByLabel("Paystack public key")).toHaveValue("pk_test_e2epublic");
  await expect(page.getByLabel("Paystack secret key")).toHaveValue("");
  await expect(page.getByLabel("Paystack secret key")).toHaveAccessibleDescription(/^A key is saved\./);
  expect(await page.content()).not.toContain(secretKey);
  const saved = await savedSettings(page);
  expect(saved.text).not.toContain(secretKey);
  expect(saved.settings.paystack).toEqual({ mode: "test", publicKey: "pk_test_e2epublic", hasSecretKey: true });

  // Saved again with the key left empty, the key stays.
  await page.getByLabel("Bank name").fill("Zenith");
  await page.getByRole("button", { name: "Save payment settings" }).click();
  await expectNotice(page, "Payment settings saved.");
  await expect(page.getByLabel("Bank name")).toHaveValue("Zenith");
  expect((await savedSettings(page)).settings.paystack).toMatchObject({ hasSecretKey: true });

  // Every admin page now says payments are in test mode, and where to go live.
  await page.goto("/admin/dashboard");
  await expect(page.getByText("Payments are in test mode.")).toBeVisible();
  await page.getByRole("link", { name: "Go live in Payment settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payment settings" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("without scripts, the owner's payment settings say what is wrong and save", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: E2E_OWNER_BASE_URL, javaScriptEnabled: false });
  await signIn(context);
  const page = await context.newPage();
  await page.goto("/admin/settings/payments");
  // No Copy button without scripts: the address is there to select.
  await expect(page.getByRole("textbox", { name: "Paystack webhook URL" })).toHaveValue(
    /\/api\/payments\/webhooks\/paystack$/,
  );
  await expect(page.getByRole("button", { name: /^Copy/ })).toHaveCount(0);

  await page.getByLabel("Bank name").fill("Access Bank");
  await page.getByLabel("Account name").fill("Furnish Lagos");
  await page.getByLabel("Account number").fill("12345");
  await page.getByRole("button", { name: "Save payment settings" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: PAYMENT_MESSAGES.accountNumber })).toBeVisible();
  await expect(page.getByLabel("Account number")).toHaveAccessibleDescription(PAYMENT_MESSAGES.accountNumber);
  // What was typed stays.
  await expect(page.getByLabel("Bank name")).toHaveValue("Access Bank");

  await page.getByLabel("Account number").fill("9876543210");
  await page.getByRole("button", { name: "Save payment settings" }).click();
  await expectNotice(page, "Payment settings saved.");
  await expect(page.getByLabel("Account number")).toHaveValue("9876543210");
  await expect(page.getByLabel("Bank name")).toHaveValue("Access Bank");
  await context.close();
});
