import { describe, expect, it } from "vitest";
import { UpdateProfileSchema, SignupSchema } from "./accounts/auth.schema";
import { CatalogListQuerySchema } from "./catalog/catalog-query.schema";
import { CollectionInputSchema } from "./catalog/collection-input.schema";
import { ProductInputSchema } from "./catalog/product-input.schema";
import { ProjectInputSchema } from "./catalog/project-input.schema";
import { ContactMessageSchema } from "./contact/contact.schema";
import { hasNoControlCharacters } from "./typed-text.schema";

const firstMessage = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error && { path: result.error.issues[0]!.path.join("."), message: result.error.issues[0]!.message };

describe("control characters", () => {
  it("are refused in one-line text, tabs and line breaks included, and allowed as line breaks in many lines", () => {
    for (const text of ["a\u0000", "\u0007", "a\tb", "a\nb", "a\rb", "\u001f", "\u007f"]) {
      expect(hasNoControlCharacters(text), JSON.stringify(text)).toBe(false);
    }
    expect(hasNoControlCharacters("Ọ̀ṣun Lounge — ₦2,000 ✓")).toBe(true);
    expect(hasNoControlCharacters("line one\r\n\tline two", "many")).toBe(true);
    for (const text of ["a\u0000b", "\u000b", "\u001b[31m"]) {
      expect(hasNoControlCharacters(text, "many"), JSON.stringify(text)).toBe(false);
    }
  });

  const signup = { fullName: "Ada", email: "ada@example.com", phoneNumber: "08012345678", password: "Str0ngPass" };
  const contact = { name: "Ada", email: "ada@example.com", phoneNumber: "08012345678", subject: "Hi", message: "Hi" };
  const product = {
    name: "Sofa",
    description: "<p>Soft.</p>",
    items: "1 sofa",
    price: 1000,
    category: "Living Room",
    style: "Modern",
  };
  const collection = {
    name: "Set",
    description: "<p>Room.</p>",
    price: 1000,
    style: "Modern",
    productIds: ["3f2b7c1e-8a4d-4b6f-9c2e-1d5a7b9e0f11"],
    coverImage: "data:image/png;base64,iVBORw0KGgo=",
  };
  const project = {
    title: "Villa",
    location: "Ikoyi",
    category: "Residential",
    price: 1000,
    description: "<p>Calm.</p>",
    images: ["data:image/png;base64,iVBORw0KGgo="],
  };

  it.each([
    ["sign-up name", SignupSchema, { ...signup, fullName: "Ada\u0000" }, "fullName", "Name"],
    [
      "profile username",
      UpdateProfileSchema,
      { username: "A\u0000", email: "ada@example.com" },
      "username",
      "Username",
    ],
    ["contact name", ContactMessageSchema, { ...contact, name: "Ada\u0000" }, "name", "Name"],
    ["contact subject", ContactMessageSchema, { ...contact, subject: "Hi\u0000" }, "subject", "Subject"],
    ["contact message", ContactMessageSchema, { ...contact, message: "Hi\u0000" }, "message", "Message"],
    ["catalogue search", CatalogListQuerySchema, { search: "sofa\u0000" }, "search", "search"],
    ["product name", ProductInputSchema, { ...product, name: "Sofa\u0000" }, "name", "Name"],
    ["product items", ProductInputSchema, { ...product, items: "1\u0000" }, "items", "Items"],
    ["product model", ProductInputSchema, { ...product, model: "X\u0000" }, "model", "Model"],
    [
      "product description",
      ProductInputSchema,
      { ...product, description: "<p>a\u0000</p>" },
      "description",
      "Description",
    ],
    ["collection items", CollectionInputSchema, { ...collection, items: "3\u0000" }, "items", "Items"],
    [
      "collection origin",
      CollectionInputSchema,
      { ...collection, isForeign: true, origin: "\u0000" },
      "origin",
      "Origin",
    ],
    ["project title", ProjectInputSchema, { ...project, title: "Villa\u0000" }, "title", "Title"],
    ["project location", ProjectInputSchema, { ...project, location: "Ikoyi\u0000" }, "location", "Location"],
  ] as const)("a NUL in the %s is refused with a message naming the field", (_field, schema, input, path, label) => {
    expect(firstMessage(schema.safeParse(input))).toEqual({
      path,
      message: `${label} cannot contain control characters.`,
    });
  });
});
