/**
 * The owner runs the shop's tools from Settings, without a server's help (docs/product.md,
 * Backups, Outgoing mail): the backup schedule (with scripts and without) and the mail
 * server with its test e-mail. Both change the whole shop (a schedule takes backups, a
 * mail server takes every e-mail), so each journey has a shop of its own
 * (tests/support/e2e-own-shop.ts) with a SECRETS_KEY, and the mail goes to a real SMTP
 * server in this process that asks for a username and password.
 */
import { expect, type Page } from "@playwright/test";
import { expectNotice, test as base } from "../support/e2e-notices";
import { CONSENT_COOKIE } from "../../domain/cookie-consent";
import { expectNoSeriousAxeViolations, waitForHydration } from "../support/e2e-checks";
import { E2E_SECRETS_KEY } from "../support/e2e-env";
import { startOwnShop, type OwnShop } from "../support/e2e-own-shop";
import { startSmtpListener } from "../support/smtp-listener";

const test = base.extend<{ shop: OwnShop }>({
  shop: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads what a fixture needs from this argument: nothing.
    async ({}, use) => {
      const shop = await startOwnShop({ env: { SECRETS_KEY: E2E_SECRETS_KEY } });
      try {
        await use(shop);
      } finally {
        await shop.stop();
      }
    },
    { timeout: 120_000 },
  ],
  baseURL: async ({ shop }, use) => use(shop.url),
});

test.beforeEach(async ({ context, request, shop }) => {
  await context.addCookies([{ name: CONSENT_COOKIE, value: "accepted", url: shop.url }]);
  const login = await request.post("/api/admin/login", { data: shop.admin });
  expect(login.status(), await login.text()).toBe(200);
  await context.addCookies((await request.storageState()).cookies);
});

const VIEWPORTS = [
  [360, 780],
  [390, 844],
  [1280, 800],
] as const;

