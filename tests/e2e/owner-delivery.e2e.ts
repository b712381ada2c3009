/**
 * Delivery priced by area (docs/product.md, Delivery), on a phone: the owner prices three
 * Lagos areas (two at once with "Set price for selected"), a van and a truck, a floor fee
 * and a wardrobe's installation in Settings → Delivery; a vehicle list with the open-ended
 * one first is refused at its field. A shopper then picks Lekki Phase 1, sees the wardrobe's
 * delivery on its page, and the cart, the order sheet and the WhatsApp message carry the
 * delivery, the carrying upstairs and the installation with the total — again without
 * scripts. Sales reads the prices but has no way to change them. Last, the owner's page
 * without scripts. The prices are the whole shop's, so this runs on the owner's server of
 * its own (playwright.config.ts), one journey after another.
 */
import { mkdir, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from "@playwright/test";
import { expectNotice, test } from "../support/e2e-notices";
import type { Product } from "../../domain/catalog/catalog.types";
import { CONSENT_COOKIE } from "../../domain/cookie-consent";
import { DELIVERY_MESSAGES } from "../../domain/delivery/delivery.schema";
import { addProductThroughApi, imageDataUrl } from "../support/e2e-admin";
import { collectConsoleErrors, expectNoSeriousAxeViolations, waitForHydration } from "../support/e2e-checks";
import { E2E_ADMIN, E2E_OWNER_BASE_URL, E2E_OWNER_DATA_DIR } from "../support/e2e-env";
import { openWhatsApp } from "../support/e2e-whatsapp";

// The owner's prices come first; the shoppers read them.
test.describe.configure({ mode: "serial" });

const LEKKI = "lagos/eti-osa/lekki-phase-1";
const SURULERE = "lagos/surulere";
const IKEJA_GRA = "lagos/ikeja/ikeja-gra";
const YABA = "lagos/lagos-mainland/yaba";
const SETTINGS = "/admin/settings/delivery";
/** Screenshots to look at, not committed. */
const SHOTS = "/tmp/shots/delivery";

/** An API session of the owner's, on the owner's server. */
async function ownerApi(): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: E2E_OWNER_BASE_URL });
  const login = await api.post("/api/admin/login", { data: E2E_ADMIN });
  expect(login.status(), await login.text()).toBe(200);
  return api;
}

/** The owner's session for this browser. */
async function signIn(context: BrowserContext) {
  const api = await ownerApi();
  await context.addCookies((await api.storageState()).cookies);
  await api.dispose();
}

/** The delivery prices as the owner's API answers them. */
async function savedPrices(page: Page) {
  const response = await page.request.get("/api/admin/operations/delivery");
  expect(response.status()).toBe(200);
  return (await response.json()) as { areas: Array<{ id: string; fee: number | null }> } & Record<string, unknown>;
}

async function shot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Narrows the list of areas to those matching `text`, with scripts. */
async function findArea(page: Page, text: string) {
  await page.getByLabel("Find an area").fill(text);
}

