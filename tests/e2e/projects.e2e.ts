import { expect } from "@playwright/test";
import { test } from "../support/e2e-notices";
import type { ProjectPage } from "../../domain/catalog/catalog.types";
import {
  answerCookies,
  collectConsoleErrors,
  expectNoSeriousAxeViolations,
  waitForHydration,
} from "../support/e2e-checks";
import { GALLERY_PROJECT, HOSPITALITY_PROJECTS, IMAGELESS_PROJECT } from "../support/e2e-fixtures";
import { gotoPage, scriptsOn } from "../support/e2e-pages";

test.beforeEach(async ({ page }) => answerCookies(page));

test(
  "projects come 20 a page; Load More keeps them and shows the rest, then the end",
  { tag: "@no-js" },
  async ({ page }) => {
    const errors = collectConsoleErrors(page);
    // A category whose projects no journey adds or deletes (tests/support/e2e-fixtures.ts).
    const { category } = HOSPITALITY_PROJECTS;
    const { pagination } = (await (
      await page.request.get(`/api/projects?limit=1&category=${category}`)
    ).json()) as ProjectPage;
    expect(pagination.totalItems).toBeGreaterThan(20);
    await gotoPage(page, `/projects?category=${category}`);
    const cards = page.getByTestId("project-card");
    await expect(cards).toHaveCount(20);
    const first = await cards.first().getByRole("heading").textContent();
    await expect(cards.first()).toContainText(/Budget: ₦[\d,]+\.\d{2}/);
    await page.getByRole("link", { name: "Load More" }).click();
    await expect(cards).toHaveCount(Math.min(pagination.totalItems, 40));
    await expect(page).toHaveURL(new RegExp(`/projects\\?category=${category}&page=2$`));
    await expect(cards.first()).toContainText(first!);
    await expect(page.getByRole("link", { name: "Load More" })).toHaveCount(0);
    await expect(page.getByText("You've seen all our projects.")).toBeVisible();
    // A reload keeps both pages.
    await page.reload();
    await expect(cards).toHaveCount(Math.min(pagination.totalItems, 40));
    expect(errors).toEqual([]);
    if (scriptsOn()) await expectNoSeriousAxeViolations(page);
  },
);

test("a project shows its gallery, overview and scope of work", async ({ page }) => {
  const list = `/projects?category=${GALLERY_PROJECT.category}`;
  const { data } = (await (await page.request.get(`/api${list}&limit=20`)).json()) as ProjectPage;
  const project = data.find((p) => p.title === GALLERY_PROJECT.title)!;
  expect(project, "the pinned gallery project is on its category's first page").toBeTruthy();
  await page.goto(list);
  // Hydrated, so the card opens in the same page and Back returns to this list.
  await waitForHydration(page);
  await page.getByTestId("project-card").filter({ hasText: GALLERY_PROJECT.title }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${project._id}$`));
  await expect(page.getByRole("heading", { level: 1, name: project.title })).toBeVisible();
  const overview = page.getByRole("region", { name: "Project Overview" });
  await expect(overview).toContainText("Location");
  await expect(overview).toContainText(project.location);
  await expect(overview).toContainText("Category");
  await expect(overview).toContainText(/Budget₦[\d,]+\.\d{2}/);
  await expect(page.getByRole("heading", { name: "Scope of Work" })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Show picture 2" }).click();
  await expect(page.getByRole("group", { name: project.title }).locator("img")).toHaveAttribute(
    "alt",
    `${project.title}, picture 2 of ${GALLERY_PROJECT.pictures}`,
  );
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL(new RegExp(`/projects\\?category=${GALLERY_PROJECT.category}$`));
});

test("a missing project answers 404 with 'Project Not Found' and Back to Projects", async ({ page }) => {
  const response = await page.goto("/project/00000000-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Project Not Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Projects" })).toHaveAttribute("href", "/projects");
});

test("a project without a picture shows a placeholder that screen readers pass over", async ({ page }) => {
  await page.goto(`/projects?category=${IMAGELESS_PROJECT.category}`);
  const card = page.getByTestId("project-card").filter({ hasText: IMAGELESS_PROJECT.title });
  await expect(card.getByText("No Image")).toBeVisible();
  // The card's link is named by its title; a picture without a name would be noise.
  await expect(card.getByRole("img")).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
});
