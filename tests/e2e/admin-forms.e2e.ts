import { expect, type Page } from "@playwright/test";
import { expectNotice, test } from "../support/e2e-notices";
import type { CollectionDetail, Product, Project } from "../../domain/catalog/catalog.types";
import { addProductThroughApi, addProjectThroughApi, pngFile, signedInAdmin } from "../support/e2e-admin";
import {
  answerCookies,
  collectConsoleErrors,
  expectNoSeriousAxeViolations,
  waitForHydration,
} from "../support/e2e-checks";

/**
 * The admin's add and edit forms (docs/product.md, Admin panel: pictures, edit forms,
 * promo and foreign rules, validation messages, toasts). Every journey makes its own items with names
 * of its own and deletes them at the end: the demo catalogue is never changed.
 */

type Cookies = Awaited<ReturnType<typeof signedInAdmin>>;
let adminCookies: Cookies;
/** What a test created, deleted after it whatever happened. */
let created: Array<{ kind: "Product" | "Collection" | "Project"; id: string }> = [];

test.beforeAll(async ({ browserName: _browserName }, testInfo) => {
  adminCookies = await signedInAdmin(`forms-${testInfo.project.name}-${testInfo.workerIndex}@furnish.test`);
});

test.beforeEach(async ({ page }) => {
  created = [];
  await answerCookies(page);
  await page.context().addCookies(adminCookies);
});

test.afterEach(async ({ page }) => {
  const paths = { Product: "delProduct", Collection: "delCollection", Project: "delProject" } as const;
  // Collections first: deleting one unassigns its products.
  for (const item of [...created].sort((a, b) => (a.kind === "Collection" ? -1 : b.kind === "Collection" ? 1 : 0))) {
    const response = await page.request.delete(`/api/admin/operations/${paths[item.kind]}/${item.id}`);
    expect([200, 404]).toContain(response.status());
  }
});

const unique = (testInfo: { project: { name: string } }) =>
  `${testInfo.project.name === "admin" ? "p" : "d"}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Types into a TipTap editor found by its label. */
async function typeDescription(page: Page, label: string, text: string) {
  const editor = page.getByRole("textbox", { name: label, exact: true });
  await editor.click();
  await page.keyboard.type(text);
}

const note = (page: Page, id: string) => page.locator(`#${id}-note`);

/** A product the form just added, found through the public API by its (unique) name. */
async function findProduct(page: Page, name: string): Promise<Product> {
  const found = (await (await page.request.get(`/api/products?search=${encodeURIComponent(name)}`)).json()) as {
    products: Product[];
  };
  const product = found.products.find((p) => p.name === name);
  expect(product, `${name} is in the shop`).toBeDefined();
  return product!;
}

