/**
 * The owner changes the shop's settings and sees them on the shop, without a restart.
 * These journeys change the whole shop, so they run on a server of their own
 * (playwright.config.ts, the owner projects), the desktop run after the phone's, and one
 * after the other within this file: each saves the whole Settings form.
 */
import { spawnSync } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, request as playwrightRequest, type Page } from "@playwright/test";
import { expectNotice, test } from "../support/e2e-notices";
import { addProductThroughApi, pngFile } from "../support/e2e-admin";
import { E2E_ADMIN, E2E_OWNER_BASE_URL, E2E_OWNER_DATA_DIR } from "../support/e2e-env";
import { openWhatsApp } from "../support/e2e-whatsapp";

test.describe.configure({ mode: "default" });

test("the owner changes the WhatsApp number, the hours and a hero picture in Settings, and the shop shows them @both-viewports", async ({
  page,
  context,
}, testInfo) => {
  const api = await playwrightRequest.newContext({ baseURL: E2E_OWNER_BASE_URL });
  const login = await api.post("/api/admin/login", { data: E2E_ADMIN });
  expect(login.status(), await login.text()).toBe(200);
  await context.addCookies((await api.storageState()).cookies);
  const product = await addProductThroughApi(api, `Settings Armchair ${testInfo.project.name}`);
  await api.dispose();

  // Each run sets its own values, so the desktop run sees its own change, not the phone's.
  const desktop = testInfo.project.name.includes("desktop");
  const number = desktop
    ? { typed: "0803 222 3333", digits: "2348032223333" }
    : { typed: "0805 444 5555", digits: "2348054445555" };
  const hours = desktop ? "Mon–Fri, 8am–5pm" : "Mon–Sat, 9am–6pm";

  await page.goto("/admin/dashboard");
  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Settings", exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();

  // A mistake is named at its field and nothing is saved.
  await page.getByLabel("WhatsApp order number").fill("12345");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Enter the WhatsApp number with its country code").first()).toBeVisible();

  await page.getByLabel("WhatsApp order number").fill(number.typed);
  await page.getByLabel("Business hours").fill(hours);
  await page
    .getByRole("group", { name: "Hero pictures" })
    .locator("input[type=file]")
    .setInputFiles(await pngFile("#335577", "hero.png", { width: 1200, height: 800 }));
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expectNotice(page, "Settings saved. The shop shows them now.");
  // The form starts again from what was stored: the number as people read it, one saved hero picture.
  await expect(page.getByLabel("WhatsApp order number")).toHaveValue(
    `+234 ${number.digits.slice(3, 6)} ${number.digits.slice(6, 9)} ${number.digits.slice(9)}`,
  );
  await expect(page.getByRole("group", { name: "Hero pictures" }).getByRole("img", { name: "Image 1" })).toBeVisible();

  const heroId = await page
    .getByRole("group", { name: "Hero pictures" })
    .getByRole("img", { name: "Image 1" })
    .getAttribute("src")
    .then((src) => /\/media\/([\w-]+)\//.exec(src ?? "")?.[1]);
  expect(heroId).toBeTruthy();

  // The shop, as a shopper sees it (an admin gets no order buttons): the footer's and
  // contact page's hours, the home page's hero, and Order Now, which opens WhatsApp at the
  // new number once the order sheet is sent.
  await context.clearCookies();
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole("contentinfo").getByText(`Open ${hours}`)).toBeVisible();
  const whatsapp = await openWhatsApp(page, async () => {
    await page.getByRole("link", { name: "Order Now" }).click();
    await page.getByRole("button", { name: "Skip" }).click();
  });
  expect(whatsapp.href).toMatch(new RegExp(`^https://wa\\.me/${number.digits}\\?text=`));

  await page.goto("/contact");
  await expect(page.getByText(hours, { exact: true })).toBeVisible();

  await page.goto("/");
  await expect(
    page.locator(`main img[src*="/media/${heroId}/"], main source[srcset*="/media/${heroId}/"]`).first(),
  ).toBeAttached();
});

