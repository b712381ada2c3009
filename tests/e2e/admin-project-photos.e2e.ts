/**
 * Customers' photos in a project (docs/product.md, Reviews), on a phone: a piece is
 * delivered and reviewed twice with photos, once with the author's consent to show them
 * and once without; both reviews are published. In the project editor the owner sees only
 * the consented photo under "Customers' photos", with the reviewer's name and the piece,
 * taps it and saves: it is one of the project's pictures. Once the review is hidden the
 * photo is no longer offered, and the project keeps it. The journey makes its own
 * product, orders and project, and deletes the product and project at the end.
 */
import { expect, request as playwrightRequest, type APIRequestContext, type TestInfo } from "@playwright/test";
import { expectNotice, test } from "../support/e2e-notices";
import type { Project } from "../../domain/catalog/catalog.types";
import {
  addProductThroughApi,
  addProjectThroughApi,
  asStoredCookie,
  imageDataUrl,
  signedInAdmin,
} from "../support/e2e-admin";
import { collectConsoleErrors, expectNoSeriousAxeViolations, waitForHydration } from "../support/e2e-checks";
import { E2E_BASE_URL } from "../support/e2e-env";
import { clientAddress } from "../support/e2e-lists";

/** A guest's order of the piece, paid and delivered, reviewed through its link with one photo; published. */
async function publishedReview(
  owner: APIRequestContext,
  productId: string,
  testInfo: TestInfo,
  tab: number,
  review: { displayName: string; consent: boolean; colour: string },
): Promise<{ id: string; photo: string }> {
  const from = { "x-forwarded-for": clientAddress(testInfo, tab) };
  const guest = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: from });
  const placed = await guest.post("/api/orders", {
    data: { kind: "item", itemType: "Product", itemId: productId, customer: { name: review.displayName } },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order } = (await placed.json()) as { order: { _id: string; total: number } };
  const desk = `/api/admin/operations/orders/${order._id}`;
  const paid = await owner.post(`${desk}/payments`, { data: { amount: order.total, method: "transfer" } });
  expect(paid.status(), await paid.text()).toBe(200);
  const delivered = await owner.put(desk, { data: { status: "delivered" } });
  expect(delivered.status(), await delivered.text()).toBe(200);
  const token = new URL(((await delivered.json()) as { reviewUrl: string }).reviewUrl).pathname.split("/").at(-1)!;
  const link = (await (await guest.get(`/api/reviews/${token}`)).json()) as { lines: Array<{ lineId: string }> };
  const written = await guest.post(`/api/reviews/${token}`, {
    data: {
      lineId: link.lines[0]!.lineId,
      rating: 5,
      title: "Fits the room",
      text: "Delivered and set up in an hour.",
      displayName: review.displayName,
      photos: [await imageDataUrl(review.colour)],
      consentToShowPhotos: review.consent,
    },
  });
  expect(written.status(), await written.text()).toBe(201);
  const { _id, photos } = (await written.json()) as { _id: string; photos: Array<{ public_id: string }> };
  await guest.dispose();
  const published = await owner.post(`/api/admin/operations/reviews/${_id}/publish`);
  expect(published.status(), await published.text()).toBe(200);
  return { id: _id, photo: photos[0]!.public_id };
}

test("the owner adds a customer's consented photo to a project with a tap", async ({ page }, testInfo) => {
  test.slow();
  const errors = collectConsoleErrors(page);
  const cookies = await signedInAdmin(`project-photos-${testInfo.project.name}@furnish.test`);
  const owner = await playwrightRequest.newContext({
    baseURL: E2E_BASE_URL,
    storageState: { cookies: cookies.map(asStoredCookie), origins: [] },
    extraHTTPHeaders: { origin: E2E_BASE_URL },
  });
  const stamp = `${testInfo.project.name} ${Date.now()}`;
  const piece = `Photo Sofa ${stamp}`;
  const product = await addProductThroughApi(owner, piece);
  const project = await addProjectThroughApi(owner, `Photo Project ${stamp}`);
  try {
    const shown = await publishedReview(owner, product._id, testInfo, 0, {
      displayName: `Adaeze ${stamp}`,
      consent: true,
      colour: "#7a5230",
    });
    const kept = await publishedReview(owner, product._id, testInfo, 1, {
      displayName: `Private ${stamp}`,
      consent: false,
      colour: "#304f7a",
    });

    await page.context().addCookies(cookies);
    await page.goto(`/admin/editProject/${project._id}`);
    await waitForHydration(page);
    const offered = page.getByRole("group", { name: "Customers’ photos" });
    await expect(offered).toBeVisible();
    const photo = offered.getByRole("checkbox", { name: `Photo by Adaeze ${stamp} of ${piece}` });
    await expect(photo).not.toBeChecked();
    await expect(offered.getByText(`Private ${stamp}`)).toHaveCount(0);
    await expect(offered.getByRole("checkbox", { name: `Photo by Private ${stamp} of ${piece}` })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);

    // A tap on the photo's tile ticks it.
    await offered
      .getByRole("listitem")
      .filter({ hasText: `Adaeze ${stamp}` })
      .locator("img")
      .tap();
    await expect(photo).toBeChecked();
    await page.screenshot({ path: testInfo.outputPath("customers-photos.png"), fullPage: true });
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expectNotice(page, "Project updated successfully!");

    const saved = (await (await owner.get(`/api/projects/get/${project._id}`)).json()) as Project;
    expect(saved.images.map((image) => image.public_id)).toEqual([project.images[0]!.public_id, shown.photo]);
    expect(saved.images.map((image) => image.public_id)).not.toContain(kept.photo);

    // The review is hidden: its photo is offered no more, and the project keeps it.
    const hidden = await owner.post(`/api/admin/operations/reviews/${shown.id}/hide`, {
      data: { reason: "Shows the neighbour's house." },
    });
    expect(hidden.status(), await hidden.text()).toBe(200);
    await page.goto(`/admin/editProject/${project._id}`);
    await waitForHydration(page);
    await expect(page.getByRole("group", { name: "Project images" }).getByRole("listitem")).toHaveCount(2);
    await expect(page.getByRole("checkbox", { name: `Photo by Adaeze ${stamp} of ${piece}` })).toHaveCount(0);
    expect(errors).toEqual([]);
  } finally {
    await owner.delete(`/api/admin/operations/delProject/${project._id}`);
    await owner.delete(`/api/admin/operations/delProduct/${product._id}`);
    await owner.dispose();
  }
});
