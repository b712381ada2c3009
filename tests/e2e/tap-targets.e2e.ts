import { expect, type Page, type TestInfo } from "@playwright/test";
import { eq } from "drizzle-orm";
import { stylePath } from "../../domain/catalog/styles";
import { products } from "../../server/db/schema/catalog";
import { answerCookies, waitForHydration } from "../support/e2e-checks";
import { withE2eDatabase } from "../support/e2e-database";
import { catalogueItems, deleteOwnProduct, insertOwnProduct, test } from "../support/e2e-lists";

/**
 * What a thumb can reach on the two phone widths most of our shoppers have, and on a
 * laptop: no page scrolls sideways, the shell's chat link never lies over a button or a
 * link (it lives in the bars, never over the page), it is not offered where the page has
 * WhatsApp of its own, and dialogs and sheets cover it. Each journey sets the three sizes
 * itself, so this file runs in the phone project only (no tags). The admin's screens:
 * tests/e2e/admin-layout.e2e.ts.
 */

const VIEWPORTS = [
  { width: 360, height: 780 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

const chatLink = (page: Page) => page.getByRole("link", { name: "Chat with us on WhatsApp" });

test.beforeEach(async ({ page }) => answerCookies(page));

/** A cart and wishlist of this browser's own: two pinned products, a collection, and a piece of its own sold since. */
async function fillLists(page: Page, testInfo: TestInfo) {
  const { promo, plain, collection } = await catalogueItems(page.request);
  const soldName = `Tap Sold Cane Chair ${testInfo.project.name} ${Date.now().toString(36)}`;
  const sold = await insertOwnProduct(soldName);
  await page.goto("/");
  const lines = [
    [promo._id, "Product", 2],
    [plain._id, "Product", 1],
    [collection._id, "Collection", 1],
    [sold, "Product", 1],
  ] as const;
  for (const [itemId, itemType, quantity] of lines) {
    const cart = await page.request.put("/api/cart/add", { data: { itemId, itemType, quantity } });
    expect(cart.ok(), await cart.text()).toBe(true);
    const wishlist = await page.request.put("/api/wishlist/add", { data: { itemId, itemType } });
    expect(wishlist.ok(), await wishlist.text()).toBe(true);
  }
  await withE2eDatabase((db) => db.update(products).set({ sold: true }).where(eq(products.id, sold)));
  return { promo, collection, sold, soldName };
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/**
 * Steps through the page's whole height, 100 px at a time, and at each stop looks for a
 * button, link or field the chat link lies over: one a tap there would reach were the
 * chat link not on top (what the bars cover anyway is not the chat link's doing).
 * Returns the first found, with its words and the scroll position, or null.
 */
async function firstCoveredByChat(page: Page): Promise<string | null> {
  for (let y = 0, end = 0; y <= end; y += 100) {
    const { found, max } = await page.evaluate((top) => {
      window.scrollTo({ top, behavior: "instant" });
      const max = document.documentElement.scrollHeight - window.innerHeight;
      const chat = [...document.querySelectorAll<HTMLElement>('a[aria-label="Chat with us on WhatsApp"]')].find(
        (element) => element.checkVisibility(),
      );
      if (!chat) return { found: null, max };
      const box = chat.getBoundingClientRect();
      chat.style.visibility = "hidden";
      try {
        const controls = document.querySelectorAll<HTMLElement>(
          "a[href], button, summary, input:not([type=hidden]), select, textarea",
        );
        for (const control of controls) {
          if (control === chat || !control.checkVisibility()) continue;
          const rect = control.getBoundingClientRect();
          const [left, right] = [Math.max(box.left, rect.left), Math.min(box.right, rect.right)];
          const [top, bottom] = [Math.max(box.top, rect.top), Math.min(box.bottom, rect.bottom)];
          if (right - left < 1 || bottom - top < 1) continue;
          for (const fx of [0.2, 0.5, 0.8]) {
            for (const fy of [0.2, 0.5, 0.8]) {
              const hit = document.elementFromPoint(left + (right - left) * fx, top + (bottom - top) * fy);
              if (hit && control.contains(hit)) {
                const words = control.getAttribute("aria-label") || control.textContent?.trim() || "";
                const named = `<${control.tagName.toLowerCase()}> "${words}" ${control.getAttribute("href") ?? ""}`;
                return { found: `${named} at scroll ${window.scrollY}`, max };
              }
            }
          }
        }
        return { found: null, max };
      } finally {
        chat.style.visibility = "";
      }
    }, y);
    if (found) return found;
    end = max;
  }
  return null;
}

/**
 * The first of an element's controls and lines of text (its total…) that, scrolled to the
 * middle of the screen (or as near as the page allows), has something else lying over it.
 */
function firstCovered(element: Element): string | null {
  const parts = [...element.querySelectorAll<HTMLElement>("a[href], button, p")].filter((part) =>
    part.checkVisibility(),
  );
  for (const part of parts) {
    part.scrollIntoView({ block: "center", behavior: "instant" });
    // Its first line: a link that wraps is not in the middle of its box.
    const box = part.getClientRects()[0]!;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (!hit || !part.contains(hit)) return (part.getAttribute("aria-label") ?? part.textContent ?? "").trim();
  }
  return null;
}

/** Whether the chat link, where it is, is under whatever lies at its middle (a dialog, a sheet, their backdrop). */
function chatCovered(page: Page) {
  return page.evaluate(() => {
    const chat = [...document.querySelectorAll<HTMLElement>('a[aria-label="Chat with us on WhatsApp"]')].find(
      (element) => element.checkVisibility(),
    );
    if (!chat) throw new Error("No chat link on the page");
    const box = chat.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && !chat.contains(hit);
  });
}

test("no page scrolls sideways on a 360 or 390 px phone or a laptop", async ({ page }, testInfo) => {
  // Eight pages at three sizes, each loaded and hydrated: more than the minute one journey gets.
  test.setTimeout(150_000);
  const { promo, collection, sold, soldName } = await fillLists(page, testInfo);
  const paths = [
    "/",
    "/shop",
    "/shop?isPromo=true",
    stylePath("Modern"),
    `/product/${promo._id}`,
    `/collection/${collection._id}`,
    "/cart",
    "/wishlist",
  ];
  try {
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      for (const path of paths) {
        await open(page, path);
        if (path === "/cart") await expect(page.getByRole("link", { name: soldName, exact: true })).toBeVisible();
        const widths = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          window: window.innerWidth,
        }));
        expect(widths.page, `${path} at ${viewport.width} px`).toBeLessThanOrEqual(widths.window);
      }
    }
  } finally {
    await deleteOwnProduct(sold);
  }
});