test("the owner prices Lagos areas, vehicles, floors and installation; a bad vehicle list is refused at its field", async ({
  page,
  context,
}) => {
  // A long journey over a long page (every area of Lagos), checked twice by axe.
  test.slow();
  const errors = collectConsoleErrors(page);
  await signIn(context);

  // From Settings, the Delivery tab.
  await page.goto("/admin/settings");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Settings pages" }).getByRole("link", { name: "Delivery" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Delivery prices" })).toBeVisible();
  await expect(page.getByText("You deliver nowhere yet")).toBeVisible();

  // Lagos, chosen from the states.
  await page.getByLabel("State", { exact: true }).selectOption("Lagos");
  await page.getByRole("button", { name: "Show areas" }).click();
  await expect(page).toHaveURL(/\?state=Lagos$/);
  await waitForHydration(page);
  await expect(page.getByRole("table", { name: /^Areas of Lagos/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Two areas ticked, one price for both; then Lekki's own.
  await findArea(page, "lekki phase");
  await page.getByRole("checkbox", { name: "Deliver to Lekki Phase 1" }).check();
  await findArea(page, "surulere");
  await page.getByRole("checkbox", { name: "Deliver to Surulere", exact: true }).check();
  // The price goes to the ticked areas in the list as shown: both, once the search is cleared.
  await findArea(page, "");
  await page.getByLabel("Price for the selected areas").fill("20000");
  await page.getByRole("button", { name: "Set price for selected" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Price set for 2 areas" })).toBeVisible();
  await expect(page.getByLabel("Fee for Surulere", { exact: true })).toHaveValue("20000");
  await findArea(page, "lekki phase");
  await expect(page.getByLabel("Fee for Lekki Phase 1")).toHaveValue("20000");
  await page.getByLabel("Fee for Lekki Phase 1").fill("30000");
  // Ikeja GRA, its fee left blank: on request.
  await findArea(page, "ikeja gra");
  await page.getByRole("checkbox", { name: "Deliver to Ikeja GRA" }).check();
  await page.getByLabel("Only the ticked ones").check();
  await findArea(page, "");
  await expect(page.locator("tr[data-area]:visible")).toHaveCount(3);
  await shot(page, "settings-areas-390");

  // A van up to 3 m³, then an open-ended truck; the floors; a wardrobe's installation.
  await page.getByLabel("Vehicle 1", { exact: true }).fill("Van");
  await page.getByLabel("Vehicle 1 largest load, m³").fill("3");
  await page.getByLabel("Vehicle 1 extra fee").fill("0");
  await page.getByLabel("Vehicle 2", { exact: true }).fill("Truck");
  await page.getByLabel("Vehicle 2 extra fee").fill("25000");
  await page.getByLabel("Fee per floor without a lift").fill("5000");
  await page.getByLabel("Wardrobe", { exact: true }).fill("40000");
  await page.getByRole("button", { name: "Save delivery prices" }).click();
  await expectNotice(page, "Delivery prices saved.");

  // What was stored comes back; the main area is the first with a fee.
  await expect(page.getByText("Delivering to 3 areas in 1 state.")).toBeVisible();
  await expect(page).toHaveURL(/\?state=Lagos$/);
  await expect(page.getByRole("checkbox", { name: "Deliver to Ikeja GRA" })).toBeChecked();
  await expect(page.getByLabel("Fee for Ikeja GRA")).toHaveValue("");
  await expect(page.getByLabel("Fee for Lekki Phase 1")).toHaveValue("30000");
  await expect(page.getByLabel("The area search engines are given")).toHaveValue(LEKKI);
  const saved = await savedPrices(page);
  expect(saved).toEqual({
    mainAreaId: LEKKI,
    areas: [
      { id: LEKKI, enabled: true, fee: 30000 },
      { id: IKEJA_GRA, enabled: true, fee: null },
      { id: SURULERE, enabled: true, fee: 20000 },
    ],
    fallback: "on_request",
    tiers: [
      { name: "Van", maxVolumeM3: 3, extraFee: 0 },
      { name: "Truck", maxVolumeM3: null, extraFee: 25000 },
    ],
    floorFee: 5000,
    installation: [{ category: "Wardrobe", fee: 40000 }],
    defaultSizesCm: {},
  });
  await waitForHydration(page);
  await expectNoSeriousAxeViolations(page);
  await shot(page, "settings-top-390");
  for (const [width, height] of [
    [360, 780],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot(page, `settings-top-${width}`);
    await page.getByRole("heading", { name: "Vehicles" }).scrollIntoViewIfNeeded();
    await shot(page, `settings-vehicles-${width}`);
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  await page.setViewportSize({ width: 390, height: 844 });

  // The open-ended vehicle first: refused at the vehicles, and nothing saved.
  await page.getByLabel("Vehicle 1 largest load, m³").fill("");
  await page.getByLabel("Vehicle 2 largest load, m³").fill("10");
  await page.getByRole("button", { name: "Save delivery prices" }).click();
  await expect(page.getByRole("group", { name: "Vehicles" })).toHaveAccessibleDescription(
    new RegExp(`${DELIVERY_MESSAGES.tierOrder.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`),
  );
  await page.getByRole("group", { name: "Vehicles" }).scrollIntoViewIfNeeded();
  await shot(page, "settings-refused-390");
  expect((await savedPrices(page)).tiers).toEqual(saved.tiers);
  expect(errors).toEqual([]);
});

/** The path of the staff invitation last e-mailed to `to` by the owner's server. */
async function invitationPath(to: string): Promise<string> {
  const dir = path.join(E2E_OWNER_DATA_DIR, "mail");
  let found: string | null = null;
  await expect(async () => {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith(".eml"));
    const mails = await Promise.all(names.map((name) => readFile(path.join(dir, name), "utf8")));
    const text = mails
      .find((mail) => mail.includes(to))
      ?.replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    found = text?.match(/\/staff\/invitation\/[\w-]+/)?.[0] ?? null;
    expect(found, `an invitation e-mailed to ${to}`).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return found!;
}

test("Sales reads the delivery prices but cannot change them", async ({ page, context }) => {
  const errors = collectConsoleErrors(page);
  // The owner invites a salesperson, who sets a password through the e-mailed link.
  const email = `delivery-sales-${Date.now().toString(36)}@furnish.test`;
  const owner = await ownerApi();
  const invited = await owner.post("/api/admin/operations/staff", {
    data: { email, name: "Sade Sales", roles: ["sales"] },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  await owner.dispose();
  const token = (await invitationPath(email)).split("/").at(-1);
  const sales = await playwrightRequest.newContext({ baseURL: E2E_OWNER_BASE_URL });
  const accepted = await sales.post(`/api/staff/invitations/${token}`, { data: { password: "Sales12345" } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await context.addCookies((await sales.storageState()).cookies);
  await sales.dispose();

  await page.goto("/admin/settings");
  await waitForHydration(page);
  const tabs = page.getByRole("navigation", { name: "Settings pages" });
  await expect(tabs.getByRole("link")).toHaveText(["Shop", "Follow-ups", "Delivery"]);
  await tabs.getByRole("link", { name: "Delivery" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Delivery prices" })).toBeVisible();
  await expect(page.getByText("Only the Owner changes prices.")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Deliver to Lekki Phase 1" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Deliver to Lekki Phase 1" })).toBeDisabled();
  await expect(page.getByLabel("Fee for Lekki Phase 1")).toHaveValue("30000");
  await expect(page.getByLabel("Fee for Lekki Phase 1")).toBeDisabled();
  await expect(page.getByLabel("Fee per floor without a lift")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Save delivery prices" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Set price for selected" })).toHaveCount(0);
  // Another state's areas are there to read.
  await page.getByLabel("State", { exact: true }).selectOption("FCT");
  await page.getByRole("button", { name: "Show areas" }).click();
  await expect(page.getByRole("table", { name: /^Areas of FCT/ })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Deliver to Wuse 2" })).not.toBeChecked();
  expect(errors).toEqual([]);
});

/** A wardrobe with its measurements (250 × 65 × 220 cm: more than the van holds), through the owner's API. */
async function addWardrobe(api: APIRequestContext, name: string): Promise<Product> {
  const response = await api.post("/api/admin/operations/addProduct", {
    data: {
      name,
      description: "<p>Three doors, hand-finished in Lagos.</p>",
      items: "1 piece",
      price: 450000,
      category: "Wardrobe",
      style: "Modern",
      dimensions: { width: 250, depth: 65, height: 220 },
      images: [await imageDataUrl("#7a5c3e")],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Product;
}

const DELIVERY_LINES = [
  ["Delivery to Lekki Phase 1 (truck)", "₦55,000.00"],
  ["Carrying to floor 3 (no lift)", "₦15,000.00"],
  ["Installation", "₦40,000.00"],
] as const;
// ₦450,000 and ₦45,000 of furniture, and ₦110,000 of delivery.
const TOTAL = "₦605,000.00";

/** The shopper's journey, with or without scripts (the no-JS run sends the floor form with its button). */
async function shopperOrders(page: Page, scripts: boolean) {
  const errors = collectConsoleErrors(page);
  const suffix = scripts ? "" : " (no scripts)";
  const api = await ownerApi();
  const wardrobe = await addWardrobe(api, `Delivery Wardrobe${suffix}`);
  const chair = await addProductThroughApi(api, `Delivery Armchair${suffix}`);
  await api.dispose();
  await page.context().addCookies([{ name: CONSENT_COOKIE, value: "accepted", url: E2E_OWNER_BASE_URL }]);
  const open = async (path: string) => {
    await page.goto(path);
    if (scripts) await waitForHydration(page);
  };

  // The wardrobe's page asks where to deliver; the picker finds Lekki Phase 1 as people type it.
  await open(`/product/${wardrobe._id}`);
  const note = page.getByText(/^Delivery: choose/);
  await expect(note).toHaveText("Delivery: choose your area to see the price");
  await note.getByRole("link", { name: "choose your area" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Where should we deliver?" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Your area" }).fill("lekki ph 1");
  await page.getByRole("button", { name: "Search" }).click();
  const lekki = page.getByRole("button", { name: /^Lekki Phase 1\b/ });
  await expect(lekki).toContainText("₦30,000.00");
  if (scripts) await shot(page, "picker-390");
  await lekki.click();

  // Back on the wardrobe: too large for the van, so the truck.
  await expect(page).toHaveURL(new RegExp(`/product/${wardrobe._id}$`));
  await expect(page.getByText(/^Delivery to Lekki Phase 1:/)).toHaveText(
    "Delivery to Lekki Phase 1: ₦55,000.00 (truck) Change",
  );
  if (scripts) {
    await page.getByText(/^Delivery to Lekki Phase 1:/).scrollIntoViewIfNeeded();
    await shot(page, "product-delivery-390");
  }
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expectNotice(page, "Item added to cart!");
  await open(`/product/${chair._id}`);
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expectNotice(page, "Item added to cart!");

  // In the cart: floor 3, no lift, installed.
  await open("/cart");
  const delivery = page.getByRole("form", { name: "Delivery details" });
  await delivery.getByLabel("Floor").selectOption("3");
  await delivery.getByLabel("Install it for me").check();
  await expect(delivery.getByLabel("There is a lift")).not.toBeChecked();
  if (!scripts) await delivery.getByRole("button", { name: "Update delivery" }).click();
  else await expect(delivery.getByRole("button", { name: "Update delivery" })).toHaveCount(0);
  const summary = page.getByRole("region", { name: "Order Summary" });
  for (const [label, amount] of DELIVERY_LINES) {
    await expect(summary.getByRole("term").filter({ hasText: label })).toHaveCount(1);
    await expect(
      summary.getByRole("term").filter({ hasText: label }).locator("xpath=following-sibling::dd"),
    ).toHaveText(amount);
  }
  // On a phone the total rides in the order bar, above the bottom bar.
  await expect(page.getByText(`Total, 2 items${TOTAL}`)).toBeVisible();
  await expect(page.getByRole("form", { name: "Delivery details" }).getByLabel("Floor")).toHaveValue("3");
  if (scripts) {
    await summary.scrollIntoViewIfNeeded();
    await shot(page, "cart-summary-390");
    await summary.screenshot({ path: `${SHOTS}/cart-summary-box-390.png` });
  }

  // The order sheet lists the same lines and the total with them.
  await page.getByRole("link", { name: "Order on WhatsApp" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your order" })).toBeVisible();
  const items = page.getByRole("region", { name: "Your items" });
  for (const [label, amount] of DELIVERY_LINES) {
    await expect(items.getByRole("term").filter({ hasText: label }).locator("xpath=following-sibling::dd")).toHaveText(
      amount,
    );
  }
  await expect(
    items
      .getByRole("term")
      .filter({ hasText: /^Total$/ })
      .locator("xpath=following-sibling::dd"),
  ).toHaveText(TOTAL);
  if (scripts) await waitForHydration(page);

  // WhatsApp opens with the lines and the total with delivery.
  const url = await openWhatsApp(page, async () => {
    await page.getByRole("button", { name: "Send order on WhatsApp" }).click();
  });
  const message = url.searchParams.get("text") ?? "";
  for (const [label, amount] of DELIVERY_LINES) expect(message).toContain(`\n${label}: ${amount}\n`);
  expect(message).toContain(`\nTotal with delivery: ${TOTAL}\n`);
  expect(errors).toEqual([]);
}

test("a shopper picks Lekki Phase 1 and orders a wardrobe and a chair with delivery, carrying and installation", async ({
  page,
}) => {
  await shopperOrders(page, true);
});

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false });

  test("a shopper picks their area and orders with delivery, carrying and installation", async ({ page }) => {
    await shopperOrders(page, false);
  });

  test("the owner sets a price for the ticked areas, saves, and is told a bad vehicle list at its field", async ({
    page,
    context,
  }) => {
    await signIn(context);
    await page.goto(`${SETTINGS}?state=lagos`);
    await expect(page.getByRole("table", { name: /^Areas of Lagos/ })).toBeVisible();
    // No search box without scripts: every area of the state is listed.
    await expect(page.getByLabel("Find an area")).toHaveCount(0);

    // Yaba ticked beside the three saved: the price goes to all four, shown to check before saving.
    await page.getByRole("checkbox", { name: "Deliver to Yaba" }).check();
    await page.getByLabel("Price for the selected areas").fill("15000");
    await page.getByRole("button", { name: "Set price for selected" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Price set for 4 areas: save to keep them." }),
    ).toBeVisible();
    await expect(page.getByLabel("Fee for Yaba")).toHaveValue("15000");
    expect((await savedPrices(page)).areas.map((area) => area.id)).not.toContain(YABA);
    // Lekki keeps its own.
    await page.getByLabel("Fee for Lekki Phase 1").fill("30000");
    await page.getByRole("button", { name: "Save delivery prices" }).click();
    await expectNotice(page, "Delivery prices saved.");
    await expect(page.getByText("Delivering to 4 areas in 1 state.")).toBeVisible();
    expect((await savedPrices(page)).areas).toContainEqual({ id: YABA, enabled: true, fee: 15000 });
    expect((await savedPrices(page)).areas).toContainEqual({ id: LEKKI, enabled: true, fee: 30000 });

    // The server's refusal, beside its field, with what was typed.
    await page.getByLabel("Vehicle 1 largest load, m³").fill("");
    await page.getByLabel("Vehicle 2 largest load, m³").fill("10");
    await page.getByRole("button", { name: "Save delivery prices" }).click();
    await expect(page.getByRole("alert").getByRole("link", { name: DELIVERY_MESSAGES.tierOrder })).toBeVisible();
    await expect(page.getByRole("group", { name: "Vehicles" })).toContainText(DELIVERY_MESSAGES.tierOrder);
    await expect(page.getByLabel("Vehicle 2 largest load, m³")).toHaveValue("10");
    expect((await savedPrices(page)).tiers).toEqual([
      { name: "Van", maxVolumeM3: 3, extraFee: 0 },
      { name: "Truck", maxVolumeM3: null, extraFee: 25000 },
    ]);
    // Surulere's fee stays as typed.
    await expect(page.getByLabel("Fee for Surulere", { exact: true })).toHaveValue("15000");
  });
});
