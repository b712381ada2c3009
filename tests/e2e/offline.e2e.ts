import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type BrowserContext, type Page, type Request } from "@playwright/test";
import { expectNotice } from "../support/e2e-notices";
import sharp from "sharp";
import { BUDGET } from "../../bench/budgets";
import { OFFLINE_CACHE_PREFIX, OUTBOX_CACHE, PAGES_CACHE } from "../../web/sw/worker-caches";
import { answerCookies, expectNoSeriousAxeViolations } from "../support/e2e-checks";
import { gotoPage } from "../support/e2e-pages";
import { E2E_BASE_URL } from "../support/e2e-env";
import { FULL_CHROMIUM } from "../support/e2e-browsers";
import { catalogueItems, clientAddress, signUpCustomer, test } from "../support/e2e-lists";

/**
 * The installable shop and its service worker (docs/product.md, Offline and installing the
 * shop): the manifest and icons Chromium asks for, pages and lists that open without a
 * connection, a cart change made offline that reaches the shop when it returns, nothing
 * of a signed-out person kept, and the bytes a repeat session costs once the worker is warm.
 */

// In the full browser, which fetches lazy pictures as a phone does: the warm session's
// bytes are a budget (tests/support/e2e-browsers.ts).
test.use({ serviceWorkers: "allow", launchOptions: FULL_CHROMIUM });
// One after another: the deploy journey changes the worker the server sends.
test.describe.configure({ mode: "default" });

/** The built worker the e2e server sends (server/web-build.ts builds into ./build). */
const WORKER_FILE = path.resolve("build/client/sw.js");

/** Waits until the service worker is active and answers this page's requests. */
async function workerInCharge(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }),
    );
  });
}

const cartLines = (page: Page) => page.getByRole("region", { name: "Items in your cart" });
const wishlistLines = (page: Page) => page.getByRole("region", { name: "Items in your wishlist" });

test("The manifest names the shop with icons at the sizes it declares, and Chromium finds the shop installable", async ({
  playwright,
  launchOptions,
}, testInfo) => {
  // Chromium never offers to install from an incognito window, which a test's own context
  // is: this one has a profile on disk.
  const profile = await mkdtemp(path.join(tmpdir(), "furnish-install-"));
  const { viewport } = testInfo.project.use;
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    viewport: viewport ?? null,
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { "x-forwarded-for": clientAddress(testInfo) },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await checkInstallable(page);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

async function checkInstallable(page: Page) {
  await answerCookies(page);
  await gotoPage(page, "/");
  const link = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(link).toBe("/manifest.webmanifest");
  const response = await page.request.get(link!);
  expect(response.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
  };
  expect(manifest).toMatchObject({ name: "Furnish", short_name: "Furnish", start_url: "/", display: "standalone" });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);
  for (const icon of manifest.icons) {
    const file = await page.request.get(icon.src);
    expect(file.headers()["content-type"]).toBe("image/png");
    const picture = await sharp(await file.body()).metadata();
    expect(`${picture.format} ${picture.width}x${picture.height}`).toBe(`png ${icon.sizes}`);
  }

  await workerInCharge(page);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  expect(installabilityErrors).toEqual([]);
}

test("After one visit online, home, a product, the cart and the wishlist open offline; an unvisited page shows the offline page", async ({
  page,
  context,
}) => {
  await answerCookies(page);
  const { promo, plain } = await catalogueItems(page.request);
  await gotoPage(page, "/");
  await workerInCharge(page);
  for (const [path, list] of [
    [`/api/cart/add`, { itemId: promo._id, itemType: "Product", quantity: 1 }],
    [`/api/wishlist/add`, { itemId: plain._id, itemType: "Product" }],
  ] as const) {
    const answer = await page.request.put(path, { data: list });
    expect(answer.ok(), await answer.text()).toBe(true);
  }
  // The visit: each page opened once while the worker is in charge.
  for (const path of ["/", `/product/${promo._id}`, "/cart", "/wishlist"]) await gotoPage(page, path);

  await context.setOffline(true);
  await gotoPage(page, "/");
  await expect(page.getByRole("link", { name: "Shop", exact: true }).first()).toBeVisible();
  await gotoPage(page, `/product/${promo._id}`);
  await expect(page.getByRole("heading", { level: 1, name: promo.name })).toBeVisible();
  await gotoPage(page, "/cart");
  await expect(cartLines(page).getByText(promo.name)).toBeVisible();
  await gotoPage(page, "/wishlist");
  await expect(wishlistLines(page).getByText(plain.name)).toBeVisible();

  await gotoPage(page, "/projects");
  await expect(page).toHaveURL(/\/offline\?from=%2Fprojects$/);
  await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
  const chat = page.getByRole("link", { name: "Chat on WhatsApp" }).first();
  await expect(chat).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+/);
  await expect(page.getByRole("link", { name: /^Call / })).toHaveAttribute("href", /^tel:\+?\d+$/);
  // The pieces looked at are listed from the phone's copies.
  const recent = page.getByRole("list").filter({ has: page.getByRole("link", { name: promo.name }) });
  await expect(recent.getByRole("link", { name: promo.name })).toHaveAttribute("href", `/product/${promo._id}`);
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page).toHaveURL(/\/offline\?from=%2Fprojects$/);
});

