/**
 * What a furniture buyer decides on, on a product's page and a collection's: finishes to
 * choose (the choice goes into the cart and the order), the size, materials and when a
 * piece can be ready, the order terms, a full-screen picture viewer, sharing, the phone's
 * order bar, and pieces to look at next. The journeys read a small dining catalogue of
 * their own (made once per run, whichever journey comes first), in a category and style
 * the demo catalogue barely uses, older than the demo so the shop's first pages stay as
 * they are.
 */
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { expectNotice, test } from "../support/e2e-notices";
import { eq, sql } from "drizzle-orm";
import type { Product } from "../../domain/catalog/catalog.types";
import { formatDay } from "../../domain/dates";
import { collections, productOptions } from "../../server/db/schema/catalog";
import { insertCollection, insertProduct, makeImage } from "../support/catalog-factory";
import { answerCookies, collectConsoleErrors, expectNoSeriousAxeViolations } from "../support/e2e-checks";
import { withE2eDatabase } from "../support/e2e-database";
import { E2E_DATA_DIR } from "../support/e2e-env";
import { gotoPage, scriptsOn } from "../support/e2e-pages";
import { openWhatsApp } from "../support/e2e-whatsapp";

const DINING = {
  collection: "Details Iroko Dining Set",
  table: "Details Iroko Dining Table",
  chair: "Details Velvet Dining Chair",
  bench: "Details Brass Dining Bench",
  buffet: "Details Italian Marble Buffet",
  sold: "Details Sold Marble Sideboard",
} as const;

/** Made once per run: the first journey to get here takes the lock and writes, the rest find it. */
const SETUP_LOCK = 4_242_717;
const longAgo = (minute: number) => new Date(Date.UTC(2020, 5, 1, 0, minute));

