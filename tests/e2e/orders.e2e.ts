import { expect, type Page } from "@playwright/test";
import { expectNotice } from "../support/e2e-notices";
import { effectivePrice, formatNaira } from "../../domain/money";
import { serviceRequestMessage } from "../../domain/orders/order-messages";
import { STATUS_EXPLANATIONS } from "../../domain/orders/order-status";
import type { ProjectPage } from "../../domain/catalog/catalog.types";
import { DEFAULT_SERVICES } from "../../domain/settings/shop-settings.schema";
import { availabilitySummary } from "../../domain/catalog/furniture";
import { cartOrderMessage, itemOrderMessage } from "../../domain/whatsapp";
import { answerCookies, collectConsoleErrors, expectNoSeriousAxeViolations } from "../support/e2e-checks";
import { E2E_BASE_URL } from "../support/e2e-env";
import { GALLERY_PROJECT, pinnedProduct, SOLD_PRODUCT } from "../support/e2e-fixtures";
import { gotoPage, scriptsOn } from "../support/e2e-pages";
import {
  catalogueItems,
  deleteOwnProduct,
  errorsExcept,
  insertOwnProduct,
  signUpCustomer,
  test,
} from "../support/e2e-lists";
import { openWhatsApp } from "../support/e2e-whatsapp";

/**
 * Ordering as a shopper meets it (docs/product.md, Ordering on WhatsApp): Order Now, the
 * cart's order and a service request go through the order sheet, which records the order
 * and opens WhatsApp with the shop's message, the order's reference and its tracking link.
 * Journeys tagged @no-js run with scripts off too: the sheet is a plain form post then.
 */

const ENDING = /\n\nOrder reference: (FN-[2-9A-HJ-NP-Z]{5})\nTrack your order: (\S+)$/;

/**
 * Sends the sheet with `send` and answers WhatsApp with a blank page: the message WhatsApp
 * was opened with, before its ending, and the order's reference and tracking link.
 */
async function sendToWhatsApp(page: Page, send: () => Promise<void>) {
  const url = await openWhatsApp(page, send);
  expect(`${url.origin}${url.pathname}`).toBe("https://wa.me/2348000000000");
  const text = url.searchParams.get("text") ?? "";
  const ending = ENDING.exec(text);
  expect(ending, text).not.toBeNull();
  const trackingUrl = ending![2]!;
  expect(trackingUrl).toMatch(new RegExp(`^${E2E_BASE_URL}/orders/t/[\\w-]{43}$`));
  return { message: text.slice(0, ending!.index), reference: ending![1]!, trackingPath: new URL(trackingUrl).pathname };
}

test(
  "a guest orders a product through the sheet with their name and area, then follows it on its tracking page",
  { tag: ["@no-js", "@both-viewports"] },
  async ({ page }) => {
    await answerCookies(page);
    const errors = collectConsoleErrors(page);
    const { plain } = await catalogueItems(page.request);
    await gotoPage(page, `/product/${plain._id}`);
    await page.getByRole("link", { name: "Order Now" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your order" })).toBeVisible();
    const piece = page.getByRole("region", { name: "The piece" });
    await expect(piece.getByRole("link", { name: plain.name })).toBeVisible();
    await expect(piece.getByText(formatNaira(effectivePrice(plain))).first()).toBeVisible();
    if (scriptsOn()) await expectNoSeriousAxeViolations(page);

    await page.getByLabel("Your name").fill("Adaeze Obi");
    await page.getByLabel("Delivery area").fill("Ikeja GRA, Lagos");
    await page.getByLabel("Note").fill("In grey, please.");
    const { message, reference, trackingPath } = await sendToWhatsApp(page, () =>
      page.getByRole("button", { name: "Send order on WhatsApp" }).click(),
    );
    // What the shopper typed follows the order's lines, before the reference.
    expect(message).toBe(
      itemOrderMessage({
        item: plain,
        url: `${E2E_BASE_URL}/product/${plain._id}`,
        availability: availabilitySummary(plain.availability, plain.readyBy),
      }) + "\n\nName: Adaeze Obi\nArea: Ikeja GRA, Lagos\nNote: In grey, please.",
    );

    const response = await gotoPage(page, trackingPath);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: `Order ${reference}` })).toBeVisible();
    const status = page.getByRole("region", { name: "Status", exact: true });
    await expect(status.getByText("New", { exact: true })).toBeVisible();
    await expect(status.getByText(STATUS_EXPLANATIONS.new)).toBeVisible();
    await expect(page.getByRole("region", { name: "Status history" }).getByText("New", { exact: true })).toBeVisible();
    await expect(
      page.getByRole("region", { name: "What you ordered" }).getByRole("link", { name: plain.name }),
    ).toHaveAttribute("href", `/product/${plain._id}`);
    const payment = page.getByRole("region", { name: "Payment" });
    await expect(payment.getByText(formatNaira(effectivePrice(plain))).first()).toBeVisible();
    // The link is for anyone who holds it: it never shows who ordered, nor where to.
    await expect(page.getByText("Adaeze Obi")).toHaveCount(0);
    await expect(page.getByText("Ikeja GRA")).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    if (scriptsOn()) await expectNoSeriousAxeViolations(page);
    expect(errors).toEqual([]);
  },
);

