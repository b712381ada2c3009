/**
 * A quote from order to deposit, end to end on a phone (docs/product.md, Quotes): a guest
 * orders; the owner sends a quote with a fabric picture and a delivery fee; the guest asks
 * for a change; the owner sends version 2; the guest approves it and pays the deposit at
 * the provider's checkout (the stand-in, tests/standins/payment-provider); the workshop
 * opens the sheet, without a price. Then the approval once more with scripts off.
 * Screenshots of the quote and the sheet go to /tmp for a person to look at.
 */
import { expect, request as playwrightRequest, test, type Browser, type Page } from "@playwright/test";
import { eq, sql } from "drizzle-orm";
import { formatNaira } from "../../domain/money";
import { users } from "../../server/db/schema/accounts";
import { upsertAdmin } from "../../server/modules/accounts/admins.service";
import { imageDataUrl, pngFile, signedInAdmin } from "../support/e2e-admin";
import { answerCookies, collectConsoleErrors, waitForHydration } from "../support/e2e-checks";
import { withE2eDatabase } from "../support/e2e-database";
import { E2E_BASE_URL, E2E_STANDIN_URL } from "../support/e2e-env";
import { PLAIN_PRODUCT, pinnedProduct } from "../support/e2e-fixtures";

const SHOTS = "/tmp";