async function ensureDiningCatalogue() {
  await withE2eDatabase(async (db) => {
    // The pool has one connection: the lock and everything after it share it.
    await db.execute(sql`select pg_advisory_lock(${SETUP_LOCK})`);
    try {
      const [made] = await db
        .select({ id: collections.id })
        .from(collections)
        .where(eq(collections.name, DINING.collection));
      if (made) return;
      const mediaDir = path.join(E2E_DATA_DIR, "media");
      const image = (color: string) => makeImage(db, mediaDir, color);
      const options = async (productId: string, list: Array<[string, string | null]>) => {
        for (const [position, [name, color]] of list.entries()) {
          const mediaId = color ? (await image(color)).id : null;
          await db.insert(productOptions).values({ productId, position, name, mediaId });
        }
      };
      const set = await insertCollection(db, {
        name: DINING.collection,
        style: "Glam",
        priceKobo: 900_000_00,
        items: "1 dining table, 1 chair, 1 bench",
        materials: "Solid iroko, brushed brass and velvet",
        availabilityKind: "made_to_order",
        weeksFrom: 6,
        weeksTo: 8,
        coverMediaId: (await image("#6d4c35")).id,
        createdAt: longAgo(1),
      });
      const dining = { category: "Dining Room", style: "Glam" } as const;
      const table = await insertProduct(db, {
        ...dining,
        name: DINING.table,
        priceKobo: 620_000_00,
        items: "1 dining table",
        make: "Furnish Workshop, Ikeja",
        model: "Iroko 220",
        materials: "Solid iroko top, brushed brass base",
        availabilityKind: "made_to_order",
        weeksFrom: 6,
        weeksTo: 8,
        widthCm: 220,
        depthCm: 95,
        heightCm: 76,
        collectionId: set.id,
        createdAt: longAgo(2),
        images: [await image("#8a6a4f"), await image("#a58b70"), await image("#5c4634")],
      });
      await options(table.id, [
        ["Walnut", "#4a3222"],
        ["Natural Oak", "#c8a26b"],
        ["Ebony", null],
      ]);
      const chair = await insertProduct(db, {
        ...dining,
        name: DINING.chair,
        priceKobo: 200_000_00,
        items: "1 chair",
        materials: "Velvet over a hardwood frame",
        widthCm: 52,
        depthCm: 58,
        heightCm: 84,
        seatHeightCm: 46,
        collectionId: set.id,
        createdAt: longAgo(3),
        images: [await image("#3f6b5a")],
      });
      await options(chair.id, [
        ["Emerald velvet", "#2f5d4a"],
        ["Blush velvet", "#d8a7a0"],
      ]);
      await insertProduct(db, {
        ...dining,
        name: DINING.bench,
        priceKobo: 200_000_00,
        items: "1 bench",
        widthCm: 140,
        depthCm: 40,
        heightCm: 46,
        collectionId: set.id,
        createdAt: longAgo(4),
        images: [await image("#b08d57")],
      });
      await insertProduct(db, {
        ...dining,
        name: DINING.buffet,
        priceKobo: 1_350_000_00,
        items: "1 buffet",
        materials: "Carrara marble, lacquered ash",
        isForeign: true,
        origin: "Italy",
        availabilityKind: "imported",
        weeksFrom: 10,
        weeksTo: 12,
        widthCm: 180,
        depthCm: 50,
        heightCm: 85,
        createdAt: longAgo(5),
        images: [await image("#d9d4cc")],
      });
      await insertProduct(db, {
        ...dining,
        name: DINING.sold,
        priceKobo: 980_000_00,
        sold: true,
        createdAt: longAgo(6),
        images: [await image("#9b9186")],
      });
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${SETUP_LOCK})`);
    }
  });
}

/** One of the dining pieces as the shop's API lists it. */
async function piece(page: Page, name: string): Promise<Product> {
  const response = await page.request.get(`/api/products?search=${encodeURIComponent(name)}&limit=50`);
  const found = ((await response.json()) as { products: Product[] }).products.find((p) => p.name === name);
  expect(found, name).toBeTruthy();
  return found!;
}

const option = (product: Product, name: string) => product.options.find((o) => o.name === name)!;

/** The picture the gallery shows now: its element, and the stored picture its sources name. */
const shownPicture = (page: Page, product: Product) => page.getByRole("group", { name: product.name }).locator("img");

/** The page's JSON-LD documents. */
async function jsonLd(page: Page) {
  const texts = await page.locator("script[type='application/ld+json']").allTextContents();
  return texts.map((text) => JSON.parse(text) as Record<string, unknown> & { "@type": string });
}

test.beforeAll(ensureDiningCatalogue);
test.beforeEach(({ page }) => answerCookies(page));

test(
  "a shopper picks a finish, sees it, and the cart line and the order link are for that finish",
  { tag: "@no-js" },
  async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const table = await piece(page, DINING.table);
    const walnut = option(table, "Walnut");
    const oak = option(table, "Natural Oak");

    await gotoPage(page, `/product/${table._id}`);
    // Nothing chosen yet: the first finish is, so a line always names one.
    await expect(page.getByText("Finish: Walnut")).toBeVisible();
    const finishes = page.getByRole("list", { name: "Finishes" });
    await expect(finishes.getByRole("link")).toHaveCount(3);
    await expect(finishes.getByRole("link", { name: "Finish: Walnut" })).toHaveAttribute("aria-current", "true");
    // A finish's swatch is a picture of the finish, never the piece's: these finishes have
    // no photos of their own, so the product's own show.
    await expect(shownPicture(page, table)).toHaveAttribute("src", new RegExp(table.images[0]!.public_id));
    await expect(finishes.locator(`img[src*='${walnut.image!.public_id}']`)).toHaveCount(1);

    await finishes.getByRole("link", { name: "Finish: Natural Oak" }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${table._id}\\?option=${oak._id}$`));
    await expect(page.getByText("Finish: Natural Oak")).toBeVisible();
    await expect(finishes.getByRole("link", { name: "Finish: Natural Oak" })).toHaveAttribute("aria-current", "true");
    await expect(finishes.getByRole("link", { name: "Finish: Walnut" })).not.toHaveAttribute("aria-current", "true");
    await expect(shownPicture(page, table)).toHaveAttribute("src", new RegExp(table.images[0]!.public_id));
    await expect(page.getByRole("link", { name: "Order Now" })).toHaveAttribute(
      "href",
      `/order?kind=item&itemType=Product&itemId=${table._id}&option=${oak._id}`,
    );

    // A finish without a picture is a chip with its name; the product's own pictures show.
    await finishes.getByRole("link", { name: "Finish: Ebony" }).click();
    await expect(page.getByText("Finish: Ebony")).toBeVisible();
    await expect(shownPicture(page, table)).toHaveAttribute("src", new RegExp(table.images[0]!.public_id));
    // Back to oak, and into the cart.
    await page.goto(`/product/${table._id}?option=${oak._id}`);
    if (scriptsOn()) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expectNotice(page, "Item added to cart in Natural Oak!");
    if (!scriptsOn()) await expect(page).toHaveURL(new RegExp(`\\?option=${oak._id}#order-${table._id}$`));
    await expect(page.getByText("Finish: Natural Oak")).toBeVisible();

    const cart = (await (await page.request.get("/api/cart")).json()) as { items: Array<Record<string, unknown>> };
    expect(cart.items).toEqual([expect.objectContaining({ item: table._id, itemType: "Product", option: oak._id })]);
    // The cart shows the line in the finish chosen: the piece (oak has no photos of its own), never the swatch.
    await gotoPage(page, "/cart");
    const line = page.getByRole("region", { name: "Items in your cart" });
    await expect(line.getByRole("link", { name: table.name, exact: true })).toBeVisible();
    await expect(line.locator(`img[src*='${table.images[0]!.public_id}']`)).toHaveCount(1);
    await expect(line.locator(`img[src*='${oak.image!.public_id}']`)).toHaveCount(0);
    await expect(line.getByText("Finish: Natural Oak")).toBeVisible();

    // The cart's WhatsApp order names the finish.
    const url = await openWhatsApp(page, async () => {
      await page.getByRole("link", { name: "Order on WhatsApp" }).click();
      await expect(page.getByRole("region", { name: "Your items" }).getByText("Finish: Natural Oak")).toBeVisible();
      await page.getByRole("button", { name: "Skip" }).click();
    });
    const text = url.searchParams.get("text") ?? "";
    expect(text).toContain(`1. ${table.name}\n   Finish: Natural Oak\n   Availability: Made to order in 6–8 weeks`);
    expect(errors).toEqual([]);
  },
);

