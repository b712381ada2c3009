import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import type { Project, ProjectPage } from "../../../domain/catalog/catalog.types";
import {
  adminCookie,
  customerCookie,
  freshAddress,
  imageDataUrl,
  toDataUrl,
} from "../../../tests/support/admin-session";
import { useTestApp } from "../../../tests/support/test-app";
import { media } from "../../db/schema/media";
import { projects } from "../../db/schema/projects";

const t = useTestApp();
const REQUIRED = "Please fill out all required fields (Title, Location, Category).";
let cookie = "";

beforeAll(async () => {
  cookie = await adminCookie(t);
});

function admin(method: InjectOptions["method"], url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/admin/operations${url}`,
    ...(payload ? { payload } : {}),
    headers: { cookie },
  });
}

async function projectForm(overrides: Record<string, unknown> = {}) {
  return {
    title: "Banana Island Residence",
    location: "Ikoyi, Lagos",
    category: "Residential",
    price: "25000000.50",
    description: "<p>Full <em>interior</em> design.</p>",
    images: [await imageDataUrl("#336699")],
    ...overrides,
  };
}

describe("projects", () => {
  it("refuses guests and customers", async () => {
    const payload = await projectForm();
    expect((await t.app.inject({ method: "POST", url: "/api/admin/operations/addProject", payload })).statusCode).toBe(
      401,
    );
    const customer = await t.app.inject({
      method: "POST",
      url: "/api/admin/operations/addProject",
      payload,
      headers: { cookie: await customerCookie(t) },
      remoteAddress: freshAddress(),
    });
    expect(customer.statusCode).toBe(403);
  });

  it("adds one with one image, adds two more at once, shows the change in the list, and deletes it with its images", async () => {
    const list = async () => (await t.app.inject({ method: "GET", url: "/api/projects" })).json<ProjectPage>();
    const before = await list();
    const created = await admin("POST", "/addProject", await projectForm());
    expect(created.statusCode, created.body).toBe(201);
    const project = created.json<Project>();
    expect(project).toMatchObject({
      title: "Banana Island Residence",
      location: "Ikoyi, Lagos",
      category: "Residential",
      price: 25000000.5,
      description: "<p>Full <em>interior</em> design.</p>",
    });
    expect(project.images).toHaveLength(1);
    expect((await list()).pagination.totalItems).toBe(before.pagination.totalItems + 1);

    const [first] = project.images;
    const updated = await admin(
      "PUT",
      `/updateProject/${project._id}`,
      await projectForm({
        title: "Banana Island Residence, phase 2",
        category: "renovation",
        images: [
          { url: first!.url, public_id: first!.public_id, isNew: false },
          { url: await imageDataUrl("#aa0000"), isNew: true },
          { url: await imageDataUrl("#00aa00"), isNew: true },
        ],
      }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    const edited = updated.json<Project>();
    expect(edited).toMatchObject({ title: "Banana Island Residence, phase 2", category: "Renovation" });
    expect(edited.images).toHaveLength(3);
    expect(edited.images[0]!.public_id).toBe(first!.public_id);
    const read = (await t.app.inject({ method: "GET", url: `/api/projects/get/${project._id}` })).json<Project>();
    expect(read.title).toBe("Banana Island Residence, phase 2");

    // Replacing the first image removes it from storage.
    const replaced = await admin(
      "PUT",
      `/updateProject/${project._id}`,
      await projectForm({ images: edited.images.slice(1).map(({ url, public_id }) => ({ url, public_id })) }),
    );
    expect(replaced.json<Project>().images).toHaveLength(2);
    expect(existsSync(path.join(t.mediaDir, first!.public_id))).toBe(false);

    const deleted = await admin("DELETE", `/delProject/${project._id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: "Project deleted." });
    expect((await t.app.inject({ method: "GET", url: `/api/projects/get/${project._id}` })).statusCode).toBe(404);
    for (const image of edited.images.slice(1)) {
      expect(existsSync(path.join(t.mediaDir, image.public_id))).toBe(false);
      expect(await t.db.$count(media, eq(media.id, image.public_id))).toBe(0);
    }
  });

  it("takes a body of one field, keeping the rest and the images; the rules hold for the result", async () => {
    const created = (
      await admin("POST", "/addProject", await projectForm({ images: [await imageDataUrl("#123123")] }))
    ).json<Project>();
    const [image] = created.images;

    const renamed = await admin("PUT", `/updateProject/${created._id}`, { title: "Banana Island, phase 3" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<Project>()).toMatchObject({
      title: "Banana Island, phase 3",
      location: "Ikoyi, Lagos",
      category: "Residential",
      price: 25000000.5,
      description: "<p>Full <em>interior</em> design.</p>",
    });
    expect(renamed.json<Project>().images.map((i) => i.public_id)).toEqual([image!.public_id]);

    for (const [body, field, message] of [
      [{ images: [] }, "images", "At least one image is required for the project."],
      [{ price: 0 }, "price", "Price/Budget must be a valid number greater than 0."],
      [{ location: " " }, "location", REQUIRED],
      [{ description: "<p></p>" }, "description", "Description cannot be empty."],
    ] as const) {
      const refused = await admin("PUT", `/updateProject/${created._id}`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toEqual({ message, errors: { [field]: message } });
    }
    const read = (await t.app.inject({ method: "GET", url: `/api/projects/get/${created._id}` })).json<Project>();
    expect(read).toMatchObject({ title: "Banana Island, phase 3", location: "Ikoyi, Lagos", price: 25000000.5 });
    expect(read.images.map((i) => i.public_id)).toEqual([image!.public_id]);

    const budget = await admin("PUT", `/updateProject/${created._id}`, { price: "30000000" });
    expect(budget.statusCode, budget.body).toBe(200);
    expect(budget.json<Project>()).toMatchObject({ title: "Banana Island, phase 3", price: 30_000_000 });
  });

  it.each([
    ["a blank title", "add", { title: " " }, "title", REQUIRED],
    ["a missing location", "add", { location: undefined }, "location", REQUIRED],
    ["a blank category", "update", { category: "" }, "category", REQUIRED],
    [
      "an unknown category",
      "add",
      { category: "Industrial" },
      "category",
      "Please choose one of the project categories.",
    ],
    ["no image", "add", { images: [] }, "images", "At least one image is required for the project."],
    ["no image", "update", { images: undefined }, "images", "At least one image is required for the project."],
    ["a budget of 0", "add", { price: 0 }, "price", "Price must be a valid number greater than 0."],
    [
      "a budget that is not a number",
      "update",
      { price: "a lot" },
      "price",
      "Price/Budget must be a valid number greater than 0.",
    ],
    [
      "an empty description",
      "add",
      { description: "<p>&nbsp;</p>" },
      "description",
      "Project description cannot be empty.",
    ],
    ["an empty description", "update", { description: "<p></p>" }, "description", "Description cannot be empty."],
    [
      "an unreadable image",
      "add",
      { images: [toDataUrl(Buffer.from("not a picture"))] },
      "images.0",
      "Failed to read image file.",
    ],
  ] as const)("refuses %s (%s) with 400 and its message", async (_case, form, change, field, message) => {
    const [existing] = await t.db
      .insert(projects)
      .values({ title: "Existing", location: "Abuja", priceKobo: 100, description: "<p>x</p>", category: "Commercial" })
      .returning();
    const countBefore = await t.db.$count(projects);
    const body = await projectForm(change);
    const response =
      form === "add"
        ? await admin("POST", "/addProject", body)
        : await admin("PUT", `/updateProject/${existing!.id}`, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ message, errors: { [field]: message } });
    expect(await t.db.$count(projects)).toBe(countBefore);
    const [row] = await t.db.select().from(projects).where(eq(projects.id, existing!.id));
    expect(row!.title).toBe("Existing");
  });

  it("answers 404 for unknown and malformed ids", async () => {
    const form = await projectForm();
    for (const id of ["00000000-0000-4000-8000-000000000000", "12"]) {
      for (const response of [
        await admin("PUT", `/updateProject/${id}`, form),
        await admin("DELETE", `/delProject/${id}`),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: "Project not found." });
      }
    }
  });
});