test(
  "the cart's order goes through the sheet: its lines and total there, and in the message",
  { tag: ["@no-js", "@both-viewports"] },
  async ({ page }) => {
    await answerCookies(page);
    const { promo, collection } = await catalogueItems(page.request);
    await page.goto("/");
    for (const [itemId, itemType, quantity] of [
      [promo._id, "Product", 2],
      [collection._id, "Collection", 1],
    ] as const) {
      const response = await page.request.put("/api/cart/add", { data: { itemId, itemType, quantity } });
      expect(response.ok(), await response.text()).toBe(true);
    }
    await gotoPage(page, "/cart");
    await page.getByRole("link", { name: "Order on WhatsApp" }).click();
    const items = page.getByRole("region", { name: "Your items" });
    await expect(items.getByText(`2 × ${formatNaira(effectivePrice(promo))}`)).toBeVisible();
    await expect(items.getByText(`1 × ${formatNaira(effectivePrice(collection))}`)).toBeVisible();
    const total = (2 * Math.round(effectivePrice(promo) * 100) + Math.round(effectivePrice(collection) * 100)) / 100;
    await expect(items.getByText(formatNaira(total))).toBeVisible();

    await page.getByLabel("Delivery area").fill("Lekki Phase 1");
    const { message, reference, trackingPath } = await sendToWhatsApp(page, () =>
      page.getByRole("button", { name: "Send order on WhatsApp" }).click(),
    );
    expect(message).toBe(
      cartOrderMessage([
        {
          item: promo,
          quantity: 2,
          url: `${E2E_BASE_URL}/product/${promo._id}`,
          availability: availabilitySummary(promo.availability, promo.readyBy),
        },
        {
          item: collection,
          quantity: 1,
          url: `${E2E_BASE_URL}/collection/${collection._id}`,
          availability: availabilitySummary(collection.availability, collection.readyBy),
        },
      ]) + "\n\nArea: Lekki Phase 1",
    );
    // The cart empties once its order is sent; the order keeps its lines.
    const emptied = await page.request.get("/api/cart");
    expect((await emptied.json()).items).toEqual([]);
    await gotoPage(page, trackingPath);
    await expect(page.getByRole("heading", { level: 1, name: `Order ${reference}` })).toBeVisible();
    const ordered = page.getByRole("region", { name: "What you ordered" });
    await expect(ordered.getByRole("link", { name: promo.name })).toBeVisible();
    await expect(ordered.getByRole("link", { name: collection.name })).toBeVisible();
    await expect(page.getByRole("region", { name: "Payment" }).getByText(formatNaira(total)).first()).toBeVisible();

    // "Put these back in my cart" fills the cart again, with or without scripts.
    await ordered.getByRole("button", { name: "Put these back in my cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expectNotice(page, "Back in your cart: 2 items.");
    await expect(page.getByRole("link", { name: promo.name }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: collection.name }).first()).toBeVisible();
  },
);

test(
  "the sheet says why it cannot order: an item deleted since it opened, a sold piece, an empty cart",
  { tag: "@no-js" },
  async ({ page }, testInfo) => {
    await answerCookies(page);
    const name = `Orders Gone Stool ${testInfo.project.name} ${Date.now().toString(36)}`;
    const id = await insertOwnProduct(name);
    await gotoPage(page, `/order?kind=item&itemType=Product&itemId=${id}`);
    await expect(page.getByRole("region", { name: "The piece" }).getByRole("link", { name })).toBeVisible();
    await deleteOwnProduct(id);
    await page.getByRole("button", { name: "Skip" }).click();
    // With scripts the sheet says it above the form; without, the sheet comes back without the item.
    await expect(page.getByText("Product not found.").first()).toBeVisible();
    await expect(page).toHaveURL(/\/order\?/);

    const sold = await pinnedProduct(page.request, SOLD_PRODUCT.name);
    expect((await gotoPage(page, `/order?kind=item&itemType=Product&itemId=${sold._id}`))?.status()).toBe(409);
    await expect(page.getByRole("heading", { name: "This product has been sold." })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send order on WhatsApp" })).toHaveCount(0);

    expect((await gotoPage(page, "/order?kind=cart"))?.status()).toBe(400);
    await expect(page.getByRole("heading", { name: "Your cart is empty." })).toBeVisible();
    await expect(page.getByRole("link", { name: "Start shopping!" })).toHaveAttribute("href", "/shop");
    expect((await gotoPage(page, "/order?kind=nothing"))?.status()).toBe(400);
    await expect(page.getByRole("heading", { name: "Choose something to order first." })).toBeVisible();
  },
);

test(
  "a service request from the home page: a brief is asked for, then WhatsApp opens with the request",
  { tag: "@no-js" },
  async ({ page }) => {
    await answerCookies(page);
    const errors = collectConsoleErrors(page);
    await gotoPage(page, "/");
    await page.getByRole("link", { name: "Request a site visit or design consultation" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Request a site visit or design consultation" }),
    ).toBeVisible();
    const service = page.getByLabel("Service");
    await expect(service.getByRole("option")).toHaveText([
      "Choose a service",
      ...DEFAULT_SERVICES.map((s) => s.title),
      "Site visit",
    ]);
    await service.selectOption("Interior design");
    await page.getByRole("button", { name: "Send request on WhatsApp" }).click();
    await expect(page.getByLabel("Your brief")).toHaveAccessibleDescription("Tell us briefly what you have in mind.");
    await expect(page.getByLabel("Service")).toHaveValue("Interior design");

    await page.getByLabel("Your brief").fill("A calm living room for a family of four.");
    await page.getByLabel("Area").fill("Victoria Island");
    await page.getByLabel("Budget (optional)").fill("About ₦5m");
    await page.getByLabel("Your name").fill("Tunde Bello");
    const { message, reference, trackingPath } = await sendToWhatsApp(page, () =>
      page.getByRole("button", { name: "Send request on WhatsApp" }).click(),
    );
    expect(message).toBe(
      serviceRequestMessage({
        service: "Interior design",
        brief: "A calm living room for a family of four.",
        area: "Victoria Island",
        budget: "About ₦5m",
      }) + "\n\nName: Tunde Bello",
    );
    await gotoPage(page, trackingPath);
    await expect(page.getByRole("heading", { level: 1, name: `Order ${reference}` })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Interior design" })).toBeVisible();
    await expect(page.getByText("A calm living room for a family of four.")).toBeVisible();
    // The request without a brief was answered 400, which the browser reports.
    expect(errorsExcept(errors, "status of 400 (Bad Request)")).toEqual([]);
  },
);

test("a project page starts a request about a project like it", async ({ page }) => {
  await answerCookies(page);
  const { data } = (await (
    await page.request.get(`/api/projects?category=${GALLERY_PROJECT.category}&limit=20`)
  ).json()) as ProjectPage;
  const project = data.find((p) => p.title === GALLERY_PROJECT.title)!;
  await gotoPage(page, `/project/${project._id}`);
  await page
    .getByRole("region", { name: "Start a project like this" })
    .getByRole("link", { name: "Request a consultation" })
    .click();
  await expect(page.getByLabel("Your brief")).toHaveValue(`Like your project ${GALLERY_PROJECT.title}: `);
  await expect(page.getByLabel("Service")).toHaveValue("");
});

test("an unknown tracking link is the plain 404 page", async ({ page }) => {
  const response = await page.goto(`/orders/t/${"x".repeat(43)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Not Found" })).toBeVisible();
});

test("a signed-in customer is not asked their name again, a double tap orders once, and My orders lists it", async ({
  page,
}, testInfo) => {
  await answerCookies(page);
  const errors = collectConsoleErrors(page);
  const response = await page.goto("/profile/orders");
  expect(new URL(response!.url()).pathname).toBe("/login");

  await signUpCustomer(page.request, testInfo);
  const { plain } = await catalogueItems(page.request);
  await gotoPage(page, `/product/${plain._id}`);
  await page.getByRole("link", { name: "Order Now" }).click();
  await expect(page.getByText("Ordering as")).toBeVisible();
  await expect(page.getByText("Chioma Eze")).toBeVisible();
  await expect(page.getByLabel("Your name")).toHaveCount(0);
  await page.getByLabel("Delivery area").fill("Yaba");
  const { reference } = await sendToWhatsApp(page, () =>
    page.getByRole("button", { name: "Send order on WhatsApp" }).dblclick(),
  );

  await gotoPage(page, "/profile");
  await page.getByRole("link", { name: "My orders" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My orders" })).toBeVisible();
  const list = page.getByRole("list", { name: "Your orders" }).getByRole("listitem");
  await expect(list).toHaveCount(1);
  await expect(list).toContainText(reference);
  await expect(list).toContainText("New");
  await expect(list).toContainText(formatNaira(effectivePrice(plain)));
  await expectNoSeriousAxeViolations(page);
  await list.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${reference}` })).toBeVisible();
  expect(errors).toEqual([]);
});