/** The page as it is, at each size we check it at, for a person to look at. */
async function screenshots(page: Page, name: string, path: (file: string) => string) {
  const size = page.viewportSize();
  for (const [width, height] of VIEWPORTS) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: path(`${name}-${width}x${height}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

test("the owner has the shop back up every day at 2:00 am and sees when the next backup is", async ({
  page,
}, testInfo) => {
  await page.goto("/admin/settings");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Settings pages" }).getByRole("link", { name: "Backups" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Backups" })).toBeVisible();
  const panel = page.getByRole("region", { name: "Backups" });
  await expect(panel.getByText("No backup has been taken yet.")).toBeVisible();
  await expect(panel.getByText("The shop takes none by itself")).toBeVisible();
  await expect(panel.getByText("Next backup:")).toHaveCount(0);

  // With scripts, only the choice's own field shows.
  await page.getByLabel("Take a backup").selectOption("daily");
  await expect(page.getByLabel("How often")).toHaveCount(0);
  await page.getByLabel("Time of day (Lagos)").selectOption("02:00");
  await page.getByLabel("Backups to keep").fill("0");
  await page.getByRole("button", { name: "Save schedule" }).click();
  await expect(page.getByText("Keep from 1 to 1000 backups.").first()).toBeVisible();
  await page.getByLabel("Backups to keep").fill("5");
  await page.getByRole("button", { name: "Save schedule" }).click();
  await expectNotice(page, "Backup schedule saved.");
  await expect(
    panel.getByText("The shop takes a backup every day at 2:00 am (Lagos time) and keeps the last 5."),
  ).toBeVisible();
  // The shop had none, so the first is due now; after it, the next is at 2:00 am.
  await expect(panel.getByText("Next backup:")).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await expect(async () => {
    await page.reload();
    await expect(panel.getByRole("link", { name: /Download/ })).toHaveCount(1, { timeout: 1_000 });
    await expect(panel.getByText(/^Next backup: .+, 2:00 am$/)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await expect(panel.getByText(/^Last backup: /)).toBeVisible();
  await expect(page.getByLabel("Take a backup")).toHaveValue("daily");
  await screenshots(page, "settings-backups", (file) => testInfo.outputPath(file));
});

test("the owner's schedule form works without scripts", async ({ browser, context, shop }) => {
  const noScripts = await browser.newContext({ javaScriptEnabled: false, baseURL: shop.url });
  try {
    await noScripts.addCookies(await context.cookies());
    const page = await noScripts.newPage();
    await page.goto("/admin/settings/backups");
    // Both the hours and the time of day show: the choice reads only its own.
    await expect(page.getByLabel("How often")).toBeVisible();
    await expect(page.getByLabel("Time of day (Lagos)")).toBeVisible();
    await page.getByLabel("Take a backup").selectOption("every");
    await page.getByLabel("How often").selectOption("6");
    await page.getByRole("button", { name: "Save schedule" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/backups$/);
    const panel = page.getByRole("region", { name: "Backups" });
    await expect(panel.getByText("The shop takes a backup every 6 hours and keeps the last 7.")).toBeVisible();
    await expect(panel.getByText("Next backup:")).toBeVisible();
    await expect(page.getByLabel("Take a backup")).toHaveValue("every");
  } finally {
    await noScripts.close();
  }
});

test("the owner sets the shop's mail server, a test e-mail arrives, and the checklist's mail item goes", async ({
  page,
  shop,
}, testInfo) => {
  const password = "e2e-app-password-5521";
  const smtp = await startSmtpListener({ username: "orders@adaeze-interiors.ng", password });
  try {
    await page.goto("/admin/dashboard");
    const checklist = page.getByRole("region", { name: "Finish setting up your shop" });
    const mailItem = checklist.getByRole("listitem").filter({ hasText: "E-mails are saved as files" });
    await expect(mailItem).toContainText("Set up your mail server in Settings → E-mail");
    await mailItem.getByRole("link", { name: "Open E-mail settings" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "E-mail" })).toBeVisible();
    await waitForHydration(page);
    await expect(page.getByTestId("mail-status")).toContainText("E-mails are saved as files on the server, not sent");

    // A username without its password is named at the password.
    await page.getByLabel("Mail server").fill("127.0.0.1");
    await page.getByLabel("Port").fill(String(smtp.port));
    await page.getByLabel("Username").fill("orders@adaeze-interiors.ng");
    await page.getByLabel("Send from").fill("hello@adaeze-interiors.ng");
    await page.getByRole("button", { name: "Save mail server" }).click();
    await expect(page.getByText("Type the password for this username.").first()).toBeVisible();

    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Save mail server" }).click();
    await expectNotice(page, "Mail server saved. The shop's e-mails go through it now.");
    await expect(page.getByTestId("mail-status")).toContainText("E-mails are sent through 127.0.0.1");
    // Written, never shown back.
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
    await expect(page.getByText("A password is saved.")).toBeVisible();
    expect(await page.content()).not.toContain(password);
    await expectNoSeriousAxeViolations(page);

    await page.getByRole("button", { name: "Send a test e-mail" }).click();
    await expectNotice(page, `Test e-mail sent to ${shop.admin.email}.`);
    await expect.poll(() => smtp.received.map((mail) => mail.to.join())).toContain(shop.admin.email);
    const mail = smtp.received.find((received) => received.to.includes(shop.admin.email))!;
    expect(mail.from).toBe("hello@adaeze-interiors.ng");
    expect(mail.data).toMatch(/^Subject: Test e-mail from /m);
    expect(smtp.logins.at(-1)).toMatchObject({ username: "orders@adaeze-interiors.ng", accepted: true });
    await screenshots(page, "settings-email", (file) => testInfo.outputPath(file));

    await page.goto("/admin/dashboard");
    await expect(checklist.getByRole("listitem").first()).toBeVisible();
    await expect(checklist.getByText("E-mails are saved as files")).toHaveCount(0);
  } finally {
    await smtp.close();
  }
});