test("an unknown or missing finish in the address is the first one, never an error", async ({ page }) => {
  const table = await piece(page, DINING.table);
  for (const query of ["?option=not-an-option", "?option=", "?option=00000000-0000-4000-8000-000000000000"]) {
    const response = await page.goto(`/product/${table._id}${query}`);
    expect(response?.status(), query).toBe(200);
    await expect(page.getByText("Finish: Walnut")).toBeVisible();
  }
});

test(
  "the details: size, materials, when it can be ready, make and model, the order terms, and the same in JSON-LD",
  { tag: "@both-viewports" },
  async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const table = await piece(page, DINING.table);
    const ready = formatDay(table.readyBy);
    await gotoPage(page, `/product/${table._id}`);
    await expect(page.getByText(`Made to order in 6–8 weeks · Ready by about ${ready}`)).toBeVisible();

    const details = page.getByRole("region", { name: "Details" });
    const row = (label: string) => details.locator("div", { has: page.getByRole("term").filter({ hasText: label }) });
    await expect(row("Dimensions").getByRole("definition")).toHaveText("W 220 × D 95 × H 76 cm");
    await expect(row("Materials").getByRole("definition")).toHaveText("Solid iroko top, brushed brass base");
    await expect(row("Availability").getByRole("definition")).toHaveText(
      `Made to order in 6–8 weeksReady by about ${ready}`,
    );
    await expect(row("Make").getByRole("definition")).toHaveText("Furnish Workshop, Ikeja");
    await expect(row("Model").getByRole("definition")).toHaveText("Iroko 220");
    await expect(row("Includes").getByRole("definition")).toHaveText("1 dining table");
    await expect(row("Style").getByRole("link", { name: "Glam" })).toHaveAttribute("href", "/styles/glam");
    await expect(row("Category").getByRole("link", { name: "Dining Room" })).toHaveAttribute(
      "href",
      "/shop?category=Dining%20Room",
    );
    await expect(details.getByText("Seat height")).toHaveCount(0);

    const terms = page.getByRole("region", { name: "Order terms" });
    await expect(terms).toContainText("Deposit: 50% to 80% of the price confirms your order");
    await expect(terms).toContainText("Production: 6–8 weeks from your deposit");
    await expect(terms).toContainText("Delivery: We expect delivery to be taken within 7 days");
    await expect(terms.getByRole("link", { name: "Read our order terms" })).toHaveAttribute("href", "/terms");

    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb.getByRole("link")).toHaveText(["Home", "Shop", "Dining Room"]);
    await expect(breadcrumb.getByText(table.name)).toHaveAttribute("aria-current", "page");

    const group = (await jsonLd(page)).find((d) => d["@type"] === "ProductGroup")!;
    expect(group).toMatchObject({
      name: table.name,
      category: "Dining Room",
      material: "Solid iroko top, brushed brass base",
      width: { "@type": "QuantitativeValue", value: 220, unitCode: "CMT" },
      depth: { "@type": "QuantitativeValue", value: 95, unitCode: "CMT" },
      height: { "@type": "QuantitativeValue", value: 76, unitCode: "CMT" },
      offers: {
        "@type": "Offer",
        priceCurrency: "NGN",
        price: "620000.00",
        availability: "https://schema.org/MadeToOrder",
        availabilityStarts: table.readyBy,
        deliveryLeadTime: { "@type": "QuantitativeValue", minValue: 42, maxValue: 56, unitCode: "DAY" },
      },
    });
    expect((group.hasVariant as Array<{ color: string }>).map((variant) => variant.color)).toEqual([
      "Walnut",
      "Natural Oak",
      "Ebony",
    ]);
    const trail = (await jsonLd(page)).find((d) => d["@type"] === "BreadcrumbList")!;
    expect((trail.itemListElement as Array<{ name: string }>).map((crumb) => crumb.name)).toEqual([
      "Home",
      "Shop",
      "Dining Room",
      table.name,
    ]);
    await expectNoSeriousAxeViolations(page);

    // Seating gives its seat height; a piece in stock is ready now and has nothing to make.
    const chair = await piece(page, DINING.chair);
    await gotoPage(page, `/product/${chair._id}`);
    await expect(page.getByText("In stock · Ready now")).toBeVisible();
    await expect(row("Dimensions").getByRole("definition")).toHaveText("W 52 × D 58 × H 84 cm");
    await expect(row("Seat height").getByRole("definition")).toHaveText("46 cm");
    await expect(terms).not.toContainText("Production");
    expect((await jsonLd(page)).find((d) => d["@type"] === "ProductGroup")).toMatchObject({
      offers: { availability: "https://schema.org/InStock" },
    });

    // An import is paid in full, ships, and says where it is made.
    const buffet = await piece(page, DINING.buffet);
    await gotoPage(page, `/product/${buffet._id}`);
    await expect(page.getByText(`Imported in 10–12 weeks · Ready by about ${formatDay(buffet.readyBy)}`)).toBeVisible();
    await expect(row("Made in").getByRole("definition")).toHaveText("Italy");
    await expect(terms).toContainText("Payment: in full before we order it from the maker");
    await expect(terms).toContainText("Shipping: 10–12 weeks from your payment");
    expect((await jsonLd(page)).find((d) => d["@type"] === "Product")).toMatchObject({
      offers: { availability: "https://schema.org/BackOrder", availabilityStarts: buffet.readyBy },
    });
    expect(errors).toEqual([]);
  },
);

