/**
 * Text the admin types into the catalogue forms, through the admin API: names that
 * could pose as others, links in descriptions, and descriptions made to be slow to read.
 */
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import type { Product } from "../../../domain/catalog/catalog.types";
import { TOO_DEEP_MESSAGE } from "../../../domain/catalog/input-fields";
import { adminCookie, imageDataUrl } from "../../../tests/support/admin-session";
import { useTestApp } from "../../../tests/support/test-app";
import { collections, products } from "../../db/schema/catalog";
import { projects } from "../../db/schema/projects";

const t = useTestApp();
let cookie = "";
let image = "";

beforeAll(async () => {
  cookie = await adminCookie(t);
  image = await imageDataUrl("#aa3311");
});

function admin(method: InjectOptions["method"], url: string, payload: object) {
  return t.app.inject({ method, url: `/api/admin/operations${url}`, payload, headers: { cookie } });
}

const productForm = (overrides: Record<string, unknown> = {}) => ({
  name: "Ikoyi Sofa",
  description: "<p>Three seats in <strong>velvet</strong>.</p>",
  items: "1 sofa, 2 cushions",
  price: 850000,
  category: "Living Room",
  style: "Modern",
  images: [image],
  ...overrides,
});

const INVISIBLE = (label: string) => `${label} cannot contain invisible or text-direction characters.`;

describe("names and titles that pose as others", () => {
  it.each([
    ["a right-to-left override in the name", { name: "Sofa\u202E000,05₦" }, "name", INVISIBLE("Name")],
    ["a zero-width space in the name", { name: "Ikoyi\u200BSofa" }, "name", INVISIBLE("Name")],
    ["a direction isolate in the items", { items: "\u20661 sofa\u2069" }, "items", INVISIBLE("Items")],
    ["a zero-width no-break space in the make", { make: "Natu\uFEFFzzi" }, "make", INVISIBLE("Make")],
  ])("addProduct refuses %s with 400 and saves nothing", async (_case, overrides, field, message) => {
    const response = await admin("POST", "/addProduct", productForm(overrides));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message, errors: { [field]: message } });
    expect(await t.db.$count(products)).toBe(0);
  });

  it("updateProduct refuses a spoofing name and keeps the stored one", async () => {
    const created = await admin("POST", "/addProduct", productForm());
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<Product>()._id;
    const response = await admin("PUT", `/updateProduct/${id}`, productForm({ name: "Ikoyi\u2068 Sofa" }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ name: INVISIBLE("Name") });
    const [row] = await t.db.select({ name: products.name }).from(products).where(eq(products.id, id));
    expect(row!.name).toBe("Ikoyi Sofa");
    await t.db.delete(products);
  });

  it("addCollection and addProject refuse them too", async () => {
    const collection = await admin("POST", "/addCollection", {
      name: "Lekki\u202ELiving",
      description: "<p>A whole living room.</p>",
      price: 2_000_000,
      style: "Modern",
      productIds: [],
      coverImage: image,
    });
    expect(collection.statusCode).toBe(400);
    expect(collection.json().errors).toMatchObject({ name: INVISIBLE("Name") });

    for (const [field, value, label] of [
      ["title", "Banana\u200DIsland", "Title"],
      ["location", "Ikoyi\u200F, Lagos", "Location"],
    ] as const) {
      const project = await admin("POST", "/addProject", {
        title: "Banana Island Residence",
        location: "Ikoyi, Lagos",
        category: "Residential",
        price: 25_000_000,
        description: "<p>Full design.</p>",
        images: [image],
        [field]: value,
      });
      expect(project.statusCode, field).toBe(400);
      expect(project.json().errors, field).toEqual({ [field]: INVISIBLE(label) });
    }
    expect(await t.db.$count(collections)).toBe(0);
    expect(await t.db.$count(projects)).toBe(0);
  });
});

describe("links in descriptions", () => {
  it("saves the description without protocol-relative or javascript: links, and with http upgraded", async () => {
    const description =
      "<p>See " +
      '<a href="//evil.example/sofa">a</a>, <a href="\\\\evil.example">b</a>, ' +
      '<a href="java&#x09;script:alert(1)">c</a>, <a href=" JAVASCRIPT:alert(1)">d</a>, ' +
      '<a href="&#106;avascript&colon;alert(1)">e</a>, <a href="data:text/html,hi">f</a>, ' +
      '<a href="http://example.com/care">care guide</a>, <a href="/shop?style=Modern">more</a>, ' +
      '<a href="mailto:hello@furnish.ng">mail</a>, <a href="tel:+2348031234567">call</a>.</p>';
    const response = await admin("POST", "/addProduct", productForm({ description }));
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.db
      .select({ description: products.description })
      .from(products)
      .where(eq(products.id, response.json<Product>()._id));
    expect(row!.description).toBe(
      "<p>See <a>a</a>, <a>b</a>, <a>c</a>, <a>d</a>, <a>e</a>, <a>f</a>, " +
        '<a href="https://example.com/care" target="_blank" rel="noopener noreferrer nofollow">care guide</a>, ' +
        '<a href="/shop?style=Modern">more</a>, <a href="mailto:hello@furnish.ng">mail</a>, ' +
        '<a href="tel:+2348031234567">call</a>.</p>',
    );
    expect(response.json<Product>().description).toBe(row!.description);
    await t.db.delete(products);
  });
});

describe("descriptions made to be slow to read", () => {
  // How long each refusal takes is measured by npm run bench:timed.
  it('refuses 50,000 unfinished "<a" tags as empty', async () => {
    const response = await admin("POST", "/addProduct", productForm({ description: "<a".repeat(50_000) }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ description: "Description cannot be empty." });
  });

  it("refuses formatting nested deeper than the sanitiser reads quickly", async () => {
    const deep = "<b>".repeat(30_000) + "x";
    const response = await admin("POST", "/addProduct", productForm({ description: deep }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ description: TOO_DEEP_MESSAGE });
    expect(await t.db.$count(products)).toBe(0);
  });
});
