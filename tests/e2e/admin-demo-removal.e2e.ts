/**
 * The owner removes the demo catalogue from the dashboard (docs/product.md, Demo
 * catalogue, Setup checklist). Removing it from the shared e2e shop would take items other
 * journeys read, and send every open page a burst of live deletions, while they run: so
 * this journey has a shop of its own (tests/support/e2e-own-shop.ts), with a small part of
 * the demo loaded the way the whole demo is, and the owner's own items beside it. Each
 * project's run gets its own shop, so the phone and desktop runs never meet either.
 */
import { expect } from "@playwright/test";
import { test as base } from "../support/e2e-notices";
import { CONSENT_COOKIE } from "../../domain/cookie-consent";
import { insertCollection, insertProduct, insertProject, makeImage } from "../support/catalog-factory";
import { collectConsoleErrors, expectNoSeriousAxeViolations, waitForHydration } from "../support/e2e-checks";
import { startOwnShop, type OwnShop } from "../support/e2e-own-shop";
import { SMALL_DEMO, seedSmallDemo } from "../support/small-demo";

const OWN = { product: "Owner's Iroko Bench", collection: "Owner's Patio Set", project: "Owner's Ikoyi Flat" };

const test = base.extend<{ shop: OwnShop }>({
  shop: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads what a fixture needs from this argument: nothing.
    async ({}, use) => {
      const shop = await startOwnShop();
      try {
        await shop.withDatabase(async (db) => {
          await seedSmallDemo(db, shop.mediaDir);
          const picture = () => makeImage(db, shop.mediaDir, "#6b8f71");
          await insertProduct(db, { name: OWN.product, category: "Armchair", images: [await picture()] });
          await insertCollection(db, { name: OWN.collection, coverMediaId: (await picture()).id });
          await insertProject(db, { title: OWN.project, images: [await picture()] });
        });
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

test(
  "the owner removes the demo catalogue from the dashboard's checklist, and only their own items remain",
  { tag: "@both-viewports" },
  async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto("/admin/dashboard");
    await waitForHydration(page);

    // A fresh install: every item of the checklist is open, each with its fix.
    const checklist = page.getByRole("region", { name: "Finish setting up your shop" });
    await expect(checklist.getByRole("listitem")).toHaveText([
      /^WhatsApp orders go to the demo number.*Settings → Ordering: your shop's WhatsApp number\.Open Settings\s*$/,
      /^The phone number shown is the demo one/,
      /^The shop's e-mail is the demo address hello@furnish\.ng/,
      /^The address shown is the demo one/,
      /^The business hours shown are the demo "Open 24\/7"/,
      /^The home page's slogan is the demo/,
      /^The line above the slogan is the demo/,
      /^Links in e-mails and previews point to http:\/\/127\.0\.0\.1:\d+.*Set PUBLIC_URL/,
      /^E-mails are saved as files, not sent.*Settings → E-mail.*Open E-mail settings\s*$/,
      /^The demo catalogue is still in your shop: 4 products, 1 collection and 1 project.*Remove demo catalogue$/,
    ]);
    await expect(checklist.getByRole("link", { name: "Open Settings" }).first()).toHaveAttribute(
      "href",
      "/admin/settings#settings-whatsappNumber",
    );
    await expectNoSeriousAxeViolations(page);

    const tile = (label: string) => page.getByRole("main").getByRole("link", { name: new RegExp(`^\\d+ ${label}$`) });
    await expect(tile("Products")).toHaveText(`${SMALL_DEMO.products.length + 1}Products`);

    // One confirmation, then the demo goes.
    await checklist.getByRole("link", { name: "Remove demo catalogue" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove the demo catalogue?" });
    await expect(dialog).toContainText(
      "This removes the demo's 4 products, 1 collection and 1 project, with their pictures, from your shop. What you added or edited stays.",
    );
    await dialog.getByRole("button", { name: "Remove demo catalogue" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Removed the demo catalogue" })).toHaveText(
      "Removed the demo catalogue: 4 products, 1 collection and 1 project.",
    );
    await expect(dialog).toHaveCount(0);
    await expect(checklist.getByText(/demo catalogue/)).toHaveCount(0);
    await expect(checklist.getByRole("listitem")).toHaveCount(9);
    await expect(tile("Products")).toHaveText("1Products");
    await expect(tile("Collections")).toHaveText("1Collections");
    await expect(tile("Projects")).toHaveText("1Projects");

    // Each list holds only what the owner made.
    for (const [section, noun, name] of [
      ["products", "products", OWN.product],
      ["collections", "collections", OWN.collection],
      ["projects", "projects", OWN.project],
    ] as const) {
      await page.goto(`/admin/dashboard?section=${section}`);
      await expect(page.getByText(`Showing 1-1 of 1 ${noun}`)).toBeVisible();
      await expect(page.getByRole("main").getByText(name, { exact: true })).toBeVisible();
    }
    // And so does the shop.
    await page.goto("/shop");
    await expect(page.getByTestId("product-card")).toHaveText([new RegExp(OWN.product)]);
    expect(errors).toEqual([]);
  },
);
