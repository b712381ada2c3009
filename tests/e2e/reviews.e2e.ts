/**
 * Verified reviews (docs/product.md, Reviews), on a phone: an order is delivered; the
 * customer opens "Review your pieces" from the tracking page the message links to and
 * reviews the piece with two photos; the owner publishes it and replies; the product page
 * shows it with its badge and the reply, the JSON-LD holds the rating, and once the piece
 * has three published reviews its card shows stars. The review form again without scripts.
 * Each journey makes its own product and orders.
 */
import { expect, request as playwrightRequest, type APIRequestContext, type TestInfo } from "@playwright/test";
import { expectNotice, test } from "../support/e2e-notices";
import { HOW_REVIEWS_ARE_COLLECTED } from "../../domain/reviews/review-display";
import { addProductThroughApi, asStoredCookie, pngFile, signedInAdmin } from "../support/e2e-admin";
import { collectConsoleErrors, expectNoSeriousAxeViolations } from "../support/e2e-checks";
import { E2E_BASE_URL } from "../support/e2e-env";
import { clientAddress } from "../support/e2e-lists";
import { gotoPage } from "../support/e2e-pages";

/** An API session of the owner's. */
async function ownerApi(email: string): Promise<APIRequestContext> {
  return playwrightRequest.newContext({
    baseURL: E2E_BASE_URL,
    storageState: { cookies: (await signedInAdmin(email)).map(asStoredCookie), origins: [] },
    extraHTTPHeaders: { origin: E2E_BASE_URL },
  });
}

/** A guest's order of the piece, paid and delivered by the owner: its tracking address and review token's page. */
async function deliveredOrder(owner: APIRequestContext, productId: string, testInfo: TestInfo, tab: number) {
  const guest = await playwrightRequest.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { "x-forwarded-for": clientAddress(testInfo, tab) },
  });
  const placed = await guest.post("/api/orders", {
    data: { kind: "item", itemType: "Product", itemId: productId, customer: { name: "Chioma" } },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order, trackingUrl } = (await placed.json()) as {
    order: { _id: string; total: number };
    trackingUrl: string;
  };
  await guest.dispose();
  const desk = `/api/admin/operations/orders/${order._id}`;
  const paid = await owner.post(`${desk}/payments`, { data: { amount: order.total, method: "transfer" } });
  expect(paid.status(), await paid.text()).toBe(200);
  const delivered = await owner.put(desk, { data: { status: "delivered" } });
  expect(delivered.status(), await delivered.text()).toBe(200);
  const { reviewUrl } = (await delivered.json()) as { reviewUrl: string };
  return { tracking: new URL(trackingUrl).pathname, review: new URL(reviewUrl).pathname };
}

