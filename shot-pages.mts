import { chromium } from "playwright";
const base = "http://127.0.0.1:29870";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const products = await (await fetch(`${base}/api/products?limit=30`)).json();
const mto = products.products.find((p: any) => p.options.length && p.availability.kind === "made_to_order");
const collections = await (await fetch(`${base}/api/collections?limit=3`)).json();
for (const [w, h] of [[360, 780], [390, 844], [1280, 800]]) {
  const context = await browser.newContext({ viewport: { width: w, height: h }, hasTouch: w < 1000, isMobile: w < 1000 });
  await context.addCookies([{ name: "cookieConsent", value: "accepted", url: base }]);
  const page = await context.newPage();
  await page.goto(`${base}/product/${mto._id}`);
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shots/product-${w}.png` });
  await page.mouse.wheel(0, h * 1.2);
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shots/product-scrolled-${w}.png` });
  await page.goto(`${base}/collection/${collections.collections[0]._id}`);
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shots/collection-${w}.png`, fullPage: true });
  await context.close();
}
await browser.close();