test(
  "the picture viewer opens full screen, zooms and moves with the keyboard, and gives focus back",
  { tag: "@both-viewports" },
  async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const table = await piece(page, DINING.table);
    const viewerCode: string[] = [];
    page.on("request", (request) => {
      if (/picture-viewer-[\w-]+\.js$/.test(request.url())) viewerCode.push(request.url());
    });
    await gotoPage(page, `/product/${table._id}`);
    // The viewer's code is not part of the page: it loads when reached for.
    expect(viewerCode).toEqual([]);
    const open = page.getByRole("button", { name: "View full screen" });
    await open.focus();
    await page.keyboard.press("Enter");
    const viewer = page.getByRole("dialog", { name: table.name });
    await expect(viewer).toBeVisible();
    expect(viewerCode).toHaveLength(1);
    const picture = viewer.locator("img");
    await expect(picture).toHaveAttribute("alt", `${table.name}, picture 1 of 3`);
    const zoomOut = viewer.getByRole("button", { name: "Zoom out" });
    await expect(zoomOut).toBeDisabled();

    await page.keyboard.press("+");
    await expect(zoomOut).toBeEnabled();
    await page.keyboard.press("-");
    await expect(zoomOut).toBeDisabled();
    await page.keyboard.press("Enter");
    await expect(zoomOut).toBeEnabled();
    await page.keyboard.press("Enter");
    await expect(zoomOut).toBeDisabled();

    await page.keyboard.press("ArrowRight");
    await expect(picture).toHaveAttribute("alt", `${table.name}, picture 2 of 3`);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(picture).toHaveAttribute("alt", `${table.name}, picture 3 of 3`);
    // Focus stays in the viewer.
    for (let i = 0; i < 8; i += 1) await page.keyboard.press("Tab");
    await expect(viewer.locator(":focus")).toHaveCount(1);
    await expectNoSeriousAxeViolations(page);

    await page.keyboard.press("Escape");
    await expect(viewer).toHaveCount(0);
    await expect(open).toBeFocused();
    // The page shows the picture the viewer showed last.
    await expect(shownPicture(page, table)).toHaveAttribute("alt", `${table.name}, picture 3 of 3`);
    expect(errors).toEqual([]);
  },
);

