import { expect } from "@playwright/test";
import { expectNotice, test } from "../support/e2e-notices";
import {
  answerCookies,
  collectConsoleErrors,
  expectNoSeriousAxeViolations,
  waitForHydration,
} from "../support/e2e-checks";
import { addProductThroughApi, addProjectThroughApi, imageDataUrl, signedInAdmin } from "../support/e2e-admin";
import { PROMO_SOFA } from "../support/e2e-fixtures";

/**
 * The admin panel's dashboard (docs/product.md, Admin panel): sections, lists with pager and confirmations,
 * and the inbox. These journeys change and delete only what they created themselves, and
 * count on no total: every other journey runs beside them, adding and deleting its own.
 */

// An owner account of this file's own, signed in once per worker: the login limit (10 an
// account in 15 minutes) would otherwise stop the later journeys.
let adminCookies: Awaited<ReturnType<typeof signedInAdmin>>;
test.beforeAll(async () => {
  adminCookies = await signedInAdmin("dashboard-owner@furnish.test");
});

test.beforeEach(async ({ page, context }) => {
  await answerCookies(page);
  await context.addCookies(adminCookies);
});

test("the dashboard welcomes the admin with the shop's counts and quick actions", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  // The other admin journeys add and delete items meanwhile: the counts are the loader's
  // (the integration tests hold the server's counts to the database).
  await page.goto("/admin/dashboard");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: /^Welcome back, / })).toBeVisible();
  for (const tile of ["Products", "Collections", "Projects", "Unread messages"]) {
    await expect(page.getByRole("main").getByRole("link", { name: new RegExp(`^\\d+ ${tile}$`) })).toBeVisible();
  }
  for (const action of ["Add Product", "Add Collection", "Add Project"]) {
    await expect(page.getByRole("main").getByRole("link", { name: action })).toBeVisible();
  }
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expectNoSeriousAxeViolations(page);
  expect(errors).toEqual([]);
});

test("Manage Products pages through the catalogue 20 at a time and expands rows", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto("/admin/dashboard");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Products" }).click();
  await expect(page).toHaveURL(/section=products/);
  await expect(page.getByRole("heading", { name: "Manage Products" })).toBeVisible();
  // Other journeys add and delete products meanwhile: the total is whatever it is.
  await expect(page.getByText(/^Showing 1-20 of \d+ products$/)).toBeVisible();

  const pager = page.getByRole("navigation", { name: "Pages" });
  await expect(pager.getByRole("link", { name: "Previous" })).toHaveAttribute("aria-disabled", "true");
  await pager.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/section=products&page=2$/);
  await expect(page.getByText(/^Showing 21-40 of \d+ products$/)).toBeVisible();
  await expect(pager.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  // The page is in the address: a reload shows the same one.
  await page.reload();
  await expect(pager.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  await waitForHydration(page);

  // Several product rows may be open at once, and each closes again.
  const rows = page.getByRole("main").locator("button[aria-expanded]");
  await rows.nth(0).click();
  // The opened details push the next row down: wait for them before aiming at it.
  await expect(rows.nth(0)).toHaveAttribute("aria-expanded", "true");
  await rows.nth(1).click();
  await expect(rows.nth(1)).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("main").locator('button[aria-expanded="true"]')).toHaveCount(2);
  await expect(page.getByRole("link", { name: "View in the shop" })).toHaveCount(2);
  await rows.nth(0).click();
  await expect(rows.nth(0)).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("link", { name: "View in the shop" })).toHaveCount(1);

  // Deleting asks first, in the shop's words for a listing.
  await page
    .getByRole("main")
    .getByRole("link", { name: /^Delete / })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toContainText("Are you sure you want to delete this listing?");
  await page.getByRole("dialog").getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  // A page past the end shows the last one (read in one go: its rows, count and pager agree).
  await page.goto("/admin/dashboard?section=products&page=9999");
  const shown = await page.getByText(/^Showing \d+-\d+ of \d+ products$/).textContent();
  const [first, last, total] = /^Showing (\d+)-(\d+) of (\d+)/.exec(shown!)!.slice(1).map(Number) as [
    number,
    number,
    number,
  ];
  const lastPage = Math.ceil(total / 20);
  expect([first, last]).toEqual([(lastPage - 1) * 20 + 1, total]);
  await expect(rows).toHaveCount(last - first + 1);
  await expect(pager.getByRole("link", { name: `Page ${lastPage}` })).toHaveAttribute("aria-current", "page");
  await expect(pager.getByRole("link", { name: "Next" })).toHaveAttribute("aria-disabled", "true");
  expect(errors).toEqual([]);
});

