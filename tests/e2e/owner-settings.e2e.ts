/**
 * The owner changes the shop's settings and sees them on the shop, without a restart.
 * These journeys change the whole shop, so they run on a server of their own
 * (playwright.config.ts, the owner projects), the desktop run after the phone's.
 */
import { spawnSync } from "node:child_process";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { addProductThroughApi, pngFile } from "../support/e2e-admin";
import { E2E_ADMIN, E2E_OWNER_BASE_URL, E2E_OWNER_DATA_DIR } from "../support/e2e-env";

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
  await expect(page.getByText("Settings saved. The shop shows them now.")).toBeVisible();
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
  await page.route("https://wa.me/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>WhatsApp</title>" }),
  );
  await page.getByRole("link", { name: "Order Now" }).click();
  await page.getByRole("button", { name: "Skip" }).click();
  await page.waitForURL(new RegExp(`^https://wa\\.me/${number.digits}\\?text=`));

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
  const taken = spawnSync(process.execPath, ["--import", "tsx", "server/backup-cli.ts", "backup"], {
    env: { ...process.env, DATA_DIR: E2E_OWNER_DATA_DIR, DATABASE_URL: "" },
    encoding: "utf8",
  });
  expect(taken.status, taken.stderr).toBe(0);

  await page.goto("/admin/settings");
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
  await expect(page.getByText("Backup started. It shows in the list once taken, in a minute or so.")).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(downloads).toHaveCount(2, { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
});