test("The offline page's Try again goes only to a page of the shop, whatever its address says @no-js", async ({
  page,
}) => {
  const shop = new URL(E2E_BASE_URL).origin;
  // Written as an attacker would put them in a link to the offline page.
  for (const from of [
    "/\\evil.example/x",
    "/%09/evil.example",
    "//evil.example",
    "/%252F%252Fevil.example",
    "/%EF%BC%8Fevil.example",
  ]) {
    await gotoPage(page, `/offline?from=${from}`);
    await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
    const tryAgain = page.getByRole("link", { name: "Try again" });
    await expect(tryAgain, from).toHaveCount(0);
  }
  await gotoPage(page, `/offline?from=${encodeURIComponent("/cart?x=1#a")}`);
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page).toHaveURL(`${shop}/cart?x=1#a`);
  await expect(page.getByRole("heading", { level: 1, name: "Your Shopping Cart" })).toBeVisible();
});

test("A cart change made offline says it is waiting, and reaches the shop when the connection returns", async ({
  page,
  context,
}) => {
  await answerCookies(page);
  const { plain } = await catalogueItems(page.request);
  await gotoPage(page, "/");
  await workerInCharge(page);
  const added = await page.request.put("/api/cart/add", {
    data: { itemId: plain._id, itemType: "Product", quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  await gotoPage(page, "/cart");

  await context.setOffline(true);
  await gotoPage(page, "/cart");
  await cartLines(page)
    .getByRole("button", { name: `Increase quantity of ${plain.name}` })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "1 change to your lists" })).toContainText(
    "Will be sent when you are back online.",
  );
  // Nothing reached the shop yet.
  const quantity = async () => {
    const answer = await page.request.get("/api/cart");
    const { items } = (await answer.json()) as { items: Array<{ item: string; quantity: number }> };
    return items.find((line) => line.item === plain._id)?.quantity;
  };
  await context.setOffline(false);
  await expect.poll(quantity).toBe(2);
  await expect(page.getByRole("status").filter({ hasText: "change to your lists" })).toHaveCount(0);
  await expect(cartLines(page).getByRole("group", { name: `Quantity of ${plain.name}` })).toContainText("2");
  expect(await page.evaluate(async (name) => (await (await caches.open(name)).keys()).length, OUTBOX_CACHE)).toBe(0);
});

test("An Add to Cart posted offline before the page's scripts ran says it was not sent, and reaches the shop when the connection returns", async ({
  page,
  context,
}) => {
  await answerCookies(page);
  const { plain } = await catalogueItems(page.request);
  await gotoPage(page, "/");
  await workerInCharge(page);
  await gotoPage(page, `/product/${plain._id}`);

  await context.setOffline(true);
  await gotoPage(page, `/product/${plain._id}`);
  // The browser's own post, as before the scripts have run (the page's handlers never see it).
  await page.evaluate(() => {
    const form = document.querySelector<HTMLFormElement>('form:has(input[name="intent"][value="add"])');
    if (!form) throw new Error("No Add to Cart form on the page.");
    form.submit();
  });
  await expect(page.getByRole("heading", { level: 1, name: "Not sent yet: you are offline" })).toBeVisible();
  await expect(
    page.getByText("Your change to your cart is kept on this phone. Will be sent when you are back online."),
  ).toBeVisible();
  // Back to the piece, at its order buttons.
  await expect(page.getByRole("link", { name: "Go back" })).toHaveAttribute(
    "href",
    new RegExp(`^/product/${plain._id}(#|$)`),
  );

  const inCart = async () => {
    const answer = await page.request.get("/api/cart");
    const { items } = (await answer.json()) as { items: Array<{ item: string }> };
    return items.some((line) => line.item === plain._id);
  };
  expect(await inCart()).toBe(false);
  await context.setOffline(false);
  // The worker sends what waits once it is back online (or when a page asks it to).
  await page.getByRole("link", { name: "Go back" }).click();
  await expect.poll(inCart).toBe(true);
});

