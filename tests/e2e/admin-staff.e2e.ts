/**
 * Staff accounts and the journal (docs/product.md, Staff and roles; The journal): the
 * owner invites a salesperson, who opens the e-mailed link, chooses a password and lands
 * in the admin, where the menu offers only what Sales may open (no payment settings, which
 * Accounts opens); they send the order's quote from the quote builder and record a payment,
 * but are offered no way to remove it (and the server refuses it); the owner then reads
 * the invitation, the quote and the payment in the journal, each with who did it. Again without scripts: the invitation and a change of roles. Each
 * journey invites its own member and places its own order.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import {
  expect,
  request as playwrightRequest,
  type Browser,
  type BrowserContext,
  type Page,
  type TestInfo,
} from "@playwright/test";
import { expectNotice, test } from "../support/e2e-notices";
import { signedInAdmin } from "../support/e2e-admin";
import { collectConsoleErrors, expectNoSeriousAxeViolations, waitForHydration } from "../support/e2e-checks";
import { E2E_BASE_URL, E2E_DATA_DIR } from "../support/e2e-env";
import { PLAIN_PRODUCT, pinnedProduct } from "../support/e2e-fixtures";
import { clientAddress, errorsExcept } from "../support/e2e-lists";

const PHONE_VIEWPORT = { width: 390, height: 844 };
const PASSWORD = "Counter2026Lagos";

/** A browser of its own, on a phone, with or without scripts. */
async function phone(browser: Browser, javaScriptEnabled = true): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: E2E_BASE_URL,
    viewport: PHONE_VIEWPORT,
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled,
    serviceWorkers: "block",
  });
}