test("a project is deleted only after confirming, and project rows open one at a time", async ({ page }, testInfo) => {
  const errors = collectConsoleErrors(page);
  const title = `Garden villa ${testInfo.project.name} ${Date.now().toString(36)}`;
  const { _id: id } = await addProjectThroughApi(page.request, title);

  await page.goto("/admin/dashboard?section=projects");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Manage Projects" })).toBeVisible();
  await expect(page.getByText(/^Showing 1-20 of \d+ projects$/)).toBeVisible();

  const pager = page.getByRole("navigation", { name: "Pages" });
  await pager.getByRole("link", { name: "Page 2" }).click();
  await expect(page.getByText(/^Showing 21-\d+ of \d+ projects$/)).toBeVisible();
  await pager.getByRole("link", { name: "Previous" }).click();
  await expect(page.getByText(/^Showing 1-20 of \d+ projects$/)).toBeVisible();

  const main = page.getByRole("main");
  // The row's own button (the Delete button names the title too, but does not expand).
  const row = main.locator("button[aria-expanded]", { hasText: title });
  await row.click();
  await expect(row).toHaveAttribute("aria-expanded", "true");
  const other = main.locator("button[aria-expanded]").filter({ hasNotText: title }).first();
  await other.click();
  await expect(other).toHaveAttribute("aria-expanded", "true");
  await expect(row).toHaveAttribute("aria-expanded", "false");
  await expect(main.locator('button[aria-expanded="true"]')).toHaveCount(1);

  // Delete is among the opened row's actions.
  await row.click();
  await expect(row).toHaveAttribute("aria-expanded", "true");
  await main.getByRole("link", { name: `Delete ${title}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Are you sure you want to delete this project?");
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toBeVisible();

  // Deleting shows page 1 of the list again.
  await main.getByRole("link", { name: `Delete ${title}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expectNotice(page, "Project deleted successfully");
  await expect(row).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/dashboard\?section=projects$/);
  await expect(page.getByText(/^Showing 1-20 of \d+ projects$/)).toBeVisible();
  expect((await page.request.get(`/api/projects/get/${id}`)).status()).toBe(404);
  expect(errors).toEqual([]);
});

test("the owner deletes a product from its shop page, and a collection whose products stay, unassigned", async ({
  page,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  const unique = `${testInfo.project.name} ${Date.now().toString(36)}`;
  const [doomed, kept1, kept2] = await Promise.all(
    ["Doomed chair", "Kept chair", "Kept stool"].map(
      async (name) => (await addProductThroughApi(page.request, `${name} ${unique}`))._id,
    ),
  );
  const collection = await page.request.post("/api/admin/operations/addCollection", {
    data: {
      name: `Short-lived set ${unique}`,
      description: "<p>Three pieces.</p>",
      price: 900000,
      style: "Modern",
      productIds: [doomed, kept1, kept2],
      coverImage: await imageDataUrl("#8a4f33"),
    },
  });
  expect(collection.status(), await collection.text()).toBe(201);
  const collectionId = ((await collection.json()) as { _id: string })._id;

  // From the collection's page to the product's: deleting it goes back there, and the
  // collection no longer lists it.
  await page.goto(`/collection/${collectionId}`);
  await waitForHydration(page);
  await page
    .getByRole("main")
    .getByRole("link", { name: `Doomed chair ${unique}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/product/${doomed}$`));
  await page.getByRole("main").getByRole("link", { name: "Delete Product" }).click();
  await expect(page.getByRole("dialog")).toContainText(
    "Are you sure you want to delete this product? This action cannot be undone.",
  );
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(new RegExp(`/collection/${collectionId}$`));
  await expect(page.getByRole("main").getByText(`Kept chair ${unique}`)).toBeVisible();
  await expect(page.getByRole("main").getByText(`Doomed chair ${unique}`)).toHaveCount(0);
  expect((await page.request.get(`/api/products/${doomed}`)).status()).toBe(404);

  // Opened directly, the collection's page has nowhere to go back to: the dashboard.
  await page.goto(`/collection/${collectionId}`);
  await waitForHydration(page);
  await page.getByRole("main").getByRole("link", { name: "Delete Collection" }).click();
  await expect(page.getByRole("dialog")).toContainText(
    "Are you sure you want to delete this collection? This action cannot be undone.",
  );
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\?section=collections$/);
  expect((await page.request.get(`/api/collections/${collectionId}`)).status()).toBe(404);
  for (const id of [kept1, kept2]) {
    const product = (await (await page.request.get(`/api/products/${id}`)).json()) as { collectionId: unknown };
    expect(product.collectionId).toBeNull();
    await page.request.delete(`/api/admin/operations/delProduct/${id}`);
  }
  // The deleted item's own page hears of the deletion live and may read it once more
  // before it is left: that read answers 404, which the browser logs. Nothing else may fail.
  expect(errors.filter((error) => !/status of 404 \(Not Found\)$/.test(error))).toEqual([]);
});

test("the inbox marks new messages, opens them as read, and deletes after confirming", async ({ page }, testInfo) => {
  const errors = collectConsoleErrors(page);
  const subject = `Delivery to Abuja ${testInfo.project.name} ${Date.now().toString(36)}`;
  const sent = await page.request.post("/api/contact", {
    data: { name: "Bola Ade", email: "bola@example.com", phoneNumber: "08031234567", subject, message: "Hello there" },
    headers: { "x-forwarded-for": `10.77.${testInfo.workerIndex}.${(Date.now() % 250) + 1}` },
  });
  expect(sent.status()).toBe(201);

  await page.goto("/admin/dashboard?section=messages");
  await waitForHydration(page);
  const main = page.getByRole("main");
  const row = main.getByRole("button", { name: new RegExp(`^${subject} \\(unread\\)`) });
  await expect(row).toBeVisible();
  await expect(page.getByRole("link", { name: /Messages \d+ unread/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await row.click();
  await expect(main.getByText("Hello there")).toBeVisible();
  await expect(main.getByRole("button", { name: new RegExp(`^${subject} \\(unread\\)`) })).toHaveCount(0);
  await expect(main.getByRole("button", { name: `Mark "${subject}" as unread` })).toBeVisible();

  await main.getByRole("link", { name: `Delete "${subject}"` }).click();
  await expect(page.getByRole("dialog")).toContainText("Are you sure you want to delete this message?");
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expectNotice(page, "Message deleted.");
  await expect(main.getByRole("button", { name: new RegExp(subject) })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("the panel is only for admins: a customer goes home, a guest to the admin login", async ({ browser }) => {
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto("/admin/dashboard");
  await expect(guestPage).toHaveURL(/\/admin\/login$/);

  const customer = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "10.78.0.1" } });
  const customerPage = await customer.newPage();
  const email = `customer-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const signup = await customerPage.request.post("/api/auth/signup", {
    data: { fullName: "Ada Obi", email, phoneNumber: "08012345678", password: "Sofa2024Lagos", anonymousId: "" },
  });
  expect(signup.status()).toBe(201);
  await customerPage.goto("/admin/dashboard?section=products");
  await expect(customerPage).toHaveURL(/\/$/);
  const api = await customerPage.request.get("/api/admin/operations/summary");
  expect(api.status()).toBe(403);
  await guest.close();
  await customer.close();
});

test(
  "an admin's shell: Admin Dashboard, no cart, wishlist, hearts or order buttons, the admin bottom bar",
  { tag: "@both-viewports" },
  async ({ page, isMobile }) => {
    const errors = collectConsoleErrors(page);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    // The panel is a tool: no shopper's footer, with its links and Data saver, under it.
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Data saver" })).toHaveCount(0);

    await page.goto("/shop");
    await expect(page.getByRole("contentinfo").getByRole("button", { name: "Data saver" })).toBeVisible();
    await waitForHydration(page);
    const header = page.getByRole("banner");
    if (isMobile) {
      const bar = page.getByRole("navigation", { name: "Quick links" });
      await expect(bar.getByRole("link")).toHaveText(["Shop", "Orders", "Product", "Collection", "Dashboard"]);
      await expect(bar.getByRole("link", { name: "Product" })).toHaveAttribute("href", "/admin/products/new");
      await expect(bar.getByRole("link", { name: "Orders" })).toHaveAttribute("href", "/admin/orders");
      await expect(bar.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/admin/dashboard");
      // No floating chat button over the admin's screens: the owner has nobody to chat with.
      await expect(page.getByRole("link", { name: "Chat with us on WhatsApp" })).toHaveCount(0);
      await page.locator("summary", { hasText: "Menu" }).click();
      await expect(
        page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Admin Dashboard" }),
      ).toBeVisible();
      await page.keyboard.press("Escape");
    } else {
      await expect(header.getByRole("link", { name: "Admin Dashboard" })).toBeVisible();
      await expect(header.getByRole("link", { name: "My Account" })).toHaveCount(0);
    }
    await expect(page.getByRole("link", { name: /^(Cart|Wishlist)\b/ })).toHaveCount(0);
    const cards = page.getByTestId("product-card");
    await expect(cards).toHaveCount(12);
    await expect(page.getByRole("main").getByRole("button", { name: /to (cart|wishlist)$/ })).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("link", { name: /on WhatsApp$/ })).toHaveCount(0);

    // On an item's page: the admin's controls instead of the shopper's. A pinned product:
    // the first card may be one another journey is about to delete.
    await page.goto(`/shop?search=${encodeURIComponent(PROMO_SOFA.name)}`);
    await cards.filter({ hasText: PROMO_SOFA.name }).getByRole("heading").getByRole("link").click();
    await expect(page).toHaveURL(/\/product\//);
    await expect(page.getByRole("main").getByRole("link", { name: "Edit Product" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Delete Product" })).toBeVisible();
    for (const name of ["Add to Cart", "Add to wishlist"])
      await expect(page.getByRole("main").getByRole("button", { name })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Order Now" })).toHaveCount(0);
    expect(errors).toEqual([]);
  },
);

test("a signed-in admin is never asked about cookies", async ({ browser }) => {
  // A fresh browser that has never answered the banner: a guest there is asked.
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto("/");
  await waitForHydration(guestPage);
  await expect(guestPage.getByRole("region", { name: "Cookie consent" })).toBeVisible();
  await guest.close();

  const admin = await browser.newContext();
  await admin.addCookies(adminCookies);
  const adminPage = await admin.newPage();
  for (const path of ["/", "/shop", "/admin/dashboard"]) {
    await adminPage.goto(path);
    await waitForHydration(adminPage);
    await adminPage.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await expect(adminPage.getByRole("region", { name: "Cookie consent" })).toHaveCount(0);
  }
  await admin.close();
});

test("the Messages badge shows the unread count from the start, in any section", async ({ page }, testInfo) => {
  const subject = `Badge check ${testInfo.project.name} ${Date.now().toString(36)}`;
  const sent = await page.request.post("/api/contact", {
    data: { name: "Bola Ade", email: "bola@example.com", phoneNumber: "08031234567", subject, message: "Hi" },
    headers: { "x-forwarded-for": `10.79.${testInfo.workerIndex}.${(Date.now() % 250) + 1}` },
  });
  expect(sent.status()).toBe(201);
  const sections = page.getByRole("navigation", { name: "Admin sections" });
  for (const path of ["/admin/dashboard", "/admin/dashboard?section=products"]) {
    await page.goto(path);
    await expect(sections.getByRole("link", { name: /^Messages \d+ unread$/ })).toBeVisible();
  }
});
