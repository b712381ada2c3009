/**
 * A quote from order to deposit, end to end on a phone (docs/product.md, Quotes): a guest
 * orders a sofa in the finish they choose on its page, through the order sheet; the owner
 * sends a quote with a fabric picture and a delivery fee, and "Send quote" opens WhatsApp
 * with the tracking link; the guest asks for a change; the owner sends version 2; the
 * guest approves it and pays the deposit at the provider's checkout (the stand-in,
 * tests/standins/payment-provider). The owner then sends version 3: version 2's approval
 * stays, and the tracking page, the invoice and the workshop sheet stand on it until
 * version 3 is approved. The workshop prints the sheet, without a price. Then the
 * customer's steps once more with scripts off: asking for changes, then approving.
 * Screenshots of the quote, the owner's versions and the sheet go to /tmp for a person to
 * look at.
 */
import path from "node:path";
import { expect, request as playwrightRequest, type Browser, type Page, type TestInfo } from "@playwright/test";
import { expectNotice, test } from "../support/e2e-notices";
import { eq, sql } from "drizzle-orm";
import { formatNaira } from "../../domain/money";
import { users } from "../../server/db/schema/accounts";
import { productOptions, products } from "../../server/db/schema/catalog";
import { upsertAdmin } from "../../server/modules/accounts/admins.service";
import { insertProduct, makeImage } from "../support/catalog-factory";
import { imageDataUrl, pngFile, signedInAdmin } from "../support/e2e-admin";
import { answerCookies, collectConsoleErrors, waitForHydration } from "../support/e2e-checks";
import { withE2eDatabase } from "../support/e2e-database";
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_STANDIN_URL } from "../support/e2e-env";
import { clientAddress } from "../support/e2e-lists";
import { BLANK_WHATSAPP, openWhatsApp } from "../support/e2e-whatsapp";

const SHOTS = "/tmp";
const SOFA_PRICE = 90_000;
const FINISHES = ["Walnut stain", "Natural teak", "Ebony"];
const ENDING = /\n\nOrder reference: (FN-[2-9A-HJ-NP-Z]{5})\nTrack your order: (\S+)$/;

/**
 * A sofa of this file's own in three finishes, older than the demo catalogue so the shop's
 * first pages stay as they are. Answers its id and name.
 */
async function sofaWithFinishes(suffix: string) {
  const name = `Quote Journey Sofa ${suffix}`;
  const id = await withE2eDatabase(async (db) => {
    const mediaDir = path.join(E2E_DATA_DIR, "media");
    const product = await insertProduct(db, {
      name,
      priceKobo: SOFA_PRICE * 100,
      createdAt: new Date(Date.UTC(2020, 4, 2)),
      images: [await makeImage(db, mediaDir, "#8a6f55")],
    });
    for (const [position, finish] of FINISHES.entries()) {
      await db.insert(productOptions).values({ productId: product.id, position, name: finish, mediaId: null });
    }
    return product.id;
  });
  return { id, name };
}

let sofa: { id: string; name: string };

test.beforeAll(async ({ browserName: _browserName }, testInfo) => {
  sofa = await sofaWithFinishes(`${testInfo.project.name} ${Date.now().toString(36)}`);
});

test.afterAll(async () => {
  await withE2eDatabase((db) => db.delete(products).where(eq(products.id, sofa.id)));
});

/**
 * A guest of their own (no account), in their own browser, who orders the sofa in `finish`
 * as a shopper does: its page, the finish, Order Now, the order sheet, WhatsApp (answered
 * here with a blank page). Answers the order's reference and tracking path. The guest speaks
 * from an address of the test's own: the shop limits orders (and approvals) per address.
 */