/** What the worker keeps in its pages cache: each page's path and HTML. */
const keptPages = (page: Page) =>
  page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return Promise.all(
      (await cache.keys()).map(async (key) => ({
        path: new URL(key.url).pathname,
        html: await (await cache.match(key))!.text(),
      })),
    );
  }, PAGES_CACHE);

/** The customer's name and e-mail, anywhere in a page: on screen or in the data its scripts read. */
const CUSTOMER_NAME = "Chioma Eze";
const naming = (email: string) => (html: string) => html.includes(email) || html.includes(CUSTOMER_NAME);

test("A session that ends without Logout (the account deleted on another device) leaves nothing of that person on the phone", async ({
  page,
  context,
  playwright,
}, testInfo) => {
  await answerCookies(page);
  const { promo } = await catalogueItems(page.request);
  await gotoPage(page, "/");
  await workerInCharge(page);
  // As a guest first: the product page is kept, as any guest's is.
  await gotoPage(page, `/product/${promo._id}`);
  const { email, password } = await signUpCustomer(page.request, testInfo);
  for (const list of ["cart", "wishlist"]) {
    const added = await page.request.put(`/api/${list}/add`, {
      data: { itemId: promo._id, itemType: "Product", quantity: 1 },
    });
    expect(added.ok(), await added.text()).toBe(true);
  }
  for (const path of ["/", `/product/${promo._id}`, "/cart", "/wishlist", "/profile"]) await gotoPage(page, path);
  await expect(page.getByText(email)).toBeVisible();
  await gotoPage(page, "/cart");
  await expect(cartLines(page).getByText(promo.name)).toBeVisible();
  // Signed in, nothing the phone keeps names them.
  const kept = await keptPages(page);
  expect(kept.filter((entry) => naming(email)(entry.html)).map((entry) => entry.path)).toEqual([]);

  // On another device they sign in and delete their account: this phone's session ends unseen.
  const otherDevice = await playwright.request.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { "x-forwarded-for": clientAddress(testInfo, 1) },
  });
  try {
    const login = await otherDevice.post("/api/auth/login", { data: { email, password } });
    expect(login.ok(), await login.text()).toBe(true);
    const deleted = await otherDevice.delete("/api/auth/delete", { data: { currentPassword: password } });
    expect(deleted.ok(), await deleted.text()).toBe(true);
  } finally {
    await otherDevice.dispose();
  }

  await context.setOffline(true);
  for (const path of ["/", "/cart", "/wishlist", "/profile", `/product/${promo._id}`]) {
    await gotoPage(page, path);
    expect(naming(email)(await page.content()), path).toBe(false);
  }
  // The guest's pages still open offline: the product kept before signing up.
  await expect(page.getByRole("heading", { level: 1, name: promo.name })).toBeVisible();
  await gotoPage(page, "/cart");
  await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
});

