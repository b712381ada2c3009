import { expect } from "@playwright/test";
import { test } from "../support/e2e-notices";
import { addProjectThroughApi, signedInAdmin } from "../support/e2e-admin";
import { answerCookies, waitForHydration } from "../support/e2e-checks";

/**
 * When a section of the admin panel cannot be loaded (docs/product.md, Admin panel): with
 * its items already on screen they stay, under a warning banner with Retry; with nothing
 * to show, the section's place says "Error Loading <section>" with Retry. The section's
 * data requests are dropped here, then let through again.
 */
test("a section that fails to reload keeps its items under a warning; one never loaded says so in their place", async ({
  page,
  context,
}) => {
  await answerCookies(page);
  await context.addCookies(await signedInAdmin("load-errors-owner@furnish.test"));
  const title = `Load Errors Residence ${test.info().workerIndex}-${Date.now()}`;
  await addProjectThroughApi(context.request, title);

  await page.goto("/admin/dashboard?section=projects");
  await waitForHydration(page);
  const projectCard = page.getByRole("link", { name: `Edit ${title}` });
  await expect(projectCard).toBeVisible();

  // The section's own data request (the shop frame's data comes in a request of its own).
  const dataRequests = (url: URL) =>
    url.pathname === "/admin/dashboard.data" && url.searchParams.get("_routes") === "routes/admin/dashboard";
  await page.route(dataRequests, (route) => route.abort("internetdisconnected"));
  const nav = page.getByRole("navigation", { name: "Admin sections" });
  await nav.getByRole("link", { name: "Projects" }).click();
  const banner = page.getByRole("alert").filter({ hasText: "Error Loading Projects" });
  await expect(banner).toBeVisible();
  await expect(projectCard).toBeVisible();
  await expect(page.getByRole("heading", { name: "Manage Projects" })).toBeVisible();

  await page.unroute(dataRequests);
  await banner.getByRole("link", { name: "Retry" }).click();
  await expect(banner).toBeHidden();
  await expect(projectCard).toBeVisible();

  // Collections were never shown on this page: nothing to keep, so the error takes their place.
  await page.route(dataRequests, (route) => route.abort("internetdisconnected"));
  await nav.getByRole("link", { name: "Collections" }).click();
  const failed = page.getByRole("alert").filter({ hasText: "Error Loading Collections" });
  await expect(failed).toBeVisible();
  await expect(page.getByRole("heading", { name: "Manage Collections" })).toBeHidden();
  await page.unroute(dataRequests);
  await failed.getByRole("link", { name: "Retry" }).click();
  await expect(page.getByRole("heading", { name: "Manage Collections" })).toBeVisible();
});