/** A guest of their own (no account), in their own browser, who orders the pinned side table. */
async function guestOrder(browser: Browser, name: string, javaScriptEnabled = true) {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    javaScriptEnabled,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await answerCookies(page);
  const table = await pinnedProduct(page.request, PLAIN_PRODUCT.name);
  const placed = await page.request.post("/api/orders", {
    data: {
      kind: "item",
      itemType: "Product",
      itemId: table._id,
      customer: { name, phone: "0803 123 4567", area: "Lekki Phase 1" },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order, trackingUrl } = (await placed.json()) as {
    order: { _id: string; reference: string; lines: Array<{ _id: string }> };
    trackingUrl: string;
  };
  return { page, context, order, trackingPath: new URL(trackingUrl).pathname };
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

/** The owner's form: the ordered line's price, finish and size, a delivery fee, and what is given. */
async function sendQuote(
  owner: Page,
  { unitPrice, finish, note, picture }: { unitPrice: number; finish: string; note?: string; picture?: boolean },
) {
  const form = owner.getByRole("form", { name: /^Send (the quote|version \d+)$/ });
  const line = form.getByRole("group", { name: `Line: ${PLAIN_PRODUCT.name}` });
  await line.getByLabel("Unit price").fill(String(unitPrice));
  await line.getByLabel("Finish").fill(finish);
  await line.getByLabel("Dimensions").fill("60 × 45 × 55 cm");
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

test("a guest asks for a change, approves version 2 and pays its deposit; the workshop prints the sheet", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  await page.context().addCookies(await signedInAdmin("quotes-journey@furnish.test"));
  const guest = await guestOrder(browser, `Ngozi ${Date.now()}`);

  // Version 1: a fabric picture, a delivery fee, a spec note.
  await page.goto(`/admin/orders/${guest.order._id}`);
  await waitForHydration(page);
  await sendQuote(page, { unitPrice: 90_000, finish: "Walnut stain", note: "Fabric code EV-12.", picture: true });
  await expect(page.getByText(/^Quote version 1 sent: total ₦105,000\.00\. Send it on WhatsApp\.$/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/quote-admin-order.png`, fullPage: true });
  const whatsapp = page.getByRole("link", { name: "Send version 1 on WhatsApp" });
  const message = decodeURIComponent(new URL((await whatsapp.getAttribute("href"))!).searchParams.get("text")!);
  expect(message).toContain(guest.trackingPath);
  expect(message).toContain("Total: ₦105,000");

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
  await expect(customer.getByText("Thank you. We will send you a new quote with your changes.")).toBeVisible();

  // The owner's list shows it to revise; version 2 follows.
  await page.goto("/admin/orders?needsRevision=true");
  const row = page.getByTestId("order-row").filter({ hasText: guest.order.reference });
  await expect(row).toContainText("To revise");
  await row.click();
  await waitForHydration(page);
  await sendQuote(page, { unitPrice: 95_000, finish: "Dark walnut stain" });
  await expect(page.getByText(/^Quote version 2 sent: total ₦110,000\.00\. Send it on WhatsApp\.$/)).toBeVisible();
  const versions = page.getByRole("list", { name: "Versions sent" });
  await expect(versions).toContainText("Version 2");
  await expect(versions).toContainText("Total: ₦105,000.00 → ₦110,000.00");

  // The guest approves version 2 and pays its deposit at the checkout.
  await customer.goto(guest.trackingPath);
  await waitForHydration(customer);
  await expect(quote).toContainText("Version 2");
  await expect(quote).toContainText("Dark walnut stain");
  for (const [width, height] of [
    [360, 780],
    [390, 844],
    [1280, 800],
  ] as const) {
    await customer.setViewportSize({ width, height });
    await customer.evaluate(() => window.scrollTo(0, 0));
    await customer.screenshot({ path: `${SHOTS}/quote-tracking-${width}x${height}.png`, fullPage: true });
  }
  await customer.setViewportSize({ width: 390, height: 844 });
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

  // The workshop opens the sheet: the approved version's pieces, without a price.
  const workshop = await (
    await browser.newContext({ baseURL: E2E_BASE_URL, viewport: { width: 390, height: 844 } })
  ).newPage();
  await workshop.context().addCookies(await signedInMember(`workshop-${Date.now()}@furnish.test`, "workshop"));
  await workshop.goto(`/admin/orders/${guest.order._id}`);
  await workshop.getByRole("link", { name: "Workshop sheet" }).click();
  const sheet = workshop.getByRole("article", { name: `Workshop sheet ${guest.order.reference}` });
  await expect(sheet).toContainText("Dark walnut stain");
  await expect(sheet).toContainText("60 × 45 × 55 cm");
  await expect(sheet).toContainText("version 2, approved");
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

test("without scripts, the customer approves the quote and reaches the deposit checkout", async ({ browser }) => {
  const owner = await signedInAdmin("quotes-journey-nojs@furnish.test");
  const guest = await guestOrder(browser, `Uche ${Date.now()}`, false);
  const desk = await playwrightRequest.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { cookie: owner.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ") },
  });
  const sent = await desk.post(`/api/admin/operations/orders/${guest.order._id}/quotes`, {
    data: {
      lines: [{ lineId: guest.order.lines[0]!._id, quantity: 1, unitPrice: 80000, finish: "Natural teak" }],
      fees: [{ label: "Delivery", amount: 10000 }],
      discount: 0,
      depositPercent: 50,
      validUntil: inDays(7),
      note: "<p>Oiled, not varnished.</p>",
      pictures: [await imageDataUrl("#6b4f2a")],
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await desk.dispose();

  const customer = guest.page;
  await customer.goto(guest.trackingPath);
  const quote = customer.getByRole("region", { name: "Your quote" });
  await expect(quote).toContainText("Natural teak");
  // Without a name, the browser's own check would stop a person; the server says why all the same.
  await quote.getByLabel("Your name").fill("Uche Obi");
  await quote.getByRole("button", { name: "Approve and pay deposit" }).click();
  await customer.waitForURL((url) => url.href.startsWith(E2E_STANDIN_URL));
  await customer.getByRole("button", { name: `Pay ${formatNaira(45_000)}` }).click();
  await customer.waitForURL((url) => url.pathname === guest.trackingPath);
  await expect(customer.getByText("Payment received — thank you.")).toBeVisible();
  await expect(customer.getByRole("region", { name: "Status", exact: true })).toContainText("Deposit paid");
  await guest.context.close();
});
