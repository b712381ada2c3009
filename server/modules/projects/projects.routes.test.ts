import { beforeAll, describe, expect, it } from "vitest";
import type { Project, ProjectPage } from "../../../domain/catalog/catalog.types";
import { PROJECT_CATEGORIES } from "../../../domain/catalog/project-categories";
import { insertProject, makeImage } from "../../../tests/support/catalog-factory";
import { useTestApp } from "../../../tests/support/test-app";

const t = useTestApp();
let withImages = "";

async function list(query = ""): Promise<ProjectPage> {
  const response = await t.app.inject({ method: "GET", url: `/api/projects${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  for (let i = 1; i <= 12; i += 1) {
    await insertProject(t.db, {
      title: `Project ${i}`,
      category: PROJECT_CATEGORIES[i % 4],
      priceKobo: i * 1_000_000_00 + 50,
    });
  }
  const images = [await makeImage(t.db, t.mediaDir, "#111"), await makeImage(t.db, t.mediaDir, "#222")];
  withImages = (await insertProject(t.db, { title: "Eko Hotel Lobby", category: "Hospitality", images })).id;
});

describe("GET /api/projects", () => {
  it("answers { data, pagination } with 10 a page by default, newest first", async () => {
    const page = await list();
    expect(page.data).toHaveLength(10);
    expect(page.data[0]!.title).toBe("Eko Hotel Lobby");
    expect(page.data[1]!.title).toBe("Project 12");
    expect(page.pagination).toEqual({
      totalItems: 13,
      totalCount: 13,
      limit: 10,
      currentPage: 1,
      totalPages: 2,
      hasNextPage: true,
      hasPrevPage: false,
    });
  });

  it("ends on the last page and answers an empty page past the end", async () => {
    const last = await list("?page=2");
    expect(last.data.map((p) => p.title)).toEqual(["Project 3", "Project 2", "Project 1"]);
    expect(last.pagination).toMatchObject({ currentPage: 2, hasNextPage: false, hasPrevPage: true });
    const past = await list("?page=4");
    expect(past.data).toEqual([]);
    expect(past.pagination).toMatchObject({ currentPage: 4, totalPages: 2, hasNextPage: false, hasPrevPage: true });
  });

  it("takes 20 a page for the public list", async () => {
    const page = await list("?limit=20");
    expect(page.data).toHaveLength(13);
    expect(page.pagination.totalPages).toBe(1);
  });

  it("filters by category", async () => {
    const page = await list("?category=hospitality");
    expect(page.data.every((p) => p.category === "Hospitality")).toBe(true);
    expect(page.pagination.totalItems).toBe(4);
  });

  it("refuses bad values with 400", async () => {
    for (const query of ["?page=-1", "?limit=1000", "?category=Industrial"]) {
      const response = await t.app.inject({ method: "GET", url: `/api/projects${query}` });
      expect(response.statusCode).toBe(400);
      expect(typeof response.json().message).toBe("string");
    }
  });
});

describe("GET /api/projects/get/:id", () => {
  it("returns the project with its budget in naira and images in order", async () => {
    const response = await t.app.inject({ method: "GET", url: `/api/projects/get/${withImages}` });
    expect(response.statusCode).toBe(200);
    const project: Project = response.json();
    expect(project).toMatchObject({ title: "Eko Hotel Lobby", location: "Lekki, Lagos", price: 10_000_000 });
    expect(project.images).toHaveLength(2);
  });

  it("keeps kobo as two decimals of naira", async () => {
    const page = await list("?page=2");
    expect(page.data.map((p) => p.price)).toEqual([3_000_000.5, 2_000_000.5, 1_000_000.5]);
  });

  it("answers 404 with a message for unknown and malformed ids", async () => {
    for (const id of ["x", "00000000-0000-4000-8000-000000000000"]) {
      const response = await t.app.inject({ method: "GET", url: `/api/projects/get/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "Project not found." });
    }
  });
});

describe("GET /api/projects/count", () => {
  it("counts every project", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/projects/count" })).json()).toEqual({ count: 13 });
  });
});