test("a delivered piece is reviewed with photos, published and answered, and shows with its badge and stars", async ({
  page,
}, testInfo) => {
  test.slow();
  const errors = collectConsoleErrors(page);
  const owner = await ownerApi(`reviews-${testInfo.project.name}@furnish.test`);
  const name = `Reviewed Armchair ${testInfo.project.name} ${Date.now()}`;
  const product = await addProductThroughApi(owner, name);
  const first = await deliveredOrder(owner, product._id, testInfo, 0);

  // The customer follows the tracking link from the "Delivered" message to the review form.
  await gotoPage(page, first.tracking);
  await page.getByRole("link", { name: "Review your pieces" }).click();
  await expect(page.getByRole("heading", { name: "Review your pieces" })).toBeVisible();
  await expect(page.getByText(HOW_REVIEWS_ARE_COLLECTED)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("radio", { name: "5 stars" }).check();
  await page.getByLabel("Title").fill("Sits like a dream");
  await page.getByLabel("Your review").fill("Delivered on a Saturday, exactly as pictured.");
  await page.getByLabel("Your name as shown").fill("Chioma, Lekki");
  await page
    .getByLabel(/Photos of the piece in your home/)
    .setInputFiles([await pngFile("#a0522d", "lounge.png"), await pngFile("#556b2f", "corner.png")]);
  await page.getByRole("checkbox", { name: /The shop may show my photos/ }).check();
  await page.getByRole("button", { name: "Send review" }).click();
  await expectNotice(page, "Thank you for your review!");
  await expect(page.getByText("Waiting for the shop to publish it.")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("review-link.png"), fullPage: true });

  // The owner publishes it and answers it once.
  await page.context().addCookies(await signedInAdmin(`reviews-${testInfo.project.name}@furnish.test`));
  await gotoPage(page, "/admin/reviews?status=pending");
  const card = page.getByRole("article", { name: "Chioma, Lekki: Sits like a dream" }).filter({ hasText: name });
  await expect(card.getByRole("list", { name: "Chioma, Lekki's photos" }).getByRole("listitem")).toHaveCount(2);
  await card.getByRole("button", { name: "Publish" }).click();
  await expectNotice(page, "Review published.");
  await gotoPage(page, "/admin/reviews?status=published");
  const published = page.getByRole("article", { name: "Chioma, Lekki: Sits like a dream" }).filter({ hasText: name });
  await published.getByText("Reply…").click();
  await published.getByLabel(/Your public reply/).fill("Thank you, Chioma! Enjoy it.");
  await published.getByRole("button", { name: "Publish reply" }).click();
  await expectNotice(page, "Reply published.");
  await expect(published.getByText("Reply…")).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("admin-reviews.png"), fullPage: true });

  // The product page shows it, its badge and the reply; the gallery's homes row its photos; the JSON-LD its rating.
  await page.context().clearCookies();
  await gotoPage(page, `/product/${product._id}`);
  const reviews = page.getByRole("region", { name: "Reviews" });
  const shown = reviews.getByRole("article", { name: "Chioma, Lekki: Sits like a dream" });
  await expect(shown.getByText(/Verified purchase · delivered \w+ \d{4}/)).toBeVisible();
  await expect(shown.getByText("Thank you, Chioma! Enjoy it.")).toBeVisible();
  await expect(reviews.getByText(HOW_REVIEWS_ARE_COLLECTED)).toBeVisible();
  await expect(page.getByRole("list", { name: "In customers' homes" }).getByRole("listitem")).toHaveCount(2);
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const item = jsonLd.map((text) => JSON.parse(text) as Record<string, unknown>).find((data) => data.name === name);
  expect(item).toMatchObject({
    aggregateRating: { "@type": "AggregateRating", ratingValue: "5.0", reviewCount: 1 },
    review: [{ "@type": "Review", name: "Sits like a dream", reviewRating: { ratingValue: 5 } }],
  });
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("product-reviews.png"), fullPage: true });

  // Two more published reviews: the card shows stars from the third.
  const card3 = page.locator('[data-testid="product-card"]').filter({ hasText: name });
  for (const [tab, rating] of [
    [1, 4],
    [2, 3],
  ] as const) {
    const order = await deliveredOrder(owner, product._id, testInfo, tab);
    const token = order.review.split("/").at(-1)!;
    const link = (await (await owner.get(`/api/reviews/${token}`)).json()) as { lines: Array<{ lineId: string }> };
    const written = await owner.post(`/api/reviews/${token}`, {
      data: {
        lineId: link.lines[0]!.lineId,
        rating,
        title: `Review ${tab}`,
        text: "Good.",
        displayName: "Tunde, Yaba",
      },
      headers: { "x-forwarded-for": clientAddress(testInfo, tab) },
    });
    expect(written.status(), await written.text()).toBe(201);
    const id = ((await written.json()) as { _id: string })._id;
    expect((await owner.post(`/api/admin/operations/reviews/${id}/publish`)).status()).toBe(200);
  }
  await gotoPage(page, `/shop?search=${encodeURIComponent(name)}`);
  await expect(card3.getByRole("img", { name: "4.0 out of 5 stars from 3 reviews" })).toBeVisible();
  await owner.dispose();
  expect(errors).toEqual([]);
});

test("the review form works without scripts", { tag: "@no-js" }, async ({ page }, testInfo) => {
  const owner = await ownerApi(`reviews-nojs-${testInfo.project.name}@furnish.test`);
  const product = await addProductThroughApi(owner, `No-script Armchair ${testInfo.project.name} ${Date.now()}`);
  const order = await deliveredOrder(owner, product._id, testInfo, 3);
  await owner.dispose();

  await gotoPage(page, order.review);
  // A review without stars is refused, with what was typed kept.
  await page.getByLabel("Title").fill("Solid and comfortable");
  await page.getByLabel("Your review").fill("Took two men to carry it up.");
  await page.getByLabel("Your name as shown").fill("Emeka, Ikeja");
  await page.getByRole("button", { name: "Send review" }).click();
  await expect(page.getByText("Choose from 1 to 5 stars.").first()).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("Solid and comfortable");
  await page.getByRole("radio", { name: "4 stars" }).check();
  await page.getByLabel(/Photos of the piece in your home/).setInputFiles([await pngFile("#708090", "hall.png")]);
  await page.getByRole("button", { name: "Send review" }).click();
  await expectNotice(page, "Thank you for your review!");
  await expect(page.getByText("Solid and comfortable")).toBeVisible();
  await expect(page.getByText(/Change your review/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("review-no-js.png"), fullPage: true });
});