test("the owner sees when the last backup was taken, downloads it and takes another", async ({ page, context }) => {
  const api = await playwrightRequest.newContext({ baseURL: E2E_OWNER_BASE_URL });
  const login = await api.post("/api/admin/login", { data: E2E_ADMIN });
  expect(login.status(), await login.text()).toBe(200);
  await context.addCookies((await api.storageState()).cookies);
  await api.dispose();

  // As the server's owner would: npm run backup, beside the running shop.
  const taken = spawnSync(process.execPath, ["server/cli.js", "backup", "backup"], {
    env: { ...process.env, DATA_DIR: E2E_OWNER_DATA_DIR, DATABASE_URL: "" },
    encoding: "utf8",
  });
  expect(taken.status, taken.stderr).toBe(0);

  await page.goto("/admin/settings/backups");
  const panel = page.getByRole("region", { name: "Backups" });
  await expect(panel.getByText("Last backup:")).toBeVisible();
  const download = page.waitForEvent("download");
  await panel
    .getByRole("link", { name: /Download/ })
    .first()
    .click();
  expect((await download).suggestedFilename()).toMatch(/^furnish-backup-.+\.tar\.gz$/);

  // Back up now, from the panel: answered at once, listed once whole.
  const downloads = panel.getByRole("link", { name: /Download/ });
  await expect(downloads).toHaveCount(1);
  await panel.getByRole("button", { name: "Back up now" }).click();
  await expectNotice(page, "Backup started. It shows in the list once taken, in a minute or so.");
  await expect(async () => {
    await page.reload();
    await expect(downloads).toHaveCount(2, { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
});

/** What a fresh install shows until the owner replaces it (domain/setup/demo-values.ts), as a page's HTML has it. */
const DEMO_TEXTS = [
  "+234 800 000 0000",
  "2348000000000",
  "hello@furnish.ng",
  "Admiralty Way",
  "24/7",
  "Finish. Furnish. Flourish.",
  "Furniture &amp; interiors, Lagos",
  "Furniture & interiors, Lagos",
];

async function expectNoDemoValue(page: Page, where: string) {
  const html = await page.content();
  for (const text of DEMO_TEXTS) expect(html.includes(text), `${where} shows the demo's ${text}`).toBe(false);
}

/** The confirmation link in the last mail to `email` in the owner shop's outbox, once it is written. */
async function confirmationLinkTo(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const dir = path.join(E2E_OWNER_DATA_DIR, "mail");
      const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith(".eml")).sort();
      const mails = await Promise.all(files.map((file) => readFile(path.join(dir, file), "utf8")));
      const mine = mails.map((mail) => mail.replace(/=\r?\n/g, "")).filter((mail) => mail.includes(`To: ${email}`));
      link = /https?:\/\/\S+\/shop-email\/confirm\/[\w-]{43}/.exec(mine.at(-1) ?? "")?.[0];
      return link;
    })
    .toBeTruthy();
  return new URL(link!).pathname;
}

test("the owner replaces every demo value and confirms the shop's e-mail by its link; no demo value is left on the shop", async ({
  page,
  context,
  browser,
}, testInfo) => {
  const api = await playwrightRequest.newContext({ baseURL: E2E_OWNER_BASE_URL });
  const login = await api.post("/api/admin/login", { data: E2E_ADMIN });
  expect(login.status(), await login.text()).toBe(200);
  await context.addCookies((await api.storageState()).cookies);
  const product = await addProductThroughApi(api, "Demo-free Armchair");
  await api.dispose();
  const email = `orders-${Date.now()}@adaeze-interiors.ng`;

  await page.goto("/admin/settings");
  await expect(page.getByTestId("email-notice")).toContainText("This is the demo address");

  // A prefix that is not 2 to 4 capital letters is named at its field, and nothing is saved.
  await page.getByLabel("Order reference prefix").fill("A1");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Use 2 to 4 capital letters, such as FN.").first()).toBeVisible();

  await page.getByRole("textbox", { name: "Slogan", exact: true }).fill("Made in Abuja, made to last.");
  await page.getByLabel("Line above the slogan").fill("Furniture & interiors, Abuja");
  // The number and hours the phone's journey above sets, so the two journeys agree on them.
  await page.getByLabel("WhatsApp order number").fill("0805 444 5555");
  await page.getByLabel("Order reference prefix").fill("ADZE");
  await page.getByRole("textbox", { name: "Phone", exact: true }).fill("0809 111 2222");
  await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(email);
  await page.getByLabel("E-mail sender name").fill("Adaeze Interiors");
  await page.getByRole("textbox", { name: "Address", exact: true }).fill("4 Aminu Kano Crescent, Wuse 2, Abuja");
  await page.getByLabel("Business hours").fill("Mon–Sat, 9am–6pm");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expectNotice(page, "Settings saved. The shop shows them now.");

  // Saved, the new e-mail waits for its link: Settings and the checklist say so.
  const notice = page.getByTestId("email-notice");
  await expect(notice).toContainText("Not confirmed yet");
  await expect(notice.getByRole("button", { name: "Resend the link" })).toBeVisible();
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`settings-unconfirmed-${width}.png`) });
  }
  await page.goto("/admin/dashboard");
  const checklist = page.getByRole("region", { name: "Finish setting up your shop" });
  await expect(checklist.getByRole("listitem")).toHaveText([
    new RegExp(`^The shop's e-mail, ${email.replace(/[.]/g, "\\.")}, is not confirmed yet`),
    /^Links in e-mails and previews point to/,
    /^E-mails are saved as files/,
  ]);
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: testInfo.outputPath(`checklist-unconfirmed-${width}.png`), fullPage: true });
  }

  // The link, opened without scripts: the page names the address, and one button confirms it, once.
  const link = await confirmationLinkTo(email);
  const mailbox = await browser.newContext({ javaScriptEnabled: false, baseURL: E2E_OWNER_BASE_URL });
  const confirm = await mailbox.newPage();
  await confirm.goto(link);
  await expect(confirm.getByRole("heading", { level: 1, name: "Confirm the shop's e-mail" })).toBeVisible();
  await expect(confirm.getByText(email)).toBeVisible();
  await confirm.getByRole("button", { name: "Confirm this e-mail" }).click();
  await expect(confirm.getByRole("heading", { level: 1, name: "E-mail confirmed" })).toBeVisible();
  await confirm.goto(link);
  await expect(confirm.getByRole("heading", { level: 1, name: "This link does not work" })).toBeVisible();
  await mailbox.close();

  // Confirmed: no notice, and nothing of the checklist is about Settings any more (the
  // shop's address and mail server are this test server's own).
  await page.goto("/admin/settings");
  await expect(page.getByRole("textbox", { name: "E-mail", exact: true })).toHaveValue(email);
  await expect(page.getByTestId("email-notice")).toHaveCount(0);
  await page.goto("/admin/dashboard");
  await expect(checklist.getByRole("listitem")).toHaveText([/^Links in e-mails/, /^E-mails are saved as files/]);

  // A guest's order is named with the new prefix, and its notice goes to the confirmed e-mail.
  const guest = await playwrightRequest.newContext({ baseURL: E2E_OWNER_BASE_URL });
  const placed = await guest.post("/api/orders", {
    data: { kind: "item", itemType: "Product", itemId: product._id, customer: { name: "Chidi", area: "Wuse" } },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = ((await placed.json()) as { order: { _id: string; reference: string } }).order;
  await guest.dispose();
  expect(order.reference).toMatch(/^ADZE-[2-9A-Z]{5}$/);

  await page.goto(`/admin/orders/${order._id}/invoice`);
  await expect(page.getByText(order.reference).first()).toBeVisible();
  await expect(page.getByText("+234 809 111 2222").first()).toBeVisible();
  await expectNoDemoValue(page, "the invoice");

  // The shop as a shopper sees it.
  await context.clearCookies();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Made in Abuja, made to last." })).toBeVisible();
  await expect(page.getByText("Furniture & interiors, Abuja")).toBeVisible();
  await expect(page.getByRole("contentinfo").getByText("Open Mon–Sat, 9am–6pm")).toBeVisible();
  await expectNoDemoValue(page, "the home page and its footer");
  await page.goto("/contact");
  await expect(page.getByText(email).first()).toBeVisible();
  await expectNoDemoValue(page, "the contact page");
  await page.goto("/offline");
  await expectNoDemoValue(page, "the offline page");
});