test("After signing out, nothing of that person is kept by the worker or shown offline", async ({
  page,
  context,
}, testInfo) => {
  await answerCookies(page);
  const { promo } = await catalogueItems(page.request);
  await gotoPage(page, "/");
  await workerInCharge(page);
  await gotoPage(page, "/");
  const { email } = await signUpCustomer(page.request, testInfo);
  const added = await page.request.put("/api/cart/add", {
    data: { itemId: promo._id, itemType: "Product", quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  for (const path of ["/", "/cart", "/profile"]) await gotoPage(page, path);
  await expect(page.getByText(email)).toBeVisible();
  // Signed in, the phone keeps only the guest's home page from before: no page of theirs.
  expect((await keptPages(page)).map((entry) => entry.path)).toEqual(["/"]);

  await page.getByRole("button", { name: "Logout" }).last().click();
  await expect(page).toHaveURL(/\/$/);
  await expectNotice(page, "Logged out successfully");
  // Signing out forgets what the phone kept from before too.
  expect(await keptPages(page)).toEqual([]);

  await context.setOffline(true);
  for (const path of ["/cart", "/profile"]) {
    await gotoPage(page, path);
    await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
    await expect(page.getByText(promo.name)).toHaveCount(0);
    await expect(page.getByText(email)).toHaveCount(0);
  }
});

/** Bytes that came over the network (the worker's own fetches included), not from its caches. */
function countNetworkBytes(context: BrowserContext) {
  const sizes: Array<Promise<number>> = [];
  const onFinished = (request: Request) => {
    sizes.push(
      (async () => {
        const response = await request.response();
        if (!response || response.fromServiceWorker()) return 0;
        const { responseBodySize, responseHeadersSize } = await request.sizes();
        return responseBodySize + responseHeadersSize;
      })(),
    );
  };
  context.on("requestfinished", onFinished);
  return async () => {
    context.off("requestfinished", onFinished);
    return (await Promise.all(sizes)).reduce((sum, bytes) => sum + bytes, 0);
  };
}

test("A repeat session with the worker warm (home → shop → product → product → cart) stays within its budget", async ({
  page,
  context,
}) => {
  await answerCookies(page);
  const { promo, plain } = await catalogueItems(page.request);
  const added = await page.request.put("/api/cart/add", {
    data: { itemId: promo._id, itemType: "Product", quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  await gotoPage(page, "/");
  await workerInCharge(page);

  // The shopper opens the home page, then follows links (React Router navigates in the page).
  const session = async () => {
    await gotoPage(page, "/");
    for (const path of ["/shop", `/product/${promo._id}`, `/product/${plain._id}`, "/cart"]) {
      await page.evaluate(
        (to) =>
          (
            window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
          ).__reactRouterDataRouter.navigate(to),
        path,
      );
      await expect(page).toHaveURL((url) => url.pathname === path);
      await expect(page.locator("main h1")).toBeVisible();
      await page.waitForLoadState("networkidle");
    }
  };
  await session();
  const measured = countNetworkBytes(context);
  await session();
  const kb = (await measured()) / 1024;
  expect(
    kb,
    `the warm session downloaded ${kb.toFixed(1)} KB; the budget is ${BUDGET.warmSessionKb} KB`,
  ).toBeLessThanOrEqual(BUDGET.warmSessionKb);
});

test("A new deploy's worker takes over at the next navigation, and the last deploy's offline page goes, with caches no longer used", async ({
  page,
}) => {
  await answerCookies(page);
  await gotoPage(page, "/");
  await workerInCharge(page);
  const offlineCaches = () =>
    page.evaluate(
      async (prefix) => (await caches.keys()).filter((name) => name.startsWith(prefix)),
      OFFLINE_CACHE_PREFIX,
    );
  const [current] = await offlineCaches();
  const build = current!.slice(OFFLINE_CACHE_PREFIX.length);
  const script = await readFile(WORKER_FILE, "utf8");
  expect(script).toContain(build);

  // The pages an earlier worker kept under a name no longer used, signed-in ones among them.
  const LEGACY_PAGES = "furnish-pages";
  await page.evaluate(async (name) => {
    await (await caches.open(name)).put("/cart", new Response("<p>Chioma Eze's cart</p>"));
  }, LEGACY_PAGES);
  const hasLegacyPages = () => page.evaluate((name) => caches.has(name), LEGACY_PAGES);
  expect(await hasLegacyPages()).toBe(true);

  // The next deploy: the built worker with another build's id, as the server now sends it.
  const next = `${build.slice(0, -1)}${build.endsWith("0") ? "1" : "0"}`;
  await writeFile(WORKER_FILE, script.replaceAll(build, next));
  try {
    await gotoPage(page, "/shop");
    await expect.poll(offlineCaches).toEqual([`${OFFLINE_CACHE_PREFIX}${next}`]);
    await expect.poll(hasLegacyPages).toBe(false);
    await gotoPage(page, "/");
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe("activated");
  } finally {
    await writeFile(WORKER_FILE, script);
  }
});