test("the chat link covers no button or link anywhere on the shop, a product page or the cart", async ({
  page,
}, testInfo) => {
  const { promo, sold } = await fillLists(page, testInfo);
  try {
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      const at = `at ${viewport.width} px`;

      await open(page, "/shop");
      await expect(chatLink(page), at).toBeVisible();
      expect(await firstCoveredByChat(page), `/shop ${at}`).toBeNull();

      // Its order bar offers WhatsApp there, or the chat link, if shown, stays clear.
      await open(page, `/product/${promo._id}`);
      expect(await firstCoveredByChat(page), `the product page ${at}`).toBeNull();

      // The cart's own order button goes to WhatsApp: no second way there.
      await open(page, "/cart");
      await expect(page.getByRole("link", { name: "Order on WhatsApp" }), at).toBeVisible();
      await expect(chatLink(page), at).toHaveCount(0);
    }
  } finally {
    await deleteOwnProduct(sold);
  }
});

test("the cart's total and order button stay in reach, and every line can be read clear of them", async ({
  page,
}, testInfo) => {
  const { sold, soldName } = await fillLists(page, testInfo);
  try {
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      const at = `at ${viewport.width} px`;
      await open(page, "/cart");
      const order = page.getByRole("link", { name: "Order on WhatsApp" });
      const lines = page.getByRole("region", { name: "Items in your cart" }).getByRole("listitem");
      await expect(lines).toHaveCount(4);
      for (const line of await lines.all()) {
        await line.scrollIntoViewIfNeeded();
        // The order button is on screen with every line...
        await expect(order, at).toBeInViewport();
        // ...and each of the line's controls, and its total, can be brought clear of the bars to be tapped or read.
        expect(await line.evaluate(firstCovered), at).toBeNull();
      }
      // Nor is anything at the foot of the page left under the bars: the page keeps room for them.
      expect(await page.getByRole("contentinfo").evaluate(firstCovered), `the foot of the cart ${at}`).toBeNull();
      // A sold line has no price or quantity: it says so, and may be removed or asked about.
      const soldLine = lines.filter({ hasText: soldName });
      await expect(soldLine.getByText("Sold, no longer available")).toBeVisible();
      await expect(soldLine.getByRole("group", { name: `Quantity of ${soldName}` })).toHaveCount(0);
      await expect(soldLine.getByText(/₦/)).toHaveCount(0);
      await expect(soldLine.getByRole("button", { name: `Remove ${soldName} from cart` })).toBeVisible();
      await expect(soldLine.getByRole("link", { name: /^Ask about this piece/ })).toBeVisible();
    }
  } finally {
    await deleteOwnProduct(sold);
  }
});

test("dialogs and sheets lie over the chat link", async ({ page }, testInfo) => {
  const { sold } = await fillLists(page, testInfo);
  try {
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      const at = `at ${viewport.width} px`;
      const phone = viewport.width < 1024;

      await open(page, "/wishlist");
      await page.getByRole("link", { name: "Clear Wishlist" }).click();
      await expect(page.getByRole("dialog", { name: "Clear your wishlist?" })).toBeVisible();
      expect(await chatCovered(page), `the wishlist's question ${at}`).toBe(true);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog", { name: "Clear your wishlist?" })).toHaveCount(0);

      await open(page, "/shop");
      await page.locator("summary", { hasText: "Filters" }).click();
      await expect(page.getByRole("heading", { name: "Filters", level: 2 })).toBeVisible();
      expect(await chatCovered(page), `the filters ${at}`).toBe(true);

      if (phone) {
        await open(page, "/shop");
        await page.locator("summary", { hasText: "Menu" }).click();
        await expect(page.getByRole("navigation", { name: "Pages" })).toBeVisible();
        expect(await chatCovered(page), `the menu ${at}`).toBe(true);
      }
    }
  } finally {
    await deleteOwnProduct(sold);
  }
});