async function guestOrdersSofa(
  browser: Browser,
  testInfo: TestInfo,
  name: string,
  finish: string,
  javaScriptEnabled = true,
) {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { "x-forwarded-for": clientAddress(testInfo) },
    javaScriptEnabled,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await answerCookies(page);
  await page.goto(`/product/${sofa.id}`);
  if (javaScriptEnabled) await waitForHydration(page);
  await page
    .getByRole("list", { name: "Finishes" })
    .getByRole("link", { name: `Finish: ${finish}` })
    .click();
  // The finish is a link to the page with it chosen: its Order Now, not the page it leaves
  // (read while the next page is still arriving, before its stylesheet hides the phone's
  // order bar, both pages' buttons would match).
  await page.waitForURL((url) => url.searchParams.has("option"));
  await page.waitForLoadState("load");
  await expect(page.getByText(`Finish: ${finish}`).first()).toBeVisible();
  await page.getByRole("link", { name: "Order Now" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your order" })).toBeVisible();
  await expect(page.getByRole("region", { name: "The piece" })).toContainText(finish);
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Delivery area").fill("Lekki Phase 1");
  const url = await openWhatsApp(page, () => page.getByRole("button", { name: "Send order on WhatsApp" }).click());
  const text = url.searchParams.get("text") ?? "";
  expect(text).toContain(finish);
  const ending = ENDING.exec(text);
  expect(ending, text).not.toBeNull();
  return { page, context, reference: ending![1]!, trackingPath: new URL(ending![2]!).pathname };
}

/** The order's page on the owner's desk, found by its reference; answers the order's id. */
async function openOrder(owner: Page, reference: string) {
  await owner.goto(`/admin/orders?search=${reference}`);
  await owner.getByTestId("order-row").filter({ hasText: reference }).click();
  await expect(owner.getByRole("heading", { level: 1, name: new RegExp(reference) })).toBeVisible();
  return owner.url().split("/").at(-1)!.split("?")[0]!;
}

/** A member of staff with only this role, signed in. */
async function signedInMember(email: string, role: "workshop" | "sales") {
  await withE2eDatabase(async (db) => {
    await upsertAdmin(db, { email, password: "Member12345", name: `Femi ${role}` }).catch(() => undefined);
    await db
      .update(users)
      .set({ staffRoles: [role] })
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  });
  const api = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  const login = await api.post("/api/admin/login", { data: { email, password: "Member12345" } });
  expect(login.status(), await login.text()).toBe(200);
  const { cookies } = await api.storageState();
  await api.dispose();
  return cookies;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The owner's form: the ordered line's price (and finish, when given), its size, a delivery fee, and what is given. */
async function sendQuote(
  owner: Page,
  { unitPrice, finish, note, picture }: { unitPrice: number; finish?: string; note?: string; picture?: boolean },
) {
  const form = owner.getByRole("form", { name: /^Send (the quote|version \d+)$/ });
  const line = form.getByRole("group", { name: `Line: ${sofa.name}` });
  await line.getByLabel("Unit price").fill(String(unitPrice));
  if (finish) await line.getByLabel("Finish").fill(finish);
  await line.getByLabel("Dimensions").fill("220 × 95 × 80 cm");
  await form.getByLabel("Fee 1", { exact: true }).fill("Delivery");
  await form.getByLabel("Fee 1 amount").fill("15000");
  await form.getByLabel("Lead time (weeks)").fill("4");
  if (note) {
    await form.getByRole("textbox", { name: "Spec note", exact: true }).click();
    await owner.keyboard.type(note);
  }
  if (picture) await form.getByLabel(/Add a fabric photo/).setInputFiles(await pngFile("#2f5d50", "fabric.png"));
  await form.getByRole("button", { name: "Send quote" }).click();
}

/**
 * Sends the quote, sees the page say so (`sent`), and answers the WhatsApp message the page
 * opens by itself: its text.
 */
async function sendQuoteOnWhatsApp(owner: Page, fields: Parameters<typeof sendQuote>[1], sent: RegExp) {
  const opened = owner.waitForEvent("popup");
  await sendQuote(owner, fields);
  await expectNotice(owner, sent);
  const whatsapp = await opened;
  await whatsapp.waitForURL(/^https:\/\/wa\.me\//);
  const url = new URL(whatsapp.url());
  await whatsapp.close();
  // Opened once: the address no longer asks for it, so a reload does not open it again.
  await expect(owner).not.toHaveURL(/[?&]sent=/);
  expect(`${url.origin}${url.pathname}`).toBe("https://wa.me/2348031234567");
  return url.searchParams.get("text") ?? "";
}

test("a guest orders a sofa in a finish, asks for a change, approves version 2 and pays; version 3 waits while 2 holds", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const errors = collectConsoleErrors(page);
  await page.context().addCookies(await signedInAdmin("quotes-journey@furnish.test"));
  await page.context().route("https://wa.me/**", (route) => route.fulfill(BLANK_WHATSAPP));
  const guest = await guestOrdersSofa(browser, testInfo, `Ngozi ${Date.now()}`, "Walnut stain");

  // Version 1: the finish the guest chose, a fabric picture, a delivery fee, a spec note.
  const orderId = await openOrder(page, guest.reference);
  await waitForHydration(page);
  // The number the chat came from, as the owner notes it.
  await page.getByLabel("WhatsApp number").fill("0803 123 4567");
  await page.getByRole("button", { name: "Save details" }).click();
  await expectNotice(page, "Customer details saved.");
  const form = page.getByRole("form", { name: "Send the quote" });
  await expect(form.getByRole("group", { name: `Line: ${sofa.name}` }).getByLabel("Finish")).toHaveValue(
    "Walnut stain",
  );
  const message = await sendQuoteOnWhatsApp(
    page,
    { unitPrice: 90_000, note: "Fabric code EV-12.", picture: true },
    /^Quote version 1 sent: total ₦105,000\.00\.$/,
  );
  expect(message).toContain(guest.trackingPath);
  expect(message).toContain("Total: ₦105,000");
  await page.screenshot({ path: `${SHOTS}/quote-admin-order.png`, fullPage: true });

  // The guest reads it, and asks for a change.
  const customer = guest.page;
  await customer.goto(guest.trackingPath);
  await waitForHydration(customer);
  const quote = customer.getByRole("region", { name: "Your quote" });
  await expect(quote).toContainText("Version 1");
  await expect(quote).toContainText("Walnut stain");
  await expect(quote).toContainText("Delivery");
  await expect(quote).toContainText("Fabric code EV-12.");
  await expect(quote.getByRole("img", { name: "Picture 1 of the quote" })).toBeVisible();
  await quote.getByLabel("What would you like changed?").fill("A darker stain, please.");
  await quote.getByRole("button", { name: "Ask for changes" }).click();
  await expectNotice(customer, "Thank you. We will send you a new quote with your changes.");

  // The owner's list shows it to revise; version 2 follows.
  await page.goto("/admin/orders?needsRevision=true");
  const row = page.getByTestId("order-row").filter({ hasText: guest.reference });
  await expect(row).toContainText("To revise");
  await row.click();
  await waitForHydration(page);
  const second = await sendQuoteOnWhatsApp(
    page,
    { unitPrice: 95_000, finish: "Dark walnut stain" },
    /^Quote version 2 sent: total ₦110,000\.00\.$/,
  );
  expect(second).toContain("(version 2)");
  const versions = page.getByRole("list", { name: "Versions sent" });
  await expect(versions).toContainText("Version 2");
  await expect(versions).toContainText("Total: ₦105,000.00 → ₦110,000.00");

  // The guest approves version 2 and pays its deposit at the checkout.
  await customer.goto(guest.trackingPath);
  await waitForHydration(customer);
  await expect(quote).toContainText("Version 2");
  await expect(quote).toContainText("Dark walnut stain");
  // Paying waits for the approval: the button below leads to it.
  await expect(customer.getByRole("region", { name: "Payment" })).toHaveCount(0);
  const deposit = (await quote
    .getByText(/^Deposit \(\d+%\)$/)
    .locator("xpath=following-sibling::dd")
    .textContent())!;
  await quote.getByLabel("Your name").fill("Ngozi Eze");
  await quote.getByRole("button", { name: "Approve and pay deposit" }).click();
  await customer.waitForURL((url) => url.href.startsWith(E2E_STANDIN_URL));
  await expect(customer.getByText(deposit).first()).toBeVisible();
  await customer.getByRole("button", { name: `Pay ${deposit}` }).click();
  await customer.waitForURL((url) => url.pathname === guest.trackingPath);
  await expect(customer.getByText("Payment received — thank you.")).toBeVisible();
  await expect(customer.getByRole("region", { name: "Status", exact: true })).toContainText("Deposit paid");
  await expect(customer.getByRole("region", { name: "Your quote" })).toContainText("Approved by Ngozi Eze");

  // Version 3, after the deposit (the Owner's to send): version 2's approval stays, and holds until 3 is approved.
  await page.goto(`/admin/orders/${orderId}`);
  await waitForHydration(page);
  await sendQuoteOnWhatsApp(
    page,
    { unitPrice: 99_000, finish: "Ebony stain" },
    /^Quote version 3 sent: total ₦114,000\.00\.$/,
  );
  // Newest first: version 3, then version 2.
  const [v3, v2] = [versions.locator(":scope > li").nth(0), versions.locator(":scope > li").nth(1)];
  await expect(v3).toContainText("Version 3");
  await expect(v2).toContainText("Version 2");
  await expect(v2).toContainText(/Approved by Ngozi Eze on \d{1,2} \w{3} \d{4}/);
  await expect(v2).toContainText("The order stands on this version until version 3 is approved.");
  await expect(v3).toContainText("Waiting for approval");
  await expect(page.getByLabel("Money")).toContainText("₦110,000.00");
  // The owner's versions, once the notice above them has faded.
  await expect(page.getByText(/^Quote version 3 sent: total ₦114,000\.00\.$/)).toBeHidden();
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/quote-versions-${width}x${height}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });

  await customer.goto(guest.trackingPath);
  await waitForHydration(customer);
  await expect(quote).toContainText("Version 3");
  await expect(quote).toContainText("Ebony stain");
  await expect(quote).toContainText(/Version 2 approved by Ngozi Eze on \d{1,2} \w{3} \d{4}/);
  await expect(quote).toContainText("It holds until version 3 below is approved.");
  await expect(quote.getByRole("button", { name: "Approve and pay deposit" })).toBeVisible();
  for (const [width, height] of [
    [360, 780],
    [390, 844],
    [1280, 800],
  ] as const) {
    await customer.setViewportSize({ width, height });
    await customer.evaluate(() => window.scrollTo(0, 0));
    await customer.screenshot({ path: `${SHOTS}/quote-tracking-${width}x${height}.png`, fullPage: true });
  }

  // The invoice stands on version 2 and names version 3 as waiting.
  await page.goto(`/admin/orders/${orderId}/invoice`);
  const invoice = page.getByRole("article", { name: `Invoice ${guest.reference}` });
  await expect(invoice).toContainText(/Quote version 2, approved by Ngozi Eze on/);
  await expect(invoice).toContainText("Version 3 waits for the customer’s approval");
  await expect(invoice).toContainText("Dark walnut stain");
  await expect(invoice).not.toContainText("Ebony stain");
  await expect(invoice).toContainText("₦110,000.00");

  // The workshop opens the sheet: version 2's pieces, without a price, and version 3 named as waiting.
  const workshop = await (
    await browser.newContext({ baseURL: E2E_BASE_URL, viewport: { width: 390, height: 844 } })
  ).newPage();
  await workshop.context().addCookies(await signedInMember(`workshop-${Date.now()}@furnish.test`, "workshop"));
  await workshop.goto(`/admin/orders/${orderId}`);
  await workshop.getByRole("link", { name: "Workshop sheet" }).click();
  const sheet = workshop.getByRole("article", { name: `Workshop sheet ${guest.reference}` });
  await expect(sheet).toContainText("Dark walnut stain");
  await expect(sheet).not.toContainText("Ebony stain");
  await expect(sheet).toContainText("220 × 95 × 80 cm");
  await expect(sheet).toContainText("version 2, approved by Ngozi Eze");
  await expect(sheet).toContainText("Version 3 waits for the customer’s approval");
  await expect(sheet).toContainText("Lekki Phase 1");
  await expect(sheet).not.toContainText("₦");
  await workshop.emulateMedia({ media: "print" });
  await workshop.setViewportSize({ width: 794, height: 1123 });
  await workshop.screenshot({ path: `${SHOTS}/quote-workshop-sheet-print.png`, fullPage: true });
  await workshop.pdf({ path: `${SHOTS}/quote-workshop-sheet.pdf`, format: "A4" });

  await guest.context.close();
  await workshop.context().close();
  expect(errors).toEqual([]);
});

test("without scripts, the customer asks for changes, then approves the new version and reaches the checkout", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const owner = await signedInAdmin("quotes-journey-nojs@furnish.test");
  const guest = await guestOrdersSofa(browser, testInfo, `Uche ${Date.now()}`, "Natural teak", false);
  const desk = await playwrightRequest.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { cookie: owner.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ") },
  });
  const listed = await desk.get(`/api/admin/operations/orders?search=${guest.reference}`);
  const [{ _id: orderId }] = ((await listed.json()) as { orders: Array<{ _id: string }> }).orders as [{ _id: string }];
  const order = (await (await desk.get(`/api/admin/operations/orders/${orderId}`)).json()) as {
    lines: Array<{ _id: string; option: string | null }>;
  };
  expect(order.lines[0]!.option).toBe("Natural teak");
  const noted = await desk.put(`/api/admin/operations/orders/${orderId}`, {
    data: { customer: { phone: "0803 123 4567" } },
  });
  expect(noted.status(), await noted.text()).toBe(200);
  const sent = await desk.post(`/api/admin/operations/orders/${orderId}/quotes`, {
    data: {
      lines: [{ lineId: order.lines[0]!._id, quantity: 1, unitPrice: 80000 }],
      fees: [{ label: "Delivery", amount: 10000 }],
      discount: 0,
      depositPercent: 50,
      validUntil: inDays(7),
      note: "<p>Varnished.</p>",
      pictures: [await imageDataUrl("#6b4f2a")],
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await desk.dispose();

  // The customer, without scripts, asks for a change: a plain form post.
  const customer = guest.page;
  await customer.goto(guest.trackingPath);
  const quote = customer.getByRole("region", { name: "Your quote" });
  await expect(quote).toContainText("Natural teak");
  await quote.getByLabel("What would you like changed?").fill("Oiled, please, not varnished.");
  await quote.getByRole("button", { name: "Ask for changes" }).click();
  await expectNotice(customer, "Thank you. We will send you a new quote with your changes.");

  // The owner, without scripts too, sends version 2: the answer page offers WhatsApp first and large.
  const ownerContext = await browser.newContext({
    baseURL: E2E_BASE_URL,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  await ownerContext.addCookies(owner);
  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto(`/admin/orders/${orderId}`);
  await expect(ownerPage.getByText("To revise: the customer asked for changes")).toBeVisible();
  const form = ownerPage.getByRole("form", { name: "Send version 2" });
  await form
    .getByRole("group", { name: `Line: ${sofa.name}` })
    .getByLabel("Unit price")
    .fill("85000");
  await form.getByRole("button", { name: "Send quote" }).click();
  const handOff = ownerPage.getByRole("status").filter({ hasText: "Version 2 is saved. Now send it to Uche" });
  await expect(handOff).toBeVisible();
  const whatsapp = handOff.getByRole("link", { name: "Send version 2 on WhatsApp" });
  const text = new URL((await whatsapp.getAttribute("href"))!).searchParams.get("text")!;
  expect(text).toContain(guest.trackingPath);
  expect(text).toContain("Total: ₦95,000");
  await ownerContext.close();

  // The customer approves version 2 and reaches the deposit checkout.
  await customer.goto(guest.trackingPath);
  await expect(quote).toContainText("Version 2");
  await quote.getByLabel("Your name").fill("Uche Obi");
  await quote.getByRole("button", { name: "Approve and pay deposit" }).click();
  await customer.waitForURL((url) => url.href.startsWith(E2E_STANDIN_URL));
  await customer.getByRole("button", { name: `Pay ${formatNaira(47_500)}` }).click();
  await customer.waitForURL((url) => url.pathname === guest.trackingPath);
  await expect(customer.getByText("Payment received — thank you.")).toBeVisible();
  await expect(customer.getByRole("region", { name: "Status", exact: true })).toContainText("Deposit paid");
  await guest.context.close();
});