/** The path of the invitation link in the newest e-mail to `to` (the test server's outbox). */
async function invitationPath(to: string): Promise<string> {
  const dir = path.join(E2E_DATA_DIR, "mail");
  let found: string | null = null;
  await expect(async () => {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith(".eml"));
    const mails = await Promise.all(
      names.map(async (name) => {
        const file = path.join(dir, name);
        return { text: await readFile(file, "utf8"), time: (await stat(file)).mtimeMs };
      }),
    );
    const mine = mails.filter((mail) => mail.text.includes(to)).sort((a, b) => b.time - a.time)[0];
    const text = mine?.text
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    found = text?.match(/\/staff\/invitation\/[\w-]+/)?.[0] ?? null;
    expect(found, `an invitation e-mailed to ${to}`).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return found!;
}

/**
 * A guest's order of the pinned side table, through the API, from an address of the test's
 * own (the shop limits orders per address).
 */
async function guestOrder(
  testInfo: TestInfo,
  name: string,
): Promise<{ _id: string; reference: string; trackingPath: string }> {
  const guest = await playwrightRequest.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { "x-forwarded-for": clientAddress(testInfo) },
  });
  try {
    const table = await pinnedProduct(guest, PLAIN_PRODUCT.name);
    const response = await guest.post("/api/orders", {
      data: {
        kind: "item",
        itemType: "Product",
        itemId: table._id,
        quantity: 1,
        customer: { name, phone: "0803 123 4567", area: "Yaba" },
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const placed = (await response.json()) as { order: { _id: string; reference: string }; trackingUrl: string };
    return { ...placed.order, trackingPath: new URL(placed.trackingUrl).pathname };
  } finally {
    await guest.dispose();
  }
}

/** The owner invites someone from /admin/staff with the roles named. */
async function invite(page: Page, email: string, name: string, roles: string[]) {
  await page.goto("/admin/staff");
  const form = page.getByRole("region", { name: "Invite a member" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Name").fill(name);
  for (const role of roles) await form.getByRole("checkbox", { name: role, exact: true }).check();
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expectNotice(page, `Invitation sent to ${email}.`);
  const member = page.getByTestId("staff-member").filter({ hasText: email });
  await expect(member).toContainText("Invited");
  return member;
}

/** The invited person opens the link, keeps the name, chooses a password and lands in the admin. */
async function accept(page: Page, link: string, email: string, roles: string) {
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Join the staff" })).toBeVisible();
  await expect(page.getByTestId("invited-email")).toHaveText(email);
  await expect(page.getByText(roles, { exact: true })).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Join and sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expectNotice(page, "Welcome! Your password is set and you are signed in.");
}

test("the owner invites a salesperson, who quotes an order and records a payment; the journal shows both", async ({
  page,
  browser,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  const unique = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const email = `sola-${unique}@furnish.test`;
  const name = `Sola Sales ${unique}`;
  await page.context().addCookies(await signedInAdmin(`staff-owner-${testInfo.project.name}@furnish.test`));
  const order = await guestOrder(testInfo, `Bisi ${unique}`);

  // The owner invites them as Sales; each role says what it may do.
  await page.goto("/admin/staff");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Staff", level: 1 })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Invite a member" }).getByRole("checkbox", { name: "Sales", exact: true }),
  ).toHaveAccessibleDescription(/records payments but cannot remove them/);
  await expectNoSeriousAxeViolations(page);
  await invite(page, email, name, ["Sales"]);

  // The salesperson, on a phone of their own, follows the e-mailed link.
  const link = await invitationPath(email);
  const sales = await (await phone(browser)).newPage();
  const salesErrors = collectConsoleErrors(sales);
  await accept(sales, link, email, "Sales");

  // Their menu: Orders, Settings to read, no Staff, no Journal, no import.
  const menu = sales.getByRole("navigation", { name: "Admin sections" });
  await expect(menu.getByRole("link", { name: "Orders" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Staff" })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "Journal" })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "Import / export" })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "Payment settings" })).toHaveCount(0);
  await menu.getByRole("link", { name: "Settings", exact: true }).click();
  await expect(sales.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(sales.getByLabel("Shop name")).toBeDisabled();
  await expect(sales.getByRole("button", { name: "Save Settings" })).toHaveCount(0);
  // A page of the owner's, asked for by its address, says which role it needs.
  const refused = await sales.goto("/admin/staff");
  expect(refused?.status()).toBe(403);
  await expect(sales.getByRole("navigation", { name: "Settings pages" })).toHaveCount(0);
  expect((await sales.goto("/admin/settings/payments"))?.status()).toBe(403);

  // They quote the order from the quote builder: the table at ₦80,000, ready in four weeks.
  await sales.goto(`/admin/orders/${order._id}`);
  await waitForHydration(sales);
  const quote = sales.getByRole("form", { name: "Send the quote" });
  await quote
    .getByRole("group", { name: `Line: ${PLAIN_PRODUCT.name}` })
    .getByLabel("Unit price")
    .fill("80000");
  await quote.getByLabel("Lead time (weeks)").fill("4");
  await quote.getByRole("button", { name: "Send quote" }).click();
  await expectNotice(sales, /^Quote version 1 sent: total ₦80,000\.00\.$/);

  // They record a payment on the order; no button offers to remove it.
  const payment = sales.getByRole("form", { name: "Record a payment" });
  await payment.getByLabel("Amount").fill("25000");
  await payment.getByLabel("Method").selectOption({ label: "Cash" });
  await sales.getByRole("button", { name: "Record payment" }).click();
  await expectNotice(sales, "Payment recorded.");
  const payments = sales.getByRole("list", { name: "Payments recorded" });
  await expect(payments).toContainText("₦25,000.00");
  await expect(payments.getByRole("link", { name: /Remove the payment/ })).toHaveCount(0);
  await expect(sales.getByRole("link", { name: "Journal entries" })).toHaveCount(0);

  // Nor does the server let them remove it.
  const read = await sales.request.get(`/api/admin/operations/orders/${order._id}`);
  expect(read.status()).toBe(200);
  const paymentId = ((await read.json()) as { payments: Array<{ _id: string }> }).payments[0]!._id;
  const removal = await sales.request.delete(`/api/admin/operations/orders/${order._id}/payments/${paymentId}`);
  expect(removal.status()).toBe(403);
  expect(((await removal.json()) as { message: string }).message).toBe("This needs the Owner role.");

  // The owner's journal shows the invitation, the quote and the payment, each with who did it.
  await page.goto("/admin/journal");
  await waitForHydration(page);
  const entries = page.getByTestId("journal-entry");
  await expect(entries.filter({ hasText: "Member invited" }).filter({ hasText: name })).toHaveCount(1);
  await page.getByLabel("Person").selectOption({ label: name });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/person=/);
  const quoted = entries.filter({ hasText: order.reference }).filter({ hasText: "Quote sent" });
  await expect(quoted).toHaveCount(1);
  await expect(quoted).toContainText(name);
  await expect(quoted).toContainText("Orders");
  await expect(quoted).toContainText("80000");
  const paid = entries.filter({ hasText: order.reference }).filter({ hasText: "Payment recorded" });
  await expect(paid).toHaveCount(1);
  await expect(paid).toContainText(name);
  await expect(paid).toContainText("Payments");
  await expect(paid).toContainText("25000");
  const csv = page.getByRole("link", { name: "Export CSV" });
  expect(await csv.getAttribute("href")).toMatch(/^\/api\/admin\/operations\/journal\/export\.csv\?person=/);
  await expectNoSeriousAxeViolations(page);

  // The order's own page leads the owner to its entries.
  await page.goto(`/admin/orders/${order._id}`);
  await page.getByRole("link", { name: "Journal entries" }).click();
  await expect(page).toHaveURL(new RegExp(`item=${order._id}`));
  await expect(entries.filter({ hasText: order.reference }).first()).toBeVisible();

  await sales.context().close();
  expect(errors).toEqual([]);
  // The owner's page asked by address answered 403 on purpose.
  expect(errorsExcept(salesErrors, "status of 403")).toEqual([]);
});

test("without scripts: the owner invites a member and changes their roles; the link works", async ({
  browser,
}, testInfo) => {
  const unique = `${testInfo.project.name}-nojs-${Date.now().toString(36)}`;
  const email = `tayo-${unique}@furnish.test`;
  const name = `Tayo ${unique}`;
  const ownerContext = await phone(browser, false);
  await ownerContext.addCookies(await signedInAdmin(`staff-owner-nojs-${testInfo.project.name}@furnish.test`));
  const owner = await ownerContext.newPage();

  // A form sent with nothing ticked comes back with its message.
  await owner.goto("/admin/staff");
  const form = owner.getByRole("region", { name: "Invite a member" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Name").fill(name);
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(owner.getByText("Choose at least one role.").first()).toBeVisible();

  const member = await invite(owner, email, name, ["Workshop"]);
  await expect(member).toContainText("Workshop");

  // Roles changed in the member's own form.
  await member.getByText("Change roles").click();
  await member.getByRole("checkbox", { name: "Accounts", exact: true }).check();
  await member.getByRole("button", { name: "Save roles" }).click();
  await expectNotice(owner, `${name} is now Workshop, Accounts.`);
  const changed = owner.getByTestId("staff-member").filter({ hasText: email });
  await expect(changed.getByRole("list", { name: "Roles" })).toHaveText(/Workshop\s*Accounts/);

  // The invited member, without scripts either, joins and lands in the admin.
  const link = await invitationPath(email);
  const memberContext = await phone(browser, false);
  const joining = await memberContext.newPage();
  await accept(joining, link, email, "Workshop, Accounts");
  const menu = joining.getByRole("navigation", { name: "Admin sections" });
  await expect(menu.getByRole("link", { name: "Journal" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Messages" })).toHaveCount(0);
  // Accounts keeps the payment settings: Settings → Payments opens for them.
  await menu.getByRole("link", { name: "Settings", exact: true }).click();
  await joining.getByRole("navigation", { name: "Settings pages" }).getByRole("link", { name: "Payments" }).click();
  await expect(joining.getByRole("heading", { name: "Payment settings", level: 1 })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Payment settings" })).toHaveAttribute("aria-current", "page");

  // The link works once.
  await joining.goto(link);
  await expect(joining.getByRole("heading", { name: "This invitation has expired" })).toBeVisible();

  await memberContext.close();
  await ownerContext.close();
});

test("the workshop opens an order without a single amount", async ({ page, browser }, testInfo) => {
  const unique = `${testInfo.project.name}-shop-${Date.now().toString(36)}`;
  const email = `femi-${unique}@furnish.test`;
  await page.context().addCookies(await signedInAdmin(`staff-owner-${testInfo.project.name}@furnish.test`));
  const order = await guestOrder(testInfo, `Kemi ${unique}`);
  const invited = await page.request.post("/api/admin/operations/staff", {
    data: { email, name: `Femi ${unique}`, roles: ["workshop"] },
  });
  expect(invited.status(), await invited.text()).toBe(201);

  const workshop = await (await phone(browser)).newPage();
  await accept(workshop, await invitationPath(email), email, "Workshop");
  await workshop.goto(`/admin/orders/${order._id}`);
  await expect(workshop.getByRole("heading", { level: 1 })).toContainText(order.reference);
  await expect(workshop.getByRole("heading", { name: "What to make" })).toBeVisible();
  await expect(workshop.getByText(PLAIN_PRODUCT.name).first()).toBeVisible();
  await expect(workshop.getByRole("main")).not.toContainText("₦");
  await expect(workshop.getByRole("form", { name: "Record a payment" })).toHaveCount(0);
  await workshop.context().close();
});

test("a salesperson reads the products without a control that changes them", async ({ page, browser }, testInfo) => {
  const unique = `${testInfo.project.name}-list-${Date.now().toString(36)}`;
  const email = `tayo-${unique}@furnish.test`;
  await page.context().addCookies(await signedInAdmin(`staff-owner-${testInfo.project.name}@furnish.test`));
  const invited = await page.request.post("/api/admin/operations/staff", {
    data: { email, name: `Tayo ${unique}`, roles: ["sales"] },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const product = await pinnedProduct(page.request, PLAIN_PRODUCT.name);

  const sales = await (await phone(browser)).newPage();
  await accept(sales, await invitationPath(email), email, "Sales");
  await sales.goto(`/admin/dashboard?section=products&search=${encodeURIComponent(PLAIN_PRODUCT.name)}`);
  await waitForHydration(sales);
  const list = sales.getByRole("region", { name: "Manage Products" });
  await expect(list.getByRole("link", { name: "Add Product" })).toHaveCount(0);
  await expect(list.getByRole("checkbox")).toHaveCount(0);
  // The row opens to its details and the shop's page, and offers nothing the server would refuse.
  await list.getByRole("button", { name: new RegExp(PLAIN_PRODUCT.name) }).click();
  await expect(list.getByText("Flags", { exact: true })).toBeVisible();
  await expect(list.getByRole("link", { name: "View in the shop" })).toBeVisible();
  for (const name of [/Edit/, /Duplicate/, /Delete/]) {
    await expect(list.getByRole("link", { name })).toHaveCount(0);
    await expect(list.getByRole("button", { name })).toHaveCount(0);
  }
  // Nor does the shop's page of the product, once its scripts run, where the owner finds Edit.
  await page.goto(`/product/${product._id}`);
  await waitForHydration(page);
  await expect(page.getByRole("link", { name: "Edit Product" })).toBeVisible();
  await sales.goto(`/product/${product._id}`);
  await waitForHydration(sales);
  await expect(sales.getByRole("heading", { level: 1 })).toContainText(PLAIN_PRODUCT.name);
  await expect(sales.getByRole("link", { name: "Edit Product" })).toHaveCount(0);
  await expect(sales.getByRole("button", { name: "Delete Product" })).toHaveCount(0);
  await sales.context().close();
});

test("a salesperson sets their WhatsApp number; the orders assigned to them send their customers there", async ({
  page,
  browser,
}, testInfo) => {
  const unique = `${testInfo.project.name}-wa-${Date.now().toString(36)}`;
  const email = `ngozi-${unique}@furnish.test`;
  const name = `Ngozi ${unique}`;
  await page.context().addCookies(await signedInAdmin(`staff-owner-${testInfo.project.name}@furnish.test`));
  const order = await guestOrder(testInfo, `Tobi ${unique}`);
  const invited = await page.request.post("/api/admin/operations/staff", {
    data: { email, name, roles: ["sales"] },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const memberId = ((await invited.json()) as { _id: string })._id;

  const sales = await (await phone(browser)).newPage();
  await accept(sales, await invitationPath(email), email, "Sales");
  await sales.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Your profile" }).click();
  await expect(sales.getByRole("heading", { name: "Your profile", level: 1 })).toBeVisible();
  await waitForHydration(sales);
  await sales.getByRole("textbox", { name: "WhatsApp number" }).fill("0803 555 1234");
  await sales.getByRole("button", { name: "Save number" }).click();
  await expectNotice(sales, "Your WhatsApp number is saved");
  await expect(sales.getByRole("textbox", { name: "WhatsApp number" })).toHaveValue("+234 803 555 1234");
  await expectNoSeriousAxeViolations(sales);

  // Until the order is theirs, its customer asks the shop.
  const customer = await (await phone(browser)).newPage();
  await customer.goto(order.trackingPath);
  const ask = customer.getByRole("link", { name: "Ask about this order" });
  await expect(ask).toHaveAttribute("href", /^https:\/\/wa\.me\/2348000000000\?/);
  const assigned = await page.request.put(`/api/admin/operations/orders/${order._id}`, {
    data: { assigneeId: memberId },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  await customer.reload();
  await expect(ask).toHaveAttribute("href", /^https:\/\/wa\.me\/2348035551234\?/);

  // The owner's update from the order desk names them and their number.
  await page.goto(`/admin/orders/${order._id}`);
  const message = page.getByRole("link", { name: "Message customer on WhatsApp" });
  const text = new URL((await message.getAttribute("href"))!).searchParams.get("text");
  expect(text).toContain(`Questions? ${name} looks after your order: https://wa.me/2348035551234?text=`);

  await customer.context().close();
  await sales.context().close();
});