test("by touch: a tap opens the viewer, a double tap and a pinch zoom, a swipe moves on", async ({
  page,
  hasTouch,
}) => {
  test.skip(!hasTouch, "a phone's journey");
  const errors = collectConsoleErrors(page);
  const table = await piece(page, DINING.table);
  await gotoPage(page, `/product/${table._id}`);
  const gallery = page.getByRole("group", { name: table.name });
  await gallery.locator("img").tap();
  const viewer = page.getByRole("dialog", { name: table.name });
  await expect(viewer).toBeVisible();
  const zoomOut = viewer.getByRole("button", { name: "Zoom out" });
  const picture = viewer.locator("img");
  const stage = (await viewer.getByRole("group").boundingBox())!;
  const centre = { x: stage.x + stage.width / 2, y: stage.y + stage.height / 2 };

  // Fingers as the browser reports them, through the DevTools protocol (a pinch needs two).
  const cdp = await page.context().newCDPSession(page);
  const touch = (
    type: "touchStart" | "touchMove" | "touchEnd",
    points: Array<{ x: number; y: number }>,
    timestamp?: number,
  ) =>
    cdp.send("Input.dispatchTouchEvent", {
      type,
      touchPoints: points.map((point, id) => ({ ...point, id })),
      ...(timestamp === undefined ? {} : { timestamp }),
    });
  // Two taps 80 ms apart by the events' own clock, however long a busy machine takes to
  // deliver them, are a double tap: one zooms in, the next zooms back out.
  const doubleTap = async () => {
    const start = Date.now() / 1000;
    for (const [down, up] of [
      [0, 0.02],
      [0.08, 0.1],
    ] as const) {
      await touch("touchStart", [centre], start + down);
      await touch("touchEnd", [], start + up);
    }
  };
  await doubleTap();
  await expect(zoomOut).toBeEnabled();
  await doubleTap();
  await expect(zoomOut).toBeDisabled();

  const pinch = async (from: number, to: number) => {
    const at = (spread: number) => [
      { x: centre.x - spread, y: centre.y },
      { x: centre.x + spread, y: centre.y },
    ];
    await touch("touchStart", at(from));
    for (let step = 1; step <= 5; step += 1) await touch("touchMove", at(from + ((to - from) * step) / 5));
    await touch("touchEnd", []);
  };
  await pinch(30, 120);
  await expect(zoomOut).toBeEnabled();
  await pinch(120, 20);
  await expect(zoomOut).toBeDisabled();

  const swipe = async (distance: number) => {
    await touch("touchStart", [centre]);
    for (let step = 1; step <= 5; step += 1) {
      await touch("touchMove", [{ x: centre.x + (distance * step) / 5, y: centre.y }]);
    }
    await touch("touchEnd", []);
  };
  await swipe(-120);
  await expect(picture).toHaveAttribute("alt", `${table.name}, picture 2 of 3`);
  await swipe(120);
  await expect(picture).toHaveAttribute("alt", `${table.name}, picture 1 of 3`);

  await viewer.getByRole("button", { name: "Close" }).tap();
  await expect(viewer).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("Share opens WhatsApp with the link where the browser cannot share, and the share sheet where it can", async ({
  page,
}) => {
  const table = await piece(page, DINING.table);
  const url = new RegExp(`https?://[^\\s]+/product/${table._id}$`);
  await gotoPage(page, `/product/${table._id}`);
  const whatsapp = page.getByRole("link", { name: "Share on WhatsApp" });
  const text = new URL((await whatsapp.getAttribute("href"))!).searchParams.get("text")!;
  expect((await whatsapp.getAttribute("href"))!.startsWith("https://wa.me/?text=")).toBe(true);
  expect(text).toContain(table.name);
  expect(text.split(" ").pop()).toMatch(url);

  // A browser that can share (Chromium on Linux cannot): the page's navigator.share, recorded.
  const sharing = await page.context().newPage();
  await sharing.addInitScript(() => {
    const calls: ShareData[] = [];
    Object.assign(window, { shared: calls });
    Object.defineProperty(navigator, "share", {
      value: (data: ShareData) => {
        calls.push(data);
        return Promise.resolve();
      },
    });
  });
  await gotoPage(sharing, `/product/${table._id}`);
  await sharing.getByRole("button", { name: "Share", exact: true }).click();
  await expect(sharing.getByRole("link", { name: "Share on WhatsApp" })).toHaveCount(0);
  const shared = await sharing.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
  expect(shared).toEqual([expect.objectContaining({ title: table.name, url: expect.stringMatching(url) })]);
});

test(
  "on a phone, the order bar comes up once the page's buttons scroll away, and never covers the end of the page",
  { tag: "@both-viewports" },
  async ({ page, isMobile }) => {
    const table = await piece(page, DINING.table);
    const oak = option(table, "Natural Oak");
    await gotoPage(page, `/product/${table._id}?option=${oak._id}`);
    const bar = page.getByRole("region", { name: "Order this piece" });
    await expect(bar).toBeHidden();
    await page.getByRole("region", { name: "Details" }).scrollIntoViewIfNeeded();
    await page.getByRole("heading", { name: "About this piece" }).scrollIntoViewIfNeeded();
    if (!isMobile) {
      // Wide screens keep the buttons in the column beside the pictures.
      await expect(bar).toBeHidden();
      return;
    }
    await expect(bar).toBeVisible();
    await expect(bar.getByRole("link", { name: "Order Now" })).toHaveAttribute(
      "href",
      `/order?kind=item&itemType=Product&itemId=${table._id}&option=${oak._id}`,
    );
    await expect(bar.getByRole("button", { name: "Add to Cart" })).toBeVisible();
    // It sits on the shop's bottom bar, not over it.
    const quickLinks = (await page.getByRole("navigation", { name: "Quick links" }).boundingBox())!;
    // Measured once it has slid in: mid-slide it is still partly below its place.
    const barBottom = async () => {
      const box = (await bar.boundingBox())!;
      return box.y + box.height;
    };
    await expect.poll(barBottom).toBeLessThanOrEqual(quickLinks.y + 1);

    // At the end of the page it makes way: the last piece of content is there to be tapped.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(bar).toBeHidden();
    const last = page.getByRole("contentinfo").getByText(/All rights reserved/);
    const lastBox = (await last.boundingBox())!;
    const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent ?? null, {
      x: lastBox.x + lastBox.width / 2,
      y: lastBox.y + lastBox.height / 2,
    });
    expect(onTop).toContain("All rights reserved");

    // Back at the page's own buttons, it goes again.
    await page.getByRole("button", { name: "Add to Cart", exact: true }).scrollIntoViewIfNeeded();
    await expect(bar).toBeHidden();
  },
);

test("similar pieces, the collection's other pieces and the pieces seen lately show below the piece", async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const table = await piece(page, DINING.table);
  const chair = await piece(page, DINING.chair);
  const bench = await piece(page, DINING.bench);
  const buffet = await piece(page, DINING.buffet);
  await gotoPage(page, `/product/${buffet._id}`);
  await gotoPage(page, `/product/${chair._id}`);
  await gotoPage(page, `/product/${table._id}`);

  const cards = (region: string) => page.getByRole("region", { name: region }).getByTestId("product-card");
  await expect(cards("More from this collection").filter({ hasText: chair.name })).toHaveCount(1);
  await expect(cards("More from this collection").filter({ hasText: bench.name })).toHaveCount(1);
  await expect(cards("More from this collection").filter({ hasText: table.name })).toHaveCount(0);
  // Same category and style, not this piece, not one shown above, none sold.
  await expect(cards("Similar pieces").filter({ hasText: buffet.name })).toHaveCount(1);
  await expect(cards("Similar pieces").filter({ hasText: chair.name })).toHaveCount(0);
  await expect(cards("Similar pieces").filter({ hasText: DINING.sold })).toHaveCount(0);
  await expect(cards("Similar pieces").filter({ hasText: table.name })).toHaveCount(0);
  // Kept on this device, newest first, without the piece on show.
  await expect(cards("Recently viewed")).toHaveCount(2);
  await expect(cards("Recently viewed").first()).toContainText(chair.name);
  await expect(cards("Recently viewed").last()).toContainText(buffet.name);
  await expectNoSeriousAxeViolations(page);

  await page.reload();
  await expect(cards("Recently viewed").first()).toContainText(chair.name);
  await gotoPage(page, `/product/${chair._id}`);
  await expect(cards("Recently viewed").first()).toContainText(table.name);
  await expect(cards("Recently viewed").filter({ hasText: chair.name })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test(
  "a sold piece offers similar pieces right under its notice, and says it is sold in its JSON-LD",
  { tag: "@no-js" },
  async ({ page }) => {
    const sold = await piece(page, DINING.sold);
    const chair = await piece(page, DINING.chair);
    await gotoPage(page, `/product/${sold._id}`);
    await expect(page.getByText("This piece has been sold.")).toBeVisible();
    const similar = page.getByRole("region", { name: "Similar pieces you can order" });
    await expect(similar.getByRole("link", { name: new RegExp(chair.name) })).toHaveAttribute(
      "href",
      `/product/${chair._id}`,
    );
    await expect(similar.getByRole("link", { name: new RegExp(DINING.buffet) })).toBeVisible();
    await expect(page.getByRole("list", { name: "Finishes" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Order terms" })).toHaveCount(0);
    expect((await jsonLd(page)).find((d) => d["@type"] === "Product")).toMatchObject({
      offers: { availability: "https://schema.org/SoldOut" },
    });
    if (scriptsOn()) await expectNoSeriousAxeViolations(page);
  },
);

test(
  "a collection gives when it can be ready, its materials, each piece's size and what the set saves",
  { tag: "@both-viewports" },
  async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const response = await page.request.get(`/api/collections?search=${encodeURIComponent(DINING.collection)}`);
    const set = (
      (await response.json()) as { collections: Array<{ _id: string; name: string; readyBy: string }> }
    ).collections.find((c) => c.name === DINING.collection)!;
    await gotoPage(page, `/collection/${set._id}`);
    await expect(page.getByRole("heading", { level: 1, name: DINING.collection })).toBeVisible();
    await expect(page.getByText("Save ₦120,000.00 against buying the pieces separately (₦1,020,000.00)")).toBeVisible();
    await expect(page.getByText(`Made to order in 6–8 weeks · Ready by about ${formatDay(set.readyBy)}`)).toBeVisible();
    const details = page.getByRole("region", { name: "Details" });
    await expect(details.getByText("Solid iroko, brushed brass and velvet")).toBeVisible();
    const sizes = page.getByRole("region", { name: "Sizes of the pieces" }).getByRole("listitem");
    await expect(sizes.filter({ hasText: DINING.table })).toContainText("W 220 × D 95 × H 76 cm");
    await expect(sizes.filter({ hasText: DINING.chair })).toContainText("W 52 × D 58 × H 84 cm, seat 46 cm");
    await expect(sizes.filter({ hasText: DINING.bench })).toContainText("W 140 × D 40 × H 46 cm");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link")).toHaveText([
      "Home",
      "Collections",
    ]);
    expect((await jsonLd(page)).find((d) => d["@type"] === "Product")).toMatchObject({
      material: "Solid iroko, brushed brass and velvet",
      offers: { availability: "https://schema.org/MadeToOrder", availabilityStarts: set.readyBy },
    });
    await expectNoSeriousAxeViolations(page);
    expect(errors).toEqual([]);
  },
);