test("a product is added with two images and a promotion, shows in the shop, then is edited", async ({
  page,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  const name = `Iroko Lounge Chair ${unique(testInfo)}`;

  await page.goto("/admin/products/new");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Add Product" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Description", exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await typeDescription(page, "Description", "Solid iroko frame. ");
  await page.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type("Hand finished in Lagos.");
  await page.getByRole("textbox", { name: "Items", exact: true }).fill("1 lounge chair");
  await page.getByRole("combobox", { name: "Category" }).selectOption("Armchair");
  await page.getByRole("combobox", { name: "Style" }).selectOption("Contemporary");
  await page.getByRole("textbox", { name: "Make", exact: true }).fill("Furnish Studio");
  await page.getByRole("spinbutton", { name: "Price", exact: true }).fill("250000");
  await expect(page.getByRole("spinbutton", { name: "Price", exact: true })).toHaveAttribute("step", "0.01");
  await expect(page.getByRole("spinbutton", { name: "Discounted price" })).toHaveCount(0);
  await page.getByRole("checkbox", { name: "On promotion" }).check();
  await page.getByRole("spinbutton", { name: "Discounted price" }).fill("199999.99");
  await page.getByRole("checkbox", { name: "Best seller" }).check();
  await page.getByLabel("Choose images").setInputFiles([
    // Wide enough for several stored widths, so the shop can offer a phone a smaller one.
    await pngFile("#8a4f33", "front.png", { width: 1200, height: 900 }),
    await pngFile("#c9b79c", "side.png"),
  ]);
  const previews = page.getByRole("group", { name: "Product images" }).getByRole("listitem");
  await expect(previews).toHaveCount(2);
  await expect(page.getByRole("img", { name: "Image 2" })).toHaveAttribute("src", /^blob:/);

  // The form posts its pictures as files, to the page's own action.
  const saved = page.waitForRequest(
    (r) => r.method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/products/new"),
  );
  await page.getByRole("button", { name: "Publish" }).click();
  expect((await saved).headers()["content-type"]).toMatch(/^multipart\/form-data/);
  await expectNotice(page, /^success$/);
  await expect(page).toHaveURL(/\/admin\/dashboard\?section=products$/);
  await expect(page.getByRole("main").getByRole("link", { name: `Edit ${name}` })).toBeVisible();
  const product = await findProduct(page, name);
  created.push({ kind: "Product", id: product._id });

  // The shop shows it with its discounted price, the old price struck through.
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.locator("main").getByText("₦199,999.99").first()).toBeVisible();
  await expect(page.locator("main s").getByText("₦250,000.00")).toBeVisible();
  await expect(page.getByText("Best Seller")).toBeVisible();
  await expect(page.locator("main strong", { hasText: "Hand finished in Lagos." })).toBeVisible();
  await expect(page.getByRole("img", { name: `${name}, picture 1 of 2` })).toBeAttached();
  expect(product.images).toHaveLength(2);
  // Responsive images: the browser picks a width from the srcset, on the page and the card.
  const front = product.images[0]!.public_id;
  const widths = [320, 480, 640, 800, 1024, 1200].map((width) => `/media/${front}/${width}\\.webp ${width}w`);
  const responsive = new RegExp(`^${widths.join(", ")}$`);
  await expect(page.getByRole("group", { name }).locator("source[type='image/webp']")).toHaveAttribute(
    "srcset",
    responsive,
  );
  await page.goto(`/shop?search=${encodeURIComponent(name)}`);
  const card = page.getByTestId("product-card").filter({ hasText: name });
  await expect(card.locator("source[type='image/webp']")).toHaveAttribute("srcset", responsive);
  await expect(card.locator("source[type='image/webp']")).toHaveAttribute("sizes", /50vw$/);
  await expect(card).toContainText("₦199,999.99");
  await page.goto(`/product/${product._id}`);

  // Edit from the product page: change the price, drop the first image, add another,
  // end the promotion. Saving goes back to the product page.
  await waitForHydration(page);
  await page.getByRole("link", { name: "Edit Product" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/products/edit/${product._id}\\?back=`));
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(name);
  await expect(page.getByRole("spinbutton", { name: "Discounted price" })).toHaveValue("199999.99");
  await expect(page.getByRole("combobox", { name: "Style" })).toHaveValue("Contemporary");
  await expectNoSeriousAxeViolations(page);

  await page.getByRole("spinbutton", { name: "Price", exact: true }).fill("240000");
  await page.getByRole("button", { name: "Remove image 1" }).click();
  await expect(previews).toHaveCount(1);
  await page.getByLabel("Choose images").setInputFiles([await pngFile("#2f4858", "blue.png")]);
  await expect(previews).toHaveCount(2);
  // Choosing again replaces the new image chosen before and keeps the saved one.
  await page.getByLabel("Choose other images").setInputFiles([await pngFile("#33658a", "bluer.png")]);
  await expect(previews).toHaveCount(2);
  await expect(previews.filter({ hasText: "New" })).toHaveCount(1);

  // Turning promo off clears the discounted price.
  await page.getByRole("checkbox", { name: "On promotion" }).uncheck();
  await expect(page.getByRole("spinbutton", { name: "Discounted price" })).toHaveCount(0);
  await page.getByRole("checkbox", { name: "On promotion" }).check();
  await expect(page.getByRole("spinbutton", { name: "Discounted price" })).toHaveValue("");
  await page.getByRole("checkbox", { name: "On promotion" }).uncheck();

  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectNotice(page, /^success$/);
  await expect(page).toHaveURL(new RegExp(`/product/${product._id}$`));
  // The piece itself (the rows of other pieces below it show their own prices).
  const piece = page.locator("main > article");
  await expect(piece.getByText("₦240,000.00").first()).toBeVisible();
  await expect(piece.locator("s")).toHaveCount(0);
  await expect(piece.getByText("₦199,999.99")).toHaveCount(0);

  const after = (await (await page.request.get(`/api/products/${product._id}`)).json()) as Product;
  expect(after.price).toBe(240000);
  expect(after.isPromo).toBe(false);
  expect(after.discountedPrice).toBeNull();
  expect(after.images).toHaveLength(2);
  expect(after.images[0]!.public_id).toBe(product.images[1]!.public_id);
  expect(after.images.map((i) => i.public_id)).not.toContain(product.images[0]!.public_id);
  expect(errors).toEqual([]);
});

test("a product's size, materials, availability and finishes are set in its form and kept when edited", async ({
  page,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  const name = `Ikoyi Sofa ${unique(testInfo)}`;
  await page.goto("/admin/products/new");
  await waitForHydration(page);
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await typeDescription(page, "Description", "Deep seats.");
  await page.getByRole("textbox", { name: "Items", exact: true }).fill("1 sofa");
  await page.getByRole("combobox", { name: "Category" }).selectOption("Living Room");
  await page.getByRole("combobox", { name: "Style" }).selectOption("Modern");
  await page.getByRole("spinbutton", { name: "Price", exact: true }).fill("1200000");
  await page.getByLabel("Choose images").setInputFiles([await pngFile("#8a4f33", "front.png")]);

  await page.getByRole("textbox", { name: "Width, cm" }).fill("220");
  await page.getByRole("textbox", { name: "Depth, cm" }).fill("95");
  await page.getByRole("textbox", { name: "Height, cm", exact: true }).fill("82");
  await page.getByRole("textbox", { name: "Materials" }).fill("Iroko frame, velvet");
  await page.getByRole("combobox", { name: "Availability" }).selectOption("made_to_order");
  await page.getByRole("textbox", { name: "Weeks, from" }).fill("6");
  // Made to order needs both ends of the wait: said before anything is sent.
  await page.getByRole("button", { name: "Publish" }).click();
  const weeksTo = page.getByRole("textbox", { name: "Weeks, to" });
  await expect(weeksTo).toHaveAttribute("aria-invalid", "true");
  await expect(weeksTo).toHaveAccessibleDescription(/^Give the production time in weeks, from and to\./);
  await weeksTo.fill("8");

  await page.getByRole("button", { name: "Add an option" }).click();
  await page.getByRole("textbox", { name: "Option 1" }).fill("Emerald velvet");
  await page.getByLabel("Add a swatch of option 1").setInputFiles([await pngFile("#1f6f4a", "emerald.png")]);
  await page.getByRole("spinbutton", { name: "Option 1 adds" }).fill("120000");
  await page
    .getByLabel("Add photos of option 1")
    .setInputFiles([await pngFile("#1f6f4b", "sofa-emerald.png"), await pngFile("#1f6f4c", "sofa-emerald-2.png")]);
  await page.getByRole("button", { name: "Add an option" }).click();
  await page.getByRole("textbox", { name: "Option 2" }).fill("Sand linen");
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\?section=products$/);
  const product = await findProduct(page, name);
  created.push({ kind: "Product", id: product._id });
  expect(product).toMatchObject({
    dimensions: { width: 220, depth: 95, height: 82, seatHeight: null },
    materials: "Iroko frame, velvet",
    availability: { kind: "made_to_order", weeksFrom: 6, weeksTo: 8 },
  });
  expect(
    product.options.map((option) => [option.name, option.image !== null, option.images.length, option.price]),
  ).toEqual([
    ["Emerald velvet", true, 2, 1_320_000],
    ["Sand linen", false, 0, 1_200_000],
  ]);

  // The edit form shows what was saved; the first option is dropped, the second keeps its id.
  await page.goto(`/admin/products/edit/${product._id}`);
  await waitForHydration(page);
  await expect(page.getByRole("textbox", { name: "Width, cm" })).toHaveValue("220");
  await expect(page.getByRole("combobox", { name: "Availability" })).toHaveValue("made_to_order");
  await expect(page.getByRole("textbox", { name: "Option 2" })).toHaveValue("Sand linen");
  await expect(page.getByRole("spinbutton", { name: "Option 1 adds" })).toHaveValue("120000");
  await expect(page.getByRole("group", { name: "Photos of the piece in option 1" }).getByRole("img")).toHaveCount(2);
  await page.getByRole("button", { name: "Remove option 1" }).click();
  await expect(page.getByRole("textbox", { name: "Option 1" })).toHaveValue("Sand linen");
  await page.getByRole("combobox", { name: "Availability" }).selectOption("in_stock");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectNotice(page, /^success$/);
  const edited = await findProduct(page, name);
  expect(edited.options).toEqual([
    {
      _id: product.options[1]!._id,
      name: "Sand linen",
      image: null,
      images: [],
      priceDifference: 0,
      price: 1_200_000,
      discountedPrice: null,
    },
  ]);
  expect(edited.availability).toEqual({ kind: "in_stock", weeksFrom: null, weeksTo: null });
  expect(errors).toEqual([]);
});

test("the product form shows the form's messages before sending anything", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const sent: string[] = [];
  page.on("request", (r) => r.method() === "POST" && sent.push(r.url()));
  await page.goto("/admin/products/new");
  await waitForHydration(page);
  await expect(page.getByRole("textbox", { name: "Description", exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Publish" }).click();
  const expected: Record<string, string> = {
    "product-name": "Name is required.",
    "product-description": "Description cannot be empty.",
    "product-items": "Items are required.",
    "product-price": "Price is required.",
    "product-category": "Category is required.",
    "product-style": "Style is required.",
    "product-images": "Please add at least one picture of the product.",
  };
  for (const [id, message] of Object.entries(expected)) {
    await expect(note(page, id)).toHaveText(message);
    await expect(page.locator(`#${id}`)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("alert")).toContainText(message);
  }
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toBeFocused();
  await expectNoSeriousAxeViolations(page);

  // A message goes once its field is fixed.
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Test sofa");
  await expect(note(page, "product-name")).toHaveCount(0);

  // A promotion needs a discounted price below the price; an import needs its origin.
  await typeDescription(page, "Description", "Deep seats.");
  await page.getByRole("textbox", { name: "Items", exact: true }).fill("1 sofa");
  await page.getByRole("combobox", { name: "Category" }).selectOption("Living Room");
  await page.getByRole("combobox", { name: "Style" }).selectOption("Modern");
  await page.getByRole("spinbutton", { name: "Price", exact: true }).fill("1000");
  // The rules between fields are checked once each field holds a value of its own.
  await page.getByLabel("Choose images").setInputFiles([await pngFile("#8a4f33", "front.png")]);
  await page.getByRole("checkbox", { name: "On promotion" }).check();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(note(page, "product-discountedPrice")).toHaveText(
    "Discounted price is required and must be greater than 0 if product is on promotion.",
  );
  await page.getByRole("spinbutton", { name: "Discounted price" }).fill("1000");
  await page.getByRole("checkbox", { name: "Foreign" }).check();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(note(page, "product-discountedPrice")).toHaveText(
    "Discounted price must be less than the original price.",
  );
  await expect(note(page, "product-origin")).toHaveText("Origin is required if product is marked as foreign.");
  await expect(page.getByRole("spinbutton", { name: "Discounted price" })).toBeFocused();
  await page.getByRole("spinbutton", { name: "Price", exact: true }).fill("12.345");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(note(page, "product-price")).toHaveText("Prices can have at most 2 decimals.");
  expect(sent).toEqual([]);
  expect(errors).toEqual([]);
});

test("a collection is made from two products picked by search, then edited", async ({ page }, testInfo) => {
  const errors = collectConsoleErrors(page);
  const token = unique(testInfo);
  const first = await addProductThroughApi(page.request, `Picker Stool ${token} A`);
  const second = await addProductThroughApi(page.request, `Picker Stool ${token} B`);
  created.push({ kind: "Product", id: first._id }, { kind: "Product", id: second._id });
  const name = `Courtyard Set ${token}`;

  await page.goto("/admin/collections/new");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Add Collection" })).toBeVisible();

  // Nothing chosen: the add form's own messages.
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(note(page, "collection-coverImage")).toHaveText("Please upload a cover image for the collection.");
  await expect(note(page, "collection-productIds")).toHaveText(
    "Please select at least one product for the collection.",
  );
  await expect(note(page, "collection-description")).toHaveText("Description cannot be empty.");

  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await typeDescription(page, "Description", "Two stools for the veranda.");
  await page.getByRole("textbox", { name: "Items", exact: true }).fill("2 stools");
  await page.getByRole("combobox", { name: "Style" }).selectOption("Modern");
  await page.getByRole("spinbutton", { name: "Price", exact: true }).fill("85000.50");
  await page.getByLabel("Choose a cover image").setInputFiles([await pngFile("#9c7b5b", "cover.png")]);
  await expect(page.getByRole("img", { name: "Cover image" })).toBeVisible();

  const picker = page.getByRole("group", { name: "Products in this collection" });
  await picker.getByRole("searchbox", { name: "Search products" }).fill(token);
  await expect(picker.getByRole("checkbox")).toHaveCount(2);
  await picker.getByRole("checkbox", { name: new RegExp(`Picker Stool ${token} A`) }).check();
  await picker.getByRole("checkbox", { name: new RegExp(`Picker Stool ${token} B`) }).check();
  await expect(picker.getByText("2 selected")).toBeVisible();
  // Chosen products stay chosen when the search changes.
  await picker.getByRole("searchbox", { name: "Search products" }).fill("zzzz-no-such-product");
  await expect(picker.getByText("No products found.")).toBeVisible();
  await expect(picker.getByText("2 selected")).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole("button", { name: "Publish" }).click();
  await expectNotice(page, /^success$/);
  await expect(page).toHaveURL(/\/admin\/dashboard\?section=collections$/);
  const found = (await (await page.request.get(`/api/collections?search=${encodeURIComponent(name)}`)).json()) as {
    collections: Array<{ _id: string; name: string }>;
  };
  const listed = found.collections.find((c) => c.name === name)!;
  created.push({ kind: "Collection", id: listed._id });
  const collection = (await (await page.request.get(`/api/collections/${listed._id}`)).json()) as CollectionDetail;
  expect(collection.productIds.map((p) => p._id).sort()).toEqual([first._id, second._id].sort());

  await page.goto(`/collection/${collection._id}`);
  const shown = page.locator("main");
  await expect(shown.getByText(`Picker Stool ${token} A`).first()).toBeVisible();
  await expect(shown.getByText(`Picker Stool ${token} B`).first()).toBeVisible();

  // Edit: the form with both products chosen; drop one.
  await page.goto(`/admin/collections/edit/${collection._id}`);
  await waitForHydration(page);
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(name);
  await expect(picker.getByText("2 selected")).toBeVisible();
  await expect(page.getByRole("img", { name: "Cover image" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await picker.getByRole("button", { name: `Remove Picker Stool ${token} B` }).click();
  await expect(picker.getByText("1 selected")).toBeVisible();
  await page.getByRole("spinbutton", { name: "Price", exact: true }).fill("60000");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectNotice(page, /^success$/);
  await expect(page).toHaveURL(/\/admin\/dashboard\?section=collections$/);

  const after = (await (await page.request.get(`/api/collections/${collection._id}`)).json()) as CollectionDetail;
  expect(after.productIds.map((p) => p._id)).toEqual([first._id]);
  expect(after.price).toBe(60000);
  expect(after.coverImage?.public_id).toBe(collection.coverImage?.public_id);
  expect(errors).toEqual([]);
});

test("a project is added one image at a time, then edited with several at once", async ({ page }, testInfo) => {
  const errors = collectConsoleErrors(page);
  const title = `Banana Island Duplex ${unique(testInfo)}`;

  // The route is matched whatever its case (/admin/addproject, also linked as /admin/addProject).
  await page.goto("/admin/addProject");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Add Project" })).toBeVisible();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(note(page, "project-title")).toHaveText(
    "Please fill out all required fields (Title, Location, Category).",
  );
  await expect(note(page, "project-price")).toHaveText("Price must be a valid number greater than 0.");
  await expect(note(page, "project-description")).toHaveText("Project description cannot be empty.");
  await expect(note(page, "project-images")).toHaveText("At least one image is required for the project.");

  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await page.getByRole("textbox", { name: "Location" }).fill("Banana Island, Lagos");
  await page.getByRole("combobox", { name: "Category" }).selectOption("Residential");
  await page.getByRole("spinbutton", { name: "Price / Budget" }).fill("15000000.50");
  await typeDescription(page, "Scope of work", "Full interior fit-out of a four-bedroom duplex. ");
  // The toolbar's link: typed under it, Enter adds it to the text without saving the form.
  await page.getByRole("button", { name: "Link", exact: true }).click();
  await page.getByRole("textbox", { name: "Link address" }).fill("example.com/duplex");
  await page.keyboard.press("Enter");
  await expect(page.locator('#project-description a[href="https://example.com/duplex"]')).toBeVisible();
  const input = page.locator("#project-images");
  await expect(input).not.toHaveAttribute("multiple");
  await page.getByLabel("Add an image").setInputFiles([await pngFile("#8a4f33", "living.png")]);
  await page.getByLabel("Add another image").setInputFiles([await pngFile("#c9b79c", "kitchen.png")]);
  const previews = page.getByRole("group", { name: "Project images" }).getByRole("listitem");
  await expect(previews).toHaveCount(2);
  await expectNoSeriousAxeViolations(page);

  await page.getByRole("button", { name: "Publish" }).click();
  await expectNotice(page, "Project added successfully");
  await expect(page).toHaveURL(/\/admin\/dashboard\?section=projects$/);
  const newest = (await (await page.request.get("/api/projects?page=1&limit=50")).json()) as { data: Project[] };
  const project = newest.data.find((p) => p.title === title)!;
  created.push({ kind: "Project", id: project._id });
  expect(project.images).toHaveLength(2);
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: `Edit ${title}` })).toBeVisible();

  await main.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/editProject/${project._id}\\?back=`));
  await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(title);
  await expect(previews).toHaveCount(2);
  await expect(input).toHaveAttribute("multiple", "");
  await page
    .getByLabel("Add images")
    .setInputFiles([await pngFile("#2f4858", "a.png"), await pngFile("#33658a", "b.png")]);
  await expect(previews).toHaveCount(4);
  await page.getByRole("textbox", { name: "Location" }).fill("Banana Island, Lagos State");
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectNotice(page, "Project updated successfully!");
  await expect(page).toHaveURL(/\/admin\/dashboard\?section=projects$/);

  const after = (await (await page.request.get(`/api/projects/get/${project._id}`)).json()) as Project;
  expect(after.images).toHaveLength(4);
  expect(after.description).toContain('href="https://example.com/duplex"');
  expect(after.location).toBe("Banana Island, Lagos State");
  expect(after.price).toBe(15000000.5);
  expect(errors).toEqual([]);
});

test("edit forms whose item cannot be loaded leave for the dashboard", async ({ page }, testInfo) => {
  const errors = collectConsoleErrors(page);
  const missing = "00000000-0000-4000-8000-000000000000";
  await page.goto(`/admin/products/edit/${missing}`);
  await expect(page).toHaveURL(/\/admin\/dashboard\?section=products$/);
  await page.goto(`/admin/collections/edit/${missing}`);
  await expect(page).toHaveURL(/\/admin\/dashboard\?section=collections$/);

  // A project gone while its row was on screen: Edit says so and goes back to the list.
  const title = `Gone Project ${unique(testInfo)}`;
  const { _id: id } = await addProjectThroughApi(page.request, title);
  await page.goto("/admin/dashboard?section=projects");
  await waitForHydration(page);
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: `Edit ${title}` })).toBeVisible();
  expect((await page.request.delete(`/api/admin/operations/delProject/${id}`)).status()).toBe(200);
  await main.getByRole("link", { name: `Edit ${title}` }).click();
  await expectNotice(page, "Project not found or failed to load.");
  await expect(page).toHaveURL(/\/admin\/dashboard\?section=projects$/);
  expect(errors).toEqual([]);
});
